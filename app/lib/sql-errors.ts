import { AppError, type ErrorReason } from "./errors";

/** The SQLSTATE of a database error from either driver (PGlite and node-postgres), looking through `cause`. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names (a unique index, say), from either driver, looking through `cause`. */
export function sqlConstraint(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { constraint } = e as { constraint?: unknown };
    if (typeof constraint === "string" && constraint) return constraint;
  }
  return undefined;
}

/**
 * Runs a write that references a row checked a moment before (a service, say). When that row is
 * deleted in between, the foreign key refuses the write (SQLSTATE 23503): that is the visitor's
 * "not found", not a server error.
 */
export async function refusingVanishedRow<T>(work: () => Promise<T>, reason: ErrorReason = "service_not_found"): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === "23503") throw new AppError("NOT_FOUND", reason, { cause: error });
    throw error;
  }
}
