import type { z } from "zod";
import { AppError } from "./errors";

/** The first message per field of a failed parse (the form shows one message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Input checked against a form's schema (the same one the browser checks with), or an
 * INVALID refusal that carries the schema's field messages.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError("INVALID", "invalid_input", { fieldErrors: fieldErrors(parsed.error) });
  return parsed.data;
}
