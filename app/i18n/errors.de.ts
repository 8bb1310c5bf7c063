import type { ErrorParams, ErrorReason } from "~/lib/errors";
import { de } from "./de";
import { ordersDe } from "./orders.de";
import { serviceImageFieldDe } from "./service-image-field.de";
import { reviewsOrdersDe } from "./reviews-orders.de";
import { savedSearchesDe } from "./saved-searches.de";
import { blocksDe } from "./blocks.de";
import { moderationDe } from "./moderation.de";

type Text = string | ((params: ErrorParams) => string);

/** One line per refused gallery image (params of "images_refused": names and problems, in order). */
export function refusedImages(params: ErrorParams = {}): string[] {
  const names = (params.names ?? []) as readonly string[];
  const problems = (params.problems ?? []) as readonly string[];
  return names.map((name, i) => (problems[i] === "tooLarge" ? de.profile.gallery.tooLarge(name) : de.profile.gallery.notImage(name)));
}

/**
 * The default words for every reason a use-case can give (app/lib/errors.ts). A screen that the
 * spec gives other words for maps the reason itself (e.g. the two chat views); everything else
 * shows these. Field errors from a form's schema carry their own texts.
 */
const TEXTS: Record<ErrorReason, Text> = {
  invalid_input: de.errors.invalidInput,
  unreadable_form: de.errors.unreadableForm,
  invalid_characters: de.errors.invalidCharacters,
  too_many_files: (p) => de.errors.tooManyFiles(Number(p.max)),
  sign_in_required: de.auth.errors.signInRequired,
  // With `retryAfter` (the account limits) it says how long to wait; other limits say "einen Moment".
  rate_limited: (p) => (p.retryAfter === undefined ? de.auth.errors.rateLimited : de.auth.errors.rateLimitedFor(Number(p.retryAfter))),
  resend_rate_limited: (p) => de.auth.errors.resendRateLimited(Number(p.retryAfter)),
  temporarily_unavailable: de.serverError.unexpected,

  service_not_found: de.services.form.notFound,
  not_service_owner: de.services.form.accessDeniedText,

  rating_required: de.reviews.ratingRequired,
  review_too_long: de.reviews.textTooLong,
  own_service_review: de.reviews.ownService,
  comment_invalid: de.comments.error,

  profile_not_found: de.profile.notFound,
  username_taken: de.profile.errors.usernameTaken,
  invalid_theme: de.profile.updateErrorText,
  email_unchanged: de.profile.changeEmail.same,
  wrong_password: de.profile.changeEmail.wrongPassword,
  email_change_failed: de.auth.errors.generic,
  confirmation_wrong: de.profile.danger.wrongWord,
  image_missing: de.profile.avatar.missing,
  image_too_large: de.profile.avatar.tooLarge,
  not_an_image: de.profile.avatar.notImage,
  images_refused: (p) => refusedImages(p).join(" "),
  gallery_full: (p) => (Number(p.free) > 0 ? de.profile.gallery.remaining(Number(p.free)) : de.profile.gallery.limitText),
  gallery_no_files: de.profile.gallery.noFiles,
  not_in_gallery: de.profile.gallery.notInGallery,
  service_images_full: (p) =>
    Number(p.free) > 0 ? serviceImageFieldDe.remaining(Number(p.free), Number(p.max)) : serviceImageFieldDe.full(Number(p.max)),
  service_image_not_found: serviceImageFieldDe.notFound,

  chat_not_found: de.chats.chatNotFound,
  chat_forbidden: de.chats.noPermission,
  chat_service_not_found: de.messaging.serviceNotFound,
  chat_own_service: de.messaging.ownService,
  chat_self: de.messaging.self,
  chat_user_not_found: de.messaging.userNotFound,
  chat_check_failed: de.chats.checkFailed,
  chat_create_failed: de.chats.createFailed,
  message_too_long: de.messaging.tooLong,
  message_empty: de.messaging.empty,
  attachment_too_large: de.chats.fileTooLarge,
  attachment_type: de.chats.fileType,
  attachment_upload_failed: de.chats.uploadFailed,
  attachment_not_found: de.messaging.attachmentNotFound,
  message_send_failed: de.chats.sendError,
  message_rate_limited: de.messaging.rateLimited,
  daily_files_exceeded: de.messaging.dailyFilesExceeded,
  recipient_deleted: de.messaging.recipientDeleted,

  ticket_rate_limited: de.support.tooMany,
  ticket_not_found: de.support.notFound,
  support_only: de.support.forbidden,

  ...ordersDe.errors,

  invalid_credentials: de.auth.errors.invalidCredentials,
  email_not_verified: de.auth.errors.emailNotVerified,
  password_too_short: de.auth.errors.passwordTooShort,
  password_too_long: de.auth.errors.passwordTooLong,
  email_invalid: de.auth.errors.emailInvalid,
  reset_link_invalid: de.resetPassword.invalidLink,
  account_failed: de.auth.errors.generic,

  ...reviewsOrdersDe.errors,
  ...savedSearchesDe.errors,
  ...blocksDe.errors,

  account_suspended: moderationDe.suspendedSignIn,
  report_item_not_found: moderationDe.report.notFound,
  report_duplicate: moderationDe.report.duplicate,
  report_rate_limited: moderationDe.report.rateLimited,
  case_not_found: moderationDe.errors.caseNotFound,
  decision_not_allowed: moderationDe.errors.decisionNotAllowed,
  objection_not_allowed: moderationDe.errors.objectionNotAllowed,
};

/** The words for a reason, with its values filled in. */
export function errorText(reason: ErrorReason, params: ErrorParams = {}): string {
  const text = TEXTS[reason];
  return typeof text === "function" ? text(params) : text;
}
