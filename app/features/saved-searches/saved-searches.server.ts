import { and, asc, desc, eq, gt, lt, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { savedSearches, savedSearchHits, user, type SavedSearchRow } from "~/db/schema";
import { sendNotificationMail } from "~/features/notifications/notification-mail.server";
import { createNotification } from "~/features/notifications/notifications.server";
import { listServices } from "~/features/services/catalogue.server";
import type { ServiceCard } from "~/features/services/service-card.server";
import { de } from "~/i18n/de";
import { savedSearchesDe as t } from "~/i18n/saved-searches.de";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { defineJob } from "~/lib/jobs/types";
import { log } from "~/lib/log.server";
import { escapeHtml } from "~/lib/mail-layout";
import type { MailMessage } from "~/lib/mail.server";
import { filtersOfSavedQuery, SAVED_SEARCH_NAME_MAX, savedQueryOf, summariseFilters } from "./query";

/** Saved searches per user: plenty for real use, a bound on the daily job's work per account. */
export const SAVED_SEARCH_MAX = 20;
/** A saved search is checked (and its user told) at most once in this time: daily, with an hour's slack for the job's own timing. */
export const ALERT_INTERVAL_MS = 23 * 60 * 60 * 1000;
/**
 * A service committed just after a check may carry a creation time a little before it (the
 * time its transaction began): each check looks back this much further; the hits table keeps
 * those already told from being told again.
 */
export const CHECK_OVERLAP_MS = 15 * 60 * 1000;
/** However long the job did not run, a check looks back at most this far (and hits are kept a day longer). */
export const CHECK_WINDOW_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** Services named in one mail; the rest is "und N weitere" behind the link. */
export const ALERT_LIST_MAX = 10;
/** The catalogue is read newest first in pages of this size, at most SCAN_PAGES of them per search. */
const SCAN_PAGE_SIZE = 50;
const SCAN_PAGES = 6;

export interface SavedSearchView {
  id: string;
  name: string;
  /** The /services URL query, e.g. "?category=Design&maxPrice=200". */
  query: string;
  createdAt: string;
}

const toView = (row: Pick<SavedSearchRow, "id" | "name" | "query" | "createdAt">): SavedSearchView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

/** The user's saved searches, newest first. */
export async function listSavedSearches(db: Database, userId: string): Promise<SavedSearchView[]> {
  const rows = await db
    .select({ id: savedSearches.id, name: savedSearches.name, query: savedSearches.query, createdAt: savedSearches.createdAt })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
  return rows.map(toView);
}

/**
 * Saves the /services query `query` (any form of it: it is read and normalised as the catalogue
 * reads its URL) under `name`, or under a summary of its filters when the name is empty. Refused:
 * a query without filters, one the user saved already, the 21st.
 */
export async function saveSearch(
  db: Database,
  { actorId, query, name, now = new Date() }: { actorId: string | null; query: string; name?: string; now?: Date },
): Promise<SavedSearchView> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const filters = filtersOfSavedQuery(String(query ?? "").slice(0, 2000));
  const normalised = savedQueryOf(filters);
  if (!normalised) throw new AppError("INVALID", "saved_search_empty");
  const given = String(name ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (given.length > SAVED_SEARCH_NAME_MAX) {
    throw new AppError("INVALID", "invalid_input", { fieldErrors: { name: t.nameTooLong(SAVED_SEARCH_NAME_MAX) } });
  }
  const title = given || summariseFilters(filters);

  return db.transaction(async (tx) => {
    // The user's row is the lock that makes the limit hold against two saves at once.
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, actorId)).for("update");
    if (!account) throw new AppError("UNAUTHORIZED", "sign_in_required");
    const [existing] = await tx
      .select({ n: sql<number>`count(*)::int`, same: sql<number>`count(*) filter (where ${savedSearches.query} = ${normalised})::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, actorId));
    if (Number(existing?.same ?? 0) > 0) throw new AppError("CONFLICT", "saved_search_duplicate");
    if (Number(existing?.n ?? 0) >= SAVED_SEARCH_MAX) throw new AppError("CONFLICT", "saved_search_limit", { params: { max: SAVED_SEARCH_MAX } });
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: actorId, name: title, query: normalised, createdAt: now, checkedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("CONFLICT", "saved_search_duplicate");
    return toView(row);
  });
}

/** Deletes one of the user's saved searches; another user's (or an unknown id) is not found. */
export async function deleteSavedSearch(db: Database, { actorId, id }: { actorId: string | null; id: unknown }): Promise<void> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const searchId = typeof id === "string" ? id : "";
  if (!isUuid(searchId)) throw new AppError("NOT_FOUND", "saved_search_not_found");
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, searchId), eq(savedSearches.userId, actorId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "saved_search_not_found");
}

/**
 * The services that /services shows for the saved query and that were created in (since, until],
 * newest first, without the user's own. Read through the catalogue's own list (listServices,
 * newest first), so a saved search matches exactly what the page shows, with every filter and
 * search rule the catalogue has now or gains later. The list puts featured services first, each
 * group newest first: it is read until a non-featured service is older than `since`.
 */
export async function newMatches(db: Database, search: Pick<SavedSearchRow, "query" | "userId">, since: Date, until: Date): Promise<ServiceCard[]> {
  const base = { ...filtersOfSavedQuery(search.query), sort: "newest" as const };
  const found: ServiceCard[] = [];
  let position = { page: 1, after: "" };
  for (let scanned = 0; scanned < SCAN_PAGES; scanned++) {
    // In plain newest-first order (a widened search would list its exact matches first, and the
    // walk below stops at the first older one), and without looking for a corrected text.
    const list = await listServices(db, { ...base, ...position, before: "" }, SCAN_PAGE_SIZE, undefined, { correct: false, exactFirst: false });
    let older = false;
    for (const item of list.items) {
      const created = new Date(item.createdAt).getTime();
      if (created > since.getTime() && created <= until.getTime() && item.author.userId !== search.userId) found.push(item);
      if (!item.isFeatured && created <= since.getTime()) {
        older = true;
        break;
      }
    }
    if (older || !list.hasNext || !list.nextCursor) break;
    position = { page: list.page + 1, after: list.nextCursor };
  }
  return found;
}

export interface AlertRunResult {
  /** Searches checked by this run (claimed: another process checks none of them). */
  checked: number;
  /** Searches whose users were told of new services. */
  alerted: number;
}

/**
 * The daily check of every saved search that is due (last checked ALERT_INTERVAL_MS ago): its new
 * matches since the last check, each service told at most once (saved_search_hits), one
 * notification and one mail per search. Safe with several processes: a search is claimed by a
 * conditional UPDATE of its check time, which only one of them wins; the hits' primary key keeps
 * a service from being told twice even across overlapping windows.
 */
export async function runSavedSearchAlerts(db: Database, now: Date = new Date()): Promise<AlertRunResult> {
  const dueBefore = new Date(now.getTime() - ALERT_INTERVAL_MS);
  const result: AlertRunResult = { checked: 0, alerted: 0 };
  // Hits older than any window are of no use any more.
  await db.delete(savedSearchHits).where(lt(savedSearchHits.createdAt, new Date(now.getTime() - CHECK_WINDOW_MAX_MS - 24 * 60 * 60 * 1000)));
  let lastId: string | null = null;
  for (;;) {
    const due: SavedSearchRow[] = await db
      .select()
      .from(savedSearches)
      .where(and(lte(savedSearches.checkedAt, dueBefore), lastId ? gt(savedSearches.id, lastId) : undefined))
      .orderBy(asc(savedSearches.id))
      .limit(200);
    if (due.length === 0) break;
    lastId = due[due.length - 1]!.id;
    for (const search of due) {
      // One search that fails (a bad row, a passing error) must not stop the others; it is due again next run.
      const outcome = await checkSearch(db, search, now, dueBefore).catch((error: unknown) => {
        log.error({ err: error, savedSearchId: search.id }, "A saved search could not be checked");
        return null;
      });
      if (outcome) result.checked++;
      if (outcome === "alerted") result.alerted++;
    }
  }
  return result;
}

async function checkSearch(db: Database, search: SavedSearchRow, now: Date, dueBefore: Date): Promise<"alerted" | "checked" | null> {
  const since = new Date(
    Math.max(search.checkedAt.getTime() - CHECK_OVERLAP_MS, search.createdAt.getTime(), now.getTime() - CHECK_WINDOW_MAX_MS),
  );
  const matches = await newMatches(db, search, since, now);
  return db.transaction(async (tx) => {
    // The claim: only one process moves a due search on; a second one waits for the first's
    // commit, then finds it no longer due and leaves it.
    const [claimed] = await tx
      .update(savedSearches)
      .set({ checkedAt: now })
      .where(and(eq(savedSearches.id, search.id), lte(savedSearches.checkedAt, dueBefore)))
      .returning({ id: savedSearches.id });
    if (!claimed) return null;
    if (matches.length === 0) return "checked";
    const told = await tx
      .insert(savedSearchHits)
      .values(matches.map((service) => ({ savedSearchId: search.id, serviceId: service.id, createdAt: now })))
      .onConflictDoNothing()
      .returning({ serviceId: savedSearchHits.serviceId });
    const fresh = new Set(told.map((row) => row.serviceId));
    const services = matches.filter((service) => fresh.has(service.id));
    if (services.length === 0) return "checked";
    await tx.update(savedSearches).set({ alertedAt: now }).where(eq(savedSearches.id, search.id));
    await createNotification(tx, {
      kind: "saved_searches",
      userId: search.userId,
      title: t.alert.title,
      message: t.alert.message(services.length, search.name),
      link: `/services${search.query}`,
    });
    // Only to a confirmed address, and only when the user has not switched these mails off.
    await sendNotificationMail(tx, search.userId, "saved_searches", (to) => alertMail({ to: to.email, name: to.name, search, services, baseUrl: env().baseUrl }));
    return "alerted";
  });
}

/** The alert mail: the new services with their links (up to ALERT_LIST_MAX), and the link to all matches. */
export function alertMail({
  to,
  name,
  search,
  services,
  baseUrl,
}: {
  to: string;
  name: string;
  search: Pick<SavedSearchRow, "name" | "query">;
  services: Pick<ServiceCard, "id" | "title" | "price">[];
  baseUrl: string;
}): MailMessage {
  const listed = services.slice(0, ALERT_LIST_MAX).map((s) => ({ title: s.title, price: formatPrice(s.price), url: `${baseUrl}/services/${s.id}` }));
  const rest = services.length - listed.length;
  const all = `${baseUrl}/services${search.query}`;
  const greeting = de.mail.greeting(name);
  const intro = t.alert.intro(services.length, search.name);
  const text = [
    greeting,
    "",
    intro,
    "",
    ...listed.map((s) => `- ${s.title} (${s.price}): ${s.url}`),
    ...(rest > 0 ? [t.alert.more(rest)] : []),
    "",
    `${t.alert.button}: ${all}`,
    "",
    t.alert.note,
    "",
    de.mail.signature,
  ].join("\n");
  const html = `<!doctype html>
<html lang="de"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2433;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:bold;font-size:18px;color:#3b4fc4">${escapeHtml(de.app.name)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${listed.map((s) => `<li><a href="${escapeHtml(s.url)}">${escapeHtml(s.title)}</a> (${escapeHtml(s.price)})</li>`).join("")}</ul>
${rest > 0 ? `<p>${escapeHtml(t.alert.more(rest))}</p>` : ""}
<p><a href="${escapeHtml(all)}" style="display:inline-block;background:#3b4fc4;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(t.alert.button)}</a></p>
<p style="font-size:13px;color:#5b6275">${escapeHtml(t.alert.note)}</p>
<p>${escapeHtml(de.mail.signature).replace(/\n/g, "<br>")}</p>
</body></html>`;
  return { to, subject: `${t.alert.subject(search.name)} – ${de.app.name}`, text, html };
}

export const savedSearchAlertJob = defineJob({
  name: "saved-searches.alert",
  payload: z.object({}).passthrough(),
  maxAttempts: 3,
  async run(_payload, { db }) {
    await runSavedSearchAlerts(db);
  },
});
