import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services, serviceTerms, user } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { rowsOf } from "~/lib/db.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { createCountCache, listServices, type ServiceListResult } from "./catalogue.server";
import { neighbourPages, parseServiceFilters, type ServiceFilters } from "./filters";
import { searchQuery, type SearchTerms } from "./search-query";
import { nearWords, THIN_RESULT } from "./forgiving-search.server";
import { disjunctionOf, MAX_MERGED_TERMS, mergedTermsOf, searchTermsDrift } from "./search-terms.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.db, { now: new Date("2025-06-15T10:00:00.000Z") });
});
afterAll(async () => {
  await t?.destroy();
});

const filters = (query: Record<string, string>) => parseServiceFilters(new URLSearchParams(query));
const ids = (list: ServiceListResult) => list.items.map((s) => s.id);

const termsDrift = () => searchTermsDrift(t.db);

/** The ids a search matches in the list's order (newest), straight from the text index: the oracle. */
async function sortedMatches(search: SearchTerms): Promise<string[]> {
  const query = search.prefix
    ? sql`to_tsquery('german', ${search.query}) || to_tsquery('german_prefix', ${search.prefix})`
    : sql`to_tsquery('german', ${search.query})`;
  const rows = rowsOf<{ id: string }>(
    await t.db.execute(sql`select id from services where listed and search @@ (${query})
      order by is_featured desc, created_at desc, ts_rank(search, ${query}) desc, id desc`),
  );
  return rows.map((r) => r.id);
}

/** Every page of a list by following "Weiter", with a count cache that already knows the count. */
async function pagesWithKnownCount(start: ServiceFilters, pageSize: number): Promise<ServiceListResult[]> {
  const counts = createCountCache();
  await listServices(t.db, start, pageSize, counts);
  const pages: ServiceListResult[] = [];
  for (let f = start; ; ) {
    const list = await listServices(t.db, f, pageSize, counts);
    pages.push(list);
    if (!list.hasNext) return pages;
    expect(pages.length).toBeLessThan(300);
    f = parseServiceFilters(new URLSearchParams(neighbourPages(f, list).next));
  }
}

// The two exhaustive tables below run thousands of listServices calls (7 and 11 s on a quiet
// 2-core machine; 40 and 71 s were seen with other suites and browsers running beside them).
const EXHAUSTIVE_TIMEOUT = 180_000;

describe("the printed query as a disjunction of terms", () => {
  it("reads lexemes and prefixes joined by |", () => {
    expect(disjunctionOf("'logos' | 'logo' | 'logo':*")).toEqual({ lexemes: ["logos", "logo"], prefixes: ["logo"] });
    expect(disjunctionOf("( 'webseit' | 'websit' ) | 'web':*")).toEqual({ lexemes: ["webseit", "websit"], prefixes: ["web"] });
    expect(disjunctionOf("'it''s'")).toEqual({ lexemes: ["it's"], prefixes: [] });
  });

  it("refuses what single terms cannot answer", () => {
    for (const printed of ["", "'seo' & 'text'", "'seo-text' <-> 'seo' <-> 'text' | 'seo':* & 'text':*", "!'logo'", "'logo':*A", "'logo':B", "'a\\\\b'", "'logo' 'design'"]) {
      expect(disjunctionOf(printed), printed).toBeNull();
    }
  });
});

