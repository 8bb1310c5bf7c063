import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { acquireDataDirLock } from "./db.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe(`migrations on ${testEngine}`, () => {
  it("creates every table of the data model", async () => {
    const tables = await rows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "user",
        "session",
        "account",
        "verification",
        "rate_limit",
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
      ]),
    );
  });

  it("applies again without changes (idempotent on restart)", async () => {
    const { migrate } =
      t.engine === "pglite" ? await import("drizzle-orm/pglite/migrator") : await import("drizzle-orm/node-postgres/migrator");
    const { migrationsFolder } = await import("./db.server");
    await migrate(t.db as never, { migrationsFolder: migrationsFolder() });
    const applied = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"));
    expect(applied[0]!.n).toBe(journal.entries.length);
  });

  describe("constraints express the spec's rules", () => {
    const userId = "user-constraints";
    beforeAll(async () => {
      await t.db.execute(sql`insert into "user" (id, name, email) values (${userId}, 'Test', 'c@example.de')`);
    });

    const insertService = (price: string, category = "Design", title = "Logo") =>
      t.db.execute(
        sql`insert into services (title, price, category, created_by) values (${title}, ${price}, ${category}, ${userId}) returning id`,
      );

    it("refuses a negative price, an unknown category and a blank title", async () => {
      await expect(insertService("-1")).rejects.toThrow();
      await expect(insertService("10", "Astrologie")).rejects.toThrow();
      await expect(insertService("10", "Design", "   ")).rejects.toThrow();
    });

    it("keeps money exact as numeric(10,2)", async () => {
      const result = (await insertService("19.99")) as unknown as { rows: { id: string }[] };
      const [row] = await rows<{ price: string }>(sql`select price from services where id = ${result.rows[0]!.id}`);
      expect(row!.price).toBe("19.99");
    });

    it("allows one review per user and service, rated 1 to 5", async () => {
      const result = (await insertService("50")) as unknown as { rows: { id: string }[] };
      const serviceId = result.rows[0]!.id;
      const review = (rating: number) =>
        t.db.execute(sql`insert into service_reviews (service_id, user_id, rating) values (${serviceId}, ${userId}, ${rating})`);
      await expect(review(0)).rejects.toThrow();
      await expect(review(6)).rejects.toThrow();
      await review(5);
      await expect(review(4)).rejects.toThrow();
    });

    it("allows one favourite per user and service", async () => {
      const result = (await insertService("70")) as unknown as { rows: { id: string }[] };
      const fav = () =>
        t.db.execute(sql`insert into favorites (user_id, service_id) values (${userId}, ${result.rows[0]!.id})`);
      await fav();
      await expect(fav()).rejects.toThrow();
    });

    it("limits the bio to 300 characters and the gallery to 5 images", async () => {
      await t.db.execute(sql`insert into profiles (user_id, email) values (${userId}, 'c@example.de')`);
      await expect(t.db.execute(sql`update profiles set bio = ${"x".repeat(301)} where user_id = ${userId}`)).rejects.toThrow();
      await t.db.execute(sql`update profiles set bio = ${"x".repeat(300)} where user_id = ${userId}`);
      const six = JSON.stringify(Array.from({ length: 6 }, (_, i) => `/storage/gallery/${i}.webp`));
      await expect(t.db.execute(sql`update profiles set gallery = ${six}::jsonb where user_id = ${userId}`)).rejects.toThrow();
    });

    it("accepts only the four ticket statuses, open by default", async () => {
      const [ticket] = (
        (await t.db.execute(
          sql`insert into support_tickets (user_id, subject, description) values (${userId}, 'Hilfe', 'Text') returning status, id`,
        )) as unknown as { rows: { status: string; id: string }[] }
      ).rows;
      expect(ticket!.status).toBe("open");
      await expect(t.db.execute(sql`update support_tickets set status = 'done' where id = ${ticket!.id}`)).rejects.toThrow();
    });

    it("searches German text with stemming and prefixes", async () => {
      await t.db.execute(
        sql`insert into services (title, description, price, category, created_by) values ('Webentwicklung für Handwerker', 'Moderne Webseiten und Onlineshops', 900, 'Web Development', ${userId})`,
      );
      const found = await rows<{ title: string }>(
        sql`select title from services where search @@ to_tsquery('german', 'onlinesh:*')`,
      );
      expect(found.map((r) => r.title)).toContain("Webentwicklung für Handwerker");
      const stemmed = await rows<{ title: string }>(
        sql`select title from services where search @@ websearch_to_tsquery('german', 'Webseite')`,
      );
      expect(stemmed.map((r) => r.title)).toContain("Webentwicklung für Handwerker");
    });
  });
});

describe("embedded database lock", () => {
  it("refuses a second opener of the same data directory while the first runs", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-lock-"));
    const release = acquireDataDirLock(dir);
    // Simulate another live process owning the lock: our parent process is alive.
    fs.writeFileSync(path.join(dir, "db.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process/);
    // A stale lock (dead pid) is taken over.
    fs.writeFileSync(path.join(dir, "db.lock"), "999999");
    const again = acquireDataDirLock(dir);
    again();
    release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("embedded database lock under contention", () => {
  it("replaces a stale lock with this process (only via an exclusive create)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-lock-race-"));
    fs.writeFileSync(path.join(dir, "db.lock"), "999999");
    // Same process, so the owner check cannot tell the takers apart; the exclusive create must.
    const results = [0, 1, 2, 3].map(() => {
      try {
        return acquireDataDirLock(dir);
      } catch {
        return null;
      }
    });
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
