import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { services } from "~/db/schema";
import { openDatabase } from "~/lib/db.server";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { COUNT_CAP, createCountCache, getService, listServices } from "./catalogue.server";
import { neighbourPages, parseServiceFilters, SORT_OPTIONS } from "./filters";
import { searchQuery } from "./search-query";
import { createServicesTestDatabase, filters, fixtures, OTHER, OWNER } from "./services.test-support";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const titles = async (query: Record<string, string> = {}) => (await listServices(t.db, filters(query))).items.map((s) => s.title);

describe(`catalogue on ${testEngine}`, () => {
  it("lists everything newest first, featured always first", async () => {
    const list = await listServices(t.db, filters());
    expect(list.total).toBe(fixtures.length);
    expect(list.items.map((s) => s.title)).toEqual([
      "Webentwicklung für Handwerker",
      "Nachhilfe Mathematik Oberstufe",
      "Visitenkarten und Briefpapier",
      "Steuerberatung für Freiberufler",
      "SEO-Texte für Onlineshops",
      "Social-Media-Kampagne",
      "Logo-Design mit Markenhandbuch",
    ]);
    expect(list.items[0]!.author).toMatchObject({ firstName: "Olaf", lastName: "Owner", username: "olaf" });
    expect(list.items[0]!.price).toBe("1800.00");
  });

  it.each(SORT_OPTIONS)("keeps featured services first under sort %s", async (sort) => {
    const items = (await listServices(t.db, filters({ sort }))).items;
    const firstNonFeatured = items.findIndex((s) => !s.isFeatured);
    // Both groups are there: at least one featured service before the first other one.
    expect(firstNonFeatured).toBeGreaterThan(0);
    expect(items.slice(0, firstNonFeatured).every((s) => s.isFeatured)).toBe(true);
    expect(items.slice(firstNonFeatured).some((s) => s.isFeatured)).toBe(false);
  });

  it("sorts by price, rating and views within the featured and non-featured groups", async () => {
    expect(await titles({ sort: "price-low" })).toEqual([
      "Nachhilfe Mathematik Oberstufe",
      "Webentwicklung für Handwerker",
      "SEO-Texte für Onlineshops",
      "Steuerberatung für Freiberufler",
      "Visitenkarten und Briefpapier",
      "Logo-Design mit Markenhandbuch",
      "Social-Media-Kampagne",
    ]);
    const high = await listServices(t.db, filters({ sort: "price-high" }));
    const rest = high.items.filter((s) => !s.isFeatured).map((s) => Number(s.price));
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
    const byRating = (await listServices(t.db, filters({ sort: "rating" }))).items.filter((s) => !s.isFeatured).map((s) => Number(s.ratingAvg));
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    const byViews = (await listServices(t.db, filters({ sort: "views" }))).items.filter((s) => !s.isFeatured).map((s) => s.views);
    expect(byViews).toEqual([...byViews].sort((a, b) => b - a));
  });

  it("filters by category, price range (1000 = open end) and minimum rating", async () => {
    expect(await titles({ category: "Design" })).toEqual(["Visitenkarten und Briefpapier", "Logo-Design mit Markenhandbuch"]);
    expect(await titles({ minPrice: "100", maxPrice: "200" })).toEqual(["Visitenkarten und Briefpapier", "Steuerberatung für Freiberufler"]);
    expect((await titles({ minPrice: "1000" })).sort()).toEqual(["Webentwicklung für Handwerker"]);
    expect(await titles({ maxPrice: "50" })).toEqual(["Nachhilfe Mathematik Oberstufe"]);
    expect((await titles({ minRating: "4.5" })).sort()).toEqual(
      ["Logo-Design mit Markenhandbuch", "Nachhilfe Mathematik Oberstufe", "Webentwicklung für Handwerker"].sort(),
    );
    expect(await titles({ category: "Design", minRating: "3" })).toEqual(["Logo-Design mit Markenhandbuch"]);
  });

  it("binds each call's own values to the statement built once per filter shape", async () => {
    // Same shape (category + search + price range), different values, one after the other and at once.
    const [design, writing, none] = await Promise.all([
      titles({ category: "Design", q: "Logos", minPrice: "100", maxPrice: "500" }),
      titles({ category: "Writing", q: "Onlineshops", minPrice: "50", maxPrice: "100" }),
      titles({ category: "Education", q: "Logos", minPrice: "100", maxPrice: "500" }),
    ]);
    expect(design).toEqual(["Visitenkarten und Briefpapier", "Logo-Design mit Markenhandbuch"]);
    expect(writing).toEqual(["SEO-Texte für Onlineshops"]);
    expect(none).toEqual([]);
    expect(await titles({ category: "Design", q: "Logos", minPrice: "200", maxPrice: "500" })).toEqual(["Logo-Design mit Markenhandbuch"]);
  });

  it("ignores unusable filter values instead of failing", async () => {
    const f = filters({ category: "Astrologie", minPrice: "abc", maxPrice: "-5", minRating: "99", sort: "random", page: "x" });
    expect(f).toMatchObject({ category: "", minPrice: 0, maxPrice: 0, minRating: 5, sort: "newest", page: 1 });
    const swapped = filters({ minPrice: "500", maxPrice: "100" });
    expect(swapped).toMatchObject({ minPrice: 100, maxPrice: 500 });
    await expect(listServices(t.db, filters({ q: "' or 1=1; drop table services; --" }))).resolves.toMatchObject({ total: 0 });
    expect((await listServices(t.db, filters())).total).toBe(fixtures.length);
  });

  it("searches German text: stemming, plural forms and a half-typed last word", async () => {
    expect(await titles({ q: "Logos" })).toEqual(["Visitenkarten und Briefpapier", "Logo-Design mit Markenhandbuch"]);
    expect(await titles({ q: "logo" })).toContain("Logo-Design mit Markenhandbuch");
    expect(await titles({ q: "Webseite" })).toEqual(["Webentwicklung für Handwerker"]);
    expect(await titles({ q: "Onlinesh" })).toEqual(["Webentwicklung für Handwerker", "SEO-Texte für Onlineshops"]);
    expect(await titles({ q: "steuer freiberuf" })).toEqual(["Steuerberatung für Freiberufler"]);
    expect(await titles({ q: "Mathematik", category: "Design" })).toEqual([]);
    expect(await titles({ q: "!!!" })).toHaveLength(fixtures.length);
    expect(searchQuery("Logos für Web")).toEqual({ query: "(logos | logo | logos:*) & (für | für:*) & (web | web:*)", prefix: null });
    expect(searchQuery("a & b | !c")).toEqual({ query: "(a) & (b) & (c)", prefix: null });
    expect(searchQuery("Über")).toEqual({ query: "(über)", prefix: "über:*" });
    expect(searchQuery("Logos")).toEqual({ query: "(logos | logo)", prefix: "logos:*" });
    expect(searchQuery("x")).toEqual({ query: "(x)", prefix: null });
    expect(searchQuery(" !? ")).toBeNull();
  });

  it("a one-word search is a prefix even of a German stop word, and from two letters on", async () => {
    // "über", "die" and "ein" are stop words of the 'german' configuration: without the prefix
    // configuration (migration 0004) these half-typed words would find nothing.
    const [extra] = await t.db
      .insert(services)
      .values({ title: "Übersetzung als Dienstleistung", description: "Fachtexte Englisch–Deutsch.", price: "60.00", category: "Writing", createdBy: OTHER })
      .returning();
    try {
      expect(await titles({ q: "über" })).toEqual(["Übersetzung als Dienstleistung"]);
      expect(await titles({ q: "Übers" })).toEqual(["Übersetzung als Dienstleistung"]);
      expect(await titles({ q: "die" })).toEqual(["Übersetzung als Dienstleistung"]);
      expect(await titles({ q: "ein" })).toContain("Steuerberatung für Freiberufler"); // Einkommensteuer
      expect(await titles({ q: "We" })).toEqual(["Webentwicklung für Handwerker"]); // Webseiten
      // In a longer search a stop word counts as a complete word and drops out.
      expect(await titles({ q: "Logos für" })).toEqual(["Visitenkarten und Briefpapier", "Logo-Design mit Markenhandbuch"]);
      // A single letter is no prefix: nothing but an exact word would match.
      expect(await titles({ q: "w" })).toEqual([]);
    } finally {
      await t.db.delete(services).where(eq(services.id, extra!.id));
    }
  });

  it("ranks search hits within the chosen sort", async () => {
    // Both mention "Onlineshops"; under price-low the cheaper comes first among non-featured.
    const items = (await listServices(t.db, filters({ q: "Onlineshops", sort: "price-low" }))).items.map((s) => s.title);
    expect(items).toEqual(["Webentwicklung für Handwerker", "SEO-Texte für Onlineshops"]);
  });

  it("pages without duplicates or gaps under every sort", async () => {
    for (const sort of SORT_OPTIONS) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const result = await listServices(t.db, filters({ sort, page: String(page) }), 3);
        expect(result.pageCount).toBe(3);
        expect(result.hasNext).toBe(page < 3);
        seen.push(...result.items.map((s) => s.id));
      }
      expect(seen).toHaveLength(fixtures.length);
      expect(new Set(seen).size).toBe(fixtures.length);
    }
    // A page past the end shows the last page.
    const beyond = await listServices(t.db, filters({ page: "99" }), 3);
    expect(beyond.page).toBe(3);
  });

  it("returns null for unknown and malformed ids", async () => {
    expect(await getService(t.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getService(t.db, "nicht-vorhanden")).toBeNull();
  });
});

