import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, services, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { createCountCache, listServices } from "./catalogue.server";
import { neighbourPages, parseServiceFilters } from "./filters";
import { suggestSearches, SUGGESTION_LIMIT } from "./forgiving-search.server";

const OWNER = "u-forgiving";

/** Titles (and a few descriptions) that the forgiving cases need; newest last. */
const LISTINGS: { title: string; description?: string; category?: string }[] = [
  { title: "Hochzeitsfotografie – Ganztagsreportage" },
  { title: "Umsatzsteuererklärung für Selbstständige", category: "Consulting" },
  { title: "Steuerberatung für Freiberufler", category: "Consulting" },
  { title: "Responsive Website für Handwerker", category: "Web Development" },
  { title: "Website-Relaunch mit WordPress", category: "Web Development" },
  { title: "SEO-Audit für Ihre Website", category: "Web Development" },
  { title: "Webseite für Vereine", category: "Web Development" },
  { title: "Logo-Design mit Markenhandbuch" },
  { title: "Stadtführung entlang der Straße der Romantik", category: "Consulting" },
  { title: "Übersetzung Englisch–Deutsch für Fachtexte", category: "Writing" },
  { title: "Nachhilfe Mathematik Oberstufe", category: "Education" },
  { title: "Gitarrenunterricht für Anfänger", category: "Education" },
];

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values({ id: OWNER, name: "Frida Forgiving", email: "forgiving@example.de", emailVerified: true });
  await t.db.insert(profiles).values({ userId: OWNER, email: "forgiving@example.de", firstName: "Frida", lastName: "Forgiving" });
  const start = Date.parse("2025-05-01T10:00:00Z");
  await t.db.insert(services).values(
    LISTINGS.map((l, i) => ({
      title: l.title,
      description: l.description ?? "",
      price: "100.00",
      category: l.category ?? "Design",
      createdBy: OWNER,
      createdAt: new Date(start + i * 60_000),
    })),
  );
});
afterAll(async () => {
  await t?.destroy();
});

const list = (q: string, more: Record<string, string> = {}, pageSize = 50) => listServices(t.db, parseServiceFilters(new URLSearchParams({ q, ...more })), pageSize);
const titles = async (q: string) => (await list(q)).items.map((s) => s.title);

