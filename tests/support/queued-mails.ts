import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { MailMessage } from "~/lib/mail.server";
import { testEngine } from "./test-database";

/**
 * The mails queued so far (the payloads of the "mail.send" jobs, in the queue of either engine:
 * graphile-worker's tables on PostgreSQL, the local runner's `jobs` table on PGlite), oldest
 * first; only those to `to` when given.
 */
export async function queuedMails(db: Database, to?: string): Promise<MailMessage[]> {
  const result = (await db.execute(
    testEngine === "postgres"
      ? sql`select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail.send' order by j.id`
      : sql`select payload from jobs where task = 'mail.send' order by id`,
  )) as unknown as { rows: { payload: MailMessage | string }[] };
  const mails = result.rows.map((r) => (typeof r.payload === "string" ? (JSON.parse(r.payload) as MailMessage) : r.payload));
  return to === undefined ? mails : mails.filter((m) => m.to === to);
}
