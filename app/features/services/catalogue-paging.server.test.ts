import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { createCountCache, listServices, type CountCache, type ServiceListResult } from "./catalogue.server";
import { filtersToSearch, neighbourPages, parseServiceFilters, SORT_OPTIONS, type ServiceFilters } from "./filters";
import { encodeCursor } from "./list-cursor.server";

const OWNER = "u-paging";
const SERVICES = 61;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values({ id: OWNER, name: "Paula Paging", email: "paging@example.de", emailVerified: true });
  await t.db.insert(profiles).values({ userId: OWNER, email: "paging@example.de", firstName: "Paula", lastName: "Paging" });
  // Ties on every sort key: four prices, three ratings (average and count alike), views in steps
  // of three, three services per second and two per microsecond (JS dates would lose those), a
  // search word in half of the titles and in a third of the descriptions (ranks that tie as well),
  // every seventh service featured, two categories.
  await t.db.execute(sql`
    insert into services (title, description, price, category, created_by, views, is_featured, rating_avg, rating_count, created_at)
    select case when n % 2 = 0 then 'Logo Paket ' || n else 'Webseite ' || n end,
           case when n % 3 = 0 then 'Mit Logo und noch einem Logo.' else 'Beschreibung.' end,
           (array[10, 20, 20, 35.5])[1 + n % 4],
           case when n % 5 = 0 then 'Design' else 'Writing' end,
           ${OWNER},
           (n % 3) * 10,
           n % 7 = 0,
           (array[0, 4.5, 4.5, 5])[1 + n % 4],
           (array[0, 2, 2, 3])[1 + n % 4],
           timestamptz '2025-03-01 12:00:00.000001+00' + (n / 3) * interval '1 second' + (n % 2) * interval '1 microsecond'
    from generate_series(1, ${SERVICES}) n`);
  // With statistics the list can tell a dense search from a sparse one (walkIsCheaper).
  await t.db.execute(sql`analyze services`);
});
afterAll(async () => {
  await t?.destroy();
});

const filters = (query: Record<string, string> = {}) => parseServiceFilters(new URLSearchParams(query));
const ids = (list: ServiceListResult) => list.items.map((s) => s.id);
const follow = (search: string) => parseServiceFilters(new URLSearchParams(search));

/** Every page by following "Weiter" as a visitor would: the link's URL, parsed again. */
async function walkForward(start: ServiceFilters, pageSize: number, counts?: CountCache): Promise<ServiceListResult[]> {
  const pages: ServiceListResult[] = [];
  for (let f = start; ; ) {
    const list = await listServices(t.db, f, pageSize, counts);
    pages.push(list);
    if (!list.hasNext) return pages;
    expect(pages.length).toBeLessThan(100);
    f = follow(neighbourPages(f, list).next);
    expect(f.page).toBe(list.page + 1);
  }
}

/** The same list by page numbers (offsets). */
async function byNumber(start: ServiceFilters, pageSize: number, pageCount: number): Promise<string[][]> {
  const pages: string[][] = [];
  for (let page = 1; page <= pageCount; page++) pages.push(ids(await listServices(t.db, { ...start, page }, pageSize)));
  return pages;
}

const QUERIES: Record<string, string>[] = [{}, { q: "Logo" }, { category: "Writing" }, { q: "logo", category: "Writing", minPrice: "20" }, { minRating: "4.5", maxPrice: "30" }];

