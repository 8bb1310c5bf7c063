import { sql } from "drizzle-orm";
import { executeRows, type Database } from "~/lib/db.server";
import { OPEN_ORDER_STATUSES, type OrderStatus } from "./limits";
import { fromCents, toCents } from "./money";

/**
 * The dashboard's figures of orders (issue #15): a provider's revenue per month, open orders by
 * status and the funnel of the last 30 days; a buyer's spending and open orders. Every figure is
 * aggregated in SQL on the orders' party/status indexes; nothing is summed in JavaScript.
 */

/** Statuses in which an order still waits for someone (OPEN_ORDER_STATUSES; the dashboard links each to /orders). */
export type OpenStatus = Extract<OrderStatus, "requested" | "in_progress" | "delivered">;
export type OpenCounts = Record<OpenStatus, number>;

/** Months are calendar months in Germany: an order completed at 00:30 on 1 March (Berlin) is March revenue. */
const ZONE = "Europe/Berlin";
/** The chart's span: this month and the 11 before it. */
export const REVENUE_MONTHS = 12;
/** The funnel's span. */
export const FUNNEL_DAYS = 30;

export interface MonthRevenue {
  /** "2026-03" (a calendar month in Germany). */
  month: string;
  /** Exact numeric strings ("1234.50"). */
  net: string;
  gross: string;
  orders: number;
}

export interface SellerFigures {
  /** The last 12 months, oldest first; a month without revenue is there with 0. */
  months: MonthRevenue[];
  total: { net: string; gross: string; orders: number };
  open: OpenCounts;
  funnel: { views: number; conversations: number; orders: number; completed: number };
  /** Orders ever received as provider (any status). */
  orderCount: number;
}

export interface BuyerFigures {
  /** Orders ever placed (any status): the buyer part is only shown when there are some. */
  orderCount: number;
  completedCount: number;
  /** What completed orders cost (the buyer pays the total, VAT included): in the chart's 12 months, and ever. */
  spentRecent: string;
  spentTotal: string;
  open: OpenCounts;
}

export interface RevenueDashboard {
  seller: SellerFigures;
  buyer: BuyerFigures;
}

