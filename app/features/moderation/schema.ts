import { z } from "zod";
import {
  DECISION_GROUNDS,
  DECISION_KINDS,
  DECISION_REASON_MAX,
  ILLEGAL_CATEGORIES,
  OBJECTION_MAX,
  REPORT_EXPLANATION_MAX,
  REPORT_REASONS,
} from "~/db/schema/moderation";
import { moderationDe as t } from "~/i18n/moderation.de";

export { DECISION_REASON_MAX, OBJECTION_MAX, REPORT_EXPLANATION_MAX };
export const REPORTER_NAME_MAX = 100;

/** An optional text field: trimmed, and empty is "not given". */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, { message }))
    .transform((v) => (v === "" ? null : v));

/**
 * The report form ("Melden", DSA art. 16). Field names: reason (illegal | terms), category (with
 * illegal), explanation, and when signed out name and email, both optional.
 */
export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: t.report.reasonRequired }),
    category: z
      .string()
      .optional()
      .transform((v) => (v ? v : null)),
    explanation: z
      .string({ message: t.report.explanationRequired })
      .trim()
      .min(1, { message: t.report.explanationRequired })
      .max(REPORT_EXPLANATION_MAX, { message: t.report.explanationTooLong(REPORT_EXPLANATION_MAX) }),
    name: optionalText(REPORTER_NAME_MAX, t.report.nameTooLong),
    email: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().toLowerCase())
      .pipe(z.union([z.literal(""), z.string().max(254, { message: t.report.emailInvalid }).pipe(z.email({ message: t.report.emailInvalid }))]))
      .transform((v) => (v === "" ? null : v)),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "illegal" && !(ILLEGAL_CATEGORIES as readonly string[]).includes(value.category ?? "")) {
      ctx.addIssue({ code: "custom", path: ["category"], message: t.report.categoryRequired });
    }
  })
  .transform((value) => ({
    ...value,
    category: value.reason === "illegal" ? (value.category as (typeof ILLEGAL_CATEGORIES)[number]) : null,
  }));

export type ReportInput = z.output<typeof reportSchema>;

/** A moderation decision: kind, ground (law or terms) and the reason the affected user reads. */
export const decisionSchema = z.object({
  kind: z.enum(DECISION_KINDS, { message: t.case.kindRequired }),
  ground: z.enum(DECISION_GROUNDS).catch("terms"),
  reason: z
    .string({ message: t.case.reasonRequired })
    .trim()
    .min(1, { message: t.case.reasonRequired })
    .max(DECISION_REASON_MAX, { message: t.case.reasonTooLong(DECISION_REASON_MAX) }),
});

export const objectionSchema = z.object({
  objection: z
    .string({ message: t.mine.objectRequired })
    .trim()
    .min(1, { message: t.mine.objectRequired })
    .max(OBJECTION_MAX, { message: t.mine.objectTooLong(OBJECTION_MAX) }),
});
