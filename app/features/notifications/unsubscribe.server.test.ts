import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationSettings, orders, profiles, services, user } from "~/db/schema";
import { recordOrderEvent } from "~/features/orders/order-events.server";
import { actionMail } from "~/lib/mail-layout";
import type { MailMessage } from "~/lib/mail.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { queuedMails } from "../../../tests/support/queued-mails";
import { NOTIFICATION_KINDS } from "./kinds";
import { loadNotificationSettings, saveNotificationSettings } from "./settings.server";
import { describeUnsubscribe, notificationMailHeaders, readUnsubscribeToken, unsubscribe, unsubscribeToken, withUnsubscribe } from "./unsubscribe.server";

const ANNA = "u-anna";
const BEN = "u-ben";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  for (const [id, firstName] of [
    [ANNA, "Anna"],
    [BEN, "Ben"],
  ] as const) {
    await t.db.insert(user).values({ id, name: firstName, email: `${id}@example.de`, emailVerified: true });
    await t.db.insert(profiles).values({ userId: id, email: `${id}@example.de`, firstName, lastName: "Test" });
  }
});
afterAll(() => t?.destroy());

const tokenOf = (mail: MailMessage) => new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!).searchParams.get("token");

/** Every stored setting, to show that a refused token changed nothing. */
const allSettings = () => t.db.select().from(notificationSettings).orderBy(notificationSettings.userId, notificationSettings.kind);

/** Flips one character of a base64url text (a forged or mistyped part). */
const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);

describe(`unsubscribe tokens on ${testEngine}`, () => {
  it("name exactly one user and one kind, and only ours: a changed user, kind or signature, or another secret, is refused", () => {
    const token = unsubscribeToken(ANNA, "messages");
    expect(readUnsubscribeToken(token)).toEqual({ userId: ANNA, kind: "messages" });
    const [userPart, , signed] = token.split(".") as [string, string, string];
    // Another user or another kind with Anna's signature.
    expect(readUnsubscribeToken(`${Buffer.from(BEN).toString("base64url")}.messages.${signed}`)).toBeNull();
    expect(readUnsubscribeToken(`${userPart}.orders.${signed}`)).toBeNull();
    // A changed signature, a cut-off one, one made with another secret.
    expect(readUnsubscribeToken(`${userPart}.messages.${flip(signed, 3)}`)).toBeNull();
    expect(readUnsubscribeToken(token.slice(0, -2))).toBeNull();
    expect(readUnsubscribeToken(unsubscribeToken(ANNA, "messages", "another-secret-another-secret-0123456789"))).toBeNull();
    // Not a token at all.
    for (const bad of ["", "abc", "a.b.c.d", `${userPart}.other.${signed}`, `${userPart}.__proto__.${signed}`, null, 42, "x".repeat(1000)]) {
      expect(readUnsubscribeToken(bad), String(bad)).toBeNull();
    }
    // Each user and kind has its own token.
    const tokens = new Set(NOTIFICATION_KINDS.flatMap((kind) => [unsubscribeToken(ANNA, kind), unsubscribeToken(BEN, kind)]));
    expect(tokens.size).toBe(NOTIFICATION_KINDS.length * 2);
  });

  it("switch off only that user's e-mails of that kind, keeping in-app and every other choice; twice is harmless", async () => {
    await saveNotificationSettings(t.db, ANNA, { reviews: { inApp: false, email: true } });
    expect(await unsubscribe(t.db, unsubscribeToken(ANNA, "messages"))).toEqual({ ok: true, kind: "messages" });
    expect(await unsubscribe(t.db, unsubscribeToken(ANNA, "reviews"))).toEqual({ ok: true, kind: "reviews" });
    expect(await unsubscribe(t.db, unsubscribeToken(ANNA, "reviews"))).toEqual({ ok: true, kind: "reviews" });
    const anna = await loadNotificationSettings(t.db, ANNA);
    expect(anna.messages).toEqual({ inApp: true, email: false });
    expect(anna.reviews).toEqual({ inApp: false, email: false });
    for (const kind of ["orders", "tickets", "saved_searches"] as const) expect(anna[kind]).toEqual({ inApp: true, email: true });
    // Ben's settings are untouched by Anna's tokens.
    const ben = await loadNotificationSettings(t.db, BEN);
    for (const kind of NOTIFICATION_KINDS) expect(ben[kind]).toEqual({ inApp: true, email: true });
  });

  it("the page's question (GET) reads only, says when the mails are off already, and refuses a deleted account's link", async () => {
    const before = await allSettings();
    expect(await describeUnsubscribe(t.db, unsubscribeToken(BEN, "orders"))).toEqual({ ok: true, kind: "orders", alreadyOff: false });
    expect(await allSettings()).toEqual(before);
    await unsubscribe(t.db, unsubscribeToken(BEN, "orders"));
    expect(await describeUnsubscribe(t.db, unsubscribeToken(BEN, "orders"))).toEqual({ ok: true, kind: "orders", alreadyOff: true });
    expect(await describeUnsubscribe(t.db, unsubscribeToken(BEN, "tickets"))).toEqual({ ok: true, kind: "tickets", alreadyOff: false });
    expect(await describeUnsubscribe(t.db, unsubscribeToken("u-gone", "orders"))).toEqual({ ok: false });
    expect(await describeUnsubscribe(t.db, "kaputt")).toEqual({ ok: false });
    await saveNotificationSettings(t.db, BEN, { orders: { inApp: true, email: true } });
  });

  it("change nothing when tampered, made up or of a deleted account", async () => {
    const before = await allSettings();
    const [userPart, , signed] = unsubscribeToken(BEN, "orders").split(".") as [string, string, string];
    expect(await unsubscribe(t.db, `${userPart}.orders.${flip(signed, 0)}`)).toEqual({ ok: false });
    expect(await unsubscribe(t.db, `${userPart}.messages.${signed}`)).toEqual({ ok: false });
    expect(await unsubscribe(t.db, "kaputt")).toEqual({ ok: false });
    expect(await unsubscribe(t.db, null)).toEqual({ ok: false });
    // A valid token of an account deleted since.
    expect(await unsubscribe(t.db, unsubscribeToken("u-gone", "orders"))).toEqual({ ok: false });
    expect(await allSettings()).toEqual(before);
  });
});

