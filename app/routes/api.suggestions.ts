import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { suggestSearches } from "~/features/services/forgiving-search.server";
import { createClientRateLimit } from "~/lib/client-rate-limit.server";
import { log } from "~/lib/log.server";
import { database } from "~/lib/request-context.server";
import type { Route } from "./+types/api.suggestions";

/**
 * Typing with the box's debounce (200 ms) asks at most ~5 times a second; 40 per 10 s per client
 * leaves room for that and stops a script.
 */
export const SUGGESTION_RATE = { windowMs: 10_000, max: 40 };
const globalForLimit = globalThis as unknown as { __suggestionLimit?: ReturnType<typeof createClientRateLimit> };

/**
 * GET /api/suggestions?q=… — search suggestions while typing (the search box's combobox,
 * search-suggest.tsx): `{ suggestions: string[] }`, at most eight. Public and the same for
 * everyone, so browsers and proxies may keep an answer for a minute. Any bad input is an empty
 * list; too many requests a 429 with an empty list; a database failure too (logged): a
 * suggestion is never worth an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const limit = (globalForLimit.__suggestionLimit ??= createClientRateLimit(SUGGESTION_RATE));
  if (!limit.take(request.headers.get(CLIENT_IP_HEADER) || "unknown")) {
    return Response.json({ suggestions: [] }, { status: 429, headers: { "Retry-After": "10", "Cache-Control": "no-store" } });
  }
  const q = new URL(request.url).searchParams.get("q") ?? "";
  let suggestions: string[] = [];
  try {
    suggestions = await suggestSearches(await database(context), q);
  } catch (error) {
    log.warn({ err: error }, "search suggestions failed");
    return Response.json({ suggestions }, { headers: { "Cache-Control": "no-store" } });
  }
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=60" } });
}
