import { isAPIError } from "better-auth/api";
import type { Auth } from "~/features/auth/auth.server";
import { fieldErrors } from "~/features/auth/schema";
import { de } from "~/i18n/de";
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

function reasonOf(error: unknown): string {
  if (!isAPIError(error)) throw error;
  const body = error.body as { message?: string } | undefined;
  return body?.message || de.auth.errors.generic;
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
  if (!actorId) throw new AppError("UNAUTHORIZED", de.profile.changeEmail.failed);
  const parsed = changeEmailSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError("INVALID", Object.values(errors)[0]!, errors);
  }
  const { newEmail, password } = parsed.data;
  if (!canSubmitNewEmail(newEmail, currentEmail)) {
    throw new AppError("INVALID", de.profile.changeEmail.same, { newEmail: de.profile.changeEmail.same });
  }
  const limit = await consumeRateLimit(ctx.db, `app:change-email:${actorId}`, EMAIL_CHANGE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", de.auth.errors.rateLimited);

  try {
    await ctx.auth.api.verifyPassword({ body: { password }, headers: ctx.request.headers });
  } catch (error) {
    if (isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD") {
      throw new AppError("INVALID", de.profile.changeEmail.wrongPassword, { password: de.profile.changeEmail.wrongPassword });
    }
    throw new AppError("INVALID", reasonOf(error));
  }
  try {
    await ctx.auth.api.changeEmail({ body: { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK }, headers: ctx.request.headers });
  } catch (error) {
    throw new AppError("INVALID", reasonOf(error));
  }
  return { newEmail };
}
