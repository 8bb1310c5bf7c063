import { data, redirect } from "react-router";
import { preferenceCookie, preferenceUpdateSchema, rememberThemeForUser } from "~/features/preferences/preferences.server";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { readForm } from "~/lib/forms.server";
import { errorResponse } from "~/lib/responses.server";
import { fieldErrors } from "~/lib/validation";
import { database, optionalUser } from "~/lib/request-context.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/preferences";
import type { PolicyHandle } from "~/lib/route-policy";

/** The theme and the cookie choice change no list: the shared caches stay (ADR 009, 013). */
export const handle = { policy: { pageCache: "unaffected" } } satisfies PolicyHandle;

/**
 * Stores the cookie choice or the theme. Called by a fetcher; without
 * JavaScript the form posts here directly and is sent back to the page.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const form = await readForm(request);
  const parsed = preferenceUpdateSchema.safeParse(form);
  if (!parsed.success) return errorResponse(new AppError("INVALID", "invalid_input", { fieldErrors: fieldErrors(parsed.error) }), "preferences");
  const user = await optionalUser(args);
  if (user) await rememberThemeForUser(await database(args.context), user.id, parsed.data);
  const headers = { "Set-Cookie": preferenceCookie(parsed.data, env().baseUrl.startsWith("https://")) };
  if (request.headers.get("Sec-Fetch-Mode") === "navigate") {
    throw redirect(safeRedirectPath(form.redirectTo), { headers });
  }
  return data({ ok: true as const }, { headers });
}

export function loader() {
  throw data(null, { status: 404 });
}
