import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * Notice and action (DSA art. 16, 17, 20; ADR 023). One case per reported item gathers its
 * reports, the decisions on it and the objections to them; the audit log records every step.
 * The item itself carries whether it is removed (`removed_at` on services, reviews, comments,
 * messages and profiles), so every public query filters on its own row, no join.
 */
export const REPORT_ITEM_KINDS = ["service", "review", "comment", "profile", "message"] as const;
export type ReportItemKind = (typeof REPORT_ITEM_KINDS)[number];
export const REPORT_REASONS = ["illegal", "terms"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** DSA categories of illegal content, in German on the form (app/i18n/moderation.de.ts). */
export const ILLEGAL_CATEGORIES = [
  "fraud",
  "hate",
  "violence",
  "minors",
  "privacy",
  "ip",
  "consumer",
  "unsafe_products",
  "other",
] as const;
export type IllegalCategory = (typeof ILLEGAL_CATEGORIES)[number];
export const REPORT_EXPLANATION_MAX = 2000;
export const CASE_STATUSES = ["open", "decided", "objected"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** `confirm` upholds a decision after an objection; `restore` reverses a removal or suspension. */
export const DECISION_KINDS = ["dismiss", "remove", "suspend", "restore", "confirm"] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];
export const DECISION_GROUNDS = ["law", "terms"] as const;
export type DecisionGround = (typeof DECISION_GROUNDS)[number];
export const DECISION_REASON_MAX = 2000;
export const OBJECTION_MAX = 2000;

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const moderationCases = pgTable(
  "moderation_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemKind: text("item_kind", { enum: REPORT_ITEM_KINDS }).notNull(),
    /** The item's id (a user id for a profile). Kept after the item is gone: the case is evidence. */
    itemId: text("item_id").notNull(),
    /** Whose content it is; null once their account is deleted (the decisions stay). */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** What the item said when it was first reported (title or text), for the record. */
    itemSummary: text("item_summary").notNull().default(""),
    status: text("status", { enum: CASE_STATUSES }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it last needed support (a report, an objection): the queue's order. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("moderation_cases_item_idx").on(t.itemKind, t.itemId),
    check("moderation_cases_kind_valid", sql`${t.itemKind} in (${list(REPORT_ITEM_KINDS)})`),
    check("moderation_cases_status_valid", sql`${t.status} in (${list(CASE_STATUSES)})`),
    index("moderation_cases_queue_idx").on(t.status, t.updatedAt.desc()),
    index("moderation_cases_author_idx").on(t.authorId),
  ],
);

export const moderationReports = pgTable(
  "moderation_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => moderationCases.id, { onDelete: "cascade" }),
    /**
     * The signed-in reporter. Their account deletion keeps the report without what names them
     * (id, name, e-mail, client key; delete-account.server.ts): reason, explanation and time stay.
     */
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reporterName: text("reporter_name"),
    reporterEmail: text("reporter_email"),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    category: text("category", { enum: ILLEGAL_CATEGORIES }),
    explanation: text("explanation").notNull(),
    /** Keyed hash of the client address (never the address): the rate limit and the duplicate check. */
    clientKey: text("client_key").notNull(),
    /** Who reported, once per item: `user:<id>`, `email:<address>` or `client:<key>`. */
    reporterKey: text("reporter_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("moderation_reports_once_idx").on(t.caseId, t.reporterKey),
    check("moderation_reports_reason_valid", sql`${t.reason} in (${list(REPORT_REASONS)})`),
    check(
      "moderation_reports_category_valid",
      sql`(${t.reason} = 'illegal' and ${t.category} in (${list(ILLEGAL_CATEGORIES)})) or (${t.reason} = 'terms' and ${t.category} is null)`,
    ),
    check("moderation_reports_explanation_length", sql`char_length(btrim(${t.explanation})) between 1 and ${sql.raw(String(REPORT_EXPLANATION_MAX))}`),
    index("moderation_reports_case_idx").on(t.caseId, t.createdAt),
    index("moderation_reports_reporter_idx").on(t.reporterId),
  ],
);

export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => moderationCases.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DECISION_KINDS }).notNull(),
    ground: text("ground", { enum: DECISION_GROUNDS }).notNull(),
    /** The facts and reasons, as the statement of reasons gives them. */
    reason: text("reason").notNull(),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    /** The user the decision is about (the item's author); null once their account is deleted. */
    affectedUserId: text("affected_user_id").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    /** The affected user's one objection (DSA art. 20). */
    objection: text("objection"),
    objectedAt: timestamp("objected_at", { withTimezone: true }),
  },
  (t) => [
    check("moderation_decisions_kind_valid", sql`${t.kind} in (${list(DECISION_KINDS)})`),
    check("moderation_decisions_ground_valid", sql`${t.ground} in (${list(DECISION_GROUNDS)})`),
    check("moderation_decisions_reason_length", sql`char_length(btrim(${t.reason})) between 1 and ${sql.raw(String(DECISION_REASON_MAX))}`),
    check(
      "moderation_decisions_objection",
      sql`(${t.objection} is null) = (${t.objectedAt} is null) and (${t.objection} is null or char_length(btrim(${t.objection})) between 1 and ${sql.raw(String(OBJECTION_MAX))})`,
    ),
    index("moderation_decisions_case_idx").on(t.caseId, t.decidedAt),
    index("moderation_decisions_affected_idx").on(t.affectedUserId, t.decidedAt.desc()),
  ],
);

/** Who did what when, per case (reports, decisions, objections); kept when accounts go. */
export const moderationAudit = pgTable(
  "moderation_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => moderationCases.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** report, decision:<kind>, objection */
    action: text("action").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("moderation_audit_case_idx").on(t.caseId, t.createdAt)],
);
