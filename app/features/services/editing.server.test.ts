import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { services } from "~/db/schema";
import { AppError } from "~/lib/errors";
import { testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { getService, listServices } from "./catalogue.server";
import { createService, deleteService, updateService } from "./editing.server";
import { createServicesTestDatabase, filters, OTHER, OWNER } from "./services.test-support";

let t: TestDatabase;
beforeAll(async () => {
  t = await createServicesTestDatabase();
});
afterAll(async () => {
  await t?.destroy();
});

describe(`editing services on ${testEngine}`, () => {
  it("creates a service for the signed-in user with exact money", async () => {
    const { id } = await createService(t.db, {
      actorId: OTHER,
      input: { title: "  Übersetzung Deutsch–Englisch ", description: "", price: "19,99", category: "Writing" },
    });
    const detail = await getService(t.db, id);
    expect(detail).toMatchObject({ title: "Übersetzung Deutsch–Englisch", price: "19.99", category: "Writing", views: 0, isFeatured: false });
    expect(detail!.author.userId).toBe(OTHER);
    await t.db.delete(services).where(eq(services.id, id));
  });

  it.each([
    [{ title: "", price: "10", category: "Design" }, "title"],
    [{ title: "x".repeat(121), price: "10", category: "Design" }, "title"],
    [{ title: "Ok", price: "", category: "Design" }, "price"],
    [{ title: "Ok", price: "zehn", category: "Design" }, "price"],
    [{ title: "Ok", price: "-1", category: "Design" }, "price"],
    [{ title: "Ok", price: "1000000.01", category: "Design" }, "price"],
    // Three decimals after the German decimal comma; "1.234" is 1234 (thousands, ./price-input).
    [{ title: "Ok", price: "1,234", category: "Design" }, "price"],
    [{ title: "Ok", price: "1,250.00", category: "Design" }, "price"],
    [{ title: "Ok", price: "10", category: "Mobile Development" }, "category"],
    [{ title: "Ok", price: "10", category: "" }, "category"],
    [{ title: "Ok", price: "10", category: "Design", description: "x".repeat(5001) }, "description"],
  ])("refuses a forged create %j on %s and stores nothing", async (input, field) => {
    const before = (await listServices(t.db, filters())).total;
    const error = await createService(t.db, { actorId: OTHER, input }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("INVALID");
    expect((error as AppError).fieldErrors?.[field]).toBeTruthy();
    expect((await listServices(t.db, filters())).total).toBe(before);
  });

  it("lets the owner edit: a non-numeric price becomes 0, edit categories apply", async () => {
    const { id } = await createService(t.db, { actorId: OWNER, input: { title: "Beratung", price: "80", category: "Consulting" } });
    // The current create-only category stays allowed; an edit-only one is accepted.
    await updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "Beratung", price: "kostenlos", category: "Consulting" } });
    expect((await getService(t.db, id))!.price).toBe("0.00");
    await updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "App-Beratung", price: "95.5", category: "Mobile Development" } });
    expect(await getService(t.db, id)).toMatchObject({ title: "App-Beratung", price: "95.50", category: "Mobile Development" });
    await expect(
      updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "App-Beratung", price: "95.5", category: "Education" } }),
    ).rejects.toMatchObject({ code: "INVALID" });
    await expect(updateService(t.db, { actorId: OWNER, serviceId: id, input: { title: "", price: "1", category: "Other" } })).rejects.toMatchObject({
      code: "INVALID",
    });
    await deleteService(t.db, { actorId: OWNER, serviceId: id });
  });

  it("keeps a price unit: Festpreis by default, a chosen one on create, unchanged by an edit without one; a bad one is a field error", async () => {
    const unitOf = async (id: string) => (await t.db.select({ unit: services.priceUnit }).from(services).where(eq(services.id, id)))[0]!.unit;
    const plain = await createService(t.db, { actorId: OWNER, input: { title: "Ohne Einheit", price: "10", category: "Other" } });
    expect(await unitOf(plain.id)).toBe("fixed");
    const hourly = await createService(t.db, { actorId: OWNER, input: { title: "Stundenweise", price: "45", priceUnit: "hour", category: "Other" } });
    expect(await unitOf(hourly.id)).toBe("hour");
    await updateService(t.db, { actorId: OWNER, serviceId: hourly.id, input: { title: "Stundenweise", price: "50", category: "Other" } });
    expect(await unitOf(hourly.id)).toBe("hour");
    await updateService(t.db, { actorId: OWNER, serviceId: hourly.id, input: { title: "Monatlich", price: "500", priceUnit: "month", category: "Other" } });
    expect(await unitOf(hourly.id)).toBe("month");
    await expect(createService(t.db, { actorId: OWNER, input: { title: "Falsch", price: "1", priceUnit: "jahr", category: "Other" } })).rejects.toMatchObject({
      code: "INVALID",
      fieldErrors: { priceUnit: "Bitte wählen Sie eine Preiseinheit." },
    });
  });

  it("refuses edit and delete by anyone but the owner, and changes nothing", async () => {
    const { id } = await createService(t.db, { actorId: OWNER, input: { title: "Nur meins", price: "10", category: "Other" } });
    const before = await getService(t.db, id);
    await expect(updateService(t.db, { actorId: OTHER, serviceId: id, input: { title: "Gekapert", price: "1", category: "Other" } })).rejects.toMatchObject({
      code: "FORBIDDEN",
      reason: "not_service_owner",
    });
    await expect(deleteService(t.db, { actorId: OTHER, serviceId: id })).rejects.toMatchObject({
      code: "FORBIDDEN",
      reason: "not_service_owner",
    });
    // Forged edits by the owner: refused field by field, nothing stored.
    for (const input of [
      { title: "Ok", price: "-5", category: "Other" },
      { title: "Ok", price: "1000000000", category: "Other" },
      { title: "Ok", price: "10", category: "Astrologie" },
      { title: "x".repeat(121), price: "10", category: "Other" },
      { title: "Ok", description: "x".repeat(5001), price: "10", category: "Other" },
    ]) {
      await expect(updateService(t.db, { actorId: OWNER, serviceId: id, input })).rejects.toMatchObject({ code: "INVALID" });
    }
    expect(await getService(t.db, id)).toEqual(before);
    await expect(deleteService(t.db, { actorId: OWNER, serviceId: "00000000-0000-4000-8000-000000000000" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(deleteService(t.db, { actorId: OWNER, serviceId: "../etc" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await deleteService(t.db, { actorId: OWNER, serviceId: id });
    expect(await getService(t.db, id)).toBeNull();
  });
});
