import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import { session, verification } from "~/db/schema";
import { isSuspended } from "~/features/moderation/suspension.server";
import { runAfterResponse } from "~/lib/after-response.server";
import { getDatabase, type Database } from "~/lib/db.server";
import { AppError, type ErrorKind, type ErrorReason } from "~/lib/errors";
import { consumeRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { parseInput } from "~/lib/validation";
import { CLIENT_IP_HEADER, getAuth, VERIFIED_CALLBACK, type Auth } from "./auth.server";
import { emailOnlySchema, resetPasswordSchema, signInSchema, signUpSchema } from "./schema";
import { throttleSignIn, type SignInWait } from "./sign-in-throttle.server";

/**
 * Per client address and window. There is deliberately no per-account limit that refuses:
 * anybody could use it to lock a person out of their account. Sign-in is slowed per account
 * instead (sign-in-throttle.server.ts).
 */
export const AUTH_RATE_LIMITS = {
  signIn: { window: 60, max: 10 },
  signUp: { window: 10 * 60, max: 5 },
  resend: { window: 10 * 60, max: 3 },
  forgot: { window: 10 * 60, max: 3 },
  reset: { window: 10 * 60, max: 10 },
} satisfies Record<string, RateLimitRule>;

export interface AccountsContext {
  auth: Auth;
  db: Database;
  request: Request;
  /** Waits out a sign-in throttle delay; real time unless a test passes its own. */
  wait?: SignInWait;
}

/** The context the account use-cases need, for a request of the running app. */
export async function accountsContext(request: Request): Promise<AccountsContext> {
  const [auth, { db }] = await Promise.all([getAuth(), getDatabase()]);
  return { auth, db, request };
}

function clientKey(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

/** Counts the request against the per-client limit, or refuses it (429) when it is used up. */
async function limit(ctx: AccountsContext, name: keyof typeof AUTH_RATE_LIMITS, subject = clientKey(ctx.request)): Promise<void> {
  const result = await consumeRateLimit(ctx.db, `app:${name}:${subject}`, AUTH_RATE_LIMITS[name]);
  if (result.allowed) return;
  // The refusal says when to try again (most windows are ten minutes: "a moment" is not enough);
  // the resend's text also says what was asked for too often.
  const params = { retryAfter: result.retryAfter ?? AUTH_RATE_LIMITS[name].window };
  throw new AppError("RATE_LIMITED", name === "resend" ? "resend_rate_limited" : "rate_limited", { params });
}

/** The Set-Cookie headers of a Better Auth answer: the only headers of it that the browser must get. */
function cookieHeaders(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Better Auth's refusals by their code, in our terms (the field is where the form shows the reason). */
const AUTH_REFUSALS: Record<string, { kind: ErrorKind; reason: ErrorReason; field?: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { kind: "UNAUTHORIZED", reason: "invalid_credentials" },
  EMAIL_NOT_VERIFIED: { kind: "FORBIDDEN", reason: "email_not_verified" },
  PASSWORD_TOO_SHORT: { kind: "INVALID", reason: "password_too_short", field: "password" },
  PASSWORD_TOO_LONG: { kind: "INVALID", reason: "password_too_long", field: "password" },
  INVALID_EMAIL: { kind: "INVALID", reason: "email_invalid", field: "email" },
  INVALID_TOKEN: { kind: "INVALID", reason: "reset_link_invalid" },
};

/**
 * Better Auth declined: its refusal as an AppError (its own words stay in the cause). A code we do
 * not know is `account_failed`: the user's doing (INVALID) for a 4xx, a part we depend on
 * (UNAVAILABLE) for a 5xx. Anything that is not one of its API errors is re-thrown as it is.
 */
function refusedByAuth(error: unknown): AppError {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  const known = code === undefined ? undefined : AUTH_REFUSALS[code];
  if (known) return new AppError(known.kind, known.reason, { field: known.field, cause: error });
  const status = typeof error.statusCode === "number" ? error.statusCode : 400;
  return new AppError(status >= 500 ? "UNAVAILABLE" : "INVALID", "account_failed", { cause: error });
}

/**
 * Registers an account; the verification mail goes out. A registered address answers exactly like
 * a new one (its owner is told by mail instead; auth.server.ts), so the form reveals nobody.
 */
export async function signUp(ctx: AccountsContext, form: Record<string, unknown>): Promise<{ headers: Headers; email: string }> {
  const { firstName, lastName, email, password } = parseInput(signUpSchema, form);
  await limit(ctx, "signUp");
  // Extra fields reach the profile hook through the request body.
  const body = { name: `${firstName} ${lastName}`, email, password, firstName, lastName, callbackURL: VERIFIED_CALLBACK };
  try {
    const { headers } = await ctx.auth.api.signUpEmail({ body, headers: ctx.request.headers, returnHeaders: true });
    return { headers: cookieHeaders(headers), email };
  } catch (error) {
    throw refusedByAuth(error);
  }
}

/**
 * The refusal of a sign-in to a suspended account whose password was right (ADR 023): no
 * session, but the page for suspended accounts may be granted (data download and deletion).
 */
export class SuspendedAccountError extends AppError {
  constructor(readonly userId: string) {
    super("FORBIDDEN", "account_suspended");
  }
}

/**
 * Signs in; the answer must pass on the returned session cookie. A suspended account is refused
 * with a SuspendedAccountError (after the password check, so a stranger learns nothing).
 */
export async function signIn(ctx: AccountsContext, form: Record<string, unknown>): Promise<{ headers: Headers }> {
  const { email, password } = parseInput(signInSchema, form);
  await limit(ctx, "signIn");
  const attempt = await throttleSignIn(ctx.db, ctx.auth.options.secret ?? "", email, ctx.wait);
  try {
    const { headers, response } = await ctx.auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: ctx.request.headers, returnHeaders: true });
    await attempt.finished(false);
    // A suspended account (ADR 023) gets no session: the one just made is deleted, the cookie not sent.
    if (await isSuspended(ctx.db, response.user.id)) {
      await ctx.db.delete(session).where(eq(session.userId, response.user.id));
      throw new SuspendedAccountError(response.user.id);
    }
    return { headers: cookieHeaders(headers) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const refusal = refusedByAuth(error);
    // Only a wrong password counts towards the delay (an unverified address had the right one).
    await attempt.finished(refusal.reason === "invalid_credentials");
    throw refusal;
  }
}

/** Sends the verification mail again. Answers the same whether or not the address has an account. */
export async function resendVerification(ctx: AccountsContext, form: Record<string, unknown>): Promise<void> {
  const { email } = parseInput(emailOnlySchema, form);
  await limit(ctx, "resend");
  try {
    await ctx.auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK } });
  } catch (error) {
    throw refusedByAuth(error);
  }
}

