import { isAPIError } from "better-auth/api";
import type { Auth } from "~/features/auth/auth.server";
import { parseInput } from "~/lib/validation";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { canSubmitNewEmail, changeEmailSchema } from "./schema";

/** Where the confirmation link of a changed address lands (profile.email-confirmed.ts). */
export const EMAIL_CHANGED_CALLBACK = "/profile/email-confirmed";
/** Password guesses through this form are limited per account. */
export const EMAIL_CHANGE_LIMIT = { window: 10 * 60, max: 5 };

export interface EmailChangeContext {
  auth: Auth;
  db: Database;
  /** The signed-in user's request (its cookies identify the session). */
  request: Request;
}

/** Better Auth declined (its own words stay in the log): a refusal; anything else is unexpected. */
function refusedByAuth(error: unknown): AppError {
  if (!isAPIError(error)) throw error;
  return new AppError("INVALID", "email_change_failed", { cause: error });
}

/**
 * Starts an e-mail change: checks the current password, then Better Auth mails a link to the
 * NEW address; the account (and with it the profile) changes only when that link is opened.
 * An address that already belongs to someone answers the same as a free one, so the form
 * does not reveal who is registered.
 */
export async function requestEmailChange(
  ctx: EmailChangeContext,
  { actorId, currentEmail, input }: { actorId: string | null; currentEmail: string; input: Record<string, unknown> },
): Promise<{ newEmail: string }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const { newEmail, password } = parseInput(changeEmailSchema, input);
  if (!canSubmitNewEmail(newEmail, currentEmail)) {
    throw new AppError("INVALID", "email_unchanged", { field: "newEmail" });
  }
  const limit = await consumeRateLimit(ctx.db, `app:change-email:${actorId}`, EMAIL_CHANGE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", "rate_limited");

  try {
    await ctx.auth.api.verifyPassword({ body: { password }, headers: ctx.request.headers });
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD") {
      throw new AppError("INVALID", "wrong_password", { field: "password" });
    }
    throw refusedByAuth(error);
  }
  try {
    await ctx.auth.api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK }, headers: ctx.request.headers });
  } catch (error) {
    throw refusedByAuth(error);
  }
  return { newEmail };
}
