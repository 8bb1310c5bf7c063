import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, screenshot, setupBrowser, widthNames } from "../support/browser";
import { pdfBytes, pngBytes } from "../support/files";
import { createAccount } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Demo e-mail addresses by username (Max Weber's address spells out his first name).
const email = (username: string) => `${username === "max.weber" ? "maximilian.weber" : username}@demo.marktplatz.example`;

// Buyers and services differ per width so the runs never share a conversation or a rate limit;
// the seller (Lea Fischer) answers once per run.
const buyer = { desktop: { username: "max.weber", name: "Maximilian Weber" }, phone: { username: "anna.schmidt", name: "Anna Schmidt" } } as const;
const service = { desktop: "Social-Media-Grafiken im Monatspaket", phone: "Produktfotos freistellen und retuschieren" } as const;
const seller = { username: "lea.fischer", name: "Lea Fischer" };

async function signIn(page: Page, username: string) {
  await signInAs(page, email(username), "/");
}

/** The number on the chats link's red badge (0 when there is none). */
async function badge(page: Page, width: string): Promise<number> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  if (width === "phone") {
    const menu = page.getByRole("button", { name: "Menü öffnen" });
    if (await menu.isVisible()) await menu.click();
  }
  const link = page.getByRole("navigation").getByRole("link", { name: /^Chats/ }).filter({ visible: true }).first();
  // The badge's spoken count ("3 neue Nachrichten"), not the link's own screen-reader label.
  const spoken = link.locator(".sr-only", { hasText: /neue Nachricht/ });
  const text = (await spoken.count()) ? ((await spoken.first().textContent()) ?? "") : "";
  const match = /^(\d+) neue Nachricht/.exec(text);
  return match ? Number(match[1]) : 0;
}

async function closeMenu(page: Page, width: string) {
  if (width !== "phone") return;
  const close = page.getByRole("button", { name: "Menü schließen" });
  if (await close.isVisible()) await close.click();
}

function composer(page: Page) {
  return { text: page.getByLabel("Nachricht", { exact: true }), send: page.getByRole("button", { name: /^(Senden|Wird gesendet…)$/ }) };
}

async function sendText(page: Page, text: string) {
  const c = composer(page);
  await c.text.fill(text);
  await c.send.click();
  await expect.poll(() => c.text.inputValue()).toBe("");
}

async function sendFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('input[type="file"][name="file"]').setInputFiles({ name, mimeType, buffer });
  await composer(page).send.click();
  await page.getByRole("log").getByText(name).first().waitFor();
}

