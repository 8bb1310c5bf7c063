import { data } from "react-router";
import { errorText } from "~/i18n/errors.de";
import type { ErrorReason } from "./errors";
import type { Failure } from "./responses.server";

function refuse(reason: ErrorReason, field?: string): never {
  const message = errorText(reason);
  throw data<Failure>({ ok: false, reason, message, fieldErrors: field ? { [field]: message } : {} }, { status: 400 });
}

/** Whether a submitted text holds a NUL character, which no text of ours may contain (PostgreSQL refuses it). */
export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * The submitted form fields as strings. A body that is not a form (wrong content type, broken
 * encoding) or a field with a NUL character is the client's mistake: 400 before anything runs,
 * so nothing is changed or counted (rate limits included).
 */
export async function readForm(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse("unreadable_form");
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    if (hasNul(value) || hasNul(key)) refuse("invalid_characters", key);
    fields[key] = value;
  }
  return fields;
}