describe(`keyset paging on ${testEngine}`, () => {
  it.each(SORT_OPTIONS)("walks every page by cursor exactly as by page number, featured first, under sort %s", async (sort) => {
    for (const query of QUERIES) {
      const start = filters({ ...query, sort });
      const all = await listServices(t.db, start, 1000);
      expect(all.hasNext).toBe(false);
      const forward = await walkForward(start, 5);
      // One page of everything, page numbers and cursors: the same rows in the same order.
      expect(forward.flatMap(ids), JSON.stringify(query)).toEqual(ids(all));
      expect(forward.map(ids)).toEqual(await byNumber(start, 5, forward.length));
      expect(forward.map((p) => p.page)).toEqual(forward.map((_, i) => i + 1));
      expect(new Set(ids(all)).size).toBe(all.items.length);
      expect(all.items.length).toBe(all.total);
      // Featured first, then the sort's key in its direction.
      const firstOther = all.items.findIndex((s) => !s.isFeatured);
      expect(all.items.slice(firstOther).some((s) => s.isFeatured)).toBe(false);
      for (const group of [all.items.slice(0, firstOther), all.items.slice(firstOther)]) {
        const key = (s: (typeof group)[number]) =>
          ({
            newest: -s.createdAt.getTime(),
            rating: -Number(s.ratingAvg) * 1000 - s.ratingCount,
            "price-low": Number(s.price),
            "price-high": -Number(s.price),
            views: -s.views,
          })[sort];
        const keys = group.map(key);
        expect(keys).toEqual([...keys].sort((a, b) => a - b));
      }
    }
  });

  it("goes back page by page with the 'Zurück' links to the first page's plain URL", async () => {
    for (const sort of SORT_OPTIONS) {
      for (const query of [{}, { q: "Logo" }] as Record<string, string>[]) {
        const forward = await walkForward(filters({ ...query, sort }), 4);
        let f = follow(neighbourPages(filters({ ...query, sort }), forward[forward.length - 2]!).next);
        const backward: string[][] = [];
        for (let list = await listServices(t.db, f, 4); ; ) {
          backward.unshift(ids(list));
          expect(list.page).toBe(forward.length - backward.length + 1);
          if (list.page === 1) break;
          const previous = neighbourPages(f, list).previous;
          // The first page is its plain URL, every other one a cursor.
          if (list.page === 2) expect(previous).toBe(filtersToSearch({ ...query, sort }));
          else expect(previous).toMatch(/[?&]before=[\w-]+$/);
          f = follow(previous);
          list = await listServices(t.db, f, 4);
        }
        expect(backward).toEqual(forward.map(ids));
      }
    }
  });

  it("gives the same pages whether the search rows are materialised or the index is walked", async () => {
    // Without a count the search materialises its matches (and counts them); with the count known
    // and the matches dense, it walks the sort index. The order is the same.
    for (const sort of SORT_OPTIONS) {
      const start = filters({ q: "Logo", sort });
      const counts = createCountCache();
      await listServices(t.db, start, 5, counts);
      const walked = await walkForward(start, 5, counts);
      const materialised = await walkForward(start, 5);
      expect(walked.map(ids)).toEqual(materialised.map(ids));
      expect(walked.map((p) => p.total)).toEqual(materialised.map((p) => p.total));
    }
  });

  it("links the next page with the cursor and the page number; page 1 carries no cursor", async () => {
    const start = filters({ q: "Logo", sort: "price-low" });
    const first = await listServices(t.db, start, 5);
    expect(first.prevCursor).toBeNull();
    const next = neighbourPages(start, first).next;
    expect(next).toMatch(/^\?q=Logo&sort=price-low&page=2&after=[A-Za-z0-9_-]+$/);
    expect(filtersToSearch({ ...follow(next), page: 1 })).toBe("?q=Logo&sort=price-low");
    expect(neighbourPages(start, first).previous).toBe("?q=Logo&sort=price-low");
  });

  it("shows the first page for an unusable or tampered cursor, never an error", async () => {
    const first = ids(await listServices(t.db, filters({ sort: "price-low" }), 5));
    const second = await listServices(t.db, follow(neighbourPages(filters({ sort: "price-low" }), await listServices(t.db, filters({ sort: "price-low" }), 5)).next), 5);
    const id = second.items[0]!.id;
    const tampered = [
      "abc",
      "!!!",
      "x".repeat(401),
      Buffer.from("not json").toString("base64url"),
      Buffer.from(JSON.stringify({ sort: "price-low" })).toString("base64url"),
      encodeCursor("newest", ["false", "1740830400000001", id]), // another sort's
      encodeCursor("price-low+q", ["false", "20.00", "0.5", id]), // a search's
      encodeCursor("price-low", ["false", "20.00"]), // cut short
      encodeCursor("price-low", ["false", "20.00", id, "extra"]),
      encodeCursor("price-low", ["ja", "20.00", id]),
      encodeCursor("price-low", ["false", "20", id]),
      encodeCursor("price-low", ["false", "1e3", id]),
      encodeCursor("price-low", ["false", "123456789.00", id]),
      encodeCursor("price-low", ["false", "20.00", "nicht-vorhanden"]),
      encodeCursor("price-low", ["false", "20.00", `${id}'; drop table services; --`]),
    ];
    for (const token of tampered) {
      for (const direction of ["after", "before"]) {
        const list = await listServices(t.db, filters({ sort: "price-low", page: "3", [direction]: token }), 5);
        expect(list.page, token).toBe(1);
        expect(ids(list)).toEqual(first);
      }
    }
    // A cursor needs a page number after the first, and one direction.
    const cursor = second.prevCursor!;
    for (const query of [{ after: cursor }, { after: cursor, page: "1" }, { after: cursor, before: cursor, page: "2" }] as Record<string, string>[]) {
      const f = filters({ sort: "price-low", ...query });
      expect(f).toMatchObject({ page: 1, after: "", before: "" });
      expect(ids(await listServices(t.db, f, 5))).toEqual(first);
    }
    // Values of the right form but for no row are only a position in the order.
    const positions = { newest: ["true", "-9007199254740991", id], rating: ["false", "9.99", "2147483647", id], views: ["true", "0", id] };
    for (const [sort, values] of Object.entries(positions)) {
      await expect(listServices(t.db, filters({ sort, page: "2", after: encodeCursor(sort, values) }), 5)).resolves.toMatchObject({ page: 2 });
    }
    // A rank a real cannot hold would fail in PostgreSQL: not a cursor either.
    const firstFound = ids(await listServices(t.db, filters({ q: "Logo" }), 5));
    for (const rank of ["1e-50", "1e38", "NaN", "-0.5", "Infinity"]) {
      const list = await listServices(t.db, filters({ q: "Logo", page: "2", before: encodeCursor("newest+q", ["false", "1740830400000001", rank, id]) }), 5);
      expect(ids(list), rank).toEqual(firstFound);
    }
    const oddRank = encodeCursor("newest+q", ["false", "1740830410000001", "1e-30", id]);
    await expect(listServices(t.db, filters({ q: "Logo", page: "2", after: oddRank }), 5)).resolves.toMatchObject({ page: 2 });
  });

  it("falls back to the first page when a 'Zurück' cursor has less than a page before it", async () => {
    const start = filters({ sort: "views" });
    const first = await listServices(t.db, start, 5);
    // A page that starts at the third card (as if two cards had been added above it since): reading
    // back from it finds two, so the first page is shown in full.
    const firstTwo = await listServices(t.db, start, 2);
    const fromThird = await listServices(t.db, { ...start, page: 2, after: firstTwo.nextCursor! }, 5);
    expect(fromThird.items[0]!.id).toBe(first.items[2]!.id);
    const list = await listServices(t.db, { ...start, page: 2, before: fromThird.prevCursor! }, 5);
    expect(list.page).toBe(1);
    expect(ids(list)).toEqual(ids(first));
  });

  it("keeps a cursor page's number within the counted pages", async () => {
    const start = filters({ category: "Design" });
    const first = await listServices(t.db, start, 5);
    const list = await listServices(t.db, { ...start, page: 999, after: first.nextCursor! }, 5);
    expect(list).toMatchObject({ page: first.pageCount, pageCount: first.pageCount, hasNext: false });
    expect(list.items).toHaveLength(5);
  });

  it("shows the last page when nothing follows a cursor any more, as for a page number past the end", async () => {
    for (const query of [{ sort: "views", category: "Design" }, { sort: "views", q: "Logo" }] as Record<string, string>[]) {
      const start = filters(query);
      const pages = await walkForward(start, 3);
      const all = pages.flatMap((p) => p.items);
      const last = all[all.length - 1]!;
      const after = encodeCursor(query.q ? "views+q" : "views", [String(last.isFeatured), String(last.views), ...(query.q ? ["0"] : []), last.id]);
      const list = await listServices(t.db, { ...start, page: pages.length + 1, after }, 3);
      expect(list).toMatchObject({ page: pages.length, total: all.length, hasNext: false, nextCursor: null });
      expect(ids(list)).toEqual(ids(pages[pages.length - 1]!));
    }
  });

  it("counts the same on every page, with or without a cursor", async () => {
    for (const query of QUERIES) {
      const pages = await walkForward(filters(query), 7);
      expect(new Set(pages.map((p) => p.total)).size).toBe(1);
      expect(pages[0]!.pageCount).toBe(pages.length);
      expect(pages.every((p) => !p.totalCapped)).toBe(true);
    }
  });
});

