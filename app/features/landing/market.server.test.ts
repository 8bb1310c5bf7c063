import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { services, user } from "~/db/schema";
import * as catalogue from "~/features/services/catalogue.server";
import { createServicesTestDatabase, fixtures, OWNER } from "~/features/services/services.test-support";
import { createRequestContext, sharedFragments } from "~/lib/request-context.server";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import * as market from "./market.server";
import { FEATURED_COUNT, FEATURED_FRAGMENT_KEY, marketCache, readMarket, sharedMarket } from "./market.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(() => t?.destroy());
beforeEach(() => {
  marketCache().clear();
  catalogue.catalogCounts().clear();
  vi.restoreAllMocks();
});

const documentContext = () => createRequestContext({ requestId: "t", cspNonce: "", document: true });

describe(`the start page's market on ${testEngine}`, () => {
  it("counts services, providers with a service, the average of the rated services and every rating", async () => {
    const { figures } = await readMarket(t.db);
    const rated = fixtures.filter((f) => (f.ratingCount ?? 0) > 0);
    const mean = rated.reduce((sum, f) => sum + Number(f.ratingAvg), 0) / rated.length;
    expect(figures).toEqual({
      services: fixtures.length,
      // OTHER has no service: not a provider.
      providers: 1,
      averageRating: Math.round(mean * 100) / 100,
      ratings: fixtures.reduce((sum, f) => sum + (f.ratingCount ?? 0), 0),
    });
  });

  it("counts every category's services, the busiest first", async () => {
    const { categories } = await readMarket(t.db);
    const expected = new Map<string, number>();
    for (const f of fixtures) expected.set(f.category, (expected.get(f.category) ?? 0) + 1);
    expect(new Map(categories.map((c) => [c.category, c.count]))).toEqual(expected);
    expect(categories[0]).toEqual({ category: "Design", count: 2 });
    expect(categories.map((c) => c.count)).toEqual([...categories.map((c) => c.count)].sort((a, b) => b - a));
  });

  it("features real services: featured first, then the best rated", async () => {
    const { featured } = await readMarket(t.db);
    expect(featured).toHaveLength(FEATURED_COUNT);
    expect(featured.map((s) => s.title)).toEqual([
      "Nachhilfe Mathematik Oberstufe",
      "Webentwicklung für Handwerker",
      "Logo-Design mit Markenhandbuch",
      "Social-Media-Kampagne",
      "SEO-Texte für Onlineshops",
      "Visitenkarten und Briefpapier",
    ]);
  });

  it("reads the market once for concurrent requests, keeps it, hands a document the featured cards' HTML, and shows a write once cleared", async () => {
    const read = vi.spyOn(market, "readMarket");
    const list = vi.spyOn(catalogue, "listServices");
    const contexts = [documentContext(), documentContext(), createRequestContext({ requestId: "t", cspNonce: "", document: false })];
    const results = await Promise.all(contexts.map((context) => sharedMarket(t.db, context)));
    // The module's own call is not the spied export: count the catalogue reads instead (one per market read).
    expect(read.mock.calls.length + list.mock.calls.length).toBe(1);
    expect(results[1]).toEqual(results[0]);
    const html = sharedFragments(contexts[0]!)!.get(FEATURED_FRAGMENT_KEY)!.bytes.toString();
    // A data request (client navigation) gets the cards; a document has them as HTML only.
    const cards = results[2]!.featured;
    expect(cards.items).toHaveLength(FEATURED_COUNT);
    expect(cards.shown).toBe(FEATURED_COUNT);
    for (const item of cards.items) expect(html).toContain(`href="/services/${item.id}"`);
    expect(results[0]!.featured).toEqual({ items: [], shown: FEATURED_COUNT });
    expect(sharedFragments(contexts[2]!)).toBeNull();

    await t.db.insert(user).values({ id: "u-new-provider", name: "Nina Neu", email: "nina@example.de", emailVerified: true });
    await t.db.insert(services).values({ title: "Übersetzung Englisch", description: "", price: "60.00", category: "Writing", createdBy: "u-new-provider" });
    // Within the minute and without a write on this process: the same figures.
    expect((await sharedMarket(t.db)).figures.services).toBe(fixtures.length);
    // The host clears it with the page cache on any write (server/app.ts).
    marketCache().clear();
    const after = await sharedMarket(t.db);
    expect(after.figures.services).toBe(fixtures.length + 1);
    expect(after.figures.providers).toBe(2);
    expect(after.categories.find((c) => c.category === "Writing")?.count).toBe(2);
  });

  it("is reused for a minute, then read again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const first = await sharedMarket(t.db);
      await t.db.insert(services).values({ title: "Fotografie Hochzeit", description: "", price: "900.00", category: "Design", createdBy: OWNER });
      vi.setSystemTime(Date.now() + 59_000);
      expect((await sharedMarket(t.db)).figures.services).toBe(first.figures.services);
      vi.setSystemTime(Date.now() + 2_000);
      expect((await sharedMarket(t.db)).figures.services).toBe(first.figures.services + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});
