import { verifyPassword } from "better-auth/crypto";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREATE_CATEGORIES } from "~/db/schema";
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
             count(*) filter (where s.updated_at < s.created_at or s.created_at > ${NOW} or s.created_at < ${NOW}::timestamptz - interval '8 months 1 day')::int as bad_times
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
    expect(counts.conversations).toBe(4);

    const badPurchases = await one<{ n: number }>(sql`
      select count(*)::int as n from purchases pu join services s on s.id = pu.service_id
      where pu.price <> s.price or pu.buyer_id = s.created_by
    `);
    expect(badPurchases.n).toBe(0);

    const statuses = await rows<{ status: string; role: string }>(
      sql`select t.status, p.role from support_tickets t join profiles p on p.user_id = t.user_id`,
    );
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(["open", "in_progress", "resolved", "closed"]));
    expect(statuses).toHaveLength(SUPPORT_TICKETS.length);
    expect(statuses.every((s) => s.role === "user")).toBe(true);

    const chats = await rows<{ service_id: string | null; kind: string; n: number; last_ok: boolean; unread: number; ordered: boolean }>(sql`
      select c.service_id, c.kind,
             count(m.id)::int as n,
             c.last_message_at = max(m.created_at) as last_ok,
             count(*) filter (where not m.read)::int as unread,
             c.user1_id < c.user2_id as ordered
      from conversations c join messages m on m.conversation_id = c.id
      group by c.id, c.kind
    `);
    expect(chats.filter((c) => c.service_id !== null && c.kind === "service")).toHaveLength(2);
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
      expect(chat.unread).toBeGreaterThanOrEqual(1);
      expect(chat.unread).toBeLessThanOrEqual(2);
    }
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
        counts: await tableCounts(db),
      });
      expect(await snapshot(other.db)).toEqual(await snapshot(t.db));
    } finally {
      await other.destroy();
    }
  });
});
