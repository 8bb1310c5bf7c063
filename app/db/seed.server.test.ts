import { verifyPassword } from "better-auth/crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATE_CATEGORIES, ORDER_STATUSES } from "~/db/schema";
import { RESPONSE_MIN_ANSWERED } from "~/features/services/provider-trust.server";
import { TRANSITIONS } from "~/features/orders/orders.server";
import { isValidIban } from "~/features/orders/schema";
import { fromCents, splitGross, toCents } from "~/features/orders/money";
import type { Database } from "~/lib/db.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { DEMO_PASSWORD, DEMO_USERS, seedDemoContent, type SeedResult } from "./seed.server";
import { SUPPORT_TICKETS } from "./seed/tickets";

const NOW = new Date("2025-06-15T10:00:00.000Z");

const TABLES = [
  "user",
  "account",
  "profiles",
  "services",
  "service_reviews",
  "service_comments",
  "favorites",
  "purchases",
  "conversations",
  "messages",
  "notifications",
  "support_tickets",
  "support_ticket_replies",
  "billing_profiles",
  "orders",
  "order_events",
  "invoices",
  "invoice_counters",
  "service_view_days",
] as const;

let t: TestDatabase;
let first: SeedResult;

beforeAll(async () => {
  t = await createTestDatabase();
  first = await seedDemoContent(t.db, { now: NOW });
});
afterAll(async () => {
  await t?.destroy();
});

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const rows = <T>(query: SQL) => rowsOf<T>(t.db, query);

async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error("no row");
  return row;
}

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts[table] = row?.n ?? -1;
  }
  return counts;
}

