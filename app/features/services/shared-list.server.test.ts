import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { services } from "~/db/schema";
import { createRequestContext, sharedFragments } from "~/lib/request-context.server";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import * as catalogue from "./catalogue.server";
import { createServicesTestDatabase, filters, fixtures, OWNER } from "./services.test-support";
import { sharedLists, sharedServiceList } from "./shared-list.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(() => t?.destroy());
beforeEach(() => {
  sharedLists().clear();
  catalogue.catalogCounts().clear();
  vi.restoreAllMocks();
});

const documentContext = () => createRequestContext({ requestId: "t", cspNonce: "", document: true });
const dataContext = () => createRequestContext({ requestId: "t", cspNonce: "", document: false });

describe(`the catalogue's shared list on ${testEngine}`, () => {
  it("queries a filter set once for concurrent requests, signed in or not, and hands a document the cards' HTML", async () => {
    const list = vi.spyOn(catalogue, "listServices");
    const contexts = [documentContext(), documentContext(), dataContext()];
    const results = await Promise.all(contexts.map((context) => sharedServiceList(t.db, filters({ category: "Design" }), context)));
    expect(list).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.fragmentKey)).toEqual(["services?category=Design", "services?category=Design", "services?category=Design"]);
    const design = fixtures.filter((f) => f.category === "Design").map((f) => f.title).sort();
    // The data request gets the cards; a document has them as HTML, its data only their number.
    expect(results[2]!.items.map((s) => s.title).sort()).toEqual(design);
    expect(results.map((r) => r.shown)).toEqual([design.length, design.length, design.length]);
    expect(results[0]!.items).toEqual([]);

    const html = sharedFragments(contexts[0]!)!.get("services?category=Design")!.bytes.toString();
    for (const item of results[2]!.items) {
      expect(html).toContain(`href="/services/${item.id}"`);
      expect(html).toContain(item.title);
    }
    // The author button works by delegation in the shared HTML (no handlers in static markup).
    expect(html).toContain(`data-author-id="${OWNER}"`);
    expect(sharedFragments(contexts[1]!)!.get("services?category=Design")!.bytes.toString()).toBe(html);
    // A data request (client navigation) renders in the browser: no HTML for it.
    expect(sharedFragments(contexts[2]!)).toBeNull();
  });

  it("is the same list for the same normalised URL and another for another page or filter", async () => {
    const a = await sharedServiceList(t.db, filters({ sort: "newest", page: "1" }), documentContext());
    const b = await sharedServiceList(t.db, filters({}), documentContext());
    const c = await sharedServiceList(t.db, filters({ sort: "price-low" }), dataContext());
    expect(a.fragmentKey).toBe("services");
    expect(b.fragmentKey).toBe("services");
    expect(c.fragmentKey).toBe("services?sort=price-low");
    expect(c.items[0]!.isFeatured).toBe(true);
  });

  it("shows a change after a write on this process (the host clears it with the page cache)", async () => {
    const before = await sharedServiceList(t.db, filters({ category: "Education" }), dataContext());
    await t.db.insert(services).values({ title: "Physik-Nachhilfe", description: "", price: "30.00", category: "Education", createdBy: OWNER });
    // Within the reuse time, without a write on this process, the list is the shared one.
    expect((await sharedServiceList(t.db, filters({ category: "Education" }), dataContext())).items).toEqual(before.items);
    sharedLists().clear();
    catalogue.catalogCounts().clear();
    const after = await sharedServiceList(t.db, filters({ category: "Education" }), dataContext());
    expect(after.items.map((s) => s.title)).toContain("Physik-Nachhilfe");
  });
});
