import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { conversations, invoices, notifications, orderEvents, orderFiles, orders, profiles, purchases, services, user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { pdfBytes, pngBytes } from "../../../tests/support/files";
import { multipartRequest, type FormPart } from "../../../tests/support/multipart";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { appJobs } from "~/lib/jobs/registry.server";
import { failureOf } from "~/lib/responses.server";
import { createLocalStorage } from "~/lib/storage.server";
import { getBillingProfile, isReadyToInvoice, saveBillingProfile } from "./billing.server";
import { DELIVERY_TEXTS, deliverFromRequest } from "./delivery.server";
import { markInvoicePaid } from "./invoices.server";
import {
  acceptOrder,
  allowedActions,
  autoCompleteDueOrders,
  bookService,
  completeOrder,
  declineOrder,
  deliverOrder,
  requestRevision,
  withdrawOrder,
  type OrderAction,
} from "./orders.server";
import { bookingDefaults, getOrderPage, listOrders } from "./queries.server";
import { saveReview } from "~/features/reviews/reviews.server";
import { todayInGermany } from "./schema";

let t: TestDatabase;
const SELLER = "u-orders-seller";
const SMALL = "u-orders-small";
const BUYERS = ["u-orders-b1", "u-orders-b2", "u-orders-b3", "u-orders-b4"];
const OUTSIDER = "u-orders-outsider";
let fixedService: string;
let hourlyService: string;
let smallBusinessService: string;

const address = { name: "Berta Kundin", street: "Hauptstraße 5", postalCode: "10115", city: "Berlin" };
const booking = (extra: Record<string, unknown> = {}) => ({ ...address, requirements: "Ein Logo für mein Café, bitte in Blau.", ...extra });
const billing = {
  name: "Studio Sonne GmbH",
  street: "Am Markt 1",
  postalCode: "80331",
  city: "München",
  taxNumber: "143/123/45678",
  vatId: "DE123456789",
  vatRate: "19",
  iban: "DE89 3704 0044 0532 0130 00",
  bic: "COBADEFFXXX",
};

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => expect.fail("expected a refusal"),
    (error: unknown) => error as { code: string; reason: string; fieldErrors?: Record<string, string> },
  );
}

beforeAll(async () => {
  t = await createTestDatabase();
  const people = [SELLER, SMALL, OUTSIDER, ...BUYERS];
  await t.db.insert(user).values(people.map((id) => ({ id, name: id, email: `${id}@example.de`, emailVerified: true })));
  await t.db.insert(profiles).values(people.map((id, i) => ({ userId: id, email: `${id}@example.de`, firstName: `Vor${i}`, lastName: `Nach${i}` })));
  const [a, b, c] = await t.db
    .insert(services)
    .values([
      { title: "Logodesign", description: "Ein Logo", price: "119.00", category: "Design", createdBy: SELLER },
      { title: "Gitarrenunterricht", description: "Pro Stunde", price: "30.00", priceUnit: "hour", category: "Education", createdBy: SELLER },
      { title: "Nachhilfe", description: "Kleinunternehmer", price: "25.50", category: "Education", createdBy: SMALL },
    ])
    .returning({ id: services.id });
  fixedService = a!.id;
  hourlyService = b!.id;
  smallBusinessService = c!.id;
  await saveBillingProfile(t.db, SELLER, billing);
}, 60_000);

afterAll(async () => {
  await t?.destroy();
});

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function book(buyer = BUYERS[0]!, serviceId = fixedService, extra: Record<string, unknown> = {}) {
  return (await bookService(t.db, { actorId: buyer, serviceId, input: booking(extra) })).orderId;
}

async function delivered(buyer = BUYERS[0]!, serviceId = fixedService, now = new Date()) {
  const orderId = await book(buyer, serviceId);
  const seller = (await orderRow(orderId)).sellerId!;
  await acceptOrder(t.db, { actorId: seller, orderId });
  await deliverOrder(t.db, { actorId: seller, orderId, input: { note: "Hier ist das Ergebnis." }, now });
  return orderId;
}

