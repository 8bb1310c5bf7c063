import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-call";
import { and, eq, gt, sql } from "drizzle-orm";
import { profiles, session, user } from "~/db/schema";
import { getDatabase, perDatabase, type Database } from "~/lib/db.server";
import { getAuth, type Auth } from "./auth.server";

/** The signed-in user as the pages see it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "user" | "support";
  /** When the session ends unless it is used (ms since epoch); the client keeps it alive. */
  sessionExpiresAt: number;
}

export interface SessionResult {
  user: SessionUser | null;
  /** The session row's id (server side only: event streams re-check it). */
  sessionId?: string;
  /** Set-Cookie values of a refreshed (slid) session, to forward with the response. */
  setCookies: string[];
}

/** The signed-in user's profile: a named statement, as every signed-in request may read it. */
const profileStatement = perDatabase((db) =>
  db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, role: profiles.role, suspendedAt: profiles.suspendedAt })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .prepare("session_profile"),
);

/**
 * Reads the session of a request (with its profile). Called once per request, by the request
 * context (`session(context)` in ~/lib/request-context.server), which every loader shares.
 */
export async function readSession(request: Request): Promise<SessionResult> {
  if (!request.headers.get("Cookie")?.includes("session_token")) return { user: null, setCookies: [] };
  const [auth, { db }] = await Promise.all([getAuth(), getDatabase()]);
  return readSessionWith(auth, db, request);
}

/**
 * The session of a request with this auth and database. The common case — a validly signed
 * token of a live session that needs no sliding — is read in one named statement with the
 * profile; anything else (no or a bad signature, an expired or unknown session, one due to be
 * extended, Better Auth's other cookies) goes through Better Auth's own getSession, which also
 * answers with the cookies to set or clear (ADR 027).
 */
export async function readSessionWith(auth: Auth, db: Database, request: Request): Promise<SessionResult> {
  const quick = await quickSession(auth, db, request.headers.get("Cookie") ?? "");
  if (quick) return quick;
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) return { user: null, setCookies };
  let [profile] = await profileStatement(db).execute({ userId: response.user.id });
  // A suspended account has no session (ADR 023): its sessions are deleted with the suspension,
  // and should one have been made since (Better Auth's own endpoints), it counts for nothing.
  if (profile?.suspendedAt) return { user: null, setCookies: [] };
  if (!profile) {
    // The sign-up hook creates the profile after the account commits; should that have failed,
    // the profile is made here from the account's name so no signed-in user is left without one.
    const [first = "", ...rest] = response.user.name.trim().split(/\s+/);
    await db
      .insert(profiles)
      .values({ userId: response.user.id, email: response.user.email, firstName: first, lastName: rest.join(" ") })
      .onConflictDoNothing({ target: profiles.userId });
    profile = { firstName: first, lastName: rest.join(" "), role: "user", suspendedAt: null };
  }
  return {
    user: {
      id: response.user.id,
      email: response.user.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      role: profile.role,
      sessionExpiresAt: new Date(response.session.expiresAt).getTime(),
    },
    sessionId: response.session.id,
    setCookies,
  };
}

/** The session of a token with its user and profile, if it has not expired. */
const quickStatement = perDatabase((db) =>
  db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      role: profiles.role,
      suspendedAt: profiles.suspendedAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(profiles, eq(profiles.userId, session.userId))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql`now()`)))
    .prepare("quick_session"),
);

/** Per auth instance: its cookie names, secret and session ages (from Better Auth's own context). */
const authSettings = new WeakMap<Auth, Promise<{ token: string; others: string[]; secret: string; expiresIn: number; updateAge: number }>>();

function settingsOf(auth: Auth) {
  let settings = authSettings.get(auth);
  if (!settings) {
    settings = auth.$context.then(({ authCookies, secret, sessionConfig }) => ({
      token: authCookies.sessionToken.name,
      others: [authCookies.sessionData.name, authCookies.dontRememberToken.name],
      secret,
      expiresIn: sessionConfig.expiresIn,
      updateAge: sessionConfig.updateAge,
    }));
    authSettings.set(auth, settings);
  }
  return settings;
}

/**
 * What Better Auth's getSession answers without writing anything, or null for "ask Better Auth":
 * the cookie holds `token.signature`, the signature an HMAC-SHA256 of the token with the auth
 * secret (base64, 44 characters), as better-call's signed cookies are.
 */
async function quickSession(auth: Auth, db: Database, cookieHeader: string): Promise<SessionResult | null> {
  const settings = await settingsOf(auth);
  const cookies = parseCookies(cookieHeader);
  // "Stay signed in" unticked, or a cached session cookie (which Better Auth clears): its own way.
  // (A session data cookie may come in chunks: `name.0`, `name.1`, ….)
  for (const name of cookies.keys()) if (settings.others.some((other) => name === other || name.startsWith(`${other}.`))) return null;
  const value = cookies.get(settings.token);
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return null;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  // The form better-call accepts (base64 decoding alone would skip stray characters).
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) return null;
  const signature = Buffer.from(encoded, "base64");
  const expected = createHmac("sha256", settings.secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const [row] = await quickStatement(db).execute({ token });
  if (!row || row.suspendedAt) return null;
  const expiresAt = new Date(row.expiresAt).getTime();
  // Due to be extended (Better Auth's rule: the last extension is updateAge or more ago).
  if (expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= Date.now()) return null;
  return {
    user: { id: row.userId, email: row.email, firstName: row.firstName, lastName: row.lastName, role: row.role, sessionExpiresAt: expiresAt },
    sessionId: row.sessionId,
    setCookies: [],
  };
}

/** When a session began (null: no such session). */
export async function sessionCreatedAt(db: Pick<Database, "select">, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: session.createdAt }).from(session).where(eq(session.id, sessionId));
  return row ? new Date(row.createdAt) : null;
}

/** Whether a session still exists and has not expired (sign-out and deletion remove it). */
export async function sessionStillValid(sessionId: string): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
  return !!row;
}
