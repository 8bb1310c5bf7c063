import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  messages,
  moderationAudit,
  moderationCases,
  moderationDecisions,
  moderationReports,
  profiles,
  serviceComments,
  serviceReviews,
  services,
  user,
} from "~/db/schema";
import type { CaseStatus, DecisionGround, DecisionKind, ReportItemKind, ReportReason } from "~/db/schema/moderation";
import { createNotification } from "~/features/notifications/notifications.server";
import { isSupport } from "~/features/support/support.server";
import { moderationDe as t } from "~/i18n/moderation.de";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { AppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { queuedMailer } from "~/lib/jobs/index.server";
import { actionMail } from "~/lib/mail-layout";
import { parseInput } from "~/lib/validation";
import { loadModerationItem, type ModerationItem } from "./items.server";
import { decisionSchema, objectionSchema } from "./schema";
import { setSuspended } from "./suspension.server";

/** Staff only: anyone else finds nothing here (404, like a ticket that is not theirs). */
export async function requireModerator(db: Database, actorId: string | null): Promise<string> {
  if (!actorId || !(await isSupport(db, actorId))) throw new AppError("NOT_FOUND", "case_not_found");
  return actorId;
}

export interface QueueEntry {
  id: string;
  itemKind: ReportItemKind;
  itemSummary: string;
  status: CaseStatus;
  reports: number;
  updatedAt: Date;
}

/** The queue: open cases and cases with an objection, the latest activity first; or the decided ones. */
export async function listQueue(db: Database, { actorId, decided = false }: { actorId: string | null; decided?: boolean }): Promise<QueueEntry[]> {
  await requireModerator(db, actorId);
  const reports = db
    .select({ caseId: moderationReports.caseId, n: count().as("n") })
    .from(moderationReports)
    .groupBy(moderationReports.caseId)
    .as("report_counts");
  const rows = await db
    .select({
      id: moderationCases.id,
      itemKind: moderationCases.itemKind,
      itemSummary: moderationCases.itemSummary,
      status: moderationCases.status,
      updatedAt: moderationCases.updatedAt,
      reports: sql<number>`coalesce(${reports.n}, 0)::int`.mapWith(Number),
    })
    .from(moderationCases)
    .leftJoin(reports, eq(reports.caseId, moderationCases.id))
    .where(decided ? eq(moderationCases.status, "decided") : inArray(moderationCases.status, ["open", "objected"]))
    .orderBy(desc(moderationCases.updatedAt), desc(moderationCases.id))
    .limit(200);
  return rows;
}

export interface CaseReport {
  id: string;
  reason: ReportReason;
  category: string | null;
  explanation: string;
  reporter: string;
  createdAt: Date;
}

export interface DecisionView {
  id: string;
  kind: DecisionKind;
  ground: DecisionGround;
  reason: string;
  decidedAt: Date;
  decidedBy: string | null;
  objection: string | null;
  objectedAt: Date | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  detail: string;
  actor: string | null;
  createdAt: Date;
}

export interface CaseView {
  id: string;
  itemKind: ReportItemKind;
  itemSummary: string;
  status: CaseStatus;
  item: ModerationItem | null;
  author: { id: string; name: string; suspended: boolean } | null;
  reports: CaseReport[];
  decisions: DecisionView[];
  audit: AuditEntry[];
  /** The decisions support may take now. */
  allowed: DecisionKind[];
}

const actor = alias(profiles, "actor");

/** Whether the last restricting decision (remove, suspend) of a case still stands, and which. */
function standingRestriction(decisions: Pick<DecisionView, "kind">[]): "remove" | "suspend" | null {
  for (const decision of [...decisions].reverse()) {
    if (decision.kind === "restore") return null;
    if (decision.kind === "remove" || decision.kind === "suspend") return decision.kind;
  }
  return null;
}

function allowedDecisions(status: CaseStatus, decisions: DecisionView[]): DecisionKind[] {
  const restricted = standingRestriction(decisions) !== null;
  if (status === "objected") return ["confirm", "restore"];
  if (status === "open") return restricted ? ["dismiss", "remove", "suspend", "restore"] : ["dismiss", "remove", "suspend"];
  return restricted ? ["restore"] : [];
}

async function caseDecisions(db: Database, caseId: string): Promise<(DecisionView & { affectedUserId: string | null })[]> {
  const rows = await db
    .select({
      id: moderationDecisions.id,
      kind: moderationDecisions.kind,
      ground: moderationDecisions.ground,
      reason: moderationDecisions.reason,
      decidedAt: moderationDecisions.decidedAt,
      objection: moderationDecisions.objection,
      objectedAt: moderationDecisions.objectedAt,
      affectedUserId: moderationDecisions.affectedUserId,
      firstName: actor.firstName,
      lastName: actor.lastName,
    })
    .from(moderationDecisions)
    .leftJoin(actor, eq(actor.userId, moderationDecisions.decidedBy))
    .where(eq(moderationDecisions.caseId, caseId))
    .orderBy(moderationDecisions.decidedAt, moderationDecisions.id);
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, decidedBy: firstName === null ? null : displayName(firstName, lastName) }));
}

