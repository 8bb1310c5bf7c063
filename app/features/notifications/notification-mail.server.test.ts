import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, profiles, services, user } from "~/db/schema";
import { addComment } from "~/features/comments/comments.server";
import { saveReview } from "~/features/reviews/reviews.server";
import type { MailMessage } from "~/lib/mail.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { queuedMails } from "../../../tests/support/queued-mails";
import { notificationRecipient, sendNotificationMail, type NotificationRecipient } from "./notification-mail.server";
import { saveNotificationSettings } from "./settings.server";
import { readUnsubscribeToken } from "./unsubscribe.server";

const PROVIDER = "u-provider";
const QUIET_PROVIDER = "u-quiet-provider";
const CUSTOMER = "u-customer";

let t: TestDatabase;
let serviceId: string;
let quietServiceId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  for (const [id, firstName, lastName] of [
    [PROVIDER, "Paula", "Anbieterin"],
    [QUIET_PROVIDER, "Quentin", "Still"],
    [CUSTOMER, "Karl", "Kunde"],
  ] as const) {
    await t.db.insert(user).values({ id, name: firstName, email: `${id}@example.de`, emailVerified: true });
    await t.db.insert(profiles).values({ userId: id, email: `${id}@example.de`, firstName, lastName });
  }
  const rows = await t.db
    .insert(services)
    .values([
      { title: "Hochzeitsfotos", description: "", category: "Design", price: "900.00", createdBy: PROVIDER },
      { title: "Stille Beratung", description: "", category: "Consulting", price: "90.00", createdBy: QUIET_PROVIDER },
    ])
    .returning({ id: services.id });
  [serviceId, quietServiceId] = rows.map((r) => r.id) as [string, string];
});
afterAll(() => t?.destroy());

/** The mails queued for `to`, oldest first. */
const mailsTo = (to: string) => queuedMails(t.db, to);

const unsubscribeClaim = (mail: MailMessage) => readUnsubscribeToken(new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!).searchParams.get("token"));

describe(`mails to providers about reviews and comments on ${testEngine}`, () => {
  it("a new review and a comment on a service are mailed to its provider, with the one-click unsubscribe of kind reviews", async () => {
    await saveReview(t.db, { actorId: CUSTOMER, serviceId, input: { rating: "4", reviewText: "Tolle Bilder, <gern> wieder!" }, mode: "review" });
    await addComment(t.db, { actorId: CUSTOMER, serviceId, input: { comment: "Machen Sie auch Porträts?" } });
    // Editing the review is no new review: no second mail.
    await saveReview(t.db, { actorId: CUSTOMER, serviceId, input: { rating: "5", reviewText: "Noch besser" }, mode: "review" });

    const [review, comment, ...rest] = await mailsTo(`${PROVIDER}@example.de`);
    expect(rest).toEqual([]);
    expect(review!.subject).toBe("Neue Bewertung für „Hochzeitsfotos“ – Dienstleister-Marktplatz");
    expect(review!.text).toContain("Karl Kunde hat „Hochzeitsfotos“ mit 4 von 5 Sternen bewertet.\n\n„Tolle Bilder, <gern> wieder!“");
    expect(review!.html).toContain("Tolle Bilder, &lt;gern&gt; wieder!");
    expect(review!.text).toContain(`Bewertung ansehen: http://localhost:3000/services/${serviceId}`);
    expect(comment!.subject).toBe("Neuer Kommentar zu „Hochzeitsfotos“ – Dienstleister-Marktplatz");
    expect(comment!.text).toContain("„Machen Sie auch Porträts?“");
    for (const mail of [review!, comment!]) {
      expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(unsubscribeClaim(mail)).toEqual({ userId: PROVIDER, kind: "reviews" });
      expect(mail.text).toContain("Keine E-Mails mehr zu Bewertungen und Kommentaren erhalten?");
    }
    expect(await mailsTo(`${CUSTOMER}@example.de`)).toEqual([]);
  });

  it("a provider who switched review mails off gets the notification in-app only", async () => {
    await saveNotificationSettings(t.db, QUIET_PROVIDER, { reviews: { inApp: true, email: false } });
    await saveReview(t.db, { actorId: CUSTOMER, serviceId: quietServiceId, input: { rating: "3" }, mode: "rate" });
    await addComment(t.db, { actorId: CUSTOMER, serviceId: quietServiceId, input: { comment: "Hallo" } });
    expect(await mailsTo(`${QUIET_PROVIDER}@example.de`)).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, QUIET_PROVIDER))).toHaveLength(2);
  });
});

describe(`one lookup for "may this user be mailed about kind X, and where" on ${testEngine}`, () => {
  it("answers the confirmed address and name when the user wants the kind by e-mail, else null; sendNotificationMail mails only then, with the unsubscribe", async () => {
    const unconfirmed = "u-unconfirmed";
    await t.db.insert(user).values({ id: unconfirmed, name: "Una", email: `${unconfirmed}@example.de`, emailVerified: false });
    await t.db.insert(profiles).values({ userId: unconfirmed, email: `${unconfirmed}@example.de`, firstName: "Una", lastName: "Offen" });
    await saveNotificationSettings(t.db, CUSTOMER, { tickets: { inApp: true, email: false } });

    expect(await notificationRecipient(t.db, PROVIDER, "tickets")).toEqual({ userId: PROVIDER, kind: "tickets", email: `${PROVIDER}@example.de`, name: "Paula Anbieterin" });
    expect(await notificationRecipient(t.db, CUSTOMER, "tickets")).toBeNull(); // switched off
    expect(await notificationRecipient(t.db, CUSTOMER, "orders")).not.toBeNull(); // another kind stays on
    expect(await notificationRecipient(t.db, unconfirmed, "tickets")).toBeNull(); // no confirmed address
    expect(await notificationRecipient(t.db, "u-gibt-es-nicht", "tickets")).toBeNull();

    const build = (to: NotificationRecipient): MailMessage => ({ to: to.email, subject: "Test", text: `Hallo ${to.name}`, html: "<p>Hallo</p>" });
    expect(await t.db.transaction((tx) => sendNotificationMail(tx, CUSTOMER, "tickets", build))).toBe(false);
    expect(await t.db.transaction((tx) => sendNotificationMail(tx, unconfirmed, "orders", build))).toBe(false);
    expect(await t.db.transaction((tx) => sendNotificationMail(tx, PROVIDER, "tickets", build))).toBe(true);
    const sent = (await mailsTo(`${PROVIDER}@example.de`)).filter((m) => m.subject === "Test");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("Hallo Paula Anbieterin");
    expect(unsubscribeClaim(sent[0]!)).toEqual({ userId: PROVIDER, kind: "tickets" });
    expect(await mailsTo(`${unconfirmed}@example.de`)).toEqual([]);
  });
});