/** Ends every session of the signed-in user ("global" sign-out); the answer must pass on the cleared cookies. */
export async function signOutEverywhere(ctx: AccountsContext): Promise<{ headers: Headers }> {
  try {
    await ctx.auth.api.revokeSessions({ headers: ctx.request.headers });
  } catch (error) {
    // Without a valid session there is nothing to revoke; the cookies are still cleared below.
    if (!isAPIError(error)) throw error;
  }
  try {
    const { headers } = await ctx.auth.api.signOut({ headers: ctx.request.headers, returnHeaders: true });
    return { headers: cookieHeaders(headers) };
  } catch (error) {
    throw refusedByAuth(error);
  }
}

/**
 * Starts a password reset. Answers the same, and in the same time, whether or not the address has
 * an account: the reset itself (looking the address up, writing the token, mailing the link) runs
 * only after the answer has been sent; a failure there is logged, never shown.
 */
export async function requestPasswordReset(ctx: AccountsContext, form: Record<string, unknown>): Promise<{ email: string }> {
  const { email } = parseInput(emailOnlySchema, form);
  await limit(ctx, "forgot");
  runAfterResponse("Password reset could not be started", () => ctx.auth.api.requestPasswordReset({ body: { email } }));
  return { email };
}

/** Sets a new password with a single-use token; every session of the user ends. */
export async function resetPassword(ctx: AccountsContext, form: Record<string, unknown>): Promise<void> {
  const { password, token } = parseInput(resetPasswordSchema, form);
  await limit(ctx, "reset");
  try {
    await ctx.auth.api.resetPassword({ body: { newPassword: password, token } });
  } catch (error) {
    throw refusedByAuth(error);
  }
}

/** Whether a reset token is still usable (the page shows a clear message instead of a form otherwise). */
export async function isResetTokenValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: verification.id })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${token}`), gt(verification.expiresAt, new Date())));
  return Boolean(row);
}