// Last: it adds many rows.
describe(`count cap on ${testEngine}`, () => {
  it.runIf(testEngine === "postgres")("plans ranges and searches for their values (unnamed); the pages of a sort or category keep their plan (named, generic)", async () => {
    const single = await openDatabase({ engine: "postgres", url: t.url!, max: 1 });
    // The page statements. A plain search by newest is merged from its terms (ADR 029): those
    // statements are named, their plan the same for every text.
    const isMerge = (name: string) => name.startsWith("catalogue_merged_") || name.startsWith("catalogue_search_");
    const prepared = async () =>
      (await single.pool!.query<{ name: string; generic: number }>("select name, generic_plans::int as generic from pg_prepared_statements order by name")).rows.filter(
        (p) => !isMerge(p.name),
      );
    try {
      // A named statement is kept per connection and may switch to a generic plan, which could
      // walk the wrong index for a wide price range: ranges (and searches, deeper pages) stay unnamed.
      for (let i = 1; i <= 7; i++) await listServices(single.db, filters({ category: "Design", minPrice: String(i * 10) }));
      for (let i = 0; i < 7; i++) await listServices(single.db, filters({ q: "Logo", page: String(i + 2) }));
      expect(await prepared()).toEqual([]);
      expect((await single.pool!.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((p) => p.name)).toEqual([
        "catalogue_merged_count_3", // "Logo" stands for three terms in these services
        "catalogue_merged_offset_3",
        "catalogue_search_prefix_terms",
        "catalogue_search_printed",
      ]);
      // A category's first page: the same plan whatever the category, kept after the first calls.
      const categories = ["Design", "Business", "Marketing", "Design", "Business", "Marketing", "Design", "Business"];
      for (const category of categories) await listServices(single.db, filters({ category }), 24, createCountCache());
      const [statement, ...more] = await prepared();
      expect(more).toEqual([]);
      expect(statement!.name).toMatch(/^catalogue_first_newest_/);
      expect(statement!.generic).toBeGreaterThan(0);
      // "Weiter" by cursor too; its page is the one the page number (an unnamed offset) shows.
      const first = await listServices(single.db, filters({}), 1);
      const byCursor = parseServiceFilters(new URLSearchParams(neighbourPages(filters({}), first).next));
      expect(byCursor.after).not.toBe("");
      for (let i = 0; i < 7; i++) await listServices(single.db, byCursor, 1);
      expect((await prepared()).find((p) => p.name.startsWith("catalogue_after_newest_"))?.generic).toBeGreaterThan(0);
      // A page by number past the first: named too, its offset a parameter.
      const second = await listServices(single.db, filters({ page: "2" }), 1);
      expect(second.items).toHaveLength(1);
      expect((await prepared()).some((p) => p.name.startsWith("catalogue_numbered_newest_"))).toBe(true);
      expect((await listServices(single.db, byCursor, 1)).items).toEqual(second.items);
    } finally {
      await single.close();
    }
  });

  it("counts exactly up to 10,000 and says when there are more", async () => {
    const exact = await listServices(t.db, filters({ category: "Business" }));
    expect(exact).toMatchObject({ total: 0, totalCapped: false });
    await t.db.execute(
      sql`insert into services (title, price, category, created_by) select 'Paket ' || n, 10, 'Business', ${OWNER} from generate_series(1, ${COUNT_CAP + 1}) n`,
    );
    const capped = await listServices(t.db, filters({ category: "Business" }));
    expect(capped).toMatchObject({ total: COUNT_CAP, totalCapped: true, pageCount: Math.ceil(COUNT_CAP / 24), hasNext: true });
    // Past the counted pages the list goes on by "Weiter" to its last row: 10,001 rows in pages of 1,000.
    const seen = new Set<string>();
    const byPrice = { category: "Business", sort: "price-low" };
    let f = filters(byPrice);
    for (let page = 1; page <= 11; page++) {
      const list = await listServices(t.db, f, 1000);
      expect(list.page).toBe(page);
      expect(list.hasNext).toBe(page < 11);
      for (const item of list.items) seen.add(item.id);
      if (page === 10) expect((await listServices(t.db, filters({ ...byPrice, page: "10" }), 1000)).items).toEqual(list.items);
      if (list.hasNext) f = parseServiceFilters(new URLSearchParams(neighbourPages(f, list).next));
    }
    expect(seen.size).toBe(COUNT_CAP + 1);
    // A page number reaches the counted pages only (an offset would step over every row before
    // it): past them, on the last of them, which links on by cursor.
    for (const page of ["11", "12", "4001"]) {
      const deep = await listServices(t.db, filters({ ...byPrice, page }), 1000);
      expect(deep).toMatchObject({ page: 10, hasNext: true, totalCapped: true });
      expect(deep.items).toHaveLength(1000);
      expect(deep.nextCursor).not.toBeNull();
    }
    await t.db.execute(sql`delete from services where title = 'Paket 1'`);
    expect(await listServices(t.db, filters({ category: "Business" }))).toMatchObject({ total: COUNT_CAP, totalCapped: false });
  });

  it("counts a search exactly up to 10,000, and pages past the count by cursor", async () => {
    // The test above left 10,000 "Paket" services, all at one price and one instant: at the cap the
    // count is exact, one more and it is capped (the materialised matches are cut, the index is walked).
    expect(await listServices(t.db, filters({ q: "Paket" }))).toMatchObject({ total: COUNT_CAP, totalCapped: false, pageCount: Math.ceil(COUNT_CAP / 24) });
    await t.db.insert(services).values({ title: "Paket extra", price: "10.00", category: "Business", createdBy: OWNER });
    expect(await listServices(t.db, filters({ q: "Paket" }))).toMatchObject({ total: COUNT_CAP, totalCapped: true, hasNext: true });
    for (const sort of ["newest", "price-low"]) {
      const seen = new Set<string>();
      let f = filters({ q: "Paket", sort });
      for (let page = 1; ; page++) {
        const list = await listServices(t.db, f, 1000);
        expect(list).toMatchObject({ page, total: COUNT_CAP, totalCapped: true });
        for (const item of list.items) seen.add(item.id);
        if (!list.hasNext) break;
        f = parseServiceFilters(new URLSearchParams(neighbourPages(f, list).next));
      }
      expect(seen.size).toBe(COUNT_CAP + 1);
    }
    await t.db.delete(services).where(eq(services.title, "Paket extra"));
  });

  it("a count cache reuses the count of a filter set across sorts and pages until cleared or expired", async () => {
    // The cache reads Date.now(): a frozen clock, moved on by hand (no waiting, no early expiry on a slow machine).
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const counts = createCountCache({ ttlMs: 200 });
    const design = async (query: Record<string, string> = {}) => (await listServices(t.db, filters({ category: "Marketing", ...query }), 3, counts)).total;
    const before = await design();
    await t.db.insert(services).values({ title: "Neu im Marketing", price: "10.00", category: "Marketing", createdBy: OWNER });
    // Another sort and page of the same filters: the remembered count.
    expect(await design({ sort: "price-low", page: "2" })).toBe(before);
    // The last counted page offers no next page even though a row more exists now ("Weiter"
    // would lead to a page number the remembered count clamps back to this one).
    const last = await listServices(t.db, filters({ category: "Marketing", page: String(before) }), 1, counts);
    expect(last).toMatchObject({ total: before, page: before, pageCount: before, hasNext: false });
    expect(last.items).toHaveLength(1);
    counts.clear();
    expect(await design()).toBe(before + 1);
    await t.db.delete(services).where(eq(services.title, "Neu im Marketing"));
    // Just before expiry the remembered count holds; at the TTL it is counted again.
    vi.setSystemTime(Date.now() + 199);
    expect(await design()).toBe(before + 1);
    vi.setSystemTime(Date.now() + 1);
    expect(await design()).toBe(before);
    // Without a cache the count is always fresh.
    expect((await listServices(t.db, filters({ category: "Marketing" }))).total).toBe(before);
  });
});
