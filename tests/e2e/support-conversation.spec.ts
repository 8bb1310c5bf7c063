import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { pngBytes } from "../support/files";
import { expectFocused } from "../support/keyboard";
import { createAccount, waitForToast } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
const SUPPORT_EMAIL = "support@demo.marktplatz.example";

async function sendReply(page: Page, text: string) {
  await page.getByLabel("Ihre Antwort").fill(text);
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await waitForToast(page, "Antwort gesendet");
  await expect.poll(() => page.getByLabel("Ihre Antwort").inputValue()).toBe("");
}

/** Opens a ticket through the page's form endpoint and finds its page from the list. */
async function ticketOf(page: Page, subject: string): Promise<{ ticketUrl: string }> {
  const created = await page.request.post("/support", { form: { intent: "create", subject, description: "Bitte helfen Sie mir." }, headers: { Origin: baseUrl() } });
  expect(created.status()).toBe(200);
  await page.goto("/support");
  const href = await page.locator("article").filter({ hasText: subject }).getByRole("link", { name: /^Verlauf öffnen/ }).getAttribute("href");
  expect(href).toMatch(/^\/support\/[0-9a-f-]{36}$/);
  return { ticketUrl: href! };
}

describe.each(widthNames)("support ticket conversation at %s width", (width) => {
  it("a user writes, support answers live, the user is notified, and a reply reopens the resolved ticket", async () => {
    const subject = `Lieferung fehlt (${width} ${Date.now().toString(36)})`;
    const user = await browser.open(width, { cookies: consent });
    const me = await createAccount(user.page, `conversation-${width}`, { firstName: "Clara", lastName: "Conrad" });

    // The user opens a ticket as before and goes to its conversation.
    await user.page.goto("/support");
    await user.page.getByRole("button", { name: "Neues Ticket" }).click();
    const dialog = user.page.getByRole("dialog", { name: "Neues Support-Ticket" });
    await dialog.getByLabel("Betreff").fill(subject);
    await dialog.getByLabel("Beschreibung").fill("Meine Bestellung ist seit zwei Wochen unterwegs.");
    await dialog.getByRole("button", { name: "Ticket erstellen" }).click();
    await waitForToast(user.page, "Ticket created successfully");
    const card = user.page.locator("article").filter({ hasText: subject });
    await card.getByText("Noch keine Antworten").waitFor();
    await card.getByRole("link", { name: /^Verlauf öffnen/ }).click();
    await user.page.waitForURL(/\/support\/[0-9a-f-]{36}$/);
    const ticketUrl = new URL(user.page.url()).pathname;
    await user.page.getByRole("heading", { level: 1, name: subject }).waitFor();
    await user.page.getByRole("log").getByText("Meine Bestellung ist seit zwei Wochen unterwegs.").waitFor();

    // A blank reply is refused in the form; one with an image goes through and shows inline.
    await user.page.getByRole("button", { name: "Antwort senden" }).click();
    await user.page.getByText("Bitte schreiben Sie eine Antwort oder hängen Sie eine Datei an.").waitFor();
    // A file over 10 MB is named at once and keeps the reply from going without it (the staff's
    // card below counts one reply) until it is removed or replaced; the text stays.
    const fileField = user.page.getByLabel("Datei anhängen (optional)");
    const tooLarge = user.page.getByText("Die Datei ist zu groß: Sie darf höchstens 10 MB groß sein.");
    await fileField.setInputFiles({ name: "riesig.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    await tooLarge.waitFor();
    await user.page.getByLabel("Ihre Antwort").fill("Mit dem Anhang von eben.");
    await user.page.getByRole("button", { name: "Antwort senden" }).click();
    await expectFocused(user.page, fileField, "after sending with a file too large");
    await tooLarge.waitFor();
    expect(await user.page.getByLabel("Ihre Antwort").inputValue()).toBe("Mit dem Anhang von eben.");
    await user.page.getByRole("button", { name: "Datei entfernen" }).click();
    await tooLarge.waitFor({ state: "detached" });
    await expectFocused(user.page, fileField, "after removing the file");
    expect(await fileField.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    await fileField.setInputFiles({ name: "sendung.png", mimeType: "image/png", buffer: await pngBytes(240, 120, "#2255aa") });
    await sendReply(user.page, "Hier die Sendungsverfolgung.");
    await user.page.getByRole("log").getByRole("img", { name: "sendung.png" }).waitFor();

    // Support finds it with the filters (status and the author's e-mail address).
    const staff = await browser.open(width, { cookies: consent });
    await staff.page.goto("/auth");
    await signInWithForm(staff.page, SUPPORT_EMAIL, DEMO_PASSWORD);
    await staff.page.waitForURL(`${baseUrl()}/`);
    await staff.page.goto("/support");
    const filters = staff.page.getByRole("search", { name: "Tickets filtern" });
    await filters.getByLabel("Status").selectOption("open");
    await filters.getByRole("button", { name: "Filtern" }).click();
    await staff.page.waitForURL((url) => url.searchParams.get("status") === "open");
    await hydrated(staff.page);
    // Enter in the search field filters and leaves the focus (and what was typed) in the field.
    const search = filters.getByLabel("Suche");
    await search.focus();
    await staff.page.keyboard.type(me.email);
    await staff.page.keyboard.press("Enter");
    await staff.page.waitForURL((url) => url.searchParams.get("status") === "open" && url.searchParams.get("q") === me.email);
    await staff.page.getByText("1 Ticket gefunden").waitFor();
    await expectFocused(staff.page, search, "after Enter in the search");
    expect(await search.inputValue()).toBe(me.email);
    const staffCard = staff.page.locator("article").filter({ hasText: subject });
    await staffCard.getByText("1 Antwort", { exact: true }).waitFor();
    await staffCard.getByText("Clara Conrad").waitFor();
    expect(await staff.page.locator("article").count()).toBe(1);
    await expectAccessible(staff.page, `/support staff filters (${width})`);
    await screenshot(staff.page, `support-staff-filters-${width}`);

    // Support answers on the ticket's page; the user's open page shows it at once, labelled Support.
    await staffCard.getByRole("link", { name: /^Verlauf öffnen/ }).click();
    await staff.page.waitForURL(`${baseUrl()}${ticketUrl}`);
    await staff.page.getByText(me.email).waitFor();
    await sendReply(staff.page, "Wir haben beim Anbieter nachgefragt – die Sendung ist unterwegs.");
    const answer = user.page.getByRole("log").getByRole("article").filter({ hasText: "Wir haben beim Anbieter nachgefragt" });
    await answer.waitFor();
    await answer.getByText("Support", { exact: true }).waitFor();

    // …and a notification that leads to the ticket.
    await user.page.getByRole("button", { name: /^Benachrichtigungen öffnen/ }).click();
    const note = user.page.getByRole("dialog").getByRole("button", { name: /Neue Antwort vom Support/ }).first();
    await note.waitFor();
    await note.click();
    await user.page.waitForURL(`${baseUrl()}${ticketUrl}`);
    await answer.waitFor();
    await expectAccessible(user.page, `ticket page user (${width})`);
    await screenshot(user.page, `support-ticket-${width}`);

    // Support sets it resolved (a staff reply changed nothing); the user's open page shows it live,
    // as an entry of the conversation after support's answer; the user answers and it is open again.
    const status = staff.page.getByRole("combobox", { name: `Status von „${subject}“` });
    expect(await status.inputValue()).toBe("open");
    await status.selectOption("resolved");
    await staff.page.getByRole("button", { name: "Status speichern" }).click();
    await waitForToast(staff.page, "Status updated successfully");
    const change = user.page.getByRole("log").getByRole("listitem").filter({ hasText: "Status geändert auf „Resolved“" });
    await change.waitFor();
    expect(await change.innerText()).toMatch(/^Status geändert auf „Resolved“ von Support, \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    const entries = await user.page.getByRole("log").getByRole("listitem").allInnerTexts();
    expect(entries.findIndex((e) => e.includes("Status geändert"))).toBe(entries.findIndex((e) => e.includes("Wir haben beim Anbieter nachgefragt")) + 1);
    await user.page.getByText("Resolved", { exact: true }).waitFor();
    await user.page.getByText("Dieses Ticket ist erledigt. Wenn Sie antworten, wird es wieder geöffnet.").waitFor();
    // Staff see which colleague changed it.
    await staff.page.getByRole("log").getByText(/Status geändert auf „Resolved“ von Support \(.+\),/).waitFor();
    await expectAccessible(user.page, `ticket page resolved (${width})`);
    await screenshot(user.page, `support-ticket-status-change-${width}`);
    await sendReply(user.page, "Leider ist sie immer noch nicht angekommen.");
    await user.page.getByText("Mit dieser Antwort wurde das Ticket wieder geöffnet.").waitFor();
    await user.page.getByText("Open", { exact: true }).waitFor();
    // Support's open page follows live.
    await staff.page.getByRole("log").getByText("Leider ist sie immer noch nicht angekommen.").waitFor();
    await expect.poll(() => status.inputValue()).toBe("open");
    await expectAccessible(staff.page, `ticket page staff (${width})`);
    await screenshot(staff.page, `support-ticket-staff-${width}`);

    // The user's list shows the count and the last activity …
    await user.page.goto("/support");
    await card.getByText("3 Antworten", { exact: true }).waitFor();
    await card.getByText(/^Letzte Aktivität: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).waitFor();
    await hydrated(user.page);
    // … and follows live: support's reply and status change show up without a reload.
    await sendReply(staff.page, "Der Anbieter schickt heute Ersatz.");
    await card.getByText("4 Antworten", { exact: true }).waitFor();
    await status.selectOption("in_progress");
    await staff.page.getByRole("button", { name: "Status speichern" }).click();
    await waitForToast(staff.page, "Status updated successfully");
    await card.getByText("In Progress", { exact: true }).waitFor();
    // The staff's list follows the user's reply live too.
    await staff.page.goto(`/support?q=${encodeURIComponent(me.email)}`);
    await hydrated(staff.page);
    await staffCard.getByText("4 Antworten", { exact: true }).waitFor();
    await user.page.goto(ticketUrl);
    await sendReply(user.page, "Danke, ich warte.");
    await staffCard.getByText("5 Antworten", { exact: true }).waitFor();
    await expectAccessible(staff.page, `/support staff list live (${width})`);

    expectNoErrors(user.errors, "user");
    expectNoErrors(staff.errors, "staff");
    // Two people in two browsers, a dozen page loads: more than the default minute on a busy machine.
  }, 120_000);

  it("anyone else gets 404 for the ticket, a reply and a file; a user's list does not widen with the staff's filters", async () => {
    const user = await browser.open(width, { cookies: consent });
    const me = await createAccount(user.page, `conversation-owner-${width}`, { firstName: "Olga", lastName: "Owner" });
    const { ticketUrl } = await ticketOf(user.page, `Geheim (${width} ${Date.now().toString(36)})`);
    const posted = await user.page.request.post(ticketUrl, {
      multipart: { file: { name: "beleg.png", mimeType: "image/png", buffer: await pngBytes() }, text: "Mit Beleg" },
      headers: { Origin: baseUrl() },
    });
    expect(posted.status()).toBe(200);
    const fileHref = /href="(\/support\/[0-9a-f-]{36}\/dateien\/[0-9a-f-]{36})"/.exec(await (await user.page.request.get(ticketUrl)).text())?.[1];
    expect(fileHref).toBeTruthy();
    expect((await user.page.request.get(fileHref!)).status()).toBe(200);

    const other = await browser.open(width, { cookies: consent });
    await createAccount(other.page, `conversation-other-${width}`);
    expect((await other.page.request.get(ticketUrl)).status()).toBe(404);
    expect((await other.page.request.get(fileHref!)).status()).toBe(404);
    const forged = await other.page.request.post(ticketUrl, { multipart: { text: "Ich mische mich ein." }, headers: { Origin: baseUrl() } });
    expect(forged.status()).toBe(404);
    // Signed out, the file is not found either.
    const stranger = await browser.open(width);
    expect((await stranger.page.request.get(fileHref!)).status()).toBe(404);
    // The staff's search parameters do not reach past a user's own tickets.
    await other.page.goto(`/support?q=${encodeURIComponent(me.email)}&status=open`);
    await other.page.getByText("Keine Support-Tickets gefunden.").waitFor();
    expect(await other.page.getByRole("search").count()).toBe(0);
    expect(await (await user.page.request.get(ticketUrl)).text()).not.toContain("Ich mische mich ein.");
    expectNoErrors(other.errors, "other");
  });

  it("without JavaScript the reply form posts text; a refused file says why in German and keeps the text", async () => {
    const user = await browser.open(width, { cookies: consent });
    await createAccount(user.page, `conversation-plain-${width}`);
    const { ticketUrl } = await ticketOf(user.page, `Ohne Skripte (${width} ${Date.now().toString(36)})`);
    const plain = await browser.open(width, { javaScript: false });
    await plain.context.addCookies(await user.context.cookies());
    await plain.page.goto(ticketUrl);
    await plain.page.getByLabel("Ihre Antwort").fill("Ohne JavaScript geschrieben.");
    await plain.page.getByLabel("Datei anhängen (optional)").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256, 1)]) });
    await plain.page.getByRole("button", { name: "Antwort senden" }).click();
    await plain.page.getByText("Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF und Textdateien.").waitFor();
    expect(await plain.page.getByLabel("Ihre Antwort").inputValue()).toBe("Ohne JavaScript geschrieben.");
    expect(await plain.page.getByRole("log").getByText("Ohne JavaScript geschrieben.").count()).toBe(0);
    // Sent: the browser is sent back to the ticket (post/redirect/get), so a reload does not post it again.
    await plain.page.getByRole("button", { name: "Antwort senden" }).click();
    await plain.page.getByRole("log").getByText("Ohne JavaScript geschrieben.").waitFor();
    expect(new URL(plain.page.url()).pathname).toBe(ticketUrl);
    await plain.page.getByText("Antwort gesendet").waitFor();
    await plain.page.reload();
    await plain.page.getByRole("log").getByText("Ohne JavaScript geschrieben.").waitFor();
    expect(await plain.page.getByRole("log").getByText("Ohne JavaScript geschrieben.").count()).toBe(1);
    expect(await plain.page.getByLabel("Ihre Antwort").inputValue()).toBe("");

    // Support's status form without JavaScript: the same button saves it, back to the same page, the entry in the conversation.
    const staff = await browser.open(width, { cookies: consent });
    await staff.page.goto("/auth");
    await signInWithForm(staff.page, SUPPORT_EMAIL, DEMO_PASSWORD);
    await staff.page.waitForURL(`${baseUrl()}/`);
    const plainStaff = await browser.open(width, { javaScript: false });
    await plainStaff.context.addCookies(await staff.context.cookies());
    await plainStaff.page.goto(ticketUrl);
    await plainStaff.page.getByRole("combobox", { name: /^Status von/ }).selectOption("closed");
    await plainStaff.page.getByRole("button", { name: "Status speichern" }).click();
    await plainStaff.page.waitForURL(`${baseUrl()}${ticketUrl}`);
    await plainStaff.page.getByText("Status updated successfully").waitFor();
    await plainStaff.page.getByRole("log").getByText("Status geändert auf „Closed“").waitFor();
    await screenshot(plainStaff.page, `support-ticket-staff-no-js-${width}`);
    await plainStaff.page.reload();
    expect(await plainStaff.page.getByRole("log").getByText("Status geändert auf „Closed“").count()).toBe(1);
    // Two people, four browser contexts.
  }, 120_000);
});