/** One case with the item as its author sees it, the reports, the decisions and the audit log. */
export async function getCase(db: Database, { actorId, caseId }: { actorId: string | null; caseId: unknown }): Promise<CaseView> {
  await requireModerator(db, actorId);
  if (typeof caseId !== "string" || !isUuid(caseId)) throw new AppError("NOT_FOUND", "case_not_found");
  const [row] = await db.select().from(moderationCases).where(eq(moderationCases.id, caseId));
  if (!row) throw new AppError("NOT_FOUND", "case_not_found");
  const [item, reports, decisions, audit, author] = await Promise.all([
    loadModerationItem(db, row.itemKind, row.itemId),
    db
      .select({
        id: moderationReports.id,
        reason: moderationReports.reason,
        category: moderationReports.category,
        explanation: moderationReports.explanation,
        reporterName: moderationReports.reporterName,
        reporterEmail: moderationReports.reporterEmail,
        reporterId: moderationReports.reporterId,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        createdAt: moderationReports.createdAt,
      })
      .from(moderationReports)
      .leftJoin(profiles, eq(profiles.userId, moderationReports.reporterId))
      .where(eq(moderationReports.caseId, caseId))
      .orderBy(desc(moderationReports.createdAt)),
    caseDecisions(db, caseId),
    db
      .select({
        id: moderationAudit.id,
        action: moderationAudit.action,
        detail: moderationAudit.detail,
        actorId: moderationAudit.actorId,
        firstName: actor.firstName,
        lastName: actor.lastName,
        createdAt: moderationAudit.createdAt,
      })
      .from(moderationAudit)
      .leftJoin(actor, eq(actor.userId, moderationAudit.actorId))
      .where(eq(moderationAudit.caseId, caseId))
      .orderBy(moderationAudit.createdAt, moderationAudit.id),
    row.authorId
      ? db
          .select({ firstName: profiles.firstName, lastName: profiles.lastName, suspendedAt: profiles.suspendedAt })
          .from(profiles)
          .where(eq(profiles.userId, row.authorId))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  return {
    id: row.id,
    itemKind: row.itemKind,
    itemSummary: row.itemSummary,
    status: row.status,
    item,
    author: row.authorId && author ? { id: row.authorId, name: displayName(author.firstName, author.lastName), suspended: author.suspendedAt !== null } : null,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      category: r.category,
      explanation: r.explanation,
      reporter: r.reporterId
        ? `${displayName(r.firstName, r.lastName)} (${t.case.signedInReporter})`
        : [r.reporterName, r.reporterEmail].filter(Boolean).join(", ") || t.case.anonymous,
      createdAt: r.createdAt,
    })),
    decisions: decisions.map(({ affectedUserId: _affected, ...d }) => d),
    audit: audit.map((a) => ({
      id: a.id,
      action: a.action,
      detail: a.detail,
      actor: a.firstName === null ? (a.actorId === null ? null : t.case.actorGone) : displayName(a.firstName, a.lastName),
      createdAt: a.createdAt,
    })),
    allowed: allowedDecisions(row.status, decisions),
  };
}

