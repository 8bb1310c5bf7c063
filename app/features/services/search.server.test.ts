import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services } from "~/db/schema";
import { seedDemoContent } from "~/db/seed.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { parseServiceFilters } from "./filters";
import { listServices } from "./catalogue.server";
import { GERMAN_STOP_WORDS, searchQuery } from "./search-query";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoContent(t.db, { now: new Date("2025-06-15T10:00:00.000Z") });
});
afterAll(async () => {
  await t?.destroy();
});

/** The titles a search box text finds (all on one page). */
const found = async (q: string) => (await listServices(t.db, parseServiceFilters(new URLSearchParams({ q })), 100)).items.map((s) => s.title);

describe(`search as PostgreSQL's parser reads the text, on ${testEngine}`, () => {
  it("finds every demo listing by its own exact title", async () => {
    const listings = await t.db.select({ title: services.title }).from(services);
    expect(listings.length).toBeGreaterThanOrEqual(42);
    const missed: string[] = [];
    for (const { title } of listings) if (!(await found(title)).includes(title)) missed.push(title);
    expect(missed).toEqual([]);
  });

  it("finds version numbers and words joined by a slash", async () => {
    const wcag = "Barrierefreiheits-Check nach WCAG 2.1";
    const uiux = "UI/UX-Design für Ihre App in Figma";
    for (const q of ["WCAG 2.1", "2.1", "wcag"]) expect(await found(q), q).toContain(wcag);
    for (const q of ["UX", "ux", "UI/UX", "ui / ux", "UI/UX-Design", "UX-Design", "UI", "UI/UX Figma"]) expect(await found(q), q).toContain(uiux);
    expect(await found("WCAG 2.2")).toEqual([]);
  });

  it("keeps matching the words of a compound apart, in other forms and half-typed", async () => {
    expect(await found("Logo-Designs")).toContain("Logo-Design mit Markenhandbuch");
    expect(await found("Marketing-Strategie")).toContain("E-Mail-Marketing-Strategie mit Automatisierung");
    expect(await found("Barrierefreiheits-Ch")).toContain("Barrierefreiheits-Check nach WCAG 2.1");
    expect(await found("Englisch–Deutsch")).toContain("Übersetzung Englisch–Deutsch für Fachtexte");
    expect(await found("Über-uns-Seite")).toContain("Über-uns-Seite und Unternehmensporträt");
  });

  it("drops a stop word with all its forms", async () => {
    // "ohne" is a stop word, its shortened form "ohn" (plural endings, see wordVariants) is not.
    expect(await found("Logo ohne Markenhandbuch")).toEqual(["Logo-Design mit Markenhandbuch"]);
    expect(await found("Texte, die geöffnet werden")).toEqual(["Newsletter-Texte, die geöffnet werden"]);
    // The list agrees with the database: each of its words is dropped there.
    const result = (await t.db.execute(
      sql`select w from unnest(string_to_array(${[...GERMAN_STOP_WORDS].join(" ")}, ' ')) as w where to_tsvector('german', w) <> ''::tsvector`,
    )) as unknown as { rows: { w: string }[] };
    expect(result.rows).toEqual([]);
  });

  it("reads any text without a query syntax error", async () => {
    const texts = ["'", "\\", "''", "a'b", "a\\b", "x:*", "a:* & b", "<->", "!(a|b)", "'a' <-> 'b'", "a\u0000b", "\uD800x", "ü-", "-ü-", "C++ / C#", "https://example.de/a?b=c&d", "e-mail@example.de", "1e+10", "😀 Logo", "a:b:c", "'2.1':*", "wcag\\' 2.1"];
    for (const q of texts) await expect(listServices(t.db, parseServiceFilters(new URLSearchParams({ q }))), q).resolves.toMatchObject({ page: 1 });
    expect(searchQuery("it's 2.1")).toEqual({ query: "('it''s' | ((it) & (s))) & ('2.1' | ((2) & (1)))", prefix: null });
    expect(searchQuery("a\\'b:*")).toEqual({ query: "('a\\\\''b:*' | ((a) & (b)))", prefix: null });
  });
});
