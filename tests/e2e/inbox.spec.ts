import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";

/**
 * Issue #18, one inbox and calm notifications: a direct message reaches the provider through the
 * Chats link (on a phone through the menu button's unread mark), the bell shows one grouped entry
 * that clears when the chat is opened, and the notification settings save.
 */
const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Pairs without a demo conversation of their own, different per width, so the runs never share one
// (typing-presence.spec chats between the same people: see `run` below).
const people = {
  phone: { customer: { username: "tobias.richter", name: "Tobias Richter" }, provider: { username: "katharina.braun", name: "Katharina Braun" } },
  desktop: { customer: { username: "marie.koch", name: "Marie Koch" }, provider: { username: "jonas.wagner", name: "Jonas Wagner" } },
} as const;

async function signIn(page: Page, username: string) {
  await signInAs(page, `${username}@demo.marktplatz.example`, "/");
  await hydrated(page);
}

async function send(page: Page, text: string) {
  const field = page.getByLabel("Nachricht", { exact: true });
  await field.fill(text);
  await page.getByRole("button", { name: /^(Senden|Wird gesendet…)$/ }).click();
  await expect.poll(() => field.inputValue()).toBe("");
  await page.getByRole("log").getByText(text).waitFor();
}

function bell(page: Page) {
  return page.getByRole("button", { name: /^Benachrichtigungen öffnen/ });
}

/**
 * This run's mark in every message: the demo accounts chat in other files too (the same pair can
 * have an earlier entry in the bell), so the entries asked about are the ones showing this run's text.
 */
const run = Date.now().toString(36);

/** The titles of the bell's entries about this run's messages from `name` (unread ones start with "Ungelesen: "). */
async function entriesFrom(page: Page, name: string): Promise<string[]> {
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  await dialog.getByRole("list").waitFor();
  const titles = await dialog.getByRole("listitem").filter({ hasText: run }).locator("button > span:last-child > span:first-child").allTextContents();
  return titles.filter((title) => new RegExp(`Nachrichte?n? von ${name}$`).test(title));
}

const KINDS = ["messages", "reviews", "tickets", "orders", "saved_searches"];

