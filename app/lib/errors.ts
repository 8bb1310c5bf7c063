/** Why a use-case refused: each code has one HTTP status. */
export type AppErrorCode = "INVALID" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "RATE_LIMITED";

const STATUS: Record<AppErrorCode, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

/** A refusal with a user-facing message (from the text catalogue) and optional field messages. */
export class AppError extends Error {
  override name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * For actions and loaders whose failure the spec answers with a message instead of an error page
 * (e.g. 'Error creating service'): a Response (a redirect) passes through; anything else that is
 * not an AppError (database down, a bug) is logged in full and becomes a 503, never blamed on
 * the user's input.
 */
export function unexpectedFailure(error: unknown, context: string): { status: 503 } {
  if (error instanceof Response) throw error;
  console.error(`${context}:`, error);
  return { status: 503 };
}
