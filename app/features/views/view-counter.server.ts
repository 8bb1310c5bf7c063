import { createHmac } from "node:crypto";
import { isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import { profiles, serviceViewDays, services, viewVisits, type ViewKind } from "~/db/schema";
import { rowsOf, type Database } from "~/lib/db.server";

/**
 * View counters count an opening once per visitor, item and window. The window is a calendar day
 * in UTC: opening a service again the same day leaves its count alone, the next day counts again.
 */
const WINDOW_MS = 24 * 60 * 60 * 1000;

/** Who opened something: the signed-in user, or else the client's address and browser. */
export interface Visitor {
  userId: string | null;
  ip: string;
  userAgent: string;
}

/** One opening of a service or profile page. */
export interface ViewOpening {
  visitor: Visitor;
  /** The server secret (AUTH_SECRET) the visitor keys are derived from. */
  secret: string;
  /** When it happened (tests pass their own clock). */
  now?: Date;
}

/** The start of the window `now` falls in (midnight UTC). */
export function viewWindowStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
}

/**
 * The network a client address stands for: an IPv6 client usually holds a whole /64 and can
 * pick a new address from it at will, so only its first half counts; IPv4 (also written as
 * IPv4-mapped IPv6) counts whole.
 */
export function clientNetwork(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The stored name of a visitor in a window: an HMAC-SHA-256 of the user id, or of the client's
 * network and user agent, under a key derived from the server secret and the window's day. No
 * address is stored, the key cannot be recomputed without the secret, and the same visitor gets
 * an unrelated key the next day.
 */
export function visitorKey(visitor: Visitor, secret: string, windowStart: Date): string {
  const dailyKey = createHmac("sha256", secret).update(`view-visits:${windowStart.toISOString().slice(0, 10)}`).digest();
  const identity = visitor.userId ? `user:${visitor.userId}` : `client:${clientNetwork(visitor.ip)}\n${visitor.userAgent}`;
  return createHmac("sha256", dailyKey).update(identity).digest("base64url");
}

/** What each kind of item counts in. */
const targets = {
  service: { table: services, id: services.id, counter: services.views },
  profile: { table: profiles, id: profiles.userId, counter: profiles.profileViews },
} as const;

/** The window each database was last pruned for, in this process. */
const prunedFor = new WeakMap<Database, number>();

/**
 * Deletes the visits of ended windows, keeping the previous one: a process whose clock is a little
 * behind may still be counting in it. The primary key leads with the window, so this is a range
 * delete on the index.
 */
export async function pruneViewVisits(db: Database, now: Date): Promise<void> {
  const keepFrom = new Date(viewWindowStart(now).getTime() - WINDOW_MS);
  await db.delete(viewVisits).where(sql`${viewVisits.windowStart} < ${keepFrom.toISOString()}::timestamptz`);
}

/**
 * Counts an opening of a service or profile: the first one of the visitor in the window adds one
 * to the item's counter, any later one does not. Returns the item's count (unchanged on a repeated
 * opening), or null when there is no such item. One statement: the visit row, the +1 and a
 * service's count of the day commit together, and the primary key lets exactly one of
 * simultaneous first openings through, also across processes.
 */
export async function countView(db: Database, kind: ViewKind, itemId: string, { visitor, secret, now = new Date() }: ViewOpening): Promise<number | null> {
  const windowStart = viewWindowStart(now);
  // The first opening in a new window (per process) clears the ended ones first.
  if (prunedFor.get(db) !== windowStart.getTime()) {
    prunedFor.set(db, windowStart.getTime());
    await pruneViewVisits(db, now).catch((error: unknown) => {
      prunedFor.delete(db); // the next opening tries again
      throw error;
    });
  }
  const { table, id, counter } = targets[kind];
  // A service's counted view also goes to its day (the funnel of the dashboard reads 30 of them).
  const perDay =
    kind === "service"
      ? sql`, per_day as (
      insert into ${serviceViewDays} (service_id, day, views)
      select item.${sql.identifier(id.name)}, ${windowStart.toISOString().slice(0, 10)}::date, 1 from item where exists (select 1 from visit)
      on conflict (service_id, day) do update set views = ${serviceViewDays}.views + 1
    )`
      : sql``;
  const [row] = rowsOf<{ counted: number | string | null; current: number | string | null }>(await db.execute(sql`
    with item as (
      select ${id} from ${table} where ${id} = ${itemId}
    ), visit as (
      insert into ${viewVisits} (window_start, kind, item_id, visitor_key)
      select ${windowStart.toISOString()}::timestamptz, ${kind}::text, ${itemId}::text, ${visitorKey(visitor, secret, windowStart)}::text from item
      on conflict do nothing
      returning 1
    )${perDay}, counted as (
      update ${table} set ${sql.identifier(counter.name)} = ${counter} + 1
      where ${id} = ${itemId} and exists (select 1 from visit)
      returning ${counter} as n
    )
    select (select n from counted) as counted, (select ${counter} from ${table} where ${id} = ${itemId}) as current
  `));
  const views = row?.counted ?? row?.current ?? null;
  return views === null ? null : Number(views);
}