describe(`the forgiving search on ${testEngine}`, () => {
  // query → the titles it finds, in the list's order (newest first within exact, then within the rest).
  const cases: [string, string[]][] = [
    // Parts of compounds, inside the word.
    ["Fotograf", ["Hochzeitsfotografie – Ganztagsreportage"]],
    ["fotografie", ["Hochzeitsfotografie – Ganztagsreportage"]],
    // Exact (a prefix) before the compound part.
    ["Steuer", ["Steuerberatung für Freiberufler", "Umsatzsteuererklärung für Selbstständige"]],
    // Near spellings: every Website, with the exact "Webseite" first.
    ["Webseite", ["Webseite für Vereine", "SEO-Audit für Ihre Website", "Website-Relaunch mit WordPress", "Responsive Website für Handwerker"]],
    ["Website", ["SEO-Audit für Ihre Website", "Website-Relaunch mit WordPress", "Responsive Website für Handwerker", "Webseite für Vereine"]],
    ["Logoo", ["Logo-Design mit Markenhandbuch"]],
    ["Matematik", ["Nachhilfe Mathematik Oberstufe"]],
    ["Nachhilfe Matematik", ["Nachhilfe Mathematik Oberstufe"]],
    ["Gittarenunterricht", ["Gitarrenunterricht für Anfänger"]],
    // Umlauts and ß, written either way.
    ["Strasse", ["Stadtführung entlang der Straße der Romantik"]],
    ["Straße", ["Stadtführung entlang der Straße der Romantik"]],
    ["Ubersetzung", ["Übersetzung Englisch–Deutsch für Fachtexte"]],
    ["übersetzung", ["Übersetzung Englisch–Deutsch für Fachtexte"]],
    // Nonsense finds nothing; a short word is not stretched to anything near it.
    ["xqzvbnm", []],
    ["Lgo", []],
  ];
  it.each(cases)("%s", async (q, expected) => {
    expect(await titles(q)).toEqual(expected);
  });

  it("offers no correction for a word it knows", async () => {
    const result = await list("Website");
    expect(result.didYouMean).toBeNull();
    expect((await list("Website", { category: "Design" })).items).toEqual([]);
  });

  it('says "Meinten Sie …?" when the typed words match nothing', async () => {
    expect((await list("Logoo")).didYouMean).toBe("Logo");
    expect((await list("logoo")).didYouMean).toBe("logo");
    expect((await list("Nachhilfe Matematik")).didYouMean).toBe("Nachhilfe Mathematik");
    expect((await list("Hochzeitsfotograpfie")).didYouMean).toBe("Hochzeitsfotografie");
    // Found as typed, or nothing near: no suggestion.
    for (const q of ["Webseite", "Logo", "xqzvbnm", "qwertzuiop", "Lgoo", "zz"]) expect((await list(q)).didYouMean, q).toBeNull();
    // A suggestion must find something with the other filters.
    expect((await list("Logoo", { category: "Education" })).didYouMean).toBeNull();
    expect((await list("Matematik", { category: "Education" })).items.map((s) => s.title)).toEqual(["Nachhilfe Mathematik Oberstufe"]);
  });

  it("pages a widened search by cursors without gaps or repeats, exact matches first", async () => {
    const counts = createCountCache();
    const all = (await listServices(t.db, parseServiceFilters(new URLSearchParams({ q: "Webseite" })), 50, counts)).items.map((s) => s.id);
    expect(all).toHaveLength(4);
    for (const sort of ["newest", "price-low", "rating", "views"]) {
      const start = parseServiceFilters(new URLSearchParams({ q: "Webseite", sort }));
      const seen: string[] = [];
      let f = start;
      for (let guard = 0; guard < 10; guard++) {
        const page = await listServices(t.db, f, 1, counts);
        seen.push(...page.items.map((s) => s.id));
        if (!page.hasNext) break;
        f = parseServiceFilters(new URLSearchParams(neighbourPages(f, page).next));
        expect(f.after, sort).not.toBe("");
      }
      expect(new Set(seen).size, sort).toBe(4);
      expect(seen.sort()).toEqual([...all].sort());
      // The exact match comes first under every sort.
      const [first] = (await listServices(t.db, start, 1, counts)).items;
      expect(first?.title, sort).toBe("Webseite für Vereine");
    }
    // A typo with no exact match pages as an ordinary search list (nothing to put first).
    const typo: string[] = [];
    for (let f = parseServiceFilters(new URLSearchParams({ q: "Websiet" })), guard = 0; guard < 10; guard++) {
      const page = await listServices(t.db, f, 1, counts);
      typo.push(...page.items.map((s) => s.title));
      if (!page.hasNext) break;
      f = parseServiceFilters(new URLSearchParams(neighbourPages(f, page).next));
    }
    expect(typo).toEqual(["SEO-Audit für Ihre Website", "Website-Relaunch mit WordPress", "Responsive Website für Handwerker"]);
    // Backwards from page 3 by its "Zurück" cursor: page 2 again.
    const at: { filters: ReturnType<typeof parseServiceFilters>; ids: string[] }[] = [];
    let f = parseServiceFilters(new URLSearchParams({ q: "Webseite" }));
    for (let i = 0; i < 3; i++) {
      const page = await listServices(t.db, f, 1, counts);
      at.push({ filters: f, ids: page.items.map((s) => s.id) });
      if (i === 2) {
        const back = await listServices(t.db, parseServiceFilters(new URLSearchParams(neighbourPages(f, page).previous)), 1, counts);
        expect(back.items.map((s) => s.id)).toEqual(at[1]!.ids);
        expect(back.page).toBe(2);
      }
      f = parseServiceFilters(new URLSearchParams(neighbourPages(f, page).next));
    }
  });

  it("follows the titles: new, renamed and removed services change the vocabulary", async () => {
    const [row] = await t.db
      .insert(services)
      .values({ title: "Klavierstimmung vor Ort", price: "80.00", category: "Education", createdBy: OWNER })
      .returning({ id: services.id });
    expect(await titles("Klavierstimmen")).toEqual(["Klavierstimmung vor Ort"]);
    expect(await suggestSearches(t.db, "Klav")).toContain("Klavierstimmung");
    await t.db.update(services).set({ title: "Cembalostimmung vor Ort" }).where(eq(services.id, row!.id));
    expect(await suggestSearches(t.db, "Klav")).toEqual([]);
    expect(await suggestSearches(t.db, "Cemb")).toEqual(["Cembalostimmung"]);
    await t.db.delete(services).where(eq(services.id, row!.id));
    expect(await suggestSearches(t.db, "Cemb")).toEqual([]);
    const words = (await t.db.execute(sql`select word, services from service_words where word in ('vor', 'ort', 'cembalostimmung', 'klavierstimmung')`)) as unknown as { rows: unknown[] };
    expect(words.rows).toEqual([]);
  });

  it("knows the words of listed services only: a removal by moderation or a suspension takes them out, restoring brings them back", async () => {
    const [row] = await t.db
      .insert(services)
      .values({ title: "Schwarzmarktvermittlung diskret", price: "80.00", category: "Other", createdBy: OWNER })
      .returning({ id: services.id });
    expect(await suggestSearches(t.db, "Schwarzm")).toEqual(["Schwarzmarktvermittlung"]);
    await t.db.update(services).set({ removedAt: new Date() }).where(eq(services.id, row!.id));
    expect(await suggestSearches(t.db, "Schwarzm")).toEqual([]);
    // Renamed while removed: nothing of either title is known.
    await t.db.update(services).set({ title: "Schwarzhandel diskret" }).where(eq(services.id, row!.id));
    expect(await suggestSearches(t.db, "Schwarz")).toEqual([]);
    await t.db.update(services).set({ removedAt: null }).where(eq(services.id, row!.id));
    expect(await suggestSearches(t.db, "Schwarz")).toEqual(["Schwarzhandel"]);
    await t.db.update(services).set({ ownerSuspended: true }).where(eq(services.id, row!.id));
    expect(await suggestSearches(t.db, "Schwarz")).toEqual([]);
    // Deleting an unlisted service takes nothing more away.
    await t.db.delete(services).where(eq(services.id, row!.id));
    const words = (await t.db.execute(sql`select word, services from service_words where word in ('schwarzhandel', 'schwarzmarktvermittlung', 'diskret')`)) as unknown as { rows: unknown[] };
    expect(words.rows).toEqual([]);
    // A bulk insert counts listed rows only.
    await t.db.insert(services).values([
      { title: "Zauberkunst für Feiern", price: "80.00", category: "Other", createdBy: OWNER, removedAt: new Date() },
      { title: "Zauberkunst für Kinder", price: "80.00", category: "Other", createdBy: OWNER },
    ]);
    const zauber = (await t.db.execute(sql`select services from service_words where word = 'zauberkunst'`)) as unknown as { rows: { services: number }[] };
    expect(zauber.rows.map((r) => Number(r.services))).toEqual([1]);
    await t.db.delete(services).where(sql`${services.title} like 'Zauberkunst%'`);
  });
});

