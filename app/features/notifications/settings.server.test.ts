import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, notificationSettings, user } from "~/db/schema";
import { olderInstall } from "../../../tests/support/older-install";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { NOTIFICATION_KINDS } from "./kinds";
import { createNotification } from "./notifications.server";
import { loadNotificationSettings, saveNotificationSettings, wantsNotification, wantsNotificationSql } from "./settings.server";

const ANNA = "u-anna";
const BEN = "u-ben";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values([
    { id: ANNA, name: "Anna", email: "anna@example.de", emailVerified: true },
    { id: BEN, name: "Ben", email: "ben@example.de", emailVerified: true },
  ]);
});
afterAll(async () => {
  await t?.destroy();
});

describe(`notification settings on ${testEngine}`, () => {
  it("reads every kind as on, in-app and by e-mail, until the user saves something", async () => {
    const settings = await loadNotificationSettings(t.db, ANNA);
    expect(Object.keys(settings).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) expect(settings[kind]).toEqual({ inApp: true, email: true });
    expect(await wantsNotification(t.db, ANNA, "messages", "email")).toBe(true);
  });

  it("stores each channel per kind, updates on a second save, and touches nobody else", async () => {
    await saveNotificationSettings(t.db, ANNA, { messages: { inApp: true, email: false }, reviews: { inApp: false, email: false } });
    await saveNotificationSettings(t.db, ANNA, { reviews: { inApp: false, email: true } });
    const settings = await loadNotificationSettings(t.db, ANNA);
    expect(settings.messages).toEqual({ inApp: true, email: false });
    expect(settings.reviews).toEqual({ inApp: false, email: true });
    expect(settings.orders).toEqual({ inApp: true, email: true });
    expect(await wantsNotification(t.db, ANNA, "messages", "email")).toBe(false);
    expect(await wantsNotification(t.db, ANNA, "messages", "inApp")).toBe(true);
    expect(await wantsNotification(t.db, ANNA, "reviews", "inApp")).toBe(false);
    expect(await wantsNotification(t.db, BEN, "messages", "email")).toBe(true);
    // "other" has no setting: always in-app, never mailed as a notification.
    expect(await wantsNotification(t.db, ANNA, "other", "inApp")).toBe(true);
    expect(await wantsNotification(t.db, ANNA, "other", "email")).toBe(false);
  });

  it("the SQL form agrees with the check, for users with and without a saved row", async () => {
    const rows = await t.db
      .select({ id: user.id, wants: wantsNotificationSql(user.id, "messages", "email").mapWith(Boolean) })
      .from(user)
      .orderBy(user.id);
    expect(rows).toEqual([
      { id: ANNA, wants: false },
      { id: BEN, wants: true },
    ]);
  });

  it("a kind switched off in-app creates no notification; the same kind for another user does", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(await createNotification(t.db, { userId: ANNA, kind: "reviews", title: "Neue Bewertung", message: "x", link: "/services/1" })).toBe(false);
    expect(await createNotification(t.db, { userId: BEN, kind: "reviews", title: "Neue Bewertung", message: "x", link: "/services/1" })).toBe(true);
    expect(await createNotification(t.db, { userId: ANNA, kind: "messages", title: "Neue Nachricht", message: "x" })).toBe(true);
    const after = await t.db.select({ userId: notifications.userId, kind: notifications.kind }).from(notifications).orderBy(notifications.userId);
    expect(after.length - before[0]!.n).toBe(2);
    expect(after).toEqual(expect.arrayContaining([{ userId: BEN, kind: "reviews" }, { userId: ANNA, kind: "messages" }]));
  });

  it("the database refuses an unknown kind", async () => {
    await expect(t.db.insert(notificationSettings).values({ userId: BEN, kind: "spam" })).rejects.toThrow();
    await expect(t.db.insert(notifications).values({ userId: BEN, kind: "spam", title: "x", message: "x" })).rejects.toThrow();
    expect(await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, BEN))).toEqual([]);
  });
});

describe(`the notification kinds migration on ${testEngine}`, () => {
  it("gives notifications stored before kinds existed the kind their link names", async () => {
    const db = await olderInstall("_notification_settings");
    try {
      await db.execute(`insert into "user" (id, name, email) values ('old', 'Alt', 'alt@example.de')`);
      const links = ["/chats/1", "/live-chat/2", "/orders/3", "/support", "/services?q=Logo", "/services/4", null];
      for (const [i, link] of links.entries()) {
        await db.execute(
          `insert into notifications (user_id, title, message, link, created_at) values ('old', 't', 'm', ${link ? `'${link}'` : "null"}, now() - interval '${i} minutes')`,
        );
      }
      await db.upgrade();
      const rows = await db.execute(`select link, kind from notifications order by created_at desc`);
      expect(rows.map((r) => r.kind)).toEqual(["messages", "messages", "orders", "tickets", "saved_searches", "reviews", "other"]);
    } finally {
      await db.close();
    }
  });
});
