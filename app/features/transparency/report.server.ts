import { sql } from "drizzle-orm";
import type { DecisionGround, DecisionKind, IllegalCategory, ReportItemKind, ReportReason } from "~/db/schema/moderation";
import { executeRows, type Database } from "~/lib/db.server";
import { createSharedCache, type SharedCache } from "~/lib/shared-cache.server";

/** The period the transparency page covers (DSA art. 15: at least once a year). */
export const TRANSPARENCY_MONTHS = 12;
/** The figures are reused this long per process: they change by the hour, not by the request. */
export const TRANSPARENCY_CACHE_MS = 10 * 60_000;

export interface TransparencyReport {
  from: Date;
  to: Date;
  reports: {
    total: number;
    byReason: Record<ReportReason, number>;
    /** Illegal content by its category, most reported first (only categories that occurred). */
    byCategory: { category: IllegalCategory; count: number }[];
    byItemKind: { kind: ReportItemKind; count: number }[];
  };
  decisions: {
    total: number;
    byKind: { kind: DecisionKind; count: number }[];
    byGround: Record<DecisionGround, number>;
    /** Median hours from the notice (or the objection) to the decision on it; null without decisions. */
    medianHours: number | null;
  };
  objections: {
    total: number;
    /** Objections decided in the objector's favour (the content or account restored). */
    reversed: number;
    /** Objections still waiting for a decision. */
    open: number;
  };
}

const count = (value: unknown) => Number(value ?? 0);

/**
 * The notice-and-action figures of the last twelve months, computed from the moderation tables
 * in four grouped statements (each a range scan of one table by its time; the tables are small
 * next to the catalogue). Reports count when they arrived, decisions and objections when they
 * were made.
 *
 * Time to decision: a decision answers the reports that arrived on its case since the previous
 * decision (it starts at the earliest of them); a decision after an objection (restore or confirm)
 * starts at the objection. Decisions with no such start (a case opened without a report on
 * record) are left out of the median rather than guessed. A reporter's account deletion keeps
 * their reports, anonymised, so they still count here.
 */
export async function readTransparency(db: Database, now: Date): Promise<TransparencyReport> {
  const from = new Date(now);
  from.setMonth(from.getMonth() - TRANSPARENCY_MONTHS);
  const [reportRows, kindRows, decisionRows, timing] = await Promise.all([
    executeRows<{ reason: ReportReason; category: IllegalCategory | null; n: number }>(db, sql`
      select reason, category, count(*)::int as n
      from moderation_reports
      where created_at >= ${from} and created_at < ${now}
      group by reason, category`),
    executeRows<{ kind: ReportItemKind; n: number }>(db, sql`
      select c.item_kind as kind, count(*)::int as n
      from moderation_reports r join moderation_cases c on c.id = r.case_id
      where r.created_at >= ${from} and r.created_at < ${now}
      group by c.item_kind
      order by n desc, c.item_kind`),
    executeRows<{ kind: DecisionKind; ground: DecisionGround; n: number }>(db, sql`
      select kind, ground, count(*)::int as n
      from moderation_decisions
      where decided_at >= ${from} and decided_at < ${now}
      group by kind, ground`),
    executeRows<{ median_hours: number | null; objections: number; reversed: number; open: number }>(db, sql`
      with ordered as (
        select d.case_id, d.kind, d.decided_at,
               lag(d.decided_at) over w as previous_at,
               lag(d.objected_at) over w as objection_at
        from moderation_decisions d
        window w as (partition by d.case_id order by d.decided_at, d.id)
      ),
      timed as (
        select o.decided_at,
               case when o.kind in ('restore', 'confirm') and o.objection_at is not null then o.objection_at
                    else (select min(r.created_at) from moderation_reports r
                          where r.case_id = o.case_id
                            and r.created_at <= o.decided_at
                            and (o.previous_at is null or r.created_at > o.previous_at))
               end as started_at,
               o.kind, o.objection_at
        from ordered o
        where o.decided_at >= ${from} and o.decided_at < ${now}
      )
      select
        (select percentile_cont(0.5) within group (order by extract(epoch from decided_at - started_at) / 3600)
           from timed where started_at is not null)::float8 as median_hours,
        (select count(*)::int from moderation_decisions where objected_at >= ${from} and objected_at < ${now}) as objections,
        (select count(*)::int from timed where kind = 'restore' and objection_at is not null) as reversed,
        (select count(*)::int from moderation_cases where status = 'objected') as open`),
  ]);

  const byReason: Record<ReportReason, number> = { illegal: 0, terms: 0 };
  const categories = new Map<IllegalCategory, number>();
  for (const row of reportRows) {
    byReason[row.reason] += count(row.n);
    if (row.category) categories.set(row.category, (categories.get(row.category) ?? 0) + count(row.n));
  }
  const byGround: Record<DecisionGround, number> = { law: 0, terms: 0 };
  const kinds = new Map<DecisionKind, number>();
  for (const row of decisionRows) {
    byGround[row.ground] += count(row.n);
    kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + count(row.n));
  }
  const sorted = <K>(map: Map<K, number>) => [...map].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
  const t = timing[0];
  return {
    from,
    to: now,
    reports: {
      total: byReason.illegal + byReason.terms,
      byReason,
      byCategory: sorted(categories).map(([category, n]) => ({ category, count: n })),
      byItemKind: kindRows.map((r) => ({ kind: r.kind, count: count(r.n) })),
    },
    decisions: {
      total: byGround.law + byGround.terms,
      byKind: sorted(kinds).map(([kind, n]) => ({ kind, count: n })),
      byGround,
      medianHours: t?.median_hours == null ? null : Number(t.median_hours),
    },
    objections: { total: count(t?.objections), reversed: count(t?.reversed), open: count(t?.open) },
  };
}

const globalForTransparency = globalThis as unknown as { __transparencyCache?: SharedCache<TransparencyReport> };

/** One read per ten minutes and process (single-flight), whoever asks. */
export function transparencyReport(db: Database, now = () => new Date()): Promise<TransparencyReport> {
  globalForTransparency.__transparencyCache ??= createSharedCache<TransparencyReport>({ ttlMs: () => TRANSPARENCY_CACHE_MS, maxEntries: 1 });
  return globalForTransparency.__transparencyCache.get("report", () => readTransparency(db, now()));
}