describe("cursors in the URL", () => {
  it("keeps the cursor with its page number and drops it on page 1", () => {
    const f = parseServiceFilters(new URLSearchParams("q=Logo&page=4&after=abc_-9"));
    expect(f).toMatchObject({ q: "Logo", page: 4, after: "abc_-9", before: "" });
    expect(filtersToSearch(f)).toBe("?q=Logo&page=4&after=abc_-9");
    expect(filtersToSearch({ ...f, page: 1 })).toBe("?q=Logo");
    expect(filtersToSearch(parseServiceFilters(new URLSearchParams("page=3&before=xyz")))).toBe("?page=3&before=xyz");
    // Old links by page number stay as they were.
    expect(parseServiceFilters(new URLSearchParams("page=7"))).toMatchObject({ page: 7, after: "", before: "" });
    for (const bad of ["page=4&after=a%20b", "page=4&after=", "after=abc", "page=4&after=a&before=b", `page=4&after=${"a".repeat(401)}`]) {
      expect(parseServiceFilters(new URLSearchParams(bad)), bad).toMatchObject({ page: bad === "page=4&after=" ? 4 : 1, after: "", before: "" });
    }
  });

  it("links the neighbours of a page by cursor where there is one, else by number", () => {
    const f = parseServiceFilters(new URLSearchParams("sort=views&page=3"));
    expect(neighbourPages(f, { page: 3, prevCursor: "p", nextCursor: "n" })).toEqual({ previous: "?sort=views&page=2&before=p", next: "?sort=views&page=4&after=n" });
    expect(neighbourPages(f, { page: 3, prevCursor: null, nextCursor: null })).toEqual({ previous: "?sort=views&page=2", next: "?sort=views&page=4" });
    expect(neighbourPages({ ...f, page: 2, after: "c" }, { page: 2, prevCursor: "p", nextCursor: null }).previous).toBe("?sort=views");
  });
});
