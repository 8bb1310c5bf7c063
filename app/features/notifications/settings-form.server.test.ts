import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "~/db/schema";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { NOTIFICATION_KINDS } from "./kinds";
import { createNotification } from "./notifications.server";
import { loadNotificationSettings } from "./settings.server";
import { settingFieldName } from "./settings-form";
import { updateNotificationSettings } from "./settings-form.server";

const ANNA = "u-form-anna";
const BEN = "u-form-ben";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.insert(user).values([
    { id: ANNA, name: "Anna", email: "anna-form@example.de", emailVerified: true },
    { id: BEN, name: "Ben", email: "ben-form@example.de", emailVerified: true },
  ]);
});
afterAll(async () => {
  await t?.destroy();
});

/** The form as the browser posts it: checked boxes send "on", unchecked ones nothing. */
function form(checked: string[]): Record<string, string> {
  return { intent: "notificationSettings", ...Object.fromEntries(checked.map((name) => [name, "on"])) };
}

describe(`the notification settings form on ${testEngine}`, () => {
  it("saves the whole set for the signed-in user only: a box left unchecked is off", async () => {
    const everything = NOTIFICATION_KINDS.flatMap((kind) => [settingFieldName(kind, "inApp"), settingFieldName(kind, "email")]);
    const checked = everything.filter((name) => name !== "reviews.inApp" && name !== "messages.email");
    const saved = await updateNotificationSettings(t.db, { actorId: ANNA, input: form(checked) });
    expect(saved.reviews).toEqual({ inApp: false, email: true });
    expect(saved.messages).toEqual({ inApp: true, email: false });
    expect(await loadNotificationSettings(t.db, ANNA)).toEqual(saved);
    for (const kind of NOTIFICATION_KINDS) expect((await loadNotificationSettings(t.db, BEN))[kind]).toEqual({ inApp: true, email: true });

    // A switched-off kind creates nothing in-app; the others still do.
    expect(await createNotification(t.db, { userId: ANNA, kind: "reviews", title: "Neue Bewertung", message: "x" })).toBe(false);
    expect(await createNotification(t.db, { userId: ANNA, kind: "orders", title: "Neuer Auftrag", message: "x" })).toBe(true);
    expect(await createNotification(t.db, { userId: BEN, kind: "reviews", title: "Neue Bewertung", message: "x" })).toBe(true);
  });

  it("refuses an unknown kind, channel or value as a whole, in German, and changes nothing", async () => {
    const before = await loadNotificationSettings(t.db, ANNA);
    const bad = [
      { ...form(["messages.inApp"]), "spam.inApp": "on" },
      { ...form(["messages.inApp"]), "messages.sms": "on" },
      { ...form([]), "messages.inApp": "ja" },
      { ...form([]), "reviews.email": "on", extra: "1" },
    ];
    for (const input of bad) {
      const refusal = await updateNotificationSettings(t.db, { actorId: ANNA, input }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: "INVALID", reason: "invalid_input", status: 400 });
      expect(Object.values((refusal as { fieldErrors: Record<string, string> }).fieldErrors)[0]).toMatch(/^Diese Auswahl kennen wir nicht/);
    }
    expect(await loadNotificationSettings(t.db, ANNA)).toEqual(before);
  });

  it("needs a signed-in user", async () => {
    await expect(updateNotificationSettings(t.db, { actorId: null, input: form([]) })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