describe(`service_terms on ${testEngine}`, () => {
  it("holds exactly the lexemes of the listed services through every change", async () => {
    expect(await termsDrift()).toBe(0);
    const [service] = await t.db.select({ id: services.id, createdBy: services.createdBy }).from(services).limit(1);
    const id = service!.id;
    const steps: [string, () => Promise<unknown>][] = [
      ["new title", () => t.db.update(services).set({ title: "Zitronenfalter-Fotografie im Garten" }).where(eq(services.id, id))],
      ["new description", () => t.db.update(services).set({ description: "Makroaufnahmen von Schmetterlingen" }).where(eq(services.id, id))],
      ["featured", () => t.db.update(services).set({ isFeatured: true }).where(eq(services.id, id))],
      ["another time", () => t.db.update(services).set({ createdAt: new Date("2024-01-02T03:04:05.678Z") }).where(eq(services.id, id))],
      ["a rating (the entries carry it)", () => t.db.update(services).set({ ratingAvg: "4.20", ratingCount: 3 }).where(eq(services.id, id))],
      ["a new price and category", () => t.db.update(services).set({ price: "79.00", category: "Design" }).where(eq(services.id, id))],
      ["a delivery time and a place", () => t.db.update(services).set({ deliveryDays: 5, workPlace: "both", workCity: "Köln" }).where(eq(services.id, id))],
      ["a view (no entry is written)", async () => {
        const versions = async () => rowsOf(await t.db.execute(sql`select xmin::text as v from service_terms where service_id = ${id} order by term`));
        const before = await versions();
        await t.db.update(services).set({ views: sql`${services.views} + 1` }).where(eq(services.id, id));
        expect(await versions()).toEqual(before);
      }],
      ["removed by moderation", () => t.db.update(services).set({ removedAt: new Date() }).where(eq(services.id, id))],
      ["edited while removed", () => t.db.update(services).set({ title: "Zitronenfalter im Regen" }).where(eq(services.id, id))],
      ["restored", () => t.db.update(services).set({ removedAt: null }).where(eq(services.id, id))],
      ["owner suspended", () => t.db.update(services).set({ ownerSuspended: true }).where(eq(services.createdBy, service!.createdBy))],
      ["suspension lifted", () => t.db.update(services).set({ ownerSuspended: false }).where(eq(services.createdBy, service!.createdBy))],
      // As if out of step: the entry the next edit writes is there already; the edit still works.
      ["an edit onto a stray entry", async () => {
        const [row] = await t.db.select({ createdAt: services.createdAt }).from(services).where(eq(services.id, id));
        // …with stale values: the edit writes the service's own.
        const stale = { price: "1.00", ratingAvg: "0", ratingCount: 0, category: "Other", deliveryDays: null, workPlace: "remote" as const };
        await t.db.insert(serviceTerms).values({ term: "zitronenfalt", isFeatured: true, createdAt: row!.createdAt, serviceId: id, ...stale }).onConflictDoNothing();
        await t.db.update(services).set({ title: "Zitronenfalter und Pfauenauge" }).where(eq(services.id, id));
      }],
      ["deleted", () => t.db.delete(services).where(eq(services.id, id))],
      ["account deleted (its services go by cascade)", () => t.db.delete(user).where(eq(user.id, service!.createdBy))],
    ];
    for (const [what, change] of steps) {
      await change();
      expect(await termsDrift(), what).toBe(0);
    }
    // A new id (no other table refers to this fresh service) moves its entries along.
    const [someone] = await t.db.select({ id: user.id }).from(user).limit(1);
    const [fresh] = await t.db.insert(services).values({ title: "Schmetterlingshaus", price: "5", category: "Other", createdBy: someone!.id }).returning({ id: services.id });
    await t.db.update(services).set({ id: sql`gen_random_uuid()` }).where(eq(services.id, fresh!.id));
    expect(await termsDrift(), "new id").toBe(0);
    const [left] = await t.db.select({ n: sql<number>`count(*)::int` }).from(serviceTerms).where(eq(serviceTerms.serviceId, id));
    expect(left!.n).toBe(0);
    const [zitronen] = await t.db.select({ n: sql<number>`count(*)::int` }).from(serviceTerms).where(sql`${serviceTerms.term} like 'zitron%'`);
    expect(zitronen!.n).toBe(0);
  });
});

