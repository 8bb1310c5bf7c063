import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { olderInstall } from "../../../tests/support/older-install";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { getService, listServices } from "./catalogue.server";
import { createService, updateService } from "./editing.server";
import { filtersToSearch, neighbourPages, parseServiceFilters } from "./filters";
import { createServicesTestDatabase, filters, OTHER, OWNER } from "./services.test-support";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

const facts = async (id: string) =>
  (await t.db.select({ deliveryDays: services.deliveryDays, workPlace: services.workPlace, workCity: services.workCity, priceUnit: services.priceUnit }).from(services).where(eq(services.id, id)))[0];

describe(`delivery time and place of work on ${testEngine}`, () => {
  it("creates a service from title, price and category alone: Festpreis, nach Vereinbarung, remote", async () => {
    const { id } = await createService(t.db, { actorId: OTHER, input: { title: "Nur das Nötigste", price: "10", category: "Other" } });
    expect(await facts(id)).toEqual({ deliveryDays: null, workPlace: "remote", workCity: null, priceUnit: "fixed" });
    expect(await getService(t.db, id)).toMatchObject({ deliveryDays: null, workPlace: "remote", workCity: null });
    await t.db.delete(services).where(eq(services.id, id));
  });

  it("stores a delivery time, a place and a tidied city; a remote service keeps no city", async () => {
    const { id } = await createService(t.db, {
      actorId: OTHER,
      input: { title: "Vor Ort", price: "10", category: "Other", deliveryDays: " 3 ", workPlace: "onsite", workCity: "  Frankfurt \t am   Main " },
    });
    expect(await facts(id)).toMatchObject({ deliveryDays: 3, workPlace: "onsite", workCity: "Frankfurt am Main" });
    const remote = await createService(t.db, { actorId: OTHER, input: { title: "Remote", price: "10", category: "Other", deliveryDays: "", workPlace: "remote", workCity: "Berlin" } });
    expect(await facts(remote.id)).toMatchObject({ deliveryDays: null, workPlace: "remote", workCity: null });
    await t.db.delete(services).where(inArray(services.id, [id, remote.id]));
  });

  it.each([
    [{ deliveryDays: "0" }, "deliveryDays", "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer."],
    [{ deliveryDays: "366" }, "deliveryDays", "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer."],
    [{ deliveryDays: "2.5" }, "deliveryDays", "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer."],
    [{ deliveryDays: "3,5" }, "deliveryDays", "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer."],
    [{ deliveryDays: "drei" }, "deliveryDays", "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer."],
    [{ deliveryDays: ["3", "4"] }, "deliveryDays", "Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an oder lassen Sie das Feld leer."],
    [{ workPlace: "mond" }, "workPlace", "Bitte wählen Sie einen Arbeitsort."],
    [{ workPlace: "onsite" }, "workCity", "Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten."],
    [{ workPlace: "both", workCity: "   " }, "workCity", "Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten."],
    [{ workPlace: "both", workCity: "B".repeat(81) }, "workCity", "Die Stadt darf höchstens 80 Zeichen lang sein."],
    [{ workPlace: "onsite", workCity: "Ber\u0000lin" }, "workCity", "Bitte geben Sie die Stadt ohne Steuerzeichen an."],
  ])("refuses %j with a message on %s and stores nothing", async (extra, field, message) => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(services))[0]!.n;
    const before = await count();
    const error = await createService(t.db, { actorId: OTHER, input: { title: "Falsch", price: "10", category: "Other", ...extra } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INVALID");
    expect((error as AppError).fieldErrors?.[field]).toBe(message);
    expect(await count()).toBe(before);
  });

  it("names a missing city together with the form's other mistakes, in one submission", async () => {
    const input = { title: "", price: "", category: "", workPlace: "onsite", workCity: "" };
    const error = await createService(t.db, { actorId: OTHER, input }).catch((e: unknown) => e);
    expect((error as AppError).fieldErrors).toMatchObject({
      title: expect.any(String),
      price: expect.any(String),
      category: expect.any(String),
      workCity: "Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten.",
    });
    const edit = await createService(t.db, { actorId: OWNER, input: { title: "Stadt", price: "10", category: "Other" } });
    // An unknown category is an aborting issue (an enum), as on create: the city is named all the same.
    const refused = await updateService(t.db, { actorId: OWNER, serviceId: edit.id, input: { title: "", price: "12", category: "Mond", workPlace: "both", workCity: " " } }).catch((e: unknown) => e);
    expect((refused as AppError).fieldErrors).toMatchObject({ title: expect.any(String), category: expect.any(String), workCity: "Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten." });
    await t.db.delete(services).where(eq(services.id, edit.id));
  });

  it("accepts 80 characters of city, and 1 and 365 days", async () => {
    const a = await createService(t.db, { actorId: OTHER, input: { title: "Grenzen", price: "1", category: "Other", deliveryDays: "1", workPlace: "both", workCity: "B".repeat(80) } });
    const b = await createService(t.db, { actorId: OTHER, input: { title: "Grenzen", price: "1", category: "Other", deliveryDays: 365 } });
    expect(await facts(a.id)).toMatchObject({ deliveryDays: 1, workPlace: "both", workCity: "B".repeat(80) });
    expect((await facts(b.id))!.deliveryDays).toBe(365);
    await t.db.delete(services).where(inArray(services.id, [a.id, b.id]));
  });

  it("edits keep the facts a form does not send, change those it does, and refuse bad ones unchanged", async () => {
    const { id } = await createService(t.db, { actorId: OWNER, input: { title: "Bearbeiten", price: "10", category: "Other", deliveryDays: "7", workPlace: "both", workCity: "Köln" } });
    // The spec's edit: title, price and category only — the facts stay.
    await updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "Bearbeitet", price: "12", category: "Other" } });
    expect(await facts(id)).toMatchObject({ deliveryDays: 7, workPlace: "both", workCity: "Köln" });
    await expect(
      updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "Bearbeitet", price: "12", category: "Other", workPlace: "onsite", workCity: "" } }),
    ).rejects.toMatchObject({ code: "INVALID", fieldErrors: { workCity: "Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten." } });
    expect(await facts(id)).toMatchObject({ deliveryDays: 7, workPlace: "both", workCity: "Köln" });
    // An emptied delivery field is "nach Vereinbarung"; remote drops the city.
    await updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "Bearbeitet", price: "12", category: "Other", deliveryDays: "", workPlace: "remote", workCity: "Köln" } });
    expect(await facts(id)).toMatchObject({ deliveryDays: null, workPlace: "remote", workCity: null });
    await t.db.delete(services).where(eq(services.id, id));
  });

  it("the database refuses what the forms refuse (a write that bypasses them)", async () => {
    const insert = (values: Partial<typeof services.$inferInsert>) =>
      t.db.insert(services).values({ title: "Direkt", price: "1", category: "Other", createdBy: OWNER, ...values });
    await expect(insert({ deliveryDays: 0 })).rejects.toThrow();
    await expect(insert({ workPlace: "onsite" })).rejects.toThrow();
    await expect(insert({ workPlace: "remote", workCity: "Berlin" })).rejects.toThrow();
    await expect(insert({ workPlace: "both", workCity: " Berlin" })).rejects.toThrow();
  });
});

