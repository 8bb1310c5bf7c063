import { createHmac } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { moderationAudit, moderationCases, moderationReports, profiles, user } from "~/db/schema";
import type { ReportItemKind } from "~/db/schema/moderation";
import { moderationDe as t } from "~/i18n/moderation.de";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { queuedMailer } from "~/lib/jobs/index.server";
import { actionMail } from "~/lib/mail-layout";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { sqlState } from "~/lib/sql-errors";
import { parseInput } from "~/lib/validation";
import { reportableItem } from "./items.server";
import { reportSchema } from "./schema";

/** At most 10 reports per client and hour (beyond that a flood, not notices). */
export const REPORT_RATE_LIMIT = { window: 60 * 60, max: 10 };

/**
 * The client a report came from, as a keyed hash of its address (never the address itself): the
 * rate limit's key and, signed out without an e-mail, who counts as "the same person".
 */
export function reportClientKey(ip: string, secret: string = env().authSecret): string {
  return createHmac("sha256", secret).update(`report-client\n${ip}`).digest("base64url").slice(0, 32);
}

export interface SubmitReportOptions {
  /** The signed-in reporter, or null. */
  actorId: string | null;
  kind: ReportItemKind;
  itemId: unknown;
  input: Record<string, unknown>;
  /** reportClientKey of the request's address. */
  clientKey: string;
}

/**
 * Takes a notice (DSA art. 16): checks the form, that the item exists and this reporter may see
 * it (a message only its receiving participant, 404 otherwise), that they have not reported it
 * before (refused kindly) and the client's rate limit; then files the report on the item's case
 * (opened, or opened again), writes the audit line and mails a confirmation when an address is
 * known, all in one transaction. Returns whether a confirmation mail went out.
 */
export async function submitReport(db: Database, { actorId, kind, itemId, input, clientKey }: SubmitReportOptions): Promise<{ mailed: boolean }> {
  const item = await reportableItem(db, kind, itemId, actorId);
  if (!item) throw new AppError("NOT_FOUND", "report_item_not_found");
  const report = parseInput(reportSchema, input);
  let contact: { email: string; name: string } | null = null;
  if (actorId) {
    const [row] = await db
      .select({ email: user.email, firstName: profiles.firstName, lastName: profiles.lastName })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, actorId));
    if (row) contact = { email: row.email, name: displayName(row.firstName, row.lastName) };
  } else if (report.email) {
    contact = { email: report.email, name: report.name ?? "" };
  }
  // Signed in, the person is the account (a name or address typed in the form does not count).
  const reporterKey = actorId ? `user:${actorId}` : report.email ? `email:${report.email}` : `client:${clientKey}`;

  const [existing] = await db
    .select({ id: moderationReports.id })
    .from(moderationReports)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
    .where(and(eq(moderationCases.itemKind, kind), eq(moderationCases.itemId, item.id), eq(moderationReports.reporterKey, reporterKey)));
  if (existing) throw new AppError("CONFLICT", "report_duplicate");
  const limit = await consumeRateLimit(db, `reports:${clientKey}`, REPORT_RATE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", "report_rate_limited");

  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      // One case per item: a report on a decided case puts it back into the queue.
      const [opened] = await tx
        .insert(moderationCases)
        .values({ itemKind: kind, itemId: item.id, authorId: item.authorId, itemSummary: item.summary, status: "open", updatedAt: now })
        .onConflictDoUpdate({
          target: [moderationCases.itemKind, moderationCases.itemId],
          set: { status: sql`case when ${moderationCases.status} = 'objected' then 'objected' else 'open' end`, updatedAt: now },
        })
        .returning({ id: moderationCases.id });
      const caseId = opened!.id;
      await tx.insert(moderationReports).values({
        caseId,
        reporterId: actorId,
        reporterName: actorId ? null : report.name,
        reporterEmail: actorId ? null : report.email,
        reason: report.reason,
        category: report.category,
        explanation: report.explanation,
        clientKey,
        reporterKey,
      });
      const grounds = report.reason === "illegal" ? `${t.report.reasonIllegal}: ${t.categories[report.category!]}` : t.report.reasonTerms;
      await tx.insert(moderationAudit).values({ caseId, actorId, action: "report", detail: grounds });
      if (!contact) return { mailed: false };
      await queuedMailer(tx as unknown as Database).send(
        actionMail({
          to: contact.email,
          name: contact.name,
          subject: t.report.mailSubject,
          text: t.report.mailText(item.summary),
          button: t.report.mailButton,
          url: `${env().baseUrl}/terms`,
          note: t.report.mailNote,
        }),
      );
      return { mailed: true };
    });
  } catch (error) {
    // The same person's second report at the same moment meets the unique index.
    if (sqlState(error) === "23505") throw new AppError("CONFLICT", "report_duplicate");
    throw error;
  }
}
