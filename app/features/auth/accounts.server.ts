import { isAPIError } from "better-auth/api";
import { and, eq, gt } from "drizzle-orm";
import { verification } from "~/db/schema";
import type { z } from "zod";
import { de } from "~/i18n/de";
import { runAfterResponse } from "~/lib/after-response.server";
import { getDatabase, type Database } from "~/lib/db.server";
import { consumeRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { CLIENT_IP_HEADER, getAuth, type Auth } from "./auth.server";
import { emailOnlySchema, fieldErrors, resetPasswordSchema, signInSchema, signUpSchema } from "./schema";
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

export type AccountResult<T = undefined> =
  | { ok: true; headers: Headers; data: T }
  | { ok: false; status: number; message: string; fieldErrors?: Record<string, string>; code?: string };

/** The context the account use-cases need, for a request of the running app. */
export async function accountsContext(request: Request): Promise<AccountsContext> {
  const [auth, { db }] = await Promise.all([getAuth(), getDatabase()]);
  return { auth, db, request };
}

function clientKey(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) || "unknown";
}

async function limited(ctx: AccountsContext, name: keyof typeof AUTH_RATE_LIMITS, subject = clientKey(ctx.request)) {
  const result = await consumeRateLimit(ctx.db, `app:${name}:${subject}`, AUTH_RATE_LIMITS[name]);
  return result.allowed ? null : ({ ok: false, status: 429, message: de.auth.errors.rateLimited, code: "RATE_LIMITED" } as const);
}

function invalid(error: z.ZodError) {
  const errors = fieldErrors(error);
  return { ok: false as const, status: 400, message: Object.values(errors)[0]!, fieldErrors: errors };
}

function cookieHeaders(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Better Auth's errors in the product's words. */
function authFailure(error: unknown) {
  if (!isAPIError(error)) throw error;
  const code = (error.body as { code?: string } | undefined)?.code;
  const messages: Record<string, string> = {
    INVALID_EMAIL_OR_PASSWORD: de.auth.errors.invalidCredentials,
    EMAIL_NOT_VERIFIED: de.auth.errors.emailNotVerified,
    PASSWORD_TOO_SHORT: de.auth.errors.passwordTooShort,
    PASSWORD_TOO_LONG: de.auth.errors.passwordTooLong,
    INVALID_EMAIL: de.auth.errors.emailInvalid,
    INVALID_TOKEN: de.resetPassword.invalidLink,
  };
  const status = typeof error.statusCode === "number" ? error.statusCode : 400;
  return { ok: false as const, status, code, message: (code && messages[code]) || de.auth.errors.generic };
}

export async function signUp(ctx: AccountsContext, form: Record<string, unknown>): Promise<AccountResult<{ email: string }>> {
  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const limit = await limited(ctx, "signUp");
  if (limit) return limit;
  const { firstName, lastName, email, password } = parsed.data;
  // Extra fields reach the profile hook through the request body.
  const body = { name: `${firstName} ${lastName}`, email, password, firstName, lastName, callbackURL: "/auth/verified" };
  try {
    const { headers } = await ctx.auth.api.signUpEmail({ body, headers: ctx.request.headers, returnHeaders: true });
    return { ok: true, headers: cookieHeaders(headers), data: { email } };
  } catch (error) {
    return authFailure(error);
  }
}

export async function signIn(ctx: AccountsContext, form: Record<string, unknown>): Promise<AccountResult> {
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const limit = await limited(ctx, "signIn");
  if (limit) return limit;
  const attempt = await throttleSignIn(ctx.db, ctx.auth.options.secret ?? "", parsed.data.email, ctx.wait);
  try {
    const { headers } = await ctx.auth.api.signInEmail({
      body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
      headers: ctx.request.headers,
      returnHeaders: true,
    });
    await attempt.finished(false);
    return { ok: true, headers: cookieHeaders(headers), data: undefined };
  } catch (error) {
    const failure = authFailure(error);
    await attempt.finished(failure.code === "INVALID_EMAIL_OR_PASSWORD");
    return failure;
  }
}

/** Sends the verification mail again. Answers the same whether or not the address has an account. */
export async function resendVerification(ctx: AccountsContext, form: Record<string, unknown>): Promise<AccountResult> {
  const parsed = emailOnlySchema.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const limit = await limited(ctx, "resend");
  if (limit) return limit;
  try {
    await ctx.auth.api.sendVerificationEmail({ body: { email: parsed.data.email, callbackURL: "/auth/verified" } });
    return { ok: true, headers: new Headers(), data: undefined };
  } catch (error) {
    const failure = authFailure(error);
    return { ...failure, message: de.auth.resendFailed };
  }
}

/** Ends every session of the signed-in user ("global" sign-out) and clears the cookies. */
export async function signOutEverywhere(ctx: AccountsContext): Promise<AccountResult> {
  try {
    await ctx.auth.api.revokeSessions({ headers: ctx.request.headers });
  } catch (error) {
    // Without a valid session there is nothing to revoke; the cookies are still cleared below.
    if (!isAPIError(error)) throw error;
  }
  const { headers } = await ctx.auth.api.signOut({ headers: ctx.request.headers, returnHeaders: true });
  return { ok: true, headers: cookieHeaders(headers), data: undefined };
}

/**
 * Starts a password reset. Answers the same, and in the same time, whether or not the address has
 * an account: the reset itself (looking the address up, writing the token, mailing the link) runs
 * only after the answer has been sent; a failure there is logged, never shown.
 */
export async function requestPasswordReset(ctx: AccountsContext, form: Record<string, unknown>): Promise<AccountResult<{ email: string }>> {
  const parsed = emailOnlySchema.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const limit = await limited(ctx, "forgot");
  if (limit) return limit;
  const { email } = parsed.data;
  runAfterResponse("Password reset could not be started", () => ctx.auth.api.requestPasswordReset({ body: { email } }));
  return { ok: true, headers: new Headers(), data: { email } };
}

/** Sets a new password with a single-use token; every session of the user ends. */
export async function resetPassword(ctx: AccountsContext, form: Record<string, unknown>): Promise<AccountResult> {
  const parsed = resetPasswordSchema.safeParse(form);
  if (!parsed.success) return invalid(parsed.error);
  const limit = await limited(ctx, "reset");
  if (limit) return limit;
  try {
    await ctx.auth.api.resetPassword({ body: { newPassword: parsed.data.password, token: parsed.data.token } });
    return { ok: true, headers: new Headers(), data: undefined };
  } catch (error) {
    return authFailure(error);
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