/** Sets or clears an item's removal (reviews recount their service's rating by trigger). */
async function setRemoved(tx: Database, kind: ReportItemKind, id: string, removed: boolean, now: Date): Promise<void> {
  const removedAt = removed ? now : null;
  switch (kind) {
    case "service":
      await tx.update(services).set({ removedAt }).where(eq(services.id, id));
      return;
    case "review":
      await tx.update(serviceReviews).set({ removedAt }).where(eq(serviceReviews.id, id));
      return;
    case "comment":
      await tx.update(serviceComments).set({ removedAt }).where(eq(serviceComments.id, id));
      return;
    case "profile":
      await tx.update(profiles).set({ removedAt }).where(eq(profiles.userId, id));
      return;
    case "message":
      await tx.update(messages).set({ removedAt }).where(eq(messages.id, id));
      return;
  }
}

/** The signed part of the statement's link: lets a suspended user (no sign-in) read and object. */
export function decisionToken(decisionId: string, userId: string, secret: string = env().authSecret): string {
  return createHmac("sha256", secret).update(`moderation-decision\n${decisionId}\n${userId}`).digest("base64url").slice(0, 32);
}

function tokenMatches(token: unknown, decisionId: string, userId: string): boolean {
  if (typeof token !== "string") return false;
  const expected = Buffer.from(decisionToken(decisionId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function decisionPath(decisionId: string, userId: string): string {
  return `/entscheidungen/${decisionId}?t=${decisionToken(decisionId, userId)}`;
}

async function contactOf(db: Database, userId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: user.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return row ? { email: row.email, name: displayName(row.firstName, row.lastName) } : null;
}

/**
 * A sentence written to stand alone ("Wir haben …", as a notification or a page shows it) as the
 * mail's text after "Hallo …,": its first word in lower case. Only "Wir" and "Zu" start these
 * texts; "Ihr …" stays capitalised (the polite form).
 */
export function afterGreeting(sentence: string): string {
  return sentence.replace(/^(Wir|Zu) /, (word) => word.toLowerCase());
}

/**
 * The statement of reasons (DSA art. 17) as text: what, on which ground, the facts, the remedies.
 * In the mail it follows "Hallo …," (so its first word is not capitalised) and the link to the
 * decision comes after it; on the decision's page the objection form does ("page"), unless the
 * objection is no longer open there ("page-final": objected already, or a later decision).
 */
export function statementText(
  options: { kind: DecisionKind; ground: DecisionGround; reason: string; itemKind: ReportItemKind; summary: string },
  where: "mail" | "page" | "page-final",
): string {
  const what = t.statement.itemWhat(options.itemKind, options.summary);
  const objectable = options.kind === "remove" || options.kind === "suspend";
  const decided = t.statement.decided(what, options.kind);
  return [
    where === "mail" ? afterGreeting(decided) : decided,
    t.statement.ground(t.grounds[options.ground]),
    t.statement.facts(options.reason),
    t.statement.automation,
    !objectable || where === "page-final" ? t.statement.finalNote : where === "mail" ? t.statement.howToObject : t.statement.howToObjectOnPage,
  ].join("\n\n");
}

export interface DecideOptions {
  actorId: string | null;
  caseId: unknown;
  input: Record<string, unknown>;
  now?: Date;
}

/**
 * A moderation decision on a case (support only): dismiss, remove the item, suspend its author's
 * account, restore (reverse the standing removal or suspension) or confirm after an objection.
 * In one transaction: the effect, the decision with its reason, the audit line, the statement of
 * reasons to the affected user (in-app and mail; not for a dismissal, which restricts nothing)
 * and the outcome to every reporter it concerns (mail when an address is known, in-app when signed in).
 */
export async function decide(db: Database, { actorId, caseId, input, now = new Date() }: DecideOptions): Promise<{ decisionId: string }> {
  const moderatorId = await requireModerator(db, actorId);
  const { kind, ground, reason } = parseInput(decisionSchema, input);
  if (typeof caseId !== "string" || !isUuid(caseId)) throw new AppError("NOT_FOUND", "case_not_found");
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [row] = await tx.select().from(moderationCases).where(eq(moderationCases.id, caseId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "case_not_found");
    const decisions = await caseDecisions(tx, caseId);
    if (!allowedDecisions(row.status, decisions).includes(kind)) throw new AppError("CONFLICT", "decision_not_allowed");
    const affectedUserId = row.authorId;
    if (kind === "suspend" && !affectedUserId) throw new AppError("CONFLICT", "decision_not_allowed");

    if (kind === "remove") await setRemoved(tx, row.itemKind, row.itemId, true, now);
    if (kind === "suspend") await setSuspended(tx, affectedUserId!, true, now);
    if (kind === "restore") {
      const standing = standingRestriction(decisions);
      if (standing === "remove") await setRemoved(tx, row.itemKind, row.itemId, false, now);
      if (standing === "suspend" && affectedUserId) await setSuspended(tx, affectedUserId, false, now);
    }
    const lastDecisionAt = decisions.at(-1)?.decidedAt ?? null;
    const [decision] = await tx
      .insert(moderationDecisions)
      .values({ caseId, kind, ground, reason, decidedBy: moderatorId, affectedUserId, decidedAt: now })
      .returning({ id: moderationDecisions.id });
    await tx.update(moderationCases).set({ status: "decided" }).where(eq(moderationCases.id, caseId));
    await tx.insert(moderationAudit).values({ caseId, actorId: moderatorId, action: `decision:${kind}`, detail: `${t.grounds[ground]}: ${reason}`, createdAt: now });

    const decisionId = decision!.id;
    if (affectedUserId && kind !== "dismiss") await tellAffected(tx, { decisionId, userId: affectedUserId, kind, ground, reason, itemKind: row.itemKind, summary: row.itemSummary });
    // The reporters the decision answers: a first decision those since the last one; a
    // reversal or confirmation after an objection every reporter of the case.
    const since = kind === "restore" || kind === "confirm" ? null : lastDecisionAt;
    await tellReporters(tx, { caseId, since, kind, reason, summary: row.itemSummary });
    return { decisionId };
  });
}

async function tellAffected(
  tx: Database,
  d: { decisionId: string; userId: string; kind: DecisionKind; ground: DecisionGround; reason: string; itemKind: ReportItemKind; summary: string },
): Promise<void> {
  const text = statementText(d, "mail");
  const path = decisionPath(d.decisionId, d.userId);
  await createNotification(tx, { kind: "other", userId: d.userId, title: t.statement.notificationTitle, message: t.decisionKinds[d.kind], link: `/entscheidungen/${d.decisionId}` });
  const contact = await contactOf(tx, d.userId);
  // A legal statement, not a notification setting's mail: always sent, no unsubscribe.
  if (contact) {
    await queuedMailer(tx).send(
      actionMail({ to: contact.email, name: contact.name, subject: t.statement.subject, text, button: t.statement.button, url: `${env().baseUrl}${path}`, note: t.statement.note }),
    );
  }
}

async function tellReporters(tx: Database, d: { caseId: string; since: Date | null; kind: DecisionKind; reason: string; summary: string }): Promise<void> {
  const reporters = await tx
    .select({ reporterId: moderationReports.reporterId, email: moderationReports.reporterEmail, name: moderationReports.reporterName })
    .from(moderationReports)
    .where(and(eq(moderationReports.caseId, d.caseId), d.since ? gt(moderationReports.createdAt, d.since) : undefined));
  const outcome = t.outcome.text(d.summary, d.kind);
  const text = [afterGreeting(outcome), t.outcome.reason(d.reason), t.outcome.remedies].join("\n\n");
  for (const reporter of reporters) {
    let contact: { email: string; name: string } | null = reporter.email ? { email: reporter.email, name: reporter.name ?? "" } : null;
    if (reporter.reporterId) {
      await createNotification(tx, { kind: "other", userId: reporter.reporterId, title: t.outcome.notificationTitle, message: outcome });
      contact = await contactOf(tx, reporter.reporterId);
    }
    if (contact) {
      await queuedMailer(tx).send(
        actionMail({ to: contact.email, name: contact.name, subject: t.outcome.subject, text, button: t.outcome.button, url: `${env().baseUrl}/`, note: t.outcome.note }),
      );
    }
  }
}

export interface MyDecision extends DecisionView {
  itemKind: ReportItemKind;
  itemSummary: string;
  itemLink: string | null;
  statement: string;
  /** Whether the affected user may still object (once, to the case's standing removal or suspension). */
  canObject: boolean;
}

async function decisionsAbout(db: Database, where: ReturnType<typeof and>): Promise<(MyDecision & { affectedUserId: string | null; itemId: string })[]> {
  const rows = await db
    .select({
      id: moderationDecisions.id,
      caseId: moderationDecisions.caseId,
      kind: moderationDecisions.kind,
      ground: moderationDecisions.ground,
      reason: moderationDecisions.reason,
      decidedAt: moderationDecisions.decidedAt,
      objection: moderationDecisions.objection,
      objectedAt: moderationDecisions.objectedAt,
      affectedUserId: moderationDecisions.affectedUserId,
      itemKind: moderationCases.itemKind,
      itemId: moderationCases.itemId,
      itemSummary: moderationCases.itemSummary,
      status: moderationCases.status,
      latest: sql<boolean>`not exists (select 1 from ${moderationDecisions} later where later.case_id = ${moderationDecisions.caseId} and (later.decided_at, later.id) > (${moderationDecisions.decidedAt}, ${moderationDecisions.id}))`.mapWith(
        Boolean,
      ),
    })
    .from(moderationDecisions)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationDecisions.caseId))
    .where(and(where, sql`${moderationDecisions.kind} <> 'dismiss'`))
    .orderBy(desc(moderationDecisions.decidedAt), desc(moderationDecisions.id))
    .limit(200);
  return rows.map((r) => {
    const canObject = (r.kind === "remove" || r.kind === "suspend") && r.objection === null && r.latest && r.status === "decided";
    return {
      id: r.id,
      kind: r.kind,
      ground: r.ground,
      reason: r.reason,
      decidedAt: r.decidedAt,
      decidedBy: null,
      objection: r.objection,
      objectedAt: r.objectedAt,
      affectedUserId: r.affectedUserId,
      itemId: r.itemId,
      itemKind: r.itemKind,
      itemSummary: r.itemSummary,
      itemLink: itemLinkOf(r.itemKind, r.itemId),
      statement: statementText({ kind: r.kind, ground: r.ground, reason: r.reason, itemKind: r.itemKind, summary: r.itemSummary }, canObject ? "page" : "page-final"),
      canObject,
    };
  });
}