describe.each(widthNames)("messaging at %s width", (width) => {
  it("start a chat from a service, exchange text, an image and a PDF live; read flags, badge and notification follow", async () => {
    const me = buyer[width];
    const a = await browser.open(width, { cookies: consent });
    const b = await browser.open(width, { cookies: consent });
    await signIn(a.page, me.username);
    await signIn(b.page, seller.username);

    // The buyer starts the chat on the service page and lands in /chats/{id}.
    await a.page.goto(`/services?q=${encodeURIComponent(service[width])}`);
    await a.page.getByRole("link", { name: service[width], exact: true }).click();
    await a.page.getByRole("button", { name: "Anbieter kontaktieren" }).click();
    await a.page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const chatUrl = a.page.url();
    await a.page.getByRole("heading", { level: 2, name: seller.name }).waitFor();
    // Starting again reuses the conversation.
    await a.page.goBack();
    await a.page.getByRole("button", { name: "Anbieter kontaktieren" }).click();
    await a.page.waitForURL(chatUrl);

    // The seller waits on the chat list; the badge rises when the message comes in.
    await b.page.goto("/chats");
    const before = await badge(b.page, width);
    await closeMenu(b.page, width);
    await sendText(a.page, `Hallo Lea, ist nächste Woche noch etwas frei? (${width})`);
    await expect.poll(() => badge(b.page, width)).toBe(before + 1);
    await closeMenu(b.page, width);

    // The notification leads to the conversation and marks it read; opening it clears the badge.
    await b.page.getByRole("button", { name: /^Benachrichtigungen öffnen/ }).click();
    const note = b.page.getByRole("dialog").getByRole("button", { name: new RegExp(`Neue Nachricht von ${me.name}`) }).first();
    await note.waitFor();
    await expectAccessible(b.page, `notifications (${width})`);
    await screenshot(b.page, `notifications-${width}`);
    // "Mark all read" by keyboard: the popover stays open and the focus on the button, now unavailable.
    const markAll = b.page.getByRole("dialog").getByRole("button", { name: "Mark all read" });
    await markAll.focus();
    await b.page.keyboard.press("Enter");
    await expect.poll(() => markAll.getAttribute("aria-disabled")).toBe("true");
    expect(await markAll.evaluate((button) => button === document.activeElement)).toBe(true);
    await note.click();
    await b.page.waitForURL(chatUrl);
    await b.page.getByRole("log").getByText(`Hallo Lea, ist nächste Woche noch etwas frei? (${width})`).waitFor();
    await expect.poll(() => badge(b.page, width)).toBe(before);
    await closeMenu(b.page, width);

    // The sender sees the read flag without reloading.
    await a.page.getByRole("log").getByRole("img", { name: "Gelesen" }).last().waitFor();

    // A reply appears live on the buyer's side.
    await sendText(b.page, `Ja, ab Dienstag passt es. (${width})`);
    await a.page.getByRole("log").getByText(`Ja, ab Dienstag passt es. (${width})`).waitFor();

    // An image and a PDF, live on the other side: the image inline, the PDF with name, size and open button.
    await sendFile(a.page, "entwurf.png", "image/png", await pngBytes(320, 200, "#2255aa"));
    await sendFile(a.page, "angebot.pdf", "application/pdf", pdfBytes());
    const image = b.page.getByRole("log").getByRole("img", { name: "entwurf.png" });
    await image.waitFor();
    await b.page.getByRole("log").getByText("angebot.pdf", { exact: true }).waitFor();
    await b.page.getByRole("log").getByText("Sent a file: angebot.pdf").waitFor();
    // The open link names the file (WCAG 2.4.4: every file's link reads "Öffnen" otherwise).
    const open = b.page.getByRole("log").getByRole("link", { name: "Datei „angebot.pdf“ in neuem Tab öffnen", exact: true }).last();
    const href = await open.getAttribute("href");
    expect(href).toMatch(/^\/api\/attachments\/[0-9a-f-]{36}$/);
    expect(await open.getAttribute("target")).toBe("_blank");
    const pdf = await b.page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["x-content-type-options"]).toBe("nosniff");
    // One policy only (the page policy is not added on top), without a sandbox so the PDF viewer runs.
    expect(pdf.headers()["content-security-policy"]).toBe("frame-ancestors 'none'");
    // Someone signed out (another browser) cannot fetch it.
    const outsider = await browser.open(width);
    expect((await outsider.page.request.get(href!)).status()).toBe(404);

    await expectAccessible(a.page, `chat (${width})`);
    await expectAccessible(b.page, `chat seller (${width})`);
    await screenshot(a.page, `chat-buyer-${width}`);
    await screenshot(b.page, `chat-seller-${width}`);
    if (width === "desktop") {
      // Two panes: the list is visible next to the conversation (the buyer's orders with the seller, if any, are listed too).
      await a.page.getByRole("complementary", { name: "Chats" }).getByText(seller.name).first().waitFor();
    } else {
      // One pane: the back button leads to the list.
      await a.page.getByRole("link", { name: "Zurück zur Übersicht" }).click();
      await a.page.waitForURL(`${baseUrl()}/chats`);
      await a.page.getByRole("complementary", { name: "Chats" }).getByText(seller.name).first().waitFor();
      await screenshot(a.page, `chat-list-${width}`);
    }
    expectNoErrors(a.errors);
    expectNoErrors(b.errors);
  });

  it("a non-participant is sent back to /chats with the message; the server refuses the API too", async () => {
    const owner = await browser.open(width, { cookies: consent });
    await signIn(owner.page, "lea.fischer");
    await owner.page.goto("/chats");
    // A conversation of the list (the switch to the other view is a link of the list's pane too).
    const first = owner.page.getByRole("complementary", { name: "Chats" }).locator('a[href^="/chats/"]').first();
    await first.waitFor();
    const href = (await first.getAttribute("href"))!;
    const id = href.split("/").pop()!;

    const other = await browser.open(width, { cookies: consent });
    await signIn(other.page, "support"); // the demo support account: support@demo.marktplatz.example
    await other.page.goto(href);
    await other.page.waitForURL(`${baseUrl()}/chats`);
    await other.page.getByText("You don't have permission to view this chat").waitFor();
    expect((await other.page.request.get(`/api/conversations/${id}/messages`)).status()).toBe(404);
    const forged = await other.page.request.post(`/api/conversations/${id}/messages?view=service`, {
      multipart: { text: "Hallo" },
      headers: { Origin: baseUrl() },
    });
    expect(forged.status()).toBe(404);
    await other.page.goto("/chats/00000000-0000-4000-8000-000000000000");
    await other.page.waitForURL(`${baseUrl()}/chats`);
    await other.page.getByText("Chat not found").waitFor();
    expectNoErrors(other.errors);
  });

  it("a conversation with a deleted account: readable, a note instead of the composer, and the server refuses a send (API and plain form)", async () => {
    const GONE = "Dieses Konto wurde gelöscht. Sie können hier keine Nachrichten mehr senden.";
    // A fresh account writes to Tobias Richter directly, then deletes itself.
    const leaver = await browser.open(width, { cookies: consent });
    await createAccount(leaver.page, `chat-gone-${width}`);
    await leaver.page.goto("/u/tobias.richter");
    await leaver.page.getByRole("button", { name: "Nachricht senden" }).click();
    await leaver.page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
    const chatPath = new URL(leaver.page.url()).pathname;
    const id = chatPath.split("/").pop()!;
    await leaver.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await sendText(leaver.page, `Bis bald (${width})`);
    const deleted = await leaver.page.request.post("/profile", { form: { intent: "deleteAccount", confirmation: "BESTÄTIGEN" }, headers: { Origin: baseUrl() } });
    expect(deleted.status()).toBeLessThan(400);
    await leaver.context.close();

    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, "tobias.richter");
    await page.goto(chatPath);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The old message stays readable, from "Unknown User"; the composer gives way to the note.
    await page.getByRole("log").getByText(`Bis bald (${width})`).waitFor();
    await page.getByRole("region", { name: "Unknown User" }).waitFor();
    await page.getByText(GONE, { exact: true }).waitFor();
    expect(await composer(page).text.count()).toBe(0);
    await expectAccessible(page, `deleted account's chat (${width})`);
    await screenshot(page, `chat-deleted-account-${width}`);

    // The server refuses a send, whichever way it comes, with the German reason and never a 500.
    const viaApi = await page.request.post(`/api/conversations/${id}/messages`, { multipart: { text: "Hallo?" }, headers: { Origin: baseUrl() } });
    expect(viaApi.status()).toBe(403);
    expect(await viaApi.json()).toMatchObject({ ok: false, reason: "recipient_deleted", message: GONE });
    // The page's form (the composer without JavaScript) goes back to the chat with the reason.
    const viaForm = await page.request.post(chatPath, { multipart: { text: "Hallo?" }, headers: { Origin: baseUrl() }, maxRedirects: 0 });
    expect(viaForm.status()).toBe(303);
    expect(viaForm.headers().location).toBe(chatPath);
    await page.reload();
    // The note in place of the composer (and, while it shows, the refusal's toast with the same words).
    await page.getByText(GONE, { exact: true }).first().waitFor();
    expect(await composer(page).text.count()).toBe(0);
    expect(await page.getByRole("log").getByText("Hallo?").count()).toBe(0);
    expectNoErrors(errors);
  });

  it("the composer without JavaScript: text and a file go by the page's form, a reload sends nothing twice; text typed before the scripts run stays", async () => {
    const signedIn = await browser.open(width, { cookies: consent });
    await createAccount(signedIn.page, `chat-nojs-${width}`);
    const cookies = (await signedIn.page.context().cookies()).map(({ name, value }) => ({ name, value }));
    await signedIn.context.close();

    const { page, errors } = await browser.open(width, { cookies, javaScript: false });
    await page.goto("/u/tobias.richter");
    await page.getByRole("button", { name: "Nachricht senden" }).click();
    await page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
    const chatPath = new URL(page.url()).pathname;
    const c = composer(page);
    const text = `Ohne Skripte geschrieben (${width})`;
    await c.text.fill(text);
    await c.send.click();
    await page.waitForURL((url) => url.pathname === chatPath && url.hash === "#neueste-nachricht");
    await page.getByRole("log").getByText(text).waitFor();
    expect(await c.text.inputValue()).toBe("");
    // A reload asks for the chat again; it does not post the message a second time.
    await page.reload();
    await page.getByRole("log").getByText(text).waitFor();
    expect(await page.getByRole("log").getByText(text).count()).toBe(1);
    // A double click on "Senden" posts the form twice: its one-time token lets one message through,
    // and the second post is answered as the first.
    const token = await page.locator('input[name="sendToken"]').inputValue();
    const twice = `Doppelt geklickt (${width})`;
    for (let i = 0; i < 2; i++) {
      const answer = await page.request.post(chatPath, { multipart: { sendToken: token, text: twice }, headers: { Origin: baseUrl() }, maxRedirects: 0 });
      expect(answer.status()).toBe(303);
      expect(answer.headers().location).toBe(`${chatPath}#neueste-nachricht`);
    }
    await page.reload();
    await page.getByRole("log").getByText(twice).waitFor();
    expect(await page.getByRole("log").getByText(twice).count()).toBe(1);
    // The page came with a new token for the next message.
    expect(await page.locator('input[name="sendToken"]').inputValue()).not.toBe(token);
    // The attach button is the file input's label: it needs no script.
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.locator("label", { hasText: "Datei anhängen" }).click()]);
    await chooser.setFiles({ name: "skizze.pdf", mimeType: "application/pdf", buffer: pdfBytes() });
    await c.send.click();
    await page.getByRole("log").getByText("skizze.pdf", { exact: true }).waitFor();
    // Nothing to send: the view's refusal, shown by the server.
    await c.send.click();
    await page.getByRole("alert").getByText("Bitte schreiben Sie eine Nachricht oder hängen Sie eine Datei an.").waitFor();
    await screenshot(page, `live-chat-nojs-${width}`);
    expectNoErrors(errors);
    await page.context().close();

    // With JavaScript, text typed before the page's scripts have run is kept, and sends. No choice
    // about cookies yet: the notice at the bottom leaves the composer uncovered.
    const scripted = await browser.open(width, { cookies: cookies.filter(({ name }) => name !== "cookieConsent") });
    // The page's scripts are held back until the text is typed, then let through.
    const held: (() => Promise<void>)[] = [];
    let released = false;
    const scripts = /\/assets\/.*\.js$/;
    await scripted.page.route(scripts, (route) => (released ? route.continue() : void held.push(() => route.continue())));
    await scripted.page.goto(chatPath, { waitUntil: "domcontentloaded" });
    const early = composer(scripted.page);
    await early.text.fill("Vor dem Skript getippt");
    expect(await early.send.isEnabled()).toBe(true);
    released = true;
    for (const go of held.splice(0)) await go();
    await scripted.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await early.text.inputValue()).toBe("Vor dem Skript getippt");
    await early.send.click();
    await expect.poll(() => early.text.inputValue()).toBe("");
    await scripted.page.getByRole("log").getByText("Vor dem Skript getippt").waitFor();
    const notice = await scripted.page.getByRole("region", { name: "Cookie-Hinweis" }).boundingBox();
    const sendButton = await early.send.boundingBox();
    expect(sendButton!.y + sendButton!.height).toBeLessThanOrEqual(notice!.y);
    expectNoErrors(scripted.errors);
  });

  it("opening a conversation from the list with the keyboard: on a phone the focus goes to its visible heading, on a desktop it stays in the list", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, "lea.fischer");
    await page.goto("/chats");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const first = page.getByRole("complementary", { name: "Chats" }).locator('a[href^="/chats/"]').first();
    const href = (await first.getAttribute("href"))!;
    await first.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const box = el.getBoundingClientRect();
        return { id: el.id || el.getAttribute("href"), visible: box.width > 1 && box.height > 1 && (el.matches(":focus-visible") || getComputedStyle(el).outlineStyle !== "none") };
      });
    // The page's h1 "Chats" is hidden on a phone once a conversation is open: the focus ring must be seen.
    await expect.poll(focused).toEqual({ id: width === "phone" ? "conversation-title" : href, visible: true });
    expectNoErrors(errors);
  });

  it("a refusal's toast covers neither the chat's header nor the composer", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    // Without the entry animation the toast is where it stays as soon as it shows.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signIn(page, "lea.fischer");
    await page.goto("/chats");
    const href = (await page.getByRole("complementary", { name: "Chats" }).locator('a[href^="/chats/"]').first().getAttribute("href"))!;
    // A refused send (nothing to send) by the page's form: the next page shows its toast.
    const refused = await page.request.post(href, { multipart: { text: "" }, headers: { Origin: baseUrl() }, maxRedirects: 0 });
    expect(refused.status()).toBe(303);
    await page.goto(href);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const toast = page.locator("[data-sonner-toast]", { hasText: "Bitte schreiben Sie eine Nachricht oder hängen Sie eine Datei an." });
    await toast.waitFor();
    const header = (await page.locator("section[aria-labelledby=conversation-title] > header").boundingBox())!;
    const composerTop = (await page.locator(`form[action="${href}"]`).boundingBox())!.y;
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y + box.height).toBeLessThanOrEqual(composerTop);
    await screenshot(page, `chat-toast-${width}`);
    expectNoErrors(errors);
  });

  it("live chat: list with 'Sie: ', 50 messages per page and earlier ones on request", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, "max.weber");
    await page.goto("/live-chat");
    if (width === "desktop") await page.getByText("Wählen Sie einen Chat aus").waitFor();
    const item = page.getByRole("complementary", { name: "Live-Chat" }).getByRole("link", { name: /Anna Schmidt/ });
    await item.getByText(/^Sie: Sehr gut – dann schließen wir Woche 8 am Freitag ab\.$/).waitFor();
    await expect.poll(async () => /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/.test((await item.textContent()) ?? "")).toBe(true);
    await item.click();
    await page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
    const log = page.getByRole("log");
    await expect.poll(() => log.locator("li").count()).toBe(50);
    await log.getByText("Sehr gut – dann schließen wir Woche 8 am Freitag ab.").waitFor();
    await page.getByRole("button", { name: "Ältere Nachrichten laden" }).click();
    await expect.poll(() => log.locator("li").count()).toBe(64);
    await log.getByText("Guten Morgen Max, kurzer Stand zu Woche 1: Die Startseite ist fertig gestaltet.").waitFor();
    expect(await page.getByRole("button", { name: "Ältere Nachrichten laden" }).count()).toBe(0);
    await expectAccessible(page, `live chat (${width})`);
    await screenshot(page, `live-chat-${width}`);
    expectNoErrors(errors);
  });
});

describe("live chat signed out", () => {
  it("asks to sign in", async () => {
    const { page, errors } = await browser.open("phone", { cookies: consent });
    await page.goto("/live-chat");
    await page.getByText("Bitte melden Sie sich an, um den Live-Chat zu nutzen.").waitFor();
    expectNoErrors(errors);
  });
});
