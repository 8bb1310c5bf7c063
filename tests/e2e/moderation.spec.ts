import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, signInAs, signInWithForm } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { createAccount, waitForToast } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
const SUPPORT_EMAIL = "support@demo.marktplatz.example";

describe.each(widthNames)("notice and action at %s width", (width) => {
  it("a signed-out visitor reports a service; support removes it; the author reads the statement and objects; support restores it", async () => {
    // The author and their service.
    const author = await browser.open(width, { cookies: consent });
    await createAccount(author.page, `moderation-author-${width}`, { firstName: "Mona", lastName: "Meldung" });
    const title = `Echte Markenuhren günstig ${width} ${Date.now().toString(36)}`;
    const created = await author.page.request.post("/create-service", {
      form: { title, price: "49", category: "Other", description: "Originalware mit Rechnung." },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const servicePath = new URL(created.headers().location!, baseUrl()).pathname;
    // Not staff: the moderation is not there at all.
    expect((await author.page.request.get("/moderation")).status()).toBe(404);

    // A signed-out visitor reports it, by keyboard: the link, the reason, the kind, the explanation, send.
    const visitor = await browser.open(width, { cookies: consent });
    await visitor.page.goto(servicePath);
    await hydrated(visitor.page);
    const reportLink = visitor.page.getByRole("link", { name: "Dienstleistung melden" });
    await reportLink.focus();
    await visitor.page.keyboard.press("Enter");
    await visitor.page.getByRole("heading", { level: 1, name: "Inhalt melden" }).waitFor();
    expect(new URL(visitor.page.url()).search).toContain("art=service");
    await visitor.page.getByText(title).waitFor();
    // Sent empty: the form says what is missing, at the fields.
    await visitor.page.getByRole("button", { name: "Meldung absenden" }).click();
    await visitor.page.getByText("Bitte wählen Sie einen Grund.").waitFor();
    await visitor.page.getByText("Bitte begründen Sie Ihre Meldung.").waitFor();
    // The focus goes to the first field to fix, not back to the page.
    await expect.poll(() => visitor.page.getByRole("radio", { name: "Rechtswidriger Inhalt" }).evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(visitor.page, `/melden refused (${width})`);

    await visitor.page.getByRole("radio", { name: "Rechtswidriger Inhalt" }).focus();
    await visitor.page.keyboard.press("Space");
    await visitor.page.getByLabel("Art des rechtswidrigen Inhalts").focus();
    await visitor.page.getByLabel("Art des rechtswidrigen Inhalts").selectOption("ip");
    await visitor.page.getByLabel("Begründung").focus();
    await visitor.page.keyboard.type("Die Uhren sind Fälschungen einer bekannten Marke.");
    await visitor.page.getByLabel("Ihr Name (freiwillig)").fill("Vera Besucherin");
    const reporterEmail = `melder-${width}-${Date.now().toString(36)}@example.de`;
    await visitor.page.getByLabel("Ihre E-Mail-Adresse (freiwillig)").fill(reporterEmail);
    await expectAccessible(visitor.page, `/melden (${width})`);
    await screenshot(visitor.page, `moderation-report-form-${width}`);
    await visitor.page.getByRole("button", { name: "Meldung absenden" }).focus();
    await visitor.page.keyboard.press("Enter");
    const thanks = visitor.page.getByRole("heading", { level: 1, name: "Vielen Dank, Ihre Meldung ist eingegangen." });
    await thanks.waitFor();
    await expect.poll(() => thanks.evaluate((element) => element === document.activeElement)).toBe(true);
    await visitor.page.getByText("Eine Bestätigung haben wir Ihnen per E-Mail geschickt.").waitFor();
    await expectAccessible(visitor.page, `/melden sent (${width})`);
    await screenshot(visitor.page, `moderation-report-sent-${width}`);

    // Support removes it with a reason.
    const support = await browser.open(width, { cookies: consent });
    await support.page.goto("/auth");
    await signInWithForm(support.page, SUPPORT_EMAIL, DEMO_PASSWORD);
    await support.page.waitForURL(`${baseUrl()}/`);
    await support.page.goto("/moderation");
    await support.page.getByRole("heading", { level: 1, name: "Moderation" }).waitFor();
    await expectAccessible(support.page, `/moderation (${width})`);
    await screenshot(support.page, `moderation-queue-${width}`);
    await support.page.getByRole("link", { name: title }).click();
    await support.page.getByRole("heading", { level: 1, name: "Fall: Dienstleistung" }).waitFor();
    await support.page.getByText("Die Uhren sind Fälschungen einer bekannten Marke.").waitFor();
    await support.page.getByText(/von Vera Besucherin/).waitFor();
    await expectAccessible(support.page, `/moderation case (${width})`);
    // The staff's extra link in the header leaves the page as wide as the screen.
    expect(await support.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(support.page.viewportSize()!.width);
    await screenshot(support.page, `moderation-case-${width}`);
    await support.page.getByRole("radio", { name: "Inhalt entfernen" }).check();
    // The report says "illegal": the ground offered first is the law.
    expect(await support.page.getByRole("group", { name: "Grundlage" }).getByRole("radio", { checked: true }).inputValue()).toBe("law");
    // Without a reason the decision is refused, and the focus goes to the reason's field.
    await hydrated(support.page);
    await support.page.getByRole("button", { name: "Entscheidung speichern" }).click();
    const reason = support.page.getByLabel("Begründung (Sachverhalt und Gründe)");
    await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await reason.getAttribute("aria-invalid")).toBe("true");
    await reason.fill("Die angebotenen Uhren verletzen Markenrechte (§ 14 MarkenG).");
    await support.page.getByRole("button", { name: "Entscheidung speichern" }).click();
    await support.page.waitForURL(`${baseUrl()}/moderation`);
    await waitForToast(support.page, "Die Entscheidung ist gespeichert; die Beteiligten wurden informiert.");

    // Gone for others.
    expect((await visitor.page.request.get(servicePath)).status()).toBe(404);

    // The author sees it with the banner, reads the statement of reasons and objects.
    await author.page.goto(servicePath);
    await author.page.getByText("Dieser Inhalt wurde von unserer Moderation entfernt").waitFor();
    await expectAccessible(author.page, `removed service for its author (${width})`);
    await screenshot(author.page, `moderation-removed-service-${width}`);
    await author.page.getByRole("link", { name: "Begründung ansehen" }).click();
    await author.page.getByRole("heading", { level: 1, name: "Entscheidungen zu meinen Inhalten" }).waitFor();
    await author.page.getByText(/Markenrechte \(§ 14 MarkenG\)/).waitFor();
    await author.page.getByText(/Grundlage: Rechtswidriger Inhalt/).waitFor();
    await expectAccessible(author.page, `/entscheidungen (${width})`);
    await screenshot(author.page, `moderation-statement-${width}`);
    // Sent empty: refused, with the focus on the field.
    await author.page.getByRole("button", { name: "Widerspruch einlegen" }).click();
    await expect.poll(() => author.page.getByLabel("Ihr Widerspruch").evaluate((element) => element === document.activeElement)).toBe(true);
    await author.page.getByLabel("Ihr Widerspruch").fill("Die Uhren sind original, die Rechnungen des Händlers liegen vor.");
    await author.page.getByRole("button", { name: "Widerspruch einlegen" }).click();
    const saved = author.page.getByRole("status").filter({ hasText: "Ihr Widerspruch ist eingegangen." });
    await saved.waitFor();
    await expect.poll(() => saved.evaluate((element) => element === document.activeElement)).toBe(true);
    // Once only: the form is gone.
    await author.page.getByText(/Sie haben am .* widersprochen\./).waitFor();
    expect(await author.page.getByRole("button", { name: "Widerspruch einlegen" }).count()).toBe(0);

    // Support sees the objection in the queue and restores the service.
    await support.page.goto("/moderation");
    const entry = support.page.getByRole("listitem").filter({ hasText: title });
    await entry.getByText("Widerspruch").waitFor();
    await entry.getByRole("link", { name: title }).click();
    await support.page.getByText("Die Uhren sind original, die Rechnungen des Händlers liegen vor.", { exact: true }).waitFor();
    await support.page.getByRole("radio", { name: "Wiederherstellen (Entscheidung aufheben)" }).check();
    await support.page.getByLabel("Begründung (Sachverhalt und Gründe)").fill("Die Rechnungen belegen die Echtheit.");
    await support.page.getByRole("button", { name: "Entscheidung speichern" }).click();
    await support.page.waitForURL(`${baseUrl()}/moderation`);
    expect((await visitor.page.request.get(servicePath)).status()).toBe(200);

    expectNoErrors(author.errors, "author");
    expectNoErrors(visitor.errors, "visitor");
    expectNoErrors(support.errors, "support");
  });

  it("a suspended account signs in to its data rights only: reads the decision, downloads its data, deletes itself", async () => {
    const author = await browser.open(width, { cookies: consent });
    const account = await createAccount(author.page, `moderation-suspended-${width}`, { firstName: "Gerd", lastName: "Gesperrt" });
    const title = `Vorkasse-Angebot ${width} ${Date.now().toString(36)}`;
    const created = await author.page.request.post("/create-service", {
      form: { title, price: "30", category: "Other", description: "Nur gegen Vorkasse." },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    const serviceId = new URL(created.headers().location!, baseUrl()).pathname.split("/").pop()!;

    // Reported, and support suspends the author's account.
    const support = await browser.open(width, { cookies: consent });
    await signInAs(support.page, SUPPORT_EMAIL, "/moderation");
    const reported = await support.page.request.post(`/melden?art=service&id=${serviceId}`, {
      form: { reason: "terms", explanation: "Verlangt Zahlung außerhalb des Marktplatzes." },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(reported.status()).toBeLessThan(400);
    await support.page.goto("/moderation");
    await support.page.getByRole("link", { name: title }).click();
    await support.page.getByRole("radio", { name: "Konto der verfassenden Person sperren" }).check();
    expect(await support.page.getByRole("group", { name: "Grundlage" }).getByRole("radio", { checked: true }).inputValue()).toBe("terms");
    await support.page.getByLabel("Begründung (Sachverhalt und Gründe)").fill("Wiederholt Zahlung außerhalb des Marktplatzes verlangt.");
    await support.page.getByRole("button", { name: "Entscheidung speichern" }).click();
    await support.page.waitForURL(`${baseUrl()}/moderation`);

    // The author signs in as usual and lands on the page of what a suspended account can still do.
    await author.page.goto("/auth");
    await signInWithForm(author.page, account.email, account.password);
    await author.page.waitForURL(`${baseUrl()}/konto-gesperrt`);
    await author.page.getByRole("heading", { level: 1, name: "Ihr Konto ist gesperrt" }).waitFor();
    // Deleting here keeps orders and invoices as on the profile: the page says so before.
    await author.page.getByRole("heading", { name: "Was nicht gelöscht wird" }).waitFor();
    await author.page.getByText(/Ihre Aufträge .* bleiben erhalten\..* acht Jahre aufbewahrt werden/).waitFor();
    await expectAccessible(author.page, `/konto-gesperrt (${width})`);
    await screenshot(author.page, `suspended-account-${width}`);
    // Still no session: the signed-in pages send it to the sign-in.
    expect(new URL((await author.page.request.get("/dashboard")).url()).pathname).toBe("/auth");

    // The decision, by its signed link (no session needed).
    await author.page.getByRole("link", { name: /^Entscheidung vom .* lesen und widersprechen$/ }).click();
    await author.page.getByText(/Wiederholt Zahlung außerhalb des Marktplatzes verlangt\./).waitFor();
    await author.page.goBack();
    await author.page.getByRole("heading", { level: 1, name: "Ihr Konto ist gesperrt" }).waitFor();

    // The data, as the profile's export would give it.
    const [download] = await Promise.all([author.page.waitForEvent("download"), author.page.getByRole("link", { name: "Daten herunterladen" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^datenexport-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as { user_info: { email: string }; services: { title: string }[] };
    expect(exported.user_info.email).toBe(account.email);
    expect(exported.services.map((s) => s.title)).toEqual([title]);

    // Deletion asks for the word, then the account is gone.
    await author.page.getByLabel("Geben Sie zur Bestätigung BESTÄTIGEN ein").fill("ja");
    await author.page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await author.page.getByText("Bitte geben Sie BESTÄTIGEN genau so ein, um Ihr Konto zu löschen.").waitFor();
    await expectAccessible(author.page, `/konto-gesperrt refused (${width})`);
    await author.page.getByLabel("Geben Sie zur Bestätigung BESTÄTIGEN ein").fill("BESTÄTIGEN");
    await author.page.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await author.page.waitForURL(`${baseUrl()}/`);
    await waitForToast(author.page, "Ihr Konto und Ihre Daten wurden gelöscht.");
    await author.page.goto("/konto-gesperrt");
    await author.page.getByRole("heading", { level: 1, name: "Bitte melden Sie sich an" }).waitFor();

    expectNoErrors(author.errors, "author");
    expectNoErrors(support.errors, "support");
  });

  it("a received message has 'Melden' in both chat views, a sent one not; its recipient reports it", async () => {
    const seller = await browser.open(width, { cookies: consent });
    await createAccount(seller.page, `moderation-seller-${width}`, { firstName: "Sven", lastName: "Verkauf" });
    const created = await seller.page.request.post("/create-service", {
      form: { title: `Chat-Dienst ${width} ${Date.now().toString(36)}`, price: "20", category: "Other", description: "" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    const servicePath = new URL(created.headers().location!, baseUrl()).pathname;
    const buyer = await browser.open(width, { cookies: consent });
    await createAccount(buyer.page, `moderation-buyer-${width}`, { firstName: "Berta", lastName: "Kauf" });

    // Service chat (/chats).
    await buyer.page.goto(servicePath);
    await buyer.page.getByRole("button", { name: "Anbieter kontaktieren" }).click();
    await buyer.page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const chatPath = new URL(buyer.page.url()).pathname;
    await buyer.page.getByLabel("Nachricht", { exact: true }).fill("Zahlen Sie bitte vorab per Gutschein.");
    await buyer.page.getByRole("button", { name: /^(Senden|Wird gesendet…)$/ }).click();
    await buyer.page.getByRole("log").getByText("Zahlen Sie bitte vorab per Gutschein.").waitFor();
    expect(await buyer.page.getByRole("link", { name: "Nachricht melden" }).count()).toBe(0);

    await seller.page.goto(chatPath);
    await seller.page.getByRole("log").getByText("Zahlen Sie bitte vorab per Gutschein.").waitFor();
    const report = seller.page.getByRole("log").getByRole("link", { name: "Nachricht melden" });
    await report.waitFor();
    await expectAccessible(seller.page, `chat with Melden (${width})`);
    await screenshot(seller.page, `moderation-chat-melden-${width}`);

    // Live chat (/live-chat): the seller's public profile, "Nachricht senden".
    const profileHref = await buyer.page.evaluate(async (path) => {
      const html = await (await fetch(path)).text();
      return /href="(\/public-profile\/[^"]+)"/.exec(html)?.[1] ?? null;
    }, servicePath);
    await buyer.page.goto(profileHref!);
    await buyer.page.getByRole("button", { name: "Nachricht senden" }).click();
    await buyer.page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
    const livePath = new URL(buyer.page.url()).pathname;
    await buyer.page.getByLabel("Nachricht", { exact: true }).fill("Direkt: Gutschein bitte.");
    await buyer.page.getByRole("button", { name: /^(Senden|Wird gesendet…)$/ }).click();
    await buyer.page.getByRole("log").getByText("Direkt: Gutschein bitte.").waitFor();
    await seller.page.goto(livePath);
    await seller.page.getByRole("log").getByText("Direkt: Gutschein bitte.").waitFor();
    await seller.page.getByRole("log").getByRole("link", { name: "Nachricht melden" }).waitFor();

    // The recipient reports the service chat's message; signed in, no name or address asked.
    await seller.page.goto(chatPath);
    await report.click();
    await seller.page.getByRole("heading", { level: 1, name: "Inhalt melden" }).waitFor();
    expect(await seller.page.getByLabel("Ihre E-Mail-Adresse (freiwillig)").count()).toBe(0);
    await seller.page.getByRole("radio", { name: "Verstoß gegen die Nutzungsbedingungen" }).check();
    await seller.page.getByLabel("Begründung").fill("Zahlung außerhalb des Marktplatzes verlangt.");
    await seller.page.getByRole("button", { name: "Meldung absenden" }).click();
    await seller.page.getByRole("heading", { level: 1, name: "Vielen Dank, Ihre Meldung ist eingegangen." }).waitFor();
    // The sender cannot report their own message.
    const messageReport = new URL(seller.page.url());
    expect((await buyer.page.request.get(`/melden${messageReport.search}`)).status()).toBe(404);

    expectNoErrors(seller.errors, "seller");
    expectNoErrors(buyer.errors, "buyer");
  });
});
