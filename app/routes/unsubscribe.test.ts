import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notificationSettings, profiles, user } from "~/db/schema";
import { loadNotificationSettings } from "~/features/notifications/settings.server";
import { unsubscribeToken } from "~/features/notifications/unsubscribe.server";
import type { Database } from "~/lib/db.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action, loader } from "./unsubscribe";

const ANNA = "u-anna-unsub";
const BEN = "u-ben-unsub";
let db: Database;
let close = async () => {};
beforeAll(async () => {
  const opened = await openProcessDatabase();
  db = opened.db;
  close = opened.close;
  for (const id of [ANNA, BEN]) {
    await db.insert(user).values({ id, name: id, email: `${id}@example.de`, emailVerified: true });
    await db.insert(profiles).values({ userId: id, email: `${id}@example.de`, firstName: "Test", lastName: id });
  }
});
afterAll(() => close());

interface Answer {
  status: number;
  page: { state: string; kind?: string };
}

/** What a route function answered: its status and the page state it renders. */
function answerOf(result: unknown): Answer {
  const value = result as { data: Answer["page"]; init: { status?: number } | null };
  return { status: value.init?.status ?? 200, page: value.data };
}

const url = (token: string) => `http://localhost:3000/unsubscribe?token=${encodeURIComponent(token)}`;
const get = async (token: string) => {
  const request = new Request(url(token));
  return answerOf(await inRequest(request, (context) => Promise.resolve(loader({ request, params: {}, context } as never))));
};
const post = async (target: string, body: string | FormData, headers: Record<string, string> = {}) => {
  const request = new Request(target, { method: "POST", body, headers });
  return answerOf(await inRequest(request, (context) => action({ request, params: {}, context } as never)));
};
const oneClick = (token: string) =>
  post(url(token), "List-Unsubscribe=One-Click", { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" });
const settingsRows = () => db.select().from(notificationSettings);

describe(`/unsubscribe on ${testEngine}`, () => {
  it("GET only asks: it names the kind and changes nothing (mail scanners open links)", async () => {
    expect(await get(unsubscribeToken(ANNA, "messages"))).toEqual({ status: 200, page: { state: "confirm", token: unsubscribeToken(ANNA, "messages"), kind: "messages" } });
    expect(await settingsRows()).toEqual([]);
  });

  it("the mail client's one-click POST switches off that user's mails of that kind and answers 200", async () => {
    expect(await oneClick(unsubscribeToken(ANNA, "messages"))).toEqual({ status: 200, page: { state: "done", kind: "messages" } });
    expect((await loadNotificationSettings(db, ANNA)).messages).toEqual({ inApp: true, email: false });
    expect((await loadNotificationSettings(db, ANNA)).orders).toEqual({ inApp: true, email: true });
    expect((await loadNotificationSettings(db, BEN)).messages).toEqual({ inApp: true, email: true });
  });

  it("the page's button posts the token as a form field, and the body may be any form encoding", async () => {
    const form = new FormData();
    form.set("token", unsubscribeToken(BEN, "saved_searches"));
    expect(await post("http://localhost:3000/unsubscribe", form)).toEqual({ status: 200, page: { state: "done", kind: "saved_searches" } });
    expect((await loadNotificationSettings(db, BEN)).saved_searches).toEqual({ inApp: true, email: false });
  });

  it("a bad or tampered token gets the German 'Link ungültig' page (400), never a 500, and changes nothing", async () => {
    const before = await settingsRows();
    const token = unsubscribeToken(BEN, "orders");
    const tampered = `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`;
    for (const bad of [tampered, "", "nonsense", token.replace(".orders.", ".reviews.")]) {
      expect(await get(bad), bad).toEqual({ status: 400, page: { state: "invalid" } });
      expect(await oneClick(bad), bad).toEqual({ status: 400, page: { state: "invalid" } });
    }
    expect(await post("http://localhost:3000/unsubscribe", "kein Formular", { "Content-Type": "application/json" })).toEqual({ status: 400, page: { state: "invalid" } });
    expect(await settingsRows()).toEqual(before);
  });
});
