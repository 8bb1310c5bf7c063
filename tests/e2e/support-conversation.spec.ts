import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, screenshot, setupBrowser, widthNames } from "../support/browser";
import { pngBytes } from "../support/files";
import { registerFresh, waitForToast } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
const SUPPORT_EMAIL = "support@demo.marktplatz.example";

async function sendReply(page: Page, text: string) {
  await page.getByLabel("Ihre Antwort").fill(text);
  await page.getByRole("button", { name: "Antwort senden" }).click();
  await waitForToast(page, "Antwort gesendet");
  await expect.poll(() => page.getByLabel("Ihre Antwort").inputValue()).toBe("");
}

describe.each(widthNames)("support ticket conversation at %s width", (width) => {
  it("a user writes, support answers live, the user is notified, and a reply reopens the resolved ticket", async () => {
    const subject = `Lieferung fehlt (${width} ${Date.now().toString(36)})`;
    const user = await browser.open(width, { cookies: consent });
    const me = await registerFresh(user.page, `conversation-${width}`, { firstName: "Clara", lastName: "Conrad" });

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
    await user.page.getByLabel("Datei anhängen (optional)").setInputFiles({ name: "sendung.png", mimeType: "image/png", buffer: await pngBytes(240, 120, "#2255aa") });
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
    await filters.getByLabel("Suche").fill(me.email);
    await filters.getByRole("button", { name: "Filtern" }).click();
    await staff.page.waitForURL((url) => url.searchParams.get("status") === "open" && url.searchParams.get("q") === me.email);
    await staff.page.getByText("1 Ticket gefunden").waitFor();
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

    // Support sets it resolved (a staff reply changed nothing); the user answers and it is open again.
    const status = staff.page.getByRole("combobox", { name: `Status von „${subject}“` });
    expect(await status.inputValue()).toBe("open");
    await status.selectOption("resolved");
    await waitForToast(staff.page, "Status updated successfully");
    await user.page.reload();
    await user.page.getByText("Resolved", { exact: true }).waitFor();
    await user.page.getByText("Dieses Ticket ist erledigt. Wenn Sie antworten, wird es wieder geöffnet.").waitFor();
    await expectAccessible(user.page, `ticket page resolved (${width})`);
    await sendReply(user.page, "Leider ist sie immer noch nicht angekommen.");
    await user.page.getByText("Mit dieser Antwort wurde das Ticket wieder geöffnet.").waitFor();
    await user.page.getByText("Open", { exact: true }).waitFor();
    // Support's open page follows live.
    await staff.page.getByRole("log").getByText("Leider ist sie immer noch nicht angekommen.").waitFor();
    await expect.poll(() => status.inputValue()).toBe("open");
    await expectAccessible(staff.page, `ticket page staff (${width})`);
    await screenshot(staff.page, `support-ticket-staff-${width}`);

    // The user's list shows the count and the last activity.
    await user.page.goto("/support");
    await card.getByText("3 Antworten", { exact: true }).waitFor();
    await card.getByText(/^Letzte Aktivität: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).waitFor();

    // Anyone else: 404 for the page, a reply and the file.
    const fileHref = await user.page.request.get(ticketUrl).then(async (response) => /href="(\/support\/[0-9a-f-]{36}\/dateien\/[0-9a-f-]{36})"/.exec(await response.text())?.[1]);
    expect(fileHref).toBeTruthy();
    expect((await user.page.request.get(fileHref!)).status()).toBe(200);
    const other = await browser.open(width, { cookies: consent });
    await registerFresh(other.page, `conversation-other-${width}`);
    expect((await other.page.request.get(ticketUrl)).status()).toBe(404);
    expect((await other.page.request.get(fileHref!)).status()).toBe(404);
    const forged = await other.page.request.post(ticketUrl, { multipart: { text: "Ich mische mich ein." }, headers: { Origin: baseUrl() } });
    expect(forged.status()).toBe(404);
    // And a user's list does not widen with the staff's filters.
    await other.page.goto(`/support?q=${encodeURIComponent(me.email)}`);
    await other.page.getByText("Keine Support-Tickets gefunden.").waitFor();
    expect(await other.page.getByRole("search").count()).toBe(0);

    // Without JavaScript the reply form still posts text.
    const plain = await browser.open(width, { javaScript: false });
    await plain.context.addCookies(await user.context.cookies());
    await plain.page.goto(ticketUrl);
    await plain.page.getByLabel("Ihre Antwort").fill("Ohne JavaScript geschrieben.");
    await plain.page.getByRole("button", { name: "Antwort senden" }).click();
    await plain.page.getByRole("log").getByText("Ohne JavaScript geschrieben.").waitFor();

    expectNoErrors(user.errors, "user");
    expectNoErrors(staff.errors, "staff");
    expectNoErrors(other.errors, "other");
  });
});
