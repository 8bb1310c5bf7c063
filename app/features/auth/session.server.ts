import { and, eq, gt, sql } from "drizzle-orm";
import { profiles, session } from "~/db/schema";
import { getDatabase, type Database } from "~/lib/db.server";
import { getAuth } from "./auth.server";

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

const profileStatements = new WeakMap<Database, ReturnType<typeof buildProfileStatement>>();

/** The signed-in user's profile: a named statement, as every signed-in request reads it (see loadUnreadCounts). */
function profileStatement(db: Database) {
  let statement = profileStatements.get(db);
  if (!statement) profileStatements.set(db, (statement = buildProfileStatement(db)));
  return statement;
}

function buildProfileStatement(db: Database) {
  return db
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, role: profiles.role, suspendedAt: profiles.suspendedAt })
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .prepare("session_profile");
}

/**
 * Reads the session of a request (with its profile). Called once per request, by the request
 * context (`session(context)` in ~/lib/request-context.server), which every loader shares.
 */
export async function readSession(request: Request): Promise<SessionResult> {
  if (!request.headers.get("Cookie")?.includes("session_token")) return { user: null, setCookies: [] };
  const auth = await getAuth();
  const { headers, response } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (!response) return { user: null, setCookies };
  const { db } = await getDatabase();
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

/** Whether a session still exists and has not expired (sign-out and deletion remove it). */
export async function sessionStillValid(sessionId: string): Promise<boolean> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
  return !!row;
}
