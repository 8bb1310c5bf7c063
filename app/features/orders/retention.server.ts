import { sql } from "drizzle-orm";
import { z } from "zod";
import { rowsOf, type Database } from "~/lib/db.server";
import { defineJob } from "~/lib/jobs/types";
import { log } from "~/lib/log.server";
import { todayInGermany } from "./schema";

/**
 * How long an ended order and its invoice are kept once a party has deleted the account: invoices
 * and booking records eight years (§147 (1) no. 4, (3) AO and §14b UStG as amended on 1 January
 * 2025), counted from the end of the calendar year in which the record was made (§147 (4) AO).
 * The privacy policy promises deletion afterwards (ADR 025).
 */
export const RETENTION_YEARS = 8;
/** Orders removed per transaction: a long backlog (a first run) goes in short steps. */
const BATCH = 200;

/** The first day of the oldest calendar year whose records must still be kept, as 'YYYY-01-01' (German time). */
export function retentionCutoff(now: Date): string {
  return `${Number(todayInGermany(now).slice(0, 4)) - RETENTION_YEARS}-01-01`;
}

/**
 * Removes the ended orders whose retention has run out and of which at least one party has
 * deleted the account: the invoice row, then the order with its timeline, delivery files and
 * order conversation (by cascade). Their stored files (invoice PDF, delivery files, the
 * conversation's attachments) are then named by no row; the storage sweep removes them within
 * its next run. Orders of two existing accounts stay: both can still see them, and each party
 * keeps its own records. Open orders never go (an account deletion ends them first).
 */
export async function purgeExpiredOrders(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = retentionCutoff(now);
  let removed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const ids = rowsOf<{ id: string }>(await tx.execute(sql`
        with expired as (
          select o.id from orders o
          left join invoices i on i.order_id = o.id
          where (o.buyer_id is null or o.seller_id is null)
            and o.status in ('completed', 'declined', 'cancelled')
            and (coalesce(o.completed_at, o.updated_at) at time zone 'Europe/Berlin')::date < ${cutoff}::date
            and (i.id is null or i.issued_on < ${cutoff}::date)
          order by o.id
          limit ${BATCH}
          for update of o skip locked
        ),
        gone_invoices as (
          delete from invoices where order_id in (select id from expired) returning order_id
        )
        select id from expired
      `)).map((row) => row.id);
      if (ids.length === 0) return 0;
      // In a second statement: a data-modifying CTE's deletions are not visible to the rest of its
      // statement, so the invoices' restrict reference would refuse the orders in the same one.
      await tx.execute(sql`delete from orders where id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
      return ids.length;
    });
    removed += count;
    if (count < BATCH) break;
  }
  return removed;
}

/** Daily (app/lib/jobs/registry.server.ts); two runs at once skip each other's locked rows. */
export const orderRetentionJob = defineJob({
  name: "orders.retention",
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, { db }) {
    const removed = await purgeExpiredOrders(db);
    if (removed) log.info(`Aufbewahrungsfrist abgelaufen: ${removed} Auftrag/Aufträge mit Rechnung gelöscht.`);
  },
});