describe(`demo seed on ${testEngine}`, () => {
  it("reports the demo logins", () => {
    expect(first.seeded).toBe(true);
    expect(first.logins).toHaveLength(DEMO_USERS.length);
    for (const login of first.logins) {
      expect(login.email).toMatch(/@demo\.marktplatz\.example$/);
      expect(login.password).toBe(DEMO_PASSWORD);
      expect(login.note.length).toBeGreaterThan(0);
    }
    expect(first.logins.map((l) => l.note)).toEqual(expect.arrayContaining(["Support", "Premium"]));
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
  });

  it("creates about a dozen users, each with one profile and one credential account", async () => {
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from "user"`);
    expect(n).toBe(DEMO_USERS.length);
    expect(n).toBeGreaterThanOrEqual(10);
    expect(n).toBeLessThanOrEqual(15);

    const broken = await rows<{ id: string }>(sql`
      select u.id from "user" u
      where (select count(*) from profiles p where p.user_id = u.id) <> 1
         or (select count(*) from account a where a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id and a.password is not null) <> 1
         or (select count(*) from account a where a.user_id = u.id) <> 1
         or not u.email_verified
    `);
    expect(broken).toEqual([]);

    const profiles = await rows<{ email: string; username: string; bio: string; avatar_url: string | null; gallery: unknown }>(
      sql`select p.email, p.username, p.bio, p.avatar_url, p.gallery from profiles p join "user" u on u.id = p.user_id and u.email = p.email`,
    );
    expect(profiles).toHaveLength(DEMO_USERS.length);
    for (const p of profiles) {
      expect(p.username).toMatch(/^[A-Za-z0-9._-]{3,30}$/);
      expect(p.bio.length).toBeGreaterThan(0);
      expect(p.bio.length).toBeLessThanOrEqual(300);
      expect(p.avatar_url).toBeNull();
      expect(p.gallery).toEqual([]);
    }
  });

  it("has exactly one support account and one premium account", async () => {
    const counts = await one<{ support: number; premium: number }>(sql`
      select count(*) filter (where role = 'support')::int as support,
             count(*) filter (where is_premium)::int as premium
      from profiles
    `);
    expect(counts).toEqual({ support: 1, premium: 1 });
  });

  it("creates 40+ services in every create category, owned by regular users", async () => {
    const byCategory = await rows<{ category: string; n: number }>(
      sql`select category, count(*)::int as n from services group by category`,
    );
    const total = byCategory.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(40);
    for (const category of CREATE_CATEGORIES) {
      expect(byCategory.find((r) => r.category === category)?.n ?? 0, category).toBeGreaterThanOrEqual(4);
    }

    const stats = await one<{ featured: number; cheap: number; expensive: number; by_support: number; bad_price: number; bad_times: number }>(sql`
      select count(*) filter (where s.is_featured)::int as featured,
             count(*) filter (where s.price < 100)::int as cheap,
             count(*) filter (where s.price > 1000)::int as expensive,
             count(*) filter (where p.role = 'support')::int as by_support,
             count(*) filter (where s.price < 15 or s.price > 2500 or s.views not between 0 and 2000)::int as bad_price,
             count(*) filter (where s.updated_at < s.created_at or s.created_at > ${NOW} or s.created_at < ${NOW}::timestamptz - interval '12 months 1 day')::int as bad_times
      from services s join profiles p on p.user_id = s.created_by
    `);
    expect(stats.featured).toBeGreaterThanOrEqual(1);
    expect(stats.cheap).toBeGreaterThan(0);
    expect(stats.expensive).toBeGreaterThan(0);
    expect(stats.by_support).toBe(0);
    expect(stats.bad_price).toBe(0);
    expect(stats.bad_times).toBe(0);
  });

  it("never lets an owner review their own service", async () => {
    const own = await one<{ n: number }>(
      sql`select count(*)::int as n from service_reviews r join services s on s.id = r.service_id where r.user_id = s.created_by`,
    );
    expect(own.n).toBe(0);
    const reviews = await one<{ n: number; with_text: number }>(
      sql`select count(*)::int as n, count(review_text)::int as with_text from service_reviews`,
    );
    expect(reviews.n).toBeGreaterThanOrEqual(100);
    expect(reviews.with_text).toBeGreaterThan(0);
    expect(reviews.with_text).toBeLessThan(reviews.n);
  });

  it("keeps every service's rating cache exact", async () => {
    const mismatches = await rows<{ id: string }>(sql`
      select s.id
      from services s
      left join (
        select service_id, count(*)::int as c, round(avg(rating)::numeric, 2) as a
        from service_reviews group by service_id
      ) r on r.service_id = s.id
      where s.rating_count <> coalesce(r.c, 0) or s.rating_avg <> coalesce(r.a, 0)
    `);
    expect(mismatches).toEqual([]);
    const rated = await one<{ n: number }>(sql`select count(*)::int as n from services where rating_count > 0`);
    expect(rated.n).toBeGreaterThan(0);
  });

  it("creates comments, favourites, purchases, tickets, notifications and chats", async () => {
    const counts = await tableCounts(t.db);
    expect(counts.service_comments).toBeGreaterThanOrEqual(50);
    expect(counts.favorites).toBeGreaterThanOrEqual(30);
    expect(counts.purchases).toBeGreaterThanOrEqual(5);
    expect(counts.notifications).toBeGreaterThanOrEqual(3);
    // The six demo chats, and the conversation every order opens.
    expect(counts.conversations).toBe(6 + counts.orders!);
    // Anna answered three questions about her services: her pages say how fast she replies.
    // (Counted here as the trust box counts them; its own window is relative to the real now.)
    const answered = await one<{ n: number }>(sql`
      select count(*)::int as n from conversations c
      join profiles p on p.username = 'anna.schmidt' and p.user_id in (c.user1_id, c.user2_id)
      where exists (
        select 1 from messages asked join messages reply on reply.conversation_id = asked.conversation_id
        where asked.conversation_id = c.id and asked.sender_id <> p.user_id and reply.sender_id = p.user_id and reply.created_at > asked.created_at
      )`);
    expect(answered.n).toBeGreaterThanOrEqual(RESPONSE_MIN_ANSWERED);
    // Every seeded notification names its kind (none is "other").
    expect(await one<{ n: number }>(sql`select count(*)::int as n from notifications where kind = 'other'`)).toEqual({ n: 0 });

    // A purchase without an order (older data) has the service's price; one from an order its total.
    const badPurchases = await one<{ n: number }>(sql`
      select count(*)::int as n from purchases pu
      join services s on s.id = pu.service_id
      left join orders o on o.id = pu.order_id
      where pu.buyer_id = s.created_by
         or (pu.order_id is null and pu.price <> s.price)
         or (pu.order_id is not null and (pu.price <> o.total or pu.buyer_id <> o.buyer_id or o.status <> 'completed'))
    `);
    expect(badPurchases.n).toBe(0);

    const statuses = await rows<{ status: string; role: string }>(
      sql`select t.status, p.role from support_tickets t join profiles p on p.user_id = t.user_id`,
    );
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["open", "in_progress", "resolved", "closed"]));
    expect(statuses).toHaveLength(SUPPORT_TICKETS.length);
    expect(statuses.every((s) => s.role === "user")).toBe(true);

    // Ticket conversations (ADR 022): support answered every ticket with replies, authors wrote
    // back on some; all after the ticket was opened and before now, and a done ticket's status
    // changed after its last reply.
    const replies = await rows<{ subject: string; status: string; from_support: boolean; role: string; own: boolean; in_time: boolean; before_change: boolean }>(sql`
      select t.subject, t.status, r.from_support, p.role, r.author_id = t.user_id as own,
             r.created_at > t.created_at and r.created_at <= ${NOW} as in_time,
             (t.status = 'open' or r.created_at < t.updated_at) as before_change
      from support_ticket_replies r join support_tickets t on t.id = r.ticket_id join profiles p on p.user_id = r.author_id
    `);
    expect(replies).toHaveLength(SUPPORT_TICKETS.reduce((n, ticket) => n + ticket.replies.length, 0));
    expect(replies.filter((r) => r.from_support).length).toBeGreaterThanOrEqual(4);
    expect(replies.filter((r) => !r.from_support).length).toBeGreaterThanOrEqual(2);
    for (const reply of replies) {
      expect(reply.role).toBe(reply.from_support ? "support" : "user");
      expect(reply.own).toBe(!reply.from_support);
      expect(reply.in_time).toBe(true);
      expect(reply.before_change).toBe(true);
    }
    const told = await one<{ author: number; staff: number }>(sql`
      select count(*) filter (where n.title = 'Neue Antwort vom Support')::int as author,
             count(*) filter (where n.title = 'Neue Antwort auf ein Ticket' and p.role = 'support')::int as staff
      from notifications n join profiles p on p.user_id = n.user_id where n.kind = 'tickets' and n.link like '/support/%'
    `);
    expect(told).toEqual({ author: replies.filter((r) => r.from_support).length, staff: replies.filter((r) => !r.from_support).length });

    const chats = await rows<{ service_id: string | null; kind: string; n: number; last_ok: boolean; unread: number; ordered: boolean }>(sql`
      select c.service_id, c.kind,
             count(m.id)::int as n,
             c.last_message_at = max(m.created_at) as last_ok,
             count(*) filter (where not m.read)::int as unread,
             c.user1_id < c.user2_id collate "C" as ordered
      from conversations c join messages m on m.conversation_id = c.id
      group by c.id, c.kind
    `);
    expect(chats.filter((c) => c.service_id !== null && c.kind === "service")).toHaveLength(4);
    expect(chats.filter((c) => c.service_id === null && c.kind === "direct")).toHaveLength(2);
    // One long direct chat (more than a page of 50, all read) for trying "load earlier".
    const long = chats.filter((c) => c.n > 50);
    expect(long).toHaveLength(1);
    expect(long[0]).toMatchObject({ kind: "direct", unread: 0, last_ok: true, ordered: true });
    for (const chat of chats.filter((c) => c.n <= 50)) {
      expect(chat.n).toBeGreaterThanOrEqual(3);
      expect(chat.n).toBeLessThanOrEqual(8);
      expect(chat.last_ok).toBe(true);
      expect(chat.ordered).toBe(true);
      expect(chat.unread).toBeLessThanOrEqual(2);
    }
    // Most have something unread to try the badges with (Anna's two answered questions do not).
    expect(chats.filter((c) => c.n <= 50 && c.unread === 0 && c.kind === "service")).toHaveLength(2);
    expect(chats.filter((c) => c.n <= 50 && c.unread === 0 && c.kind !== "service")).toHaveLength(0);
  });

  it("gives every provider valid billing details, one of them a small business (§19 UStG)", async () => {
    const billing = await rows<{ username: string; iban: string; tax_number: string | null; vat_id: string | null; small_business: boolean; vat_rate: number; bic: string }>(sql`
      select p.username, b.iban, b.tax_number, b.vat_id, b.small_business, b.vat_rate, b.bic
      from billing_profiles b join profiles p on p.user_id = b.user_id
      where exists (select 1 from services s where s.created_by = b.user_id)
    `);
    const providers = await one<{ n: number }>(sql`select count(distinct created_by)::int as n from services`);
    expect(billing).toHaveLength(providers.n);
    for (const b of billing) {
      expect(isValidIban(b.iban), `${b.username} ${b.iban}`).toBe(true);
      expect(b.iban).toMatch(/^DE\d{20}$/);
      expect(b.bic).toMatch(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
      expect(b.tax_number ?? b.vat_id, b.username).toBeTruthy();
      if (b.tax_number) expect(b.tax_number).toMatch(/^[0-9 /-]{10,20}$/);
      if (b.vat_id) expect(b.vat_id).toMatch(/^DE\d{9}$/);
    }
    expect(billing.filter((b) => b.small_business)).toHaveLength(1);
    expect(new Set(billing.map((b) => b.vat_rate))).toEqual(new Set([19, 7]));
  });

  it("has orders in every status, with timelines that follow the state machine", async () => {
    const statuses = await rows<{ status: string; n: number }>(sql`select status, count(*)::int as n from orders group by status`);
    expect(new Set(statuses.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    const total = statuses.reduce((sum, r) => sum + r.n, 0);
    expect(total).toBeGreaterThanOrEqual(40);

    const events = await rows<{ order_id: string; kind: string; actor: "buyer" | "seller" | "system"; status: string; at: Date; order_at: Date }>(sql`
      select e.order_id, e.kind,
             case when e.actor_id is null then 'system' when e.actor_id = o.buyer_id then 'buyer' else 'seller' end as actor,
             o.status, e.created_at as at, o.created_at as order_at
      from order_events e join orders o on o.id = e.order_id
      order by e.order_id, e.seq
    `);
    const byOrder = new Map<string, typeof events>();
    for (const e of events) byOrder.set(e.order_id, [...(byOrder.get(e.order_id) ?? []), e]);
    expect(byOrder.size).toBe(total);
    const byEvent = new Map(Object.values(TRANSITIONS).map((rule) => [rule.event as string, rule]));
    for (const [orderId, timeline] of byOrder) {
      expect(timeline[0]!.kind, orderId).toBe("requested");
      let status = "requested";
      let last = new Date(timeline[0]!.order_at).getTime();
      for (const e of timeline.slice(1)) {
        expect(new Date(e.at).getTime(), `${orderId} ${e.kind} in time order`).toBeGreaterThanOrEqual(last);
        last = new Date(e.at).getTime();
        if (e.kind === "auto_completed") {
          expect([status, e.actor]).toEqual(["delivered", "system"]);
          status = "completed";
        } else if (e.kind === "invoice_issued" || e.kind === "invoice_paid") {
          expect(status).toBe("completed");
        } else {
          const rule = byEvent.get(e.kind)!;
          expect(rule.from, `${orderId}: ${e.kind} while ${status}`).toContain(status);
          expect(e.actor, `${orderId}: ${e.kind} by`).toBe(rule.party);
          status = rule.to;
        }
      }
      expect(status, orderId).toBe(timeline[0]!.status);
      expect(last, orderId).toBeLessThanOrEqual(NOW.getTime());
    }

    const revisions = await one<{ n: number; auto: number }>(sql`
      select count(*) filter (where kind = 'revision_requested')::int as n, count(*) filter (where kind = 'auto_completed')::int as auto from order_events
    `);
    expect(revisions.n).toBeGreaterThan(0);
    expect(revisions.auto).toBeGreaterThan(0);
    // Open deliveries are not overdue: the auto-completion job would otherwise complete them (with mails) on the first start.
    const overdue = await one<{ n: number }>(sql`select count(*)::int as n from orders where status = 'delivered' and auto_complete_at <= ${NOW}`);
    expect(overdue.n).toBe(0);
    // Every order has its own conversation, and the parties are right.
    const broken = await one<{ n: number }>(sql`
      select count(*)::int as n from orders o
      left join conversations c on c.order_id = o.id and c.kind = 'order'
      join services s on s.id = o.service_id
      where c.id is null or o.seller_id <> s.created_by or o.buyer_id = o.seller_id
         or least(o.buyer_id collate "C", o.seller_id) <> c.user1_id or greatest(o.buyer_id collate "C", o.seller_id) <> c.user2_id
    `);
    expect(broken.n).toBe(0);
  });

  it("issues an invoice for every completed order: amounts, gapless numbers in date order, payments", async () => {
    const invoices = await rows<{
      seller_id: string;
      number: string;
      issued_on: string;
      gross: string;
      net: string;
      vat: string;
      vat_rate: number;
      small_business: boolean;
      total: string;
      profile_rate: number;
      profile_small: boolean;
      paid: boolean;
      completed_at: Date;
      has_purchase: boolean;
    }>(sql`
      select i.seller_id, i.number, i.issued_on::text as issued_on, i.gross::text, i.net::text, i.vat::text, i.vat_rate, i.small_business,
             o.total::text as total, b.vat_rate as profile_rate, b.small_business as profile_small, i.paid_at is not null as paid, o.completed_at,
             exists (select 1 from purchases p where p.order_id = o.id) as has_purchase
      from invoices i join orders o on o.id = i.order_id join billing_profiles b on b.user_id = i.seller_id
      order by i.seller_id, i.number
    `);
    const completed = await one<{ n: number }>(sql`select count(*)::int as n from orders where status = 'completed'`);
    expect(invoices).toHaveLength(completed.n);
    for (const invoice of invoices) {
      const expected = splitGross(toCents(invoice.total), invoice.profile_rate, invoice.profile_small);
      expect({ gross: invoice.gross, net: invoice.net, vat: invoice.vat, rate: invoice.vat_rate }).toEqual({
        gross: fromCents(expected.gross),
        net: fromCents(expected.net),
        vat: fromCents(expected.vat),
        rate: expected.vatRate,
      });
      expect(invoice.has_purchase).toBe(true);
    }
    expect(invoices.some((i) => i.small_business)).toBe(true);
    // Per provider and year: RE-<year>-0001, 0002, … without gaps, and never dated before the one before.
    const series = new Map<string, typeof invoices>();
    for (const i of invoices) series.set(`${i.seller_id} ${i.number.slice(3, 7)}`, [...(series.get(`${i.seller_id} ${i.number.slice(3, 7)}`) ?? []), i]);
    for (const [key, list] of series) {
      expect(
        list.map((i) => i.number),
        key,
      ).toEqual(list.map((_, n) => `RE-${key.split(" ")[1]}-${String(n + 1).padStart(4, "0")}`));
      expect(list.every((i) => i.number.slice(3, 7) === i.issued_on.slice(0, 4))).toBe(true);
      expect([...list].sort((a, b) => a.issued_on.localeCompare(b.issued_on)).map((i) => i.number)).toEqual(list.map((i) => i.number));
    }
    const counters = await rows<{ key: string; last: number }>(sql`select issuer_key || ' ' || year as key, last_number as last from invoice_counters`);
    expect(Object.fromEntries(counters.map((c) => [c.key, c.last]))).toEqual(Object.fromEntries([...series].map(([key, list]) => [key, list.length])));
    // Most are paid; the latest may still be open.
    const paid = invoices.filter((i) => i.paid).length;
    expect(paid).toBeGreaterThan(invoices.length / 2);
    expect(paid).toBeLessThan(invoices.length);
  });

  it("spreads revenue over the past year and leaves the showcase provider something in every open status", async () => {
    const months = await one<{ n: number }>(sql`
      select count(distinct date_trunc('month', completed_at at time zone 'Europe/Berlin'))::int as n
      from orders where status = 'completed' and completed_at > ${NOW}::timestamptz - interval '12 months'
    `);
    expect(months.n).toBeGreaterThanOrEqual(10);
    const premium = await rows<{ status: string; n: number }>(sql`
      select o.status, count(*)::int as n from orders o join profiles p on p.user_id = o.seller_id
      where p.is_premium group by o.status
    `);
    for (const status of ["requested", "in_progress", "delivered", "completed"]) {
      expect(premium.find((r) => r.status === status)?.n ?? 0, status).toBeGreaterThan(0);
    }
    const asBuyer = await one<{ n: number }>(sql`select count(*)::int as n from orders o join profiles p on p.user_id = o.buyer_id where p.is_premium`);
    expect(asBuyer.n).toBeGreaterThan(0);
    // The funnel has views of the last 30 days, never more than a service's total.
    const views = await one<{ recent: number; over: number }>(sql`
      select (select coalesce(sum(views), 0)::int from service_view_days where day > (${NOW}::timestamptz at time zone 'UTC')::date - 30) as recent,
             (select count(*)::int from services s where s.views < (select coalesce(sum(v.views), 0) from service_view_days v where v.service_id = s.id)) as over
    `);
    expect(views.recent).toBeGreaterThan(0);
    expect(views.over).toBe(0);
  });

  it("writes the history quietly: no mail queued, a few notifications about open orders", async () => {
    const jobs = await rows<{ task: string; n: number }>(
      testEngine === "postgres"
        ? sql`select task_identifier as task, count(*)::int as n from graphile_worker.jobs group by 1`
        : sql`select task, count(*)::int as n from jobs group by 1`,
    );
    expect(jobs.find((j) => j.task === "mail.send")).toBeUndefined();
    // The PDFs are rendered by their job after the seed, as for every invoice.
    const invoices = await one<{ n: number }>(sql`select count(*)::int as n from invoices`);
    expect(jobs.find((j) => j.task === "invoice.render")?.n).toBe(invoices.n);
    const notes = await rows<{ title: string; read: boolean }>(sql`select title, read from notifications where link like '/orders/%'`);
    const open = await one<{ n: number }>(sql`select count(*)::int as n from orders where status in ('requested', 'in_progress', 'delivered')`);
    expect(notes).toHaveLength(open.n);
    expect(new Set(notes.map((n) => n.title))).toEqual(new Set(["Neuer Auftrag", "Lieferung erhalten", "Auftrag angenommen", "Änderungen gewünscht"]));
  });

  it("lets the demo accounts sign in with the demo password", async () => {
    const { password } = await one<{ password: string }>(
      sql`select a.password from account a join "user" u on u.id = a.user_id where u.email = ${DEMO_USERS[0]!.email}`,
    );
    expect(await verifyPassword({ hash: password, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: password, password: "falsch123" })).toBe(false);
  });

  it("does nothing when users exist already", async () => {
    const before = await tableCounts(t.db);
    const again = await seedDemoContent(t.db, { now: NOW });
    expect(again.seeded).toBe(false);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it("produces the same content on every run (only ids differ)", async () => {
    const other = await createTestDatabase();
    try {
      expect((await seedDemoContent(other.db, { now: NOW })).seeded).toBe(true);
      const snapshot = async (db: Database) => ({
        services: await rowsOf(
          db,
          sql`select s.title, s.price, s.category, s.views, s.is_featured, s.rating_avg, s.rating_count, s.created_at, u.email
              from services s join "user" u on u.id = s.created_by order by s.title`,
        ),
        reviews: await rowsOf(
          db,
          sql`select s.title, u.email, r.rating, r.review_text, r.created_at
              from service_reviews r join services s on s.id = r.service_id join "user" u on u.id = r.user_id
              order by s.title, u.email`,
        ),
        orders: await rowsOf(
          db,
          sql`select o.service_title, o.status, o.total, o.quantity, o.created_at, o.completed_at, b.email as buyer, i.number, i.gross, i.net, i.paid_at
              from orders o join "user" b on b.id = o.buyer_id left join invoices i on i.order_id = o.id
              order by o.created_at, o.service_title`,
        ),
        ticketReplies: await rowsOf(
          db,
          sql`select t.subject, t.status, t.updated_at, r.from_support, r.body, r.created_at, u.email
              from support_ticket_replies r join support_tickets t on t.id = r.ticket_id join "user" u on u.id = r.author_id
              order by r.created_at, t.subject`,
        ),
        counts: await tableCounts(db),
      });
      expect(await snapshot(other.db)).toEqual(await snapshot(t.db));
    } finally {
      await other.destroy();
    }
  });
});