describe(`notification mails carry the one-click unsubscribe on ${testEngine}`, () => {
  it("adds the RFC 8058 headers and a visible link for the recipient and kind", () => {
    const mail = withUnsubscribe(
      actionMail({ to: "a@example.de", name: "Anna", subject: "Neue Antwort", text: "Es gibt eine Antwort.", button: "Ansehen", url: "http://localhost:3000/support", note: "Hinweis" }),
      ANNA,
      "tickets",
    );
    expect(mail.headers).toEqual(notificationMailHeaders(ANNA, "tickets"));
    expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers!["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/unsubscribe\?token=[A-Za-z0-9_.-]+>$/);
    expect(readUnsubscribeToken(tokenOf(mail))).toEqual({ userId: ANNA, kind: "tickets" });
    const url = /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
    expect(mail.text).toContain(`Keine E-Mails mehr zu Support-Anfragen erhalten? Mit einem Klick abbestellen: ${url}`);
    expect(mail.html).toMatch(new RegExp(`<a href="${url.replace(/[.?]/g, "\\$&")}"[^>]*>E-Mails dieser Art abbestellen</a></p>\\n</body>`));
  });

  it("on every order-event mail, for the recipient and the kind orders", async () => {
    const [service] = await t.db.insert(services).values({ title: "Logo", description: "", category: "Design", price: "50.00", createdBy: BEN }).returning({ id: services.id });
    const [order] = await t.db
      .insert(orders)
      .values({
        buyerId: ANNA,
        sellerId: BEN,
        serviceId: service!.id,
        serviceTitle: "Logo",
        priceUnit: "fixed",
        unitPrice: "50.00",
        total: "50.00",
        requirements: "Ein Logo bitte.",
        buyerAddress: { name: "Anna", street: "Weg 1", postalCode: "10115", city: "Berlin", country: "DE" },
      })
      .returning();
    await t.db.transaction((tx) => recordOrderEvent(tx as never, order!, { actorId: ANNA, kind: "requested", note: null, now: new Date() }));
    const mails = await queuedMails(t.db);
    const toBen = mails.filter((m) => m.to === `${BEN}@example.de`);
    expect(toBen).toHaveLength(1);
    expect(toBen[0]!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(readUnsubscribeToken(tokenOf(toBen[0]!))).toEqual({ userId: BEN, kind: "orders" });
    expect(toBen[0]!.text).toContain("Keine E-Mails mehr zu Aufträgen erhalten?");

    // The link does what it says: Ben gets no more order mails, and still sees them in-app.
    expect(await unsubscribe(t.db, tokenOf(toBen[0]!))).toEqual({ ok: true, kind: "orders" });
    expect((await loadNotificationSettings(t.db, BEN)).orders).toEqual({ inApp: true, email: false });
    await t.db.transaction((tx) => recordOrderEvent(tx as never, order!, { actorId: ANNA, kind: "withdrawn", note: null, now: new Date() }));
    const after = (
      (await t.db.execute(
        testEngine === "postgres"
          ? sql`select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'mail.send'`
          : sql`select count(*)::int as n from jobs where task = 'mail.send'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;
    expect(after).toBe(mails.length);
  });
});