function itemLinkOf(kind: ReportItemKind, id: string): string | null {
  if (kind === "service") return `/services/${id}`;
  if (kind === "profile") return `/public-profile/${encodeURIComponent(id)}`;
  return null;
}

/** Every decision about the user's content (dismissals aside: they restrict nothing), newest first. */
export async function listMyDecisions(db: Database, userId: string): Promise<MyDecision[]> {
  const rows = await decisionsAbout(db, and(eq(moderationDecisions.affectedUserId, userId)));
  return rows.map(({ affectedUserId: _a, itemId: _i, ...r }) => r);
}

/**
 * One decision for the user it is about: signed in as them, or with the statement mail's signed
 * link (a suspended account cannot sign in, and may still object). Anyone else: 404.
 */
export async function getMyDecision(db: Database, { decisionId, viewerId, token }: { decisionId: unknown; viewerId: string | null; token: unknown }): Promise<MyDecision> {
  if (typeof decisionId !== "string" || !isUuid(decisionId)) throw new AppError("NOT_FOUND", "case_not_found");
  const [row] = await decisionsAbout(db, and(eq(moderationDecisions.id, decisionId), isNotNull(moderationDecisions.affectedUserId)));
  if (!row?.affectedUserId) throw new AppError("NOT_FOUND", "case_not_found");
  if (row.affectedUserId !== viewerId && !tokenMatches(token, decisionId, row.affectedUserId)) throw new AppError("NOT_FOUND", "case_not_found");
  const { affectedUserId: _a, itemId: _i, ...decision } = row;
  // A review, comment or message lives on another page (its service, its chat): where, the item says.
  if (decision.itemLink === null && decision.kind !== "restore") {
    decision.itemLink = (await loadModerationItem(db, decision.itemKind, row.itemId))?.link ?? null;
  }
  return decision;
}