describe(`suggestions while typing on ${testEngine}`, () => {
  it("completes the last word, keeps the ones before it, and finds compound parts and near spellings", async () => {
    expect(await suggestSearches(t.db, "Lo")).toEqual(["Logo"]);
    expect(await suggestSearches(t.db, "web")).toEqual(["website", "webseite"]);
    expect(await suggestSearches(t.db, "Nachhilfe Mat")).toEqual(["Nachhilfe Mathematik"]);
    expect(await suggestSearches(t.db, "fotograf")).toEqual(["hochzeitsfotografie"]);
    expect(await suggestSearches(t.db, "Strasse")).toEqual(["Straße"]);
    expect(await suggestSearches(t.db, "Matematik")).toEqual(["Mathematik"]);
  });

  it("gives a short list, and nothing for bad input", async () => {
    expect((await suggestSearches(t.db, "e")).length).toBe(0);
    expect((await suggestSearches(t.db, "ge", 3)).length).toBeLessThanOrEqual(3);
    expect((await suggestSearches(t.db, "ge", 99)).length).toBeLessThanOrEqual(SUGGESTION_LIMIT);
    for (const q of ["", " ", "%", "_", "'", "\\", "a\u0000b", "\uD800", "Logo ", "Logo,", "x".repeat(500), "%%%%", "' or 1=1 --", "😀"]) {
      await expect(suggestSearches(t.db, q), JSON.stringify(q)).resolves.toBeInstanceOf(Array);
    }
    expect(await suggestSearches(t.db, "Logo ")).toEqual([]);
    expect(await suggestSearches(t.db, "%")).toEqual([]);
  });
});