describe(`booking an order on ${testEngine}`, () => {
  it("copies price, unit and title; opens the order's conversation; tells the provider; keeps the buyer's address", async () => {
    // A date a year ahead (two years is the limit).
    const desiredDate = todayInGermany(new Date(Date.now() + 365 * 24 * 3_600_000));
    const orderId = await book(BUYERS[0], hourlyService, { quantity: "2,5", desiredDate });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "requested",
      buyerId: BUYERS[0],
      sellerId: SELLER,
      serviceTitle: "Gitarrenunterricht",
      priceUnit: "hour",
      unitPrice: "30.00",
      quantity: "2.50",
      total: "75.00",
      desiredDate,
      buyerAddress: { ...address, country: "Deutschland" },
    });
    // A later price change does not touch the order.
    await t.db.update(services).set({ price: "45.00" }).where(eq(services.id, hourlyService));
    expect((await orderRow(orderId)).unitPrice).toBe("30.00");
    await t.db.update(services).set({ price: "30.00" }).where(eq(services.id, hourlyService));

    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.orderId, orderId));
    expect(conversation).toMatchObject({ kind: "order", serviceId: null });
    expect([conversation!.user1Id, conversation!.user2Id].sort()).toEqual([BUYERS[0], SELLER].sort());
    const told = await t.db.select().from(notifications).where(and(eq(notifications.userId, SELLER), eq(notifications.link, `/orders/${orderId}`)));
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe("Neuer Auftrag");
    const page = await getOrderPage(t.db, SELLER, orderId);
    expect(page.timeline.map((e) => e.kind)).toEqual(["requested"]);
    expect(page.actions).toEqual(["accept", "decline"]);
    expect((await getOrderPage(t.db, BUYERS[0]!, orderId)).actions).toEqual(["withdraw"]);
  });

  it("a fixed price ignores a quantity; bad input is refused with field messages and changes nothing", async () => {
    const orderId = await book(BUYERS[1], fixedService, { quantity: "7" });
    expect(await orderRow(orderId)).toMatchObject({ quantity: "1.00", total: "119.00" });
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const cases: [Record<string, unknown>, string][] = [
      [{ requirements: "   " }, "requirements"],
      [{ requirements: "x".repeat(2001) }, "requirements"],
      [{ desiredDate: "2020-01-01" }, "desiredDate"],
      [{ desiredDate: "2026-02-30" }, "desiredDate"],
      [{ quantity: "0" }, "quantity"],
      [{ quantity: "abc" }, "quantity"],
      [{ quantity: "1.234" }, "quantity"],
      [{ postalCode: "" }, "postalCode"],
      // Germany (the default country) has five-digit postal codes; a date years ahead is a typo.
      [{ postalCode: "ABCDE" }, "postalCode"],
      [{ postalCode: "1011", country: "Deutschland" }, "postalCode"],
      [{ desiredDate: "9999-12-31" }, "desiredDate"],
      [{ name: "" }, "name"],
    ];
    for (const [extra, field] of cases) {
      const error = await refusal(bookService(t.db, { actorId: BUYERS[1]!, serviceId: hourlyService, input: booking(extra) }));
      expect(error, JSON.stringify(extra)).toMatchObject({ code: "INVALID", reason: "invalid_input" });
      expect(Object.keys(error.fieldErrors ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(before);
    // Elsewhere the general check applies: a Viennese postal code with Österreich is fine.
    expect(await orderRow(await book(BUYERS[1], fixedService, { postalCode: "1010", city: "Wien", country: "Österreich" }))).toMatchObject({ status: "requested" });
  });

  it("refuses a total beyond 99,999,999.99 € at the quantity, and a price that changed since the form was shown", async () => {
    const [big] = await t.db.insert(services).values({ title: "Großprojekt", price: "1000000.00", priceUnit: "month", category: "Consulting", createdBy: SELLER }).returning({ id: services.id });
    const error = await refusal(bookService(t.db, { actorId: BUYERS[0]!, serviceId: big!.id, input: booking({ quantity: "100" }) }));
    expect(error).toMatchObject({ code: "INVALID", fieldErrors: { quantity: "Der Gesamtbetrag darf höchstens 99.999.999,99 € betragen." } });
    // 99 months are 99,000,000.00 €: allowed.
    await bookService(t.db, { actorId: BUYERS[0]!, serviceId: big!.id, input: booking({ quantity: "99" }) });
    expect(await refusal(bookService(t.db, { actorId: BUYERS[0]!, serviceId: fixedService, input: booking({ shownPrice: "99.00", shownUnit: "fixed" }) }))).toMatchObject({
      code: "CONFLICT",
      reason: "order_price_changed",
    });
    expect(await refusal(bookService(t.db, { actorId: BUYERS[0]!, serviceId: fixedService, input: booking({ shownPrice: "119.00", shownUnit: "hour" }) }))).toMatchObject({
      reason: "order_price_changed",
    });
  });

  it("keeps a changed invoice address in the buyer's billing details when asked to (and only then)", async () => {
    const buyer = "u-orders-address";
    await t.db.insert(user).values({ id: buyer, name: buyer, email: `${buyer}@example.de`, emailVerified: true });
    await t.db.insert(profiles).values({ userId: buyer, email: `${buyer}@example.de`, firstName: "Tobias", lastName: "Richter" });
    const home = { ...address, country: "Deutschland" };
    // Not asked: the order has the address, nothing else keeps it.
    await book(buyer, fixedService);
    expect(await getBillingProfile(t.db, buyer)).toBeNull();
    expect((await bookingDefaults(t.db, buyer)).address).toMatchObject({ name: "Tobias Richter", street: "" });
    // Asked (the form's box is checked at first): the next booking is prefilled with it.
    await book(buyer, fixedService, { saveAddress: "on" });
    expect(await bookingDefaults(t.db, buyer)).toEqual({ address: home, providerDetails: false });
    // A changed address, asked: it replaces the saved one (before, only a first order kept one).
    const moved = { name: "Richter GmbH", street: "Hauptstr. 1", postalCode: "50667", city: "Köln" };
    const orderId = await book(buyer, fixedService, { ...moved, saveAddress: "on" });
    expect((await orderRow(orderId)).buyerAddress).toEqual({ ...moved, country: "Deutschland" });
    expect(await bookingDefaults(t.db, buyer)).toEqual({ address: { ...moved, country: "Deutschland" }, providerDetails: false });
    // Changed, not asked (an unchecked box sends nothing): this order only.
    const once = await book(buyer, fixedService, { name: "Einmal-Anschrift", city: "Bonn", postalCode: "53111" });
    expect((await orderRow(once)).buyerAddress).toMatchObject({ name: "Einmal-Anschrift", city: "Bonn" });
    expect((await bookingDefaults(t.db, buyer)).address).toMatchObject({ name: "Richter GmbH", city: "Köln" });
  });

  it("a provider ordering keeps tax and bank details when the address is saved, and is told it is their issuer address too", async () => {
    const provider = "u-orders-provider-buying";
    await t.db.insert(user).values({ id: provider, name: provider, email: `${provider}@example.de`, emailVerified: true });
    await t.db.insert(profiles).values({ userId: provider, email: `${provider}@example.de`, firstName: "Petra", lastName: "Prüfer" });
    await saveBillingProfile(t.db, provider, { ...billing, name: "Petra Prüfer Übersetzungen" });
    expect((await bookingDefaults(t.db, provider)).providerDetails).toBe(true);
    await book(provider, fixedService, { name: "Petra Prüfer", street: "Neue Gasse 2", postalCode: "20095", city: "Hamburg", saveAddress: "on" });
    const saved = await getBillingProfile(t.db, provider);
    expect(saved).toMatchObject({ name: "Petra Prüfer", street: "Neue Gasse 2", postalCode: "20095", city: "Hamburg", taxNumber: billing.taxNumber, vatId: billing.vatId, bic: billing.bic });
    expect(saved!.iban).toBe("DE89370400440532013000");
    expect(isReadyToInvoice(saved)).toBe(true);
  });

  it("refuses the provider's own service, unknown services and signed-out visitors", async () => {
    expect(await refusal(bookService(t.db, { actorId: SELLER, serviceId: fixedService, input: booking() }))).toMatchObject({ code: "FORBIDDEN", reason: "order_own_service" });
    expect(await refusal(bookService(t.db, { actorId: BUYERS[0]!, serviceId: "00000000-0000-4000-8000-000000000000", input: booking() }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await refusal(bookService(t.db, { actorId: BUYERS[0]!, serviceId: "kein-uuid", input: booking() }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(bookService(t.db, { actorId: null, serviceId: fixedService, input: booking() }))).toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe(`the order state machine on ${testEngine}`, () => {
  it("runs the whole flow: accept, deliver with files, revise, deliver again, complete → purchase and invoice", async () => {
    const orderId = await book(BUYERS[2]);
    await acceptOrder(t.db, { actorId: SELLER, orderId });
    expect((await orderRow(orderId)).status).toBe("in_progress");
    await deliverOrder(t.db, {
      actorId: SELLER,
      orderId,
      input: { note: "Erster Entwurf" },
      files: [{ key: "order-files/u-orders-seller/1-a.pdf", name: "entwurf.pdf", type: "application/pdf", size: 1234 }],
    });
    expect((await orderRow(orderId)).status).toBe("delivered");
    expect((await orderRow(orderId)).autoCompleteAt).not.toBeNull();
    await requestRevision(t.db, { actorId: BUYERS[2]!, orderId, input: { note: "Bitte etwas heller." } });
    expect(await orderRow(orderId)).toMatchObject({ status: "in_progress", autoCompleteAt: null });
    await deliverOrder(t.db, { actorId: SELLER, orderId, input: { note: "Zweiter Entwurf" } });
    await completeOrder(t.db, { actorId: BUYERS[2]!, orderId });
    expect((await orderRow(orderId)).status).toBe("completed");

    const [purchase] = await t.db.select().from(purchases).where(eq(purchases.orderId, orderId));
    expect(purchase).toMatchObject({ buyerId: BUYERS[2], serviceId: fixedService, price: "119.00" });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice).toMatchObject({ sellerId: SELLER, buyerId: BUYERS[2], gross: "119.00", net: "100.00", vat: "19.00", vatRate: 19, smallBusiness: false });
    expect(invoice!.number).toMatch(/^RE-\d{4}-\d{4}$/);

    const page = await getOrderPage(t.db, BUYERS[2]!, orderId);
    expect(page.timeline.map((e) => e.kind)).toEqual(["requested", "accepted", "delivered", "revision_requested", "delivered", "completed", "invoice_issued"]);
    expect(page.timeline[2]!.files).toMatchObject([{ name: "entwurf.pdf", url: expect.stringMatching(new RegExp(`^/orders/${orderId}/dateien/`)) }]);
    expect(page.invoice).toMatchObject({ number: invoice!.number, paidAt: null });
    expect(page.actions).toEqual([]);
    // The buyer is invited to rate the service, the seller is not; once rated, the page says so.
    expect(page.review).toEqual({ serviceId: fixedService, reviewed: false });
    expect((await getOrderPage(t.db, SELLER, orderId)).review).toBeNull();
    await saveReview(t.db, { actorId: BUYERS[2]!, serviceId: fixedService, input: { rating: "5", reviewText: "Sehr gut" }, mode: "review" });
    expect((await getOrderPage(t.db, BUYERS[2]!, orderId)).review).toEqual({ serviceId: fixedService, reviewed: true });
    // Each step told the other party.
    const buyerNotes = await t.db.select({ title: notifications.title }).from(notifications).where(and(eq(notifications.userId, BUYERS[2]!), eq(notifications.link, `/orders/${orderId}`)));
    expect(buyerNotes.map((n) => n.title).sort()).toEqual(["Auftrag angenommen", "Lieferung erhalten", "Lieferung erhalten"].sort());
  });

  it("refuses every transition to the wrong party (403), outsiders (404) and in the wrong state (409); nothing changes", async () => {
    const actions: Record<OrderAction, (actorId: string, orderId: string) => Promise<unknown>> = {
      accept: (actorId, orderId) => acceptOrder(t.db, { actorId, orderId }),
      decline: (actorId, orderId) => declineOrder(t.db, { actorId, orderId, input: { reason: "Keine Zeit" } }),
      withdraw: (actorId, orderId) => withdrawOrder(t.db, { actorId, orderId }),
      deliver: (actorId, orderId) => deliverOrder(t.db, { actorId, orderId, input: { note: "Fertig" } }),
      revise: (actorId, orderId) => requestRevision(t.db, { actorId, orderId, input: { note: "Anders" } }),
      complete: (actorId, orderId) => completeOrder(t.db, { actorId, orderId }),
    };
    const buyer = BUYERS[3]!;
    // One order per status.
    const requested = await book(buyer);
    const inProgress = await book(buyer);
    await acceptOrder(t.db, { actorId: SELLER, orderId: inProgress });
    const deliveredId = await delivered(buyer);
    const states = { requested, in_progress: inProgress, delivered: deliveredId } as const;
    for (const [status, orderId] of Object.entries(states)) {
      for (const [action, run] of Object.entries(actions) as [OrderAction, (a: string, o: string) => Promise<unknown>][]) {
        const before = await orderRow(orderId);
        expect(await refusal(run(OUTSIDER, orderId)), `${action} by an outsider`).toMatchObject({ code: "NOT_FOUND", reason: "order_not_found" });
        for (const party of ["buyer", "seller"] as const) {
          const actor = party === "buyer" ? buyer : SELLER;
          if (allowedActions(status as "requested", party).includes(action)) continue;
          const error = await refusal(run(actor, orderId));
          const expected = (party === "buyer") === ["withdraw", "revise", "complete"].includes(action) ? "CONFLICT" : "FORBIDDEN";
          expect(error.code, `${action} by the ${party} while ${status}`).toBe(expected);
        }
        expect(await orderRow(orderId), `${action} on ${status} changed the order`).toEqual(before);
      }
    }
    // Declined and withdrawn orders are final.
    await declineOrder(t.db, { actorId: SELLER, orderId: requested, input: { reason: "Ausgebucht bis März." } });
    expect(await orderRow(requested)).toMatchObject({ status: "declined", declineReason: "Ausgebucht bis März." });
    expect(await refusal(withdrawOrder(t.db, { actorId: buyer, orderId: requested }))).toMatchObject({ code: "CONFLICT", reason: "order_state_changed" });
    expect(await refusal(declineOrder(t.db, { actorId: SELLER, orderId: inProgress, input: { reason: "" } }))).toMatchObject({ code: "INVALID" });
    const withdrawn = await book(buyer);
    await withdrawOrder(t.db, { actorId: buyer, orderId: withdrawn });
    expect((await orderRow(withdrawn)).status).toBe("cancelled");
    expect(await refusal(acceptOrder(t.db, { actorId: SELLER, orderId: withdrawn }))).toMatchObject({ code: "CONFLICT" });
  });

  it("while a provider has orders in progress, the billing details cannot lose what the invoice needs", async () => {
    const orderId = await book(BUYERS[3]);
    await acceptOrder(t.db, { actorId: SELLER, orderId });
    expect(await refusal(saveBillingProfile(t.db, SELLER, { ...billing, iban: "" }))).toMatchObject({ code: "CONFLICT", reason: "billing_details_in_use" });
    expect(await refusal(saveBillingProfile(t.db, SELLER, { ...billing, taxNumber: "", vatId: "" }))).toMatchObject({ reason: "billing_details_in_use" });
    // A complete change is fine.
    await saveBillingProfile(t.db, SELLER, { ...billing, city: "Augsburg", postalCode: "86150" });
    await saveBillingProfile(t.db, SELLER, billing);
  });

  it("a provider without billing details cannot accept", async () => {
    const [service] = await t.db.insert(services).values({ title: "Ohne Daten", price: "10.00", category: "Design", createdBy: OUTSIDER }).returning({ id: services.id });
    const orderId = await book(BUYERS[0], service!.id);
    expect((await getOrderPage(t.db, OUTSIDER, orderId)).billingMissing).toBe(true);
    expect(await refusal(acceptOrder(t.db, { actorId: OUTSIDER, orderId }))).toMatchObject({ code: "CONFLICT", reason: "billing_details_required" });
    expect((await orderRow(orderId)).status).toBe("requested");
  });

  it("two concurrent accepts or completes: exactly one wins, the other fails cleanly", async () => {
    const orderId = await book(BUYERS[1]);
    const accepts = await Promise.allSettled([acceptOrder(t.db, { actorId: SELLER, orderId }), acceptOrder(t.db, { actorId: SELLER, orderId })]);
    expect(accepts.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(accepts.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT", reason: "order_state_changed" } });
    await deliverOrder(t.db, { actorId: SELLER, orderId, input: { note: "Fertig" } });
    const completes = await Promise.allSettled([
      completeOrder(t.db, { actorId: BUYERS[1]!, orderId }),
      completeOrder(t.db, { actorId: BUYERS[1]!, orderId }),
      requestRevision(t.db, { actorId: BUYERS[1]!, orderId, input: { note: "Doch anders" } }),
    ]);
    expect(completes.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const events = await t.db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.kind === "accepted")).toHaveLength(1);
    expect(events.filter((e) => ["completed", "revision_requested"].includes(e.kind))).toHaveLength(1);
    expect((await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).length).toBeLessThanOrEqual(1);
  });
});

describe(`a delivery's files on ${testEngine}`, () => {
  it("refuses a file over 10 MB, a kind the label does not name and a fourth file in German at the file field; the note comes back, nothing is kept", async () => {
    const orderId = await book(BUYERS[2]);
    await acceptOrder(t.db, { actorId: SELLER, orderId });
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-files-"));
    onTestFinished(() => fs.rmSync(root, { recursive: true, force: true }));
    const storage = createLocalStorage(root);
    const note = "Anbei die Übersetzung.";
    /** The refusal as the delivery form shows it, and the fields handed back. */
    const refused = async (files: FormPart[]) => {
      const submitted: Record<string, string> = {};
      const request = multipartRequest([{ field: "intent", data: "deliver" }, { field: "note", data: note }, ...files]);
      const error = await refusal(deliverFromRequest(t.db, storage, request, SELLER, orderId, submitted));
      return { ...failureOf(error, "order delivery", DELIVERY_TEXTS).failure, submitted };
    };
    const huge = Buffer.concat([await pngBytes(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await refused([{ field: "files", name: "entwurf.pdf", type: "application/pdf", data: pdfBytes() }, { field: "files", name: "scan.png", type: "image/png", data: huge }]);
    expect(tooLarge).toMatchObject({
      reason: "attachment_too_large",
      message: "Eine Datei ist zu groß: Jede Datei darf höchstens 10 MB groß sein.",
      fieldErrors: { files: "„scan.png“ ist zu groß: Jede Datei darf höchstens 10 MB groß sein." },
      submitted: { note },
    });
    const svg = await refused([{ field: "files", name: "logo.svg", type: "image/svg+xml", data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }]);
    expect(svg).toMatchObject({
      reason: "attachment_type",
      message: "Eine Datei hat einen Dateityp, der nicht unterstützt wird. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF, Text und Word.",
      fieldErrors: { files: "„logo.svg“ hat einen Dateityp, der nicht unterstützt wird. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF, Text und Word." },
      submitted: { note },
    });
    const four = await refused(["a", "b", "c", "d"].map((n) => ({ field: "files", name: `${n}.pdf`, type: "application/pdf", data: pdfBytes() })));
    expect(four).toMatchObject({ reason: "too_many_files", fieldErrors: { files: "Bitte wählen Sie höchstens 3 Dateien aus." }, submitted: { note } });
    // The service chat's English spec texts stay the service chat's.
    for (const failure of [tooLarge, svg, four]) expect(JSON.stringify(failure)).not.toMatch(/Please|smaller than|image, PDF/);

    expect((await orderRow(orderId)).status).toBe("in_progress");
    const kept: string[] = [];
    for await (const file of storage.list("order-files")) kept.push(file.key);
    expect(kept).toEqual([]);
  });
});

describe(`invoices on ${testEngine}`, () => {
  it("numbers stay gapless and unique under 20 concurrent completions", async () => {
    const [service] = await t.db.insert(services).values({ title: "Serienauftrag", price: "10.00", category: "Design", createdBy: SMALL }).returning({ id: services.id });
    await saveBillingProfile(t.db, SMALL, { ...billing, name: "Nina Nachhilfe", vatId: "", smallBusiness: "on" });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await delivered(BUYERS[i % BUYERS.length], service!.id));
    const results = await Promise.allSettled(ids.map((orderId, i) => completeOrder(t.db, { actorId: BUYERS[i % BUYERS.length]!, orderId })));
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const numbers = (await t.db.select({ number: invoices.number }).from(invoices).where(eq(invoices.sellerId, SMALL))).map((r) => r.number).sort();
    const year = numbers[0]!.slice(3, 7);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `RE-${year}-${String(i + 1).padStart(4, "0")}`));
  });

  it("§19: no VAT, net = gross; 7 %: the VAT is taken out of the final price", async () => {
    const small = await delivered(BUYERS[0], smallBusinessService);
    await completeOrder(t.db, { actorId: BUYERS[0]!, orderId: small });
    const [smallInvoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, small));
    expect(smallInvoice).toMatchObject({ smallBusiness: true, vatRate: 0, net: "25.50", vat: "0.00", gross: "25.50" });

    await saveBillingProfile(t.db, SELLER, { ...billing, vatRate: "7" });
    const reduced = await delivered(BUYERS[1], hourlyService);
    await completeOrder(t.db, { actorId: BUYERS[1]!, orderId: reduced });
    const [reducedInvoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, reduced));
    // 30.00 gross at 7 %: net 28.04, VAT 1.96.
    expect(reducedInvoice).toMatchObject({ vatRate: 7, net: "28.04", vat: "1.96", gross: "30.00" });
    await saveBillingProfile(t.db, SELLER, billing);
  });

  it("only the provider marks an invoice paid, once", async () => {
    const orderId = await delivered(BUYERS[2]);
    await completeOrder(t.db, { actorId: BUYERS[2]!, orderId });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(await refusal(markInvoicePaid(t.db, { actorId: BUYERS[2]!, invoiceId: invoice!.id }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(markInvoicePaid(t.db, { actorId: OUTSIDER, invoiceId: invoice!.id }))).toMatchObject({ code: "NOT_FOUND" });
    await markInvoicePaid(t.db, { actorId: SELLER, invoiceId: invoice!.id });
    expect(await refusal(markInvoicePaid(t.db, { actorId: SELLER, invoiceId: invoice!.id }))).toMatchObject({ code: "CONFLICT", reason: "invoice_already_paid" });
    expect((await getOrderPage(t.db, BUYERS[2]!, orderId)).invoice?.paidAt).not.toBeNull();
  });
});

describe(`auto-completion on ${testEngine}`, () => {
  it("completes a delivered order 7 days after delivery, not before, and issues the invoice", async () => {
    const deliveredAt = new Date(Date.now() - 60_000);
    const orderId = await delivered(BUYERS[3], fixedService, deliveredAt);
    const day = 24 * 60 * 60 * 1000;
    await autoCompleteDueOrders(t.db, new Date(deliveredAt.getTime() + 7 * day - 1000));
    expect((await orderRow(orderId)).status).toBe("delivered");
    await autoCompleteDueOrders(t.db, new Date(deliveredAt.getTime() + 7 * day + 1000));
    expect((await orderRow(orderId)).status).toBe("completed");
    const kinds = (await t.db.select({ kind: orderEvents.kind, actorId: orderEvents.actorId }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((e) => e.kind);
    expect(kinds).toContain("auto_completed");
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    expect(await t.db.select().from(purchases).where(eq(purchases.orderId, orderId))).toHaveLength(1);
    // Both parties hear of it.
    for (const userId of [BUYERS[3]!, SELLER]) {
      const [note] = await t.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.title, "Auftrag abgeschlossen"), eq(notifications.link, `/orders/${orderId}`)));
      expect(note, userId).toBeDefined();
    }
    // Running again does not complete it twice.
    await autoCompleteDueOrders(t.db, new Date(deliveredAt.getTime() + 8 * day));
    const again = await t.db.select({ kind: orderEvents.kind }).from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "auto_completed")));
    expect(again).toHaveLength(1);
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });

  it("a revision request stops the clock", async () => {
    const deliveredAt = new Date(Date.now() - 60_000);
    const orderId = await delivered(BUYERS[0], fixedService, deliveredAt);
    await requestRevision(t.db, { actorId: BUYERS[0]!, orderId, input: { note: "Bitte ändern" } });
    await autoCompleteDueOrders(t.db, new Date(deliveredAt.getTime() + 30 * 24 * 60 * 60 * 1000));
    expect((await orderRow(orderId)).status).toBe("in_progress");
  });
});

describe(`orders and account deletion on ${testEngine}`, () => {
  it("deleting an account ends its open orders, keeps completed orders and invoices with the printed details", async () => {
    const leaving = "u-orders-leaving";
    await t.db.insert(user).values({ id: leaving, name: "Lea", email: "lea.leaving@example.de", emailVerified: true });
    await t.db.insert(profiles).values({ userId: leaving, email: "lea.leaving@example.de", firstName: "Lea", lastName: "Geht" });
    await saveBillingProfile(t.db, leaving, { ...billing, name: "Lea Geht Design" });
    const [service] = await t.db.insert(services).values({ title: "Abschiedsdienst", price: "50.00", category: "Design", createdBy: leaving }).returning({ id: services.id });
    const completed = await delivered(BUYERS[0], service!.id);
    await completeOrder(t.db, { actorId: BUYERS[0]!, orderId: completed });
    const open = await book(BUYERS[1], service!.id);
    const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "orders-delete-")));
    await deleteAccount(t.db, storage, { actorId: leaving, input: { confirmation: "BESTÄTIGEN" } });

    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, completed));
    expect(invoice).toMatchObject({ sellerId: null, buyerId: BUYERS[0], issuer: expect.objectContaining({ name: "Lea Geht Design", taxNumber: billing.taxNumber }) });
    expect(await orderRow(completed)).toMatchObject({ status: "completed", sellerId: null, serviceId: null, serviceTitle: "Abschiedsdienst" });
    expect(await orderRow(open)).toMatchObject({ status: "cancelled", sellerId: null });
    // The other side: a deleted buyer's address goes from orders without an invoice, stays on invoiced ones.
    const buyerLeaving = "u-orders-buyer-leaving";
    await t.db.insert(user).values({ id: buyerLeaving, name: "Bea", email: "bea.leaving@example.de", emailVerified: true });
    await t.db.insert(profiles).values({ userId: buyerLeaving, email: "bea.leaving@example.de", firstName: "Bea", lastName: "Geht" });
    const invoiced = await delivered(buyerLeaving, fixedService);
    await completeOrder(t.db, { actorId: buyerLeaving, orderId: invoiced });
    const requestedOnly = await book(buyerLeaving, fixedService);
    await deleteAccount(t.db, storage, { actorId: buyerLeaving, input: { confirmation: "BESTÄTIGEN" } });
    expect((await orderRow(invoiced)).buyerAddress.name).toBe("Berta Kundin");
    expect(await orderRow(requestedOnly)).toMatchObject({ status: "cancelled", buyerId: null, buyerAddress: { name: "", street: "" } });
    // The buyer still sees both orders and the invoice; the open one says why it ended.
    const page = await getOrderPage(t.db, BUYERS[1]!, open);
    expect(page.timeline.at(-1)).toMatchObject({ kind: "account_deleted", actor: "system" });
    expect(page.seller.deleted).toBe(true);
    expect((await getOrderPage(t.db, BUYERS[0]!, completed)).invoice).not.toBeNull();
    const [told] = await t.db.select().from(notifications).where(and(eq(notifications.userId, BUYERS[1]!), eq(notifications.title, "Auftrag beendet")));
    expect(told).toBeDefined();
  });

  it("the scheduled job completes due orders (the definition the runners run)", async () => {
    const orderId = await delivered(BUYERS[2], fixedService, new Date(Date.now() - 8 * 24 * 60 * 60 * 1000));
    await appJobs().get("orders.auto-complete")!.run({}, { db: t.db, attempt: 1 });
    expect((await orderRow(orderId)).status).toBe("completed");
  });
});