/**
 * The affected user's one objection to a removal or suspension (DSA art. 20): stored on the
 * decision, the case goes back to the queue as "Widerspruch", audit-logged. A second one, or
 * one to a decision that is not the case's standing one, is refused.
 */
export async function objectToDecision(
  db: Database,
  { decisionId, viewerId, token, input, now = new Date() }: { decisionId: unknown; viewerId: string | null; token: unknown; input: Record<string, unknown>; now?: Date },
): Promise<void> {
  const decision = await getMyDecision(db, { decisionId, viewerId, token });
  const { objection } = parseInput(objectionSchema, input);
  if (!decision.canObject) throw new AppError("CONFLICT", "objection_not_allowed");
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [changed] = await tx
      .update(moderationDecisions)
      .set({ objection, objectedAt: now })
      .where(and(eq(moderationDecisions.id, decision.id), isNull(moderationDecisions.objection)))
      .returning({ caseId: moderationDecisions.caseId, affectedUserId: moderationDecisions.affectedUserId });
    if (!changed) throw new AppError("CONFLICT", "objection_not_allowed");
    await tx.update(moderationCases).set({ status: "objected", updatedAt: now }).where(eq(moderationCases.id, changed.caseId));
    await tx.insert(moderationAudit).values({ caseId: changed.caseId, actorId: changed.affectedUserId, action: "objection", detail: objection, createdAt: now });
  });
}