const statusList = sql.join(
  OPEN_ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

function emptyOpen(): OpenCounts {
  return Object.fromEntries(OPEN_ORDER_STATUSES.map((status) => [status, 0])) as OpenCounts;
}

/**
 * Revenue per month of completed orders, by completion time in Germany. Net and gross come from
 * the order's invoice. An order completed without an invoice (its provider had no billing details
 * any more, see issueInvoice) counts with net = gross = its total: without an invoice no VAT was
 * charged or shown, so the total is all that is known of it.
 */
export async function monthlyRevenue(db: Database, { sellerId, now = new Date() }: { sellerId: string; now?: Date }): Promise<MonthRevenue[]> {
  const rows = await executeRows<{ month: string; net: string; gross: string; orders: number }>(
    db,
    sql`
      with bounds as (
        select date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${ZONE}) as this_month
      ), months as (
        select generate_series(b.this_month - make_interval(months => ${REVENUE_MONTHS - 1}), b.this_month, interval '1 month') as month
        from bounds b
      ), done as (
        select date_trunc('month', o.completed_at at time zone ${ZONE}) as month,
               coalesce(i.net, o.total) as net,
               coalesce(i.gross, o.total) as gross
        from orders o
        cross join bounds b
        left join invoices i on i.order_id = o.id
        where o.seller_id = ${sellerId}
          and o.status = 'completed'
          and o.completed_at >= (b.this_month - make_interval(months => ${REVENUE_MONTHS - 1})) at time zone ${ZONE}
          and o.completed_at < (b.this_month + interval '1 month') at time zone ${ZONE}
      )
      select to_char(m.month, 'YYYY-MM') as month,
             coalesce(sum(d.net), 0)::numeric(14, 2)::text as net,
             coalesce(sum(d.gross), 0)::numeric(14, 2)::text as gross,
             count(d.month)::int as orders
      from months m
      left join done d on d.month = m.month
      group by m.month
      order by m.month
    `,
  );
  return rows.map((row) => ({ month: row.month, net: row.net, gross: row.gross, orders: Number(row.orders) }));
}

/** Open orders by status, as provider and as buyer (one query; each half on its party's status index). */
export async function openOrdersByStatus(db: Database, userId: string): Promise<{ selling: OpenCounts; buying: OpenCounts }> {
  const rows = await executeRows<{ role: "selling" | "buying"; status: OpenStatus; n: number }>(
    db,
    sql`
      select 'selling' as role, status, count(*)::int as n from orders
      where seller_id = ${userId} and status in (${statusList}) group by status
      union all
      select 'buying' as role, status, count(*)::int as n from orders
      where buyer_id = ${userId} and status in (${statusList}) group by status
    `,
  );
  const result = { selling: emptyOpen(), buying: emptyOpen() };
  for (const row of rows) result[row.role][row.status] = Number(row.n);
  return result;
}

/**
 * The provider's funnel of the last 30 days, each step counted in that period (not a cohort: an
 * order completed today may have been requested earlier, so a step can exceed the one before):
 * - views of their services on the last 30 days (service_view_days; the visits behind them are
 *   kept only a day), days as the view counter's windows (UTC);
 * - conversations started with them about one of their services, and the conversations of
 *   orders booked with them (each order opens one);
 * - orders requested from them;
 * - orders of theirs completed.
 */
export async function sellerFunnel(db: Database, { sellerId, now = new Date() }: { sellerId: string; now?: Date }): Promise<SellerFigures["funnel"]> {
  const until = now.toISOString();
  const since = new Date(now.getTime() - FUNNEL_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const [row] = await executeRows<SellerFigures["funnel"]>(
    db,
    sql`
      select
        (select coalesce(sum(v.views), 0)::int
           from services s
           join service_view_days v on v.service_id = s.id
           where s.created_by = ${sellerId}
             and v.day > (${until}::timestamptz at time zone 'UTC')::date - ${FUNNEL_DAYS}::int
             and v.day <= (${until}::timestamptz at time zone 'UTC')::date) as views,
        (select count(*)::int
           from conversations c
           where (c.user1_id = ${sellerId} or c.user2_id = ${sellerId})
             and c.created_at > ${since}::timestamptz and c.created_at <= ${until}::timestamptz
             and ((c.kind = 'service' and c.service_id in (select id from services where created_by = ${sellerId})
                   -- "Anbieter kontaktieren" opens the chat; it is an enquiry once someone wrote in it.
                   and exists (select 1 from messages m where m.conversation_id = c.id))
               or (c.kind = 'order' and exists (select 1 from orders o where o.id = c.order_id and o.seller_id = ${sellerId})))) as conversations,
        (select count(*)::int
           from orders
           where seller_id = ${sellerId} and created_at > ${since}::timestamptz and created_at <= ${until}::timestamptz) as orders,
        (select count(*)::int
           from orders
           where seller_id = ${sellerId} and status = 'completed'
             and completed_at > ${since}::timestamptz and completed_at <= ${until}::timestamptz) as completed
    `,
  );
  return { views: Number(row?.views ?? 0), conversations: Number(row?.conversations ?? 0), orders: Number(row?.orders ?? 0), completed: Number(row?.completed ?? 0) };
}

/** How many orders a user has in each role, and what they spent on completed ones. */
async function orderTotals(db: Database, { userId, now }: { userId: string; now: Date }) {
  const [row] = await executeRows<{ sold: number; bought: number; bought_completed: number; spent_total: string; spent_recent: string }>(
    db,
    sql`
      with bounds as (
        select (date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${ZONE}) - make_interval(months => ${REVENUE_MONTHS - 1})) at time zone ${ZONE} as since
      )
      select
        (select count(*)::int from orders where seller_id = ${userId}) as sold,
        count(o.id)::int as bought,
        (count(o.id) filter (where o.status = 'completed'))::int as bought_completed,
        coalesce(sum(o.total) filter (where o.status = 'completed'), 0)::numeric(14, 2)::text as spent_total,
        coalesce(sum(o.total) filter (where o.status = 'completed' and o.completed_at >= b.since), 0)::numeric(14, 2)::text as spent_recent
      from bounds b
      left join orders o on o.buyer_id = ${userId}
      group by b.since
    `,
  );
  return {
    sold: Number(row?.sold ?? 0),
    bought: Number(row?.bought ?? 0),
    boughtCompleted: Number(row?.bought_completed ?? 0),
    spentTotal: row?.spent_total ?? "0.00",
    spentRecent: row?.spent_recent ?? "0.00",
  };
}

/** The 12 months' sums are added up in whole cents (exact). */
function sumMoney(values: string[]): string {
  return fromCents(values.reduce((sum, value) => sum + toCents(value), 0));
}

/** Everything the dashboard shows about orders, for the signed-in user. */
export async function getRevenueDashboard(db: Database, { userId, now = new Date() }: { userId: string; now?: Date }): Promise<RevenueDashboard> {
  const [months, open, funnel, totals] = await Promise.all([
    monthlyRevenue(db, { sellerId: userId, now }),
    openOrdersByStatus(db, userId),
    sellerFunnel(db, { sellerId: userId, now }),
    orderTotals(db, { userId, now }),
  ]);
  return {
    seller: {
      months,
      total: {
        net: sumMoney(months.map((m) => m.net)),
        gross: sumMoney(months.map((m) => m.gross)),
        orders: months.reduce((sum, m) => sum + m.orders, 0),
      },
      open: open.selling,
      funnel,
      orderCount: totals.sold,
    },
    buyer: {
      orderCount: totals.bought,
      completedCount: totals.boughtCompleted,
      spentRecent: totals.spentRecent,
      spentTotal: totals.spentTotal,
      open: open.buying,
    },
  };
}
