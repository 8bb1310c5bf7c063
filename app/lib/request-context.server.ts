import { createContext, data, redirect, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { readSession, type SessionResult, type SessionUser } from "~/features/auth/session.server";
import { getDatabase, type Database } from "./db.server";
import { hasNul } from "./forms.server";
import { signInLink } from "./safe-redirect";
import type { SharedFragment } from "./shared-fragment.server";

/**
 * The request boundary (docs/decisions/009-request-boundary.md): what every loader, action and
 * middleware of one request shares. The host fills the part it knows (nonce, request id); the
 * root middleware adds the database and the session, each read at most once per request and only
 * when something asks for it (a stored image needs neither).
 */
export interface RequestInfo {
  requestId: string;
  /** Per-request nonce for inline scripts (Content-Security-Policy). */
  cspNonce: string;
  /**
   * Whether the answer is an HTML document (false for React Router's data requests, `*.data`):
   * only a document needs server-rendered fragments (see sharedFragments).
   */
  document?: boolean;
}

type Lazy<T> = () => Promise<T>;

const requestInfoContext = createContext<RequestInfo>({ requestId: "-", cspNonce: "" });
const databaseContext = createContext<Lazy<Database>>();
const sessionContext = createContext<Lazy<SessionResult>>();
/** HTML rendered once and shared between requests, by fragment key, for this request's render. */
const fragmentsContext = createContext<Map<string, SharedFragment>>();
/** Set by `requireUserMiddleware` for every route below the signed-in layout. */
const signedInUserContext = createContext<SessionUser>();

// The request's id for logs lives in its own module (the logger needs it without the rest of this one).
export { currentRequestId, runWithRequestId } from "./request-id.server";

/** The load context the host hands React Router for one request. */
export function createRequestContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  context.set(fragmentsContext, new Map());
  return context;
}

/**
 * The shared HTML fragments of this request's document (app/lib/shared-fragment.tsx): a loader
 * puts a fragment's cached HTML here, entry.server hands the map to the render. Data requests
 * (client navigation) render in the browser and get none.
 */
export function sharedFragments(context: Readonly<RouterContextProvider>): Map<string, SharedFragment> | null {
  if (requestInfo(context).document === false) return null;
  return context.get(fragmentsContext);
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}

function once<T>(load: () => Promise<T>): Lazy<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}

/**
 * No text of ours holds a NUL character, and PostgreSQL refuses one: a path segment with it names
 * nothing (404), a query value with it is a malformed request (400). Refused before anything runs.
 */
function refuseNul(request: Request, params: Record<string, string | undefined>) {
  if (Object.values(params).some((value) => value !== undefined && hasNul(value))) throw data(null, { status: 404 });
  for (const [name, value] of new URL(request.url).searchParams) {
    if (hasNul(name) || hasNul(value)) throw data(null, { status: 400 });
  }
}

/**
 * Root middleware: the database and the session for this request, and the refreshed session
 * cookie (a sliding session) on whatever response goes out.
 */
export const requestMiddleware: MiddlewareFunction<Response> = async ({ request, context, params }, next) => {
  refuseNul(request, params);
  let session: Promise<SessionResult> | undefined;
  context.set(
    databaseContext,
    once(async () => (await getDatabase()).db),
  );
  context.set(sessionContext, () => (session ??= readSession(request)));
  const response = await next();
  if (session) {
    const { setCookies } = await session.catch(() => ({ setCookies: [] as string[] }));
    // A response that sets the session cookie itself (sign-in, sign-out, deletion) has the last word.
    const ownSession = response.headers.getSetCookie().some((cookie) => cookie.includes("session_token="));
    if (!ownSession) for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};

/** The database of this request. */
export function database(context: Readonly<RouterContextProvider>): Promise<Database> {
  return context.get(databaseContext)();
}

/** The session of this request (read once, shared by every loader and action). */
export function session(context: Readonly<RouterContextProvider>): Promise<SessionResult> {
  return context.get(sessionContext)();
}

/** The signed-in user, or null for a visitor. */
export async function optionalUser(args: { request: Request; context: Readonly<RouterContextProvider> }): Promise<SessionUser | null> {
  return (await session(args.context)).user;
}

/** Where a signed-out visitor goes: the sign-in page, then back to `redirectTo` (default: this page). */
export function signInPath(request: Request, redirectTo?: string): string {
  const url = new URL(request.url);
  return signInLink(redirectTo ?? url.pathname + url.search);
}

/**
 * The signed-in user, or a redirect to the sign-in page (for routes outside the signed-in
 * layout; routes inside it read `signedInUser(context)`).
 */
export async function requireUser(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  options: { redirectTo?: string } = {},
): Promise<SessionUser> {
  const user = await optionalUser(args);
  if (!user) throw redirect(signInPath(args.request, options.redirectTo));
  return user;
}

/** The signed-in layout's guard: runs before any child loader or action. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async (args) => {
  args.context.set(signedInUserContext, await requireUser(args));
};

/** The user of a route below the signed-in layout (its middleware has made sure there is one). */
export function signedInUser(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(signedInUserContext);
}