/**
 * The data export's part (ADR 023): the user's own reports (without the client key, a keyed
 * hash only the server can use) and every decision about their content with its objection.
 * Who at support decided is not the user's data and stays out.
 */
export async function exportModeration(db: Database, userId: string): Promise<{ reports: Record<string, unknown>[]; decisions: Record<string, unknown>[] }> {
  const [reports, decisions] = await Promise.all([
    db
      .select({
        id: moderationReports.id,
        item_kind: moderationCases.itemKind,
        item_id: moderationCases.itemId,
        item_summary: moderationCases.itemSummary,
        reason: moderationReports.reason,
        category: moderationReports.category,
        explanation: moderationReports.explanation,
        created_at: moderationReports.createdAt,
      })
      .from(moderationReports)
      .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
      .where(eq(moderationReports.reporterId, userId))
      .orderBy(desc(moderationReports.createdAt)),
    db
      .select({
        id: moderationDecisions.id,
        item_kind: moderationCases.itemKind,
        item_id: moderationCases.itemId,
        item_summary: moderationCases.itemSummary,
        kind: moderationDecisions.kind,
        ground: moderationDecisions.ground,
        reason: moderationDecisions.reason,
        decided_at: moderationDecisions.decidedAt,
        objection: moderationDecisions.objection,
        objected_at: moderationDecisions.objectedAt,
      })
      .from(moderationDecisions)
      .innerJoin(moderationCases, eq(moderationCases.id, moderationDecisions.caseId))
      .where(eq(moderationDecisions.affectedUserId, userId))
      .orderBy(desc(moderationDecisions.decidedAt)),
  ]);
  return { reports, decisions };
}