describe(`a plain search by newest merged from its terms, on ${testEngine}`, () => {
  it("lists every one-word search exactly as the matches sorted in SQL, page by page, counted or not", async () => {
    const [owner] = await t.db.select({ id: services.createdBy }).from(services).limit(1);
    // 240 services of a small vocabulary (each word in 30–80 of them: no search is thin, none is
    // widened), three to a moment, every seventh featured, the word in the title or the text.
    const words = ["Kachelofen", "Kachelbad", "Kachelwand", "Dachrinne", "Dachfenster", "Gartenzaun", "Gartenteich", "Fliese"];
    await t.db.execute(sql`
      insert into services (title, description, price, category, created_by, is_featured, created_at)
      select (${sql.raw(`array[${words.map((w) => `'${w}'`).join(",")}]`)})[1 + n % 8] || ' Service ' || n,
             case when n % 3 = 0 then 'Auch ' || (${sql.raw(`array[${words.map((w) => `'${w}'`).join(",")}]`)})[1 + (n / 3) % 8] else 'Handwerk' end,
             10 + n % 50, 'Other', ${owner!.id}, n % 7 = 0,
             timestamptz '2025-02-01 09:00:00+00' + (n / 3) * interval '1 minute'
      from generate_series(1, 240) n`);
    const queries = ["Kachelofen", "Kachel", "Kach", "Dach", "Gartenteich", "Garten", "Fliesen", "Dachrinne"];
    for (const q of queries) {
      const search = searchQuery(q)!;
      expect(await mergedTermsOf(t.db, search), q).not.toBeNull();
      const expected = await sortedMatches(search);
      expect(expected.length, q).toBeGreaterThanOrEqual(24);
      const start = filters({ q });
      const all = await listServices(t.db, start, 1000);
      expect(ids(all), q).toEqual(expected);
      expect(all.total).toBe(expected.length);
      for (const pageSize of [1, 5, 24]) {
        const pages = await pagesWithKnownCount(start, pageSize);
        expect(pages.flatMap(ids), `${q} / ${pageSize}`).toEqual(expected);
        const counts = createCountCache();
        for (const [i, page] of pages.entries()) {
          // By number, counted on the first page and known after it: the same pages.
          expect(ids(await listServices(t.db, { ...start, page: i + 1 }, pageSize, counts)), `${q} page ${i + 1}`).toEqual(ids(page));
        }
      }
    }
  }, EXHAUSTIVE_TIMEOUT);

  it("lists a search of more terms than the merge takes, or of several words, as the sorted matches", async () => {
    const [owner] = await t.db.select({ id: services.createdBy }).from(services).limit(1);
    // Each its own word: a merge of only the first MAX_MERGED_TERMS terms would miss services.
    const titles = Array.from({ length: MAX_MERGED_TERMS + 1 }, (_, i) => `Quaxel${String.fromCharCode(97 + i)}dienst`);
    const added = await t.db
      .insert(services)
      .values(titles.map((title, i) => ({ title, price: "10", category: "Other" as const, createdBy: owner!.id, createdAt: new Date(Date.UTC(2025, 4, 1, 12, i)) })))
      .returning({ id: services.id });
    try {
      // "Quaxel" stands for 14 terms; "Quaxela" for two; two words must both match (no disjunction).
      expect(await mergedTermsOf(t.db, searchQuery("Quaxeladienst Quaxel")!)).toBeNull();
      for (const q of ["Quaxel", "Quaxela", "Quaxeladienst Quaxel"]) {
        const search = searchQuery(q)!;
        const expected = search.prefix ? await sortedMatches(search) : null;
        const uncounted = await listServices(t.db, filters({ q }), 5);
        const pages = await pagesWithKnownCount(filters({ q }), 5);
        expect(pages.flatMap(ids), q).toEqual((await listServices(t.db, filters({ q }), 100)).items.map((s) => s.id));
        if (expected) expect(pages.flatMap(ids), q).toEqual(expected);
        // (The two words find one service, thin: the forgiving search adds its near words.)
        if (q !== "Quaxeladienst Quaxel") expect(uncounted.total, q).toBe(q === "Quaxel" ? MAX_MERGED_TERMS + 1 : 1);
      }
    } finally {
      for (const { id } of added) await t.db.delete(services).where(eq(services.id, id));
    }
  });

  it("lists a search with filters, under every sort, exactly as the matches filtered and sorted in SQL", async () => {
    const [owner] = await t.db.select({ id: services.createdBy }).from(services).limit(1);
    // 360 services of their own words, with prices, ratings, categories, delivery times and places
    // spread so that every filter below keeps some and drops others, and ties in every sort key.
    const words = ["Ofenbank", "Ofenrohr", "Dachziegel", "Dachboden", "Zaunlatte", "Zaunpfahl"];
    const list = sql.raw(`array[${words.map((w) => `'${w}'`).join(",")}]`);
    await t.db.execute(sql`
      insert into services (title, description, price, category, created_by, is_featured, created_at, delivery_days, work_place, work_city)
      select (${list})[1 + n % 6] || ' Nummer ' || n,
             case when n % 10 = 0 then 'Mit Bank' when n % 4 = 0 then 'Mit ' || (${list})[1 + (n / 4) % 6] else 'Bau' end,
             10 + (n % 12) * 5, (array['Design', 'Other', 'Education'])[1 + n % 3], ${owner!.id}, n % 9 = 0,
             timestamptz '2025-03-01 09:00:00+00' + (n / 2) * interval '1 minute',
             case when n % 5 = 0 then null else 1 + n % 14 end,
             (array['remote', 'onsite', 'both'])[1 + n % 3], case when n % 3 = 0 then null else 'Köln' end
      from generate_series(1, 360) n`);
    // Ratings as the reviews' trigger writes them (and as the entries must follow).
    await t.db.execute(sql`update services set rating_avg = ((id_hash % 41) / 10.0)::numeric(3, 2), rating_count = id_hash % 7, views = id_hash % 13
      from (select id as hid, abs(hashtext(title)) as id_hash from services where title like '% Nummer %') h where services.id = h.hid`);
    expect(await termsDrift()).toBe(0);

    const sortSql = {
      newest: sql`is_featured desc, created_at desc`,
      rating: sql`is_featured desc, rating_avg desc, rating_count desc`,
      "price-low": sql`is_featured desc, price asc`,
      "price-high": sql`is_featured desc, price desc`,
      // Not carried by the entries: the text index's matches.
      views: sql`is_featured desc, views desc`,
    } as const;
    const filterSets: Record<string, string>[] = [
      { minPrice: "20", maxPrice: "40" },
      { minRating: "2.5" },
      { category: "Design" },
      { maxDays: "7" },
      { remote: "1" },
      { category: "Other", minPrice: "25", minRating: "1", maxDays: "10" },
    ];
    const where = (f: ServiceFilters) =>
      sql.join(
        [
          f.category ? sql`category = ${f.category}` : sql`true`,
          f.minPrice > 0 ? sql`price >= ${f.minPrice}` : sql`true`,
          f.maxPrice < 1000 ? sql`price <= ${f.maxPrice}` : sql`true`,
          f.minRating > 0 ? sql`rating_avg >= ${f.minRating}` : sql`true`,
          f.maxDays > 0 ? sql`delivery_days <= ${f.maxDays}` : sql`true`,
          f.remote ? sql`work_place in ('remote', 'both')` : sql`true`,
        ],
        sql` and `,
      );
    const tsquery = (search: SearchTerms) =>
      search.prefix ? sql`to_tsquery('german', ${search.query}) || to_tsquery('german_prefix', ${search.prefix})` : sql`to_tsquery('german', ${search.query})`;
    let checked = 0;
    let widenedChecked = 0;
    // Typos ("Ofenbak", "Zaunlate") find nothing themselves: their lists are the near words'.
    // "Bank" is thin under most filters and widened with "Ofenbank", some services having both.
    for (const q of ["Ofen", "Dachziegel", "Zaun", "Ofenbak", "Zaunlate", "Bank"]) {
      const search = searchQuery(q)!;
      const near = await nearWords(t.db, q);
      const widened = near.size ? searchQuery(q, near) : null;
      for (const set of filterSets) {
        for (const sort of Object.keys(sortSql) as (keyof typeof sortSql)[]) {
          const start = filters({ q, sort, ...set });
          const idOrder = sort === "price-low" ? sql`id asc` : sql`id desc`;
          const sorted = async (query: SQL, first: SQL | null = null) =>
            rowsOf<{ id: string }>(
              await t.db.execute(sql`select id from services where listed and search @@ (${query}) and ${where(start)}
                order by ${first ? sql`${first} desc, ` : sql``}${sortSql[sort]}, ts_rank(search, ${query}) desc, ${idOrder}`),
            ).map((r) => r.id);
          let expected = await sorted(tsquery(search));
          const label = `${q} ${sort} ${JSON.stringify(set)}`;
          // A thin search is widened with its near words (ADR 017): the typed words' own matches
          // first (if any), then the others, each part in the sort's order.
          if (expected.length < THIN_RESULT) {
            if (!widened) continue;
            expected = await sorted(tsquery(widened), expected.length > 0 ? sql`(search @@ (${tsquery(search)}))` : null);
            if (expected.length < 2) continue;
            widenedChecked++;
          }
          checked++;
          const all = await listServices(t.db, start, 1000);
          expect(ids(all), label).toEqual(expected);
          expect(all.total, label).toBe(expected.length);
          const pages = await pagesWithKnownCount(start, 7);
          expect(pages.flatMap(ids), label).toEqual(expected);
          // By number, counted on the first page and known after it: the same pages.
          const counts = createCountCache();
          for (const [i, page] of pages.entries()) expect(ids(await listServices(t.db, { ...start, page: i + 1 }, 7, counts)), `${label} page ${i + 1}`).toEqual(ids(page));
        }
      }
    }
    // Most combinations keep enough matches to page through; the thin ones are widened.
    expect(checked).toBeGreaterThan(100);
    expect(widenedChecked).toBeGreaterThan(15);
  }, EXHAUSTIVE_TIMEOUT);

  it("reads the entries, not the table: a service without them is not in the merged list, nor sorted or filtered (but by views)", async () => {
    const [{ word } = { word: "" }] = rowsOf<{ word: string }>(await t.db.execute(sql`select word from service_words order by services desc, word limit 1`));
    const start = filters({ q: word });
    const counts = createCountCache();
    const counted = await listServices(t.db, start, 100, counts);
    expect(counted.total, word).toBeGreaterThan(2);
    const missing = counted.items[1]!.id;
    // A filter the service passes: with its entries it is in these lists.
    const filtered = { ...start, category: counted.items[1]!.category };
    expect(ids(await listServices(t.db, filtered, 100))).toContain(missing);
    const gone = await t.db.delete(serviceTerms).where(eq(serviceTerms.serviceId, missing)).returning();
    try {
      expect(ids(await listServices(t.db, start, 100, counts))).not.toContain(missing);
      expect(ids(await listServices(t.db, start, 100))).not.toContain(missing);
      // So does another sort, or a filter: their matches come from the entries as well.
      expect(ids(await listServices(t.db, { ...start, sort: "price-low" }, 100))).not.toContain(missing);
      expect(ids(await listServices(t.db, filtered, 100))).not.toContain(missing);
      // The views sort lists the matches of the text index (the entries carry no views): still there.
      expect(ids(await listServices(t.db, { ...start, sort: "views" }, 100))).toContain(missing);
      expect(ids(await listServices(t.db, { ...filtered, sort: "views" }, 100))).toContain(missing);
    } finally {
      await t.db.insert(serviceTerms).values(gone);
    }
    expect(ids(await listServices(t.db, start, 100, counts))).toEqual(ids(counted));
  });

  it("reads the entries for a widened search too: exact matches first, then the near word's", async () => {
    const [owner] = await t.db.select({ id: services.createdBy }).from(services).limit(1);
    const added = await t.db
      .insert(services)
      .values([
        { title: "Bläserei und Glasbläserei", price: "40", category: "Education" as const, createdBy: owner!.id, createdAt: new Date("2025-05-02T10:00:00Z") },
        { title: "Glasbläserei Werkstatt", price: "50", category: "Education" as const, createdBy: owner!.id, createdAt: new Date("2025-05-03T10:00:00Z") },
      ])
      .returning({ id: services.id });
    try {
      // "Bläserei" is thin (one service): widened with the compound holding it, its own match first.
      const start = filters({ q: "Bläserei", category: "Education", sort: "price-high" });
      expect((await nearWords(t.db, "Bläserei")).get("bläserei")).toContain("glasbläserei");
      expect(ids(await listServices(t.db, start, 10))).toEqual(added.map((r) => r.id));
      const gone = await t.db.delete(serviceTerms).where(eq(serviceTerms.serviceId, added[1]!.id)).returning();
      expect(gone.length).toBeGreaterThan(0);
      // Without its entries the near word's service is not listed: the list read the entries.
      expect(ids(await listServices(t.db, start, 10))).toEqual([added[0]!.id]);
    } finally {
      for (const { id } of added) await t.db.delete(services).where(eq(services.id, id));
    }
  });

  it("breaks ties of the same time by relevance, across page edges, as the sorted matches do", async () => {
    const [owner] = await t.db.select({ id: services.createdBy }).from(services).limit(1);
    const at = new Date("2025-06-01T08:00:00.000Z");
    // Seven services of one moment: the word in the title (weight A) ranks above the description.
    const rows = Array.from({ length: 7 }, (_, i) => ({
      title: i % 2 ? `Pinselquaste ${i}` : `Malerbedarf ${i}`,
      description: i % 2 ? "" : `Mit Pinselquaste Nummer ${i}`,
      price: "10",
      category: "Other",
      createdBy: owner!.id,
      createdAt: at,
    }));
    const added = await t.db.insert(services).values(rows).returning({ id: services.id });
    try {
      const start = filters({ q: "Pinselquaste" });
      const expected = await sortedMatches(searchQuery("Pinselquaste")!);
      const all = await listServices(t.db, start, 100);
      expect(ids(all)).toEqual(expected);
      expect(all.items.slice(0, 3).every((s) => s.title.startsWith("Pinselquaste"))).toBe(true);
      for (const pageSize of [1, 2, 3]) {
        const pages = await pagesWithKnownCount(start, pageSize);
        expect(pages.flatMap(ids), String(pageSize)).toEqual(expected);
        // Back from the last page by the "Zurück" links ("before" cursors), the count known.
        const counts = createCountCache();
        await listServices(t.db, start, pageSize, counts);
        const back: string[][] = [];
        let f = parseServiceFilters(new URLSearchParams(neighbourPages(start, pages[pages.length - 2]!).next));
        for (;;) {
          const list = await listServices(t.db, f, pageSize, counts);
          back.unshift(ids(list));
          if (list.page === 1) break;
          f = parseServiceFilters(new URLSearchParams(neighbourPages(f, list).previous));
        }
        expect(back, `back by ${pageSize}`).toEqual(pages.map(ids));
      }
    } finally {
      for (const { id } of added) await t.db.delete(services).where(eq(services.id, id));
    }
  });
});

// Last: it empties the services.
describe(`service_terms when the services are emptied, on ${testEngine}`, () => {
  it("empties the entries too", async () => {
    await t.db.execute(sql`truncate services cascade`);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(serviceTerms);
    expect(row!.n).toBe(0);
  });
});
