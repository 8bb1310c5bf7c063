/**
 * The error vocabulary of the domain. A use-case that refuses throws an AppError with a kind
 * (which decides the HTTP status) and a reason (what exactly went wrong). Neither is a screen
 * text: the screens turn reasons into words through the text catalogue (app/i18n/errors.de.ts),
 * each in its own wording where the spec asks for one (docs/decisions/009-request-boundary.md).
 */

/** Each kind has one HTTP status. Hidden or forbidden-to-see reads are NOT_FOUND (404). */
export type ErrorKind = "INVALID" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED" | "UNAVAILABLE";

export const KIND_STATUS: Record<ErrorKind, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  // A part the request needs (storage, the database) failed: not the user's fault.
  UNAVAILABLE: 503,
};

/** Every reason a use-case may give. Add one here and its text in app/i18n/errors.de.ts. */
export const ERROR_REASONS = [
  // input and access in general
  "invalid_input",
  "invalid_characters",
  "unreadable_form",
  "too_many_files",
  "sign_in_required",
  "rate_limited",
  "resend_rate_limited",
  "temporarily_unavailable",
  // services
  "service_not_found",
  "not_service_owner",
  "service_images_full",
  "service_image_not_found",
  // reviews, comments, favourites
  "rating_required",
  "review_too_long",
  "own_service_review",
  "review_removed",
  "comment_invalid",
  // profile
  "profile_not_found",
  "username_taken",
  "invalid_theme",
  "email_unchanged",
  "wrong_password",
  "email_change_failed",
  "confirmation_wrong",
  "image_missing",
  "image_too_large",
  "not_an_image",
  "images_refused",
  "gallery_full",
  "gallery_no_files",
  "not_in_gallery",
  // messaging
  "chat_not_found",
  "chat_forbidden",
  "chat_service_not_found",
  "chat_own_service",
  "chat_self",
  "chat_user_not_found",
  "chat_check_failed",
  "chat_create_failed",
  "message_too_long",
  "message_empty",
  "attachment_too_large",
  "attachment_type",
  "attachment_upload_failed",
  "attachment_not_found",
  "message_send_failed",
  "message_rate_limited",
  "daily_files_exceeded",
  "recipient_deleted",
  // support
  "ticket_rate_limited",
  "ticket_not_found",
  "support_only",
  // orders and invoices
  "order_not_found",
  "order_wrong_party",
  "order_state_changed",
  "order_own_service",
  "order_rate_limited",
  "billing_details_required",
  "invoice_not_found",
  "invoice_already_paid",
  "order_price_changed",
  "billing_details_in_use",
  // accounts (Better Auth's refusals in our terms)
  "invalid_credentials",
  "email_not_verified",
  "password_too_short",
  "password_too_long",
  "email_invalid",
  "reset_link_invalid",
  "account_failed",
  // review replies
  "review_not_found",
  "reply_not_service_owner",
  // saved searches
  "saved_search_empty",
  "saved_search_duplicate",
  "saved_search_limit",
  "saved_search_not_found",
  // blocking (ADR 024); the blocked person's refusals are worded to name no block
  "block_self",
  "block_user_not_found",
  "block_not_found",
  "message_undeliverable",
  "blocked_by_you",
  "order_undeliverable",
  "order_blocked_by_you",
  // notice and action (ADR 023)
  "account_suspended",
  "report_item_not_found",
  "report_duplicate",
  "report_rate_limited",
  "case_not_found",
  "decision_not_allowed",
  "objection_not_allowed",
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

/** Values a reason's text is built from (e.g. how many gallery places are left). */
export type ErrorParams = Record<string, string | number | readonly string[]>;

export interface AppErrorOptions {
  /** Field messages from the form's schema (already in the form's words). */
  fieldErrors?: Record<string, string>;
  /** The form field the reason is about; the screen shows the reason's text there. */
  field?: string;
  params?: ErrorParams;
  cause?: unknown;
}

/** A refusal: the request was understood and declined for a reason the user can act on (or wait out). */
export class AppError extends Error {
  override name = "AppError";
  readonly fieldErrors?: Record<string, string>;
  readonly field?: string;
  readonly params?: ErrorParams;
  constructor(
    readonly code: ErrorKind,
    readonly reason: ErrorReason,
    options: AppErrorOptions = {},
  ) {
    super(reason, options.cause === undefined ? undefined : { cause: options.cause });
    this.fieldErrors = options.fieldErrors;
    this.field = options.field;
    this.params = options.params;
  }
  get status(): number {
    return KIND_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