describe(`the catalogue's delivery and remote filters on ${testEngine}`, () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // The fixtures are remote and "nach Vereinbarung"; these 30 deliver in 1..30 days, every third on site.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      title: `Lieferung ${i + 1}`,
      price: String(10 + i),
      category: "Other",
      createdBy: OTHER,
      deliveryDays: i + 1,
      workPlace: (["remote", "onsite", "both"] as const)[i % 3]!,
      workCity: i % 3 === 0 ? null : "Berlin",
      createdAt: new Date(Date.now() - i * 60_000),
    }));
    ids.push(...(await t.db.insert(services).values(rows).returning({ id: services.id })).map((r) => r.id));
  });
  afterAll(async () => {
    await t.db.delete(services).where(inArray(services.id, ids));
  });

  it("parses and writes the filters in the URL, falling back to off for anything else", () => {
    expect(parseServiceFilters(new URLSearchParams("maxDays=7&remote=1"))).toMatchObject({ maxDays: 7, remote: true });
    expect(parseServiceFilters(new URLSearchParams("maxDays=5&remote=yes"))).toMatchObject({ maxDays: 0, remote: false });
    expect(parseServiceFilters(new URLSearchParams("maxDays=-1"))).toMatchObject({ maxDays: 0 });
    expect(filtersToSearch(filters({ maxDays: "14", remote: "1", category: "Other" }))).toBe("?category=Other&maxDays=14&remote=1");
    expect(filtersToSearch(filters({ maxDays: "", remote: "" }))).toBe("");
  });

  it("'bis N Tage' leaves out 'nach Vereinbarung' and longer times; 'Nur remote' keeps remote and both", async () => {
    const titles = async (query: Record<string, string>) => (await listServices(t.db, filters(query), 100)).items.map((s) => s.title).sort();
    expect(await titles({ maxDays: "3" })).toEqual(["Lieferung 1", "Lieferung 2", "Lieferung 3"]);
    const week = await listServices(t.db, filters({ maxDays: "7" }), 100);
    expect(week.total).toBe(7);
    expect(week.items.every((s) => s.deliveryDays !== null && s.deliveryDays <= 7)).toBe(true);
    // Remote: the 7 fixtures (remote by the migration's default) and 20 of the 30 (remote or both).
    const remote = await listServices(t.db, filters({ remote: "1" }), 100);
    expect(remote.total).toBe(27);
    expect(remote.items.every((s) => s.workPlace !== "onsite")).toBe(true);
    expect(await titles({ maxDays: "7", remote: "1" })).toEqual(["Lieferung 1", "Lieferung 3", "Lieferung 4", "Lieferung 6", "Lieferung 7"]);
    // With the other filters and a search.
    expect(await titles({ maxDays: "30", remote: "1", minPrice: "30", sort: "price-high" })).toEqual(["Lieferung 21", "Lieferung 22", "Lieferung 24", "Lieferung 25", "Lieferung 27", "Lieferung 28", "Lieferung 30"]);
    expect(await titles({ q: "Lieferung", maxDays: "1" })).toEqual(["Lieferung 1"]);
    expect((await listServices(t.db, filters({ category: "Design", maxDays: "30" }))).total).toBe(0);
  });

  it.each(["newest", "price-low", "rating"])("pages through the filtered list by cursor and by number (%s), and the links keep the filters", async (sort) => {
    const query = { maxDays: "30", remote: "1", sort };
    const expected = (await listServices(t.db, filters(query), 100)).items.map((s) => s.id);
    expect(expected).toHaveLength(20);
    const seen: string[] = [];
    let page = await listServices(t.db, filters(query), 6);
    seen.push(...page.items.map((s) => s.id));
    while (page.hasNext) {
      const next = neighbourPages(filters(query), page).next;
      expect(next).toContain("maxDays=30");
      expect(next).toContain("remote=1");
      expect(next).toContain("after=");
      page = await listServices(t.db, parseServiceFilters(new URLSearchParams(next)), 6);
      seen.push(...page.items.map((s) => s.id));
    }
    expect(seen).toEqual(expected);
    // Back from the last page by its "Zurück" cursor.
    const previous = neighbourPages(parseServiceFilters(new URLSearchParams(`?${new URLSearchParams(query)}&page=${page.page}`)), page).previous;
    expect(previous).toContain("before=");
    expect(previous).toContain("maxDays=30");
    const back = await listServices(t.db, parseServiceFilters(new URLSearchParams(previous)), 6);
    expect(back.items.map((s) => s.id)).toEqual(expected.slice(12, 18));
    // A page number alone (offset) shows the same rows.
    expect((await listServices(t.db, filters({ ...query, page: "2" }), 6)).items.map((s) => s.id)).toEqual(expected.slice(6, 12));
  });
});

describe(`the migration on ${testEngine}`, () => {
  it("leaves existing services Festpreis, 'nach Vereinbarung' and remote", async () => {
    // The migrations before this one, a service, then the rest: the service as an older install had it.
    const db = await olderInstall("_listing_facts");
    try {
      await db.execute(`insert into "user" (id, name, email) values ('old', 'Alt', 'alt@example.de')`);
      await db.execute(`insert into services (title, price, category, created_by) values ('Alter Dienst', 10, 'Other', 'old')`);
      await db.upgrade();
      const rows = await db.execute(`select price_unit, delivery_days, work_place, work_city from services`);
      expect(rows).toEqual([{ price_unit: "fixed", delivery_days: null, work_place: "remote", work_city: null }]);
    } finally {
      await db.close();
    }
  });
});
