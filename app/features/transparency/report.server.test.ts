import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationCases, moderationDecisions, moderationReports } from "~/db/schema/moderation";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { readTransparency } from "./report.server";

let t: TestDatabase;
const now = new Date("2026-06-01T12:00:00Z");
const hours = (h: number) => h * 3_600_000;
const ago = (days: number, plusHours = 0) => new Date(now.getTime() - days * 86_400_000 + hours(plusHours));

type Kind = typeof moderationCases.$inferInsert.itemKind;
let reporter = 0;
async function moderationCase(kind: Kind, status: "open" | "decided" | "objected" = "decided") {
  const [row] = await t.db
    .insert(moderationCases)
    .values({ itemKind: kind, itemId: `${kind}-${++reporter}`, status })
    .returning({ id: moderationCases.id });
  return row!.id;
}
async function report(caseId: string, at: Date, reason: "illegal" | "terms", category: typeof moderationReports.$inferInsert.category = null) {
  const key = `client:${++reporter}`;
  await t.db.insert(moderationReports).values({ caseId, reason, category, explanation: "Begründung", clientKey: key, reporterKey: key, createdAt: at });
}
async function decision(caseId: string, kind: typeof moderationDecisions.$inferInsert.kind, ground: "law" | "terms", at: Date, objectedAt?: Date) {
  await t.db
    .insert(moderationDecisions)
    .values({ caseId, kind, ground, reason: "Gründe", decidedAt: at, objection: objectedAt ? "Ich widerspreche." : null, objectedAt: objectedAt ?? null });
}

beforeAll(async () => {
  t = await createTestDatabase();
  // A service: two reports, removed 4 h after the first; the author objects, restored 2 h after the objection.
  const service = await moderationCase("service");
  await report(service, ago(10), "illegal", "fraud");
  await report(service, ago(10, 1), "terms");
  await decision(service, "remove", "terms", ago(10, 4), ago(10, 5));
  await decision(service, "restore", "terms", ago(10, 7));
  // A review: dismissed after 30 h; reported again two days later and dismissed 20 h after that.
  const review = await moderationCase("review");
  await report(review, ago(5), "illegal", "hate");
  await decision(review, "dismiss", "law", ago(5, 30));
  await report(review, ago(3), "terms");
  await decision(review, "dismiss", "terms", ago(3, 20));
  // A message reported and decided 400 days ago (outside the period), reported again yesterday (open).
  const message = await moderationCase("message", "open");
  await report(message, ago(400), "illegal", "violence");
  await decision(message, "dismiss", "law", ago(399));
  await report(message, ago(1), "terms");
  // A comment removed 40 h after its report; the objection is still waiting.
  const comment = await moderationCase("comment", "objected");
  await report(comment, ago(2, -40), "illegal", "privacy");
  await decision(comment, "remove", "law", ago(2), ago(1));
});
afterAll(() => t?.destroy());

describe(`the transparency report on ${testEngine}`, () => {
  it("counts the last twelve months' reports by reason, category and kind of content", async () => {
    const report = await readTransparency(t.db, now);
    expect(report.from).toEqual(new Date("2025-06-01T12:00:00Z"));
    expect(report.reports).toEqual({
      total: 6,
      byReason: { illegal: 3, terms: 3 },
      byCategory: [
        { category: "fraud", count: 1 },
        { category: "hate", count: 1 },
        { category: "privacy", count: 1 },
      ],
      byItemKind: [
        { kind: "review", count: 2 },
        { kind: "service", count: 2 },
        { kind: "comment", count: 1 },
        { kind: "message", count: 1 },
      ],
    });
  });

  it("counts decisions by kind and ground, and the median time from the notice or objection to the decision", async () => {
    const { decisions } = await readTransparency(t.db, now);
    expect(decisions.total).toBe(5);
    expect(decisions.byKind).toEqual([
      { kind: "dismiss", count: 2 },
      { kind: "remove", count: 2 },
      { kind: "restore", count: 1 },
    ]);
    expect(decisions.byGround).toEqual({ law: 2, terms: 3 });
    // 4 h (first report to removal), 2 h (objection to restoring), 30 h, 20 h (the second report
    // to the second dismissal; from the first report it would be 68 h and the median 30 h), 40 h.
    expect(decisions.medianHours).toBeCloseTo(20, 5);
  });

  it("counts objections, those decided for the objector, and those waiting", async () => {
    const { objections } = await readTransparency(t.db, now);
    expect(objections).toEqual({ total: 2, reversed: 1, open: 1 });
  });

  it("is empty, not wrong, for a period without moderation", async () => {
    const report = await readTransparency(t.db, new Date("2020-01-01T00:00:00Z"));
    expect(report.reports.total).toBe(0);
    expect(report.reports.byCategory).toEqual([]);
    expect(report.decisions).toEqual({ total: 0, byKind: [], byGround: { law: 0, terms: 0 }, medianHours: null });
    expect(report.objections.total).toBe(0);
  });
});