describe.each(widthNames)("one inbox at %s width", (width) => {
  it("a direct message reaches the provider through the Chats link; the bell groups it and clears on opening", async () => {
    const { customer, provider } = people[width];
    const a = await browser.open(width, { cookies: consent });
    const b = await browser.open(width, { cookies: consent });
    await signIn(a.page, customer.username);
    await signIn(b.page, provider.username);

    // The customer writes from the provider's public profile.
    await a.page.goto(`/u/${provider.username}`);
    await a.page.getByRole("button", { name: "Nachricht senden" }).click();
    await a.page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
    const chatPath = new URL(a.page.url()).pathname;
    await hydrated(a.page);
    await send(a.page, `Guten Tag, eine Frage (${width} ${run})`);
    await send(a.page, `Haben Sie nächste Woche Zeit? (${width} ${run})`);

    // The provider's bell: one unread entry for both messages, which follows the third one live.
    await b.page.goto("/");
    await hydrated(b.page);
    await bell(b.page).click();
    await expect.poll(() => entriesFrom(b.page, customer.name)).toEqual([`Ungelesen: 2 neue Nachrichten von ${customer.name}`]);
    await send(a.page, `Ich warte gern auf Ihre Antwort. (${width} ${run})`);
    await expect.poll(() => entriesFrom(b.page, customer.name)).toEqual([`Ungelesen: 3 neue Nachrichten von ${customer.name}`]);
    await b.page.getByRole("dialog", { name: "Notifications" }).getByText(`Ich warte gern auf Ihre Antwort. (${width} ${run})`).waitFor();
    await expectAccessible(b.page, `bell with a grouped entry (${width})`);
    await screenshot(b.page, `inbox-bell-${width}`);
    await b.page.keyboard.press("Escape");

    // The Chats link leads to the direct messages, where the newest unread message is.
    if (width === "phone") {
      const menu = b.page.getByRole("button", { name: /^Menü öffnen, \d+ ungelesen$/ });
      await menu.waitFor();
      expect(await b.page.getByTestId("menu-unread").isVisible()).toBe(true);
      await menu.click();
    }
    const chats = b.page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: /^Chats/ }).filter({ visible: true });
    expect(await chats.getAttribute("href")).toBe("/live-chat");
    await chats.click();
    await b.page.waitForURL(`${baseUrl()}/live-chat`);

    // Each view shows the other as a switch with its own unread count.
    const inbox = b.page.getByRole("navigation", { name: "Posteingang" });
    const direct = inbox.getByRole("link", { name: /^Direktchats \d+ ungelesene Nachrichten?$/ });
    expect(await direct.getAttribute("aria-current")).toBe("page");
    await inbox.getByRole("link", { name: /^Zu Angeboten/ }).click();
    await b.page.waitForURL(`${baseUrl()}/chats`);
    await b.page.getByRole("heading", { level: 1, name: "Chats" }).waitFor();
    await expectAccessible(b.page, `/chats with the switch (${width})`);
    await screenshot(b.page, `inbox-chats-${width}`);
    await inbox.getByRole("link", { name: /^Direktchats/ }).click();
    await b.page.waitForURL(`${baseUrl()}/live-chat`);
    await b.page.getByRole("heading", { level: 1, name: "Live-Chat" }).waitFor();
    await expectAccessible(b.page, `/live-chat with the switch (${width})`);
    await screenshot(b.page, `inbox-live-chat-${width}`);

    // Opening the chat reads the messages and clears the grouped notification.
    await b.page.getByRole("complementary", { name: "Live-Chat" }).getByRole("link", { name: new RegExp(customer.name) }).click();
    await b.page.waitForURL(`${baseUrl()}${chatPath}`);
    await b.page.getByRole("log").getByText(`Ich warte gern auf Ihre Antwort. (${width} ${run})`).waitFor();
    await a.page.getByRole("log").getByRole("img", { name: "Gelesen" }).last().waitFor();
    await hydrated(b.page);
    await bell(b.page).click();
    await expect.poll(() => entriesFrom(b.page, customer.name)).toEqual([`3 neue Nachrichten von ${customer.name}`]);
    await b.page.keyboard.press("Escape");

    expectNoErrors(a.errors);
    expectNoErrors(b.errors);
  });

  it("the notification settings save per kind and channel; the server takes a plain form post and refuses a bad one", async () => {
    const { customer } = people[width];
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, customer.username);
    await page.goto("/profile");
    const box = (kind: string, channel: string) => page.getByRole("group", { name: kind }).getByRole("checkbox", { name: channel });
    await box("Gespeicherte Suchen", "Per E-Mail").waitFor();
    await hydrated(page);
    expect(await box("Gespeicherte Suchen", "Per E-Mail").isChecked()).toBe(true);
    await box("Gespeicherte Suchen", "Per E-Mail").uncheck();
    await page.getByRole("button", { name: "Einstellungen übernehmen" }).click();
    await page.getByText("Einstellungen gespeichert").first().waitFor();
    await expectAccessible(page, `notification settings (${width})`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), "horizontal overflow").toBe(0);
    await page.locator("#notification-settings").screenshot({ path: `tests/.artifacts/screens/inbox-settings-${width}.png` });
    await page.reload();
    await box("Gespeicherte Suchen", "Per E-Mail").waitFor();
    expect(await box("Gespeicherte Suchen", "Per E-Mail").isChecked()).toBe(false);
    expect(await box("Gespeicherte Suchen", "Im Marktplatz").isChecked()).toBe(true);

    // The form's fields posted as data (a request that is not a navigation gets the action's data, as
    // the page's fetcher does; the plain post's redirect has its test in profile-plain-posts.test.ts):
    // every box checked again.
    const all = Object.fromEntries(KINDS.flatMap((kind) => [[`${kind}.inApp`, "on"], [`${kind}.email`, "on"]]));
    const headers = { Origin: baseUrl() };
    const saved = await page.request.post("/profile", { form: { intent: "notificationSettings", ...all }, headers });
    expect(saved.status()).toBe(200);
    // An unknown kind is refused, and nothing changes.
    const refused = await page.request.post("/profile", { form: { intent: "notificationSettings", "spam.inApp": "on" }, headers });
    expect(refused.status()).toBe(400);
    await page.reload();
    await box("Gespeicherte Suchen", "Per E-Mail").waitFor();
    expect(await box("Gespeicherte Suchen", "Per E-Mail").isChecked()).toBe(true);
    expect(await box("Nachrichten", "Im Marktplatz").isChecked()).toBe(true);
    expectNoErrors(errors);
  });
});