describe(`order lists on ${testEngine}`, () => {
  it("lists a user's orders per role with status filters and paging; never another user's", async () => {
    const selling = await listOrders(t.db, { userId: SELLER, role: "selling", pageSize: 5 });
    expect(selling.total).toBeGreaterThan(5);
    expect(selling.orders).toHaveLength(5);
    expect(selling.pageCount).toBe(Math.ceil(selling.total / 5));
    const completed = await listOrders(t.db, { userId: SELLER, role: "selling", status: "completed" });
    expect(completed.orders.every((o) => o.status === "completed")).toBe(true);
    const open = await listOrders(t.db, { userId: SELLER, role: "selling", status: "open" });
    expect(open.orders.every((o) => ["requested", "in_progress", "delivered"].includes(o.status))).toBe(true);
    expect(open.total).toBe(selling.openCounts.selling);
    const buying = await listOrders(t.db, { userId: BUYERS[0]!, role: "buying" });
    const mine = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, BUYERS[0]!));
    expect(buying.orders.map((o) => o.id).sort()).toEqual(mine.map((o) => o.id).sort());
    expect((await listOrders(t.db, { userId: OUTSIDER, role: "buying" })).total).toBe(0);
    // Past the end: the last page.
    expect((await listOrders(t.db, { userId: SELLER, role: "selling", page: 999, pageSize: 5 })).page).toBe(selling.pageCount);
    expect(await t.db.select().from(orderFiles)).toHaveLength(1);
  });
});
