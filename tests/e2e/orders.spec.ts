import { describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { pdfText } from "../support/pdf-text";
import { createAccount, waitForToast } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
const origin = () => ({ Origin: baseUrl() });

// The whole order flow between two fresh accounts (so the widths never meet): book, accept after
// filling in billing details, deliver with a file, ask for a change, deliver again, complete,
// both download the invoice, a verified review and the provider's answer.
describe.each(widthNames)("orders at %s width", (width) => {
  it("book, accept, deliver with a file, revise, complete, invoice, verified review and reply", async () => {
    const tag = `${width}-${Date.now().toString(36)}`;
    const sellerTab = await browser.open(width, { cookies: consent });
    const buyerTab = await browser.open(width, { cookies: consent });
    const outsiderTab = await browser.open(width, { cookies: consent });
    const seller = sellerTab.page;
    const buyer = buyerTab.page;
    await createAccount(seller, `orders-seller-${width}`, { firstName: "Sven", lastName: "Anbieter" });
    await createAccount(buyer, `orders-buyer-${width}`, { firstName: "Berta", lastName: "Kundin" });
    await createAccount(outsiderTab.page, `orders-outsider-${width}`, { firstName: "Olaf", lastName: "Außen" });

    // The provider's service.
    const title = `Logo für Cafés ${tag}`;
    await seller.goto("/create-service");
    await seller.getByLabel("Titel").fill(title);
    await seller.getByLabel(/Beschreibung/).fill("Ein klares Logo mit zwei Entwürfen und einer Überarbeitung.");
    await seller.getByLabel("Preis (EUR)").fill("238");
    await seller.getByLabel("Kategorie").selectOption("Design");
    await seller.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await seller.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    const serviceUrl = new URL(seller.url()).pathname;
    // The owner is offered no order button.
    expect(await seller.getByRole("link", { name: "Jetzt beauftragen" }).count()).toBe(0);

    // 1. The buyer books.
    await buyer.goto(serviceUrl);
    await buyer.getByRole("link", { name: "Jetzt beauftragen" }).click();
    await buyer.getByRole("heading", { level: 1, name: `Auftrag: ${title}` }).waitFor();
    await hydrated(buyer);
    await buyer.getByRole("button", { name: "Verbindlich anfragen" }).click();
    await buyer.getByText("Bitte beschreiben Sie, was benötigt wird.").waitFor();
    // The server's refusal puts the focus at the first marked field, which reads its message.
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.id)).toBe("order-requirements");
    await buyer.getByLabel("Was wird benötigt?").fill("Ein Logo für mein Café „Sonnenschein“, bitte in warmen Farben.");
    await buyer.getByLabel("Straße und Hausnummer").fill("Hauptstraße 5");
    await buyer.getByLabel("PLZ").fill("10115");
    await buyer.getByLabel("Ort").fill("Berlin");
    await expectAccessible(buyer, `booking form (${width})`);
    await screenshot(buyer, `order-book-${width}`);
    await buyer.getByRole("button", { name: "Verbindlich anfragen" }).click();
    await buyer.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(buyer.url()).pathname;
    await waitForToast(buyer, "Ihr Auftrag wurde angefragt. Der Anbieter wurde benachrichtigt.");
    await buyer.getByText("Der Anbieter prüft Ihre Anfrage.").waitFor();
    await expectAccessible(buyer, `order requested, buyer (${width})`);
    // Withdrawing is final: the button asks first, and "Abbrechen" keeps the request.
    await buyer.getByRole("button", { name: "Anfrage zurückziehen" }).click();
    const withdrawDialog = buyer.getByRole("alertdialog", { name: "Anfrage wirklich zurückziehen?" });
    await withdrawDialog.waitFor();
    await expectAccessible(buyer, `withdraw confirmation (${width})`);
    await withdrawDialog.getByRole("button", { name: "Abbrechen" }).click();
    await withdrawDialog.waitFor({ state: "detached" });
    await buyer.getByText("Der Anbieter prüft Ihre Anfrage.").waitFor();

    // Only the two parties see the order; the buyer cannot accept it (server-side).
    expect((await outsiderTab.page.goto(orderPath))!.status()).toBe(404);
    const forged = await buyer.request.post(orderPath, { form: { intent: "accept" }, headers: origin() });
    expect(forged.status()).toBe(403);

    // 2. The provider needs billing details before accepting.
    await seller.goto(orderPath);
    await seller.getByText("Bitte hinterlegen Sie zuerst Ihre Rechnungsdaten").waitFor();
    await expectAccessible(seller, `order requested, provider (${width})`);
    await seller.getByRole("link", { name: "Rechnungsdaten bearbeiten" }).first().click();
    await seller.getByRole("heading", { level: 1, name: "Rechnungsdaten" }).waitFor();
    await seller.getByLabel("Name oder Firma").fill("Sven Anbieter Design");
    await seller.getByLabel("Straße und Hausnummer").fill("Lindenstraße 12");
    await seller.getByLabel("PLZ").fill("50674");
    await seller.getByLabel("Ort").fill("Köln");
    await seller.getByLabel("Steuernummer").fill("215/5000/1234");
    await seller.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 01");
    await seller.getByRole("button", { name: "Rechnungsdaten speichern" }).click();
    await seller.getByText("Bitte eine gültige IBAN angeben.").waitFor();
    await expectAccessible(seller, `billing details with an error (${width})`);
    await seller.getByLabel("IBAN").fill("DE89 3704 0044 0532 0130 00");
    await seller.getByRole("button", { name: "Rechnungsdaten speichern" }).click();
    await seller.waitForURL(`${baseUrl()}${orderPath}`);
    // Booking another provider's service, a provider's "save the address" box starts unchecked:
    // that address is also the issuer's on their own invoices.
    await seller.goto("/services?category=Consulting");
    const otherService = await seller.locator("main a[href^='/services/']").first().getAttribute("href");
    await seller.goto(`${otherService}/beauftragen`);
    expect(await seller.getByRole("checkbox", { name: "Adresse für künftige Aufträge speichern" }).isChecked()).toBe(false);
    await seller.getByText("Sie ersetzt die Anschrift in Ihren Rechnungsdaten, auch auf Ihren eigenen Rechnungen als Anbieter.").waitFor();
    await seller.goto(orderPath);
    await seller.getByRole("button", { name: "Auftrag annehmen" }).click();
    await waitForToast(seller, "Auftrag angenommen.");
    // The buyer's open page follows by itself (realtime event).
    await buyer.getByText("Der Anbieter arbeitet an Ihrem Auftrag.").waitFor();

    // 3. Delivery with a file. Files it cannot take are said at the file field, in German and with
    // the label's limits and kinds; what was written stays.
    const deliveryNote = seller.getByLabel("Nachricht zur Lieferung");
    const deliveryFiles = seller.getByLabel(/^Dateien/);
    await deliveryNote.fill("Zwei Entwürfe im Anhang.");
    await deliveryFiles.setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    const tooLarge = seller.getByText("„scan.png“ ist zu groß: Jede Datei darf höchstens 10 MB groß sein.");
    await tooLarge.waitFor();
    // Not sent (nothing to upload in vain): the focus goes to the files.
    await seller.getByRole("button", { name: "Jetzt liefern" }).click();
    await expect.poll(() => seller.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("file");
    expect(await deliveryFiles.getAttribute("aria-invalid")).toBe("true");
    await deliveryFiles.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') });
    await tooLarge.waitFor({ state: "detached" });
    await seller.getByRole("button", { name: "Jetzt liefern" }).click();
    await seller
      .getByText("„logo.svg“ hat einen Dateityp, der nicht unterstützt wird. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF, Text und Word.")
      .waitFor();
    await expect.poll(() => seller.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("file");
    expect(await deliveryNote.inputValue()).toBe("Zwei Entwürfe im Anhang.");
    expect(await seller.getByText(/Please select/).count()).toBe(0);
    await expectAccessible(seller, `delivery with a refused file (${width})`);
    await screenshot(seller, `order-deliver-refused-${width}`);
    await deliveryFiles.setInputFiles({ name: "entwuerfe.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n") });
    await seller.getByRole("button", { name: "Jetzt liefern" }).click();
    await waitForToast(seller, "Lieferung übergeben.");
    await seller.getByText("Der Auftraggeber prüft die Lieferung.").waitFor();
    await expectAccessible(seller, `order delivered, provider (${width})`);

    // 4. The buyer asks for a change; the provider delivers again.
    await buyer.getByRole("button", { name: "Lieferung annehmen und abschließen" }).waitFor();
    const file = buyer.getByRole("link", { name: /entwuerfe\.pdf/ });
    const fileUrl = (await file.getAttribute("href"))!;
    expect((await buyer.request.get(fileUrl)).status()).toBe(200);
    expect((await outsiderTab.page.request.get(fileUrl)).status()).toBe(404);
    expect((await outsiderTab.page.goto(fileUrl))!.status()).toBe(404);
    expect(new URL(outsiderTab.page.url()).pathname).toBe(orderPath);
    await expectAccessible(buyer, `order delivered, buyer (${width})`);
    await screenshot(buyer, `order-delivered-${width}`);
    await buyer.locator("summary", { hasText: "Änderungen wünschen" }).click();
    await buyer.getByLabel("Welche Änderungen sind nötig?").fill("Bitte etwas heller.");
    await buyer.getByRole("button", { name: "Änderungen anfordern" }).click();
    await waitForToast(buyer, "Änderungswunsch gesendet.");
    await seller.getByText("Bitte etwas heller.").waitFor();
    await seller.getByLabel("Nachricht zur Lieferung").fill("Heller, wie gewünscht.");
    await seller.getByRole("button", { name: "Jetzt liefern" }).click();
    await waitForToast(seller, "Lieferung übergeben.");

    // 5. The buyer completes: the invoice is issued.
    await buyer.getByText("Heller, wie gewünscht.").waitFor();
    // A final step asks first: Escape keeps the order as it is and gives the focus back to the button.
    const completeButton = buyer.getByRole("button", { name: "Lieferung annehmen und abschließen" });
    const completeDialog = buyer.getByRole("alertdialog", { name: "Lieferung annehmen und Auftrag abschließen?" });
    await completeButton.click();
    await completeDialog.waitFor();
    await buyer.keyboard.press("Escape");
    await completeDialog.waitFor({ state: "detached" });
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.textContent)).toBe("Lieferung annehmen und abschließen");
    await completeButton.click();
    await completeDialog.getByRole("button", { name: "Ja, abschließen" }).click();
    await waitForToast(buyer, "Auftrag abgeschlossen. Die Rechnung steht bereit.");
    await buyer.getByRole("link", { name: "Rechnung herunterladen (PDF)" }).waitFor();
    // The buyer is invited to rate the service (step 6 follows the link).
    const rateLink = buyer.getByRole("link", { name: "Dienstleistung bewerten" });
    await rateLink.waitFor();
    await expectAccessible(buyer, `order completed, buyer (${width})`);
    await screenshot(buyer, `order-completed-${width}`);

    // Both parties download the invoice; nobody else can.
    for (const page of [buyer, seller]) {
      const response = await page.request.get(`${orderPath}/rechnung`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="Rechnung-RE-\d{4}-0001\.pdf"/);
      const [text] = await pdfText(await response.body());
      expect(text).toContain("Sven Anbieter Design");
      expect(text).toContain("Berta Kundin");
      expect(text).toMatch(/Rechnungsbetrag 238,00 €/);
      expect(text).toMatch(/Umsatzsteuer 19 % 38,00 €/);
    }
    expect((await outsiderTab.page.request.get(`${orderPath}/rechnung`)).status()).toBe(404);
    // Followed in a browser (a link in a mail, a bookmark), the invoice's address shows a page, not
    // a bare error: an outsider the order's not-found page (404, as above), a signed-out visitor
    // the sign-in, which leads back to this address.
    expect((await outsiderTab.page.goto(`${orderPath}/rechnung`))!.status()).toBe(404);
    expect(new URL(outsiderTab.page.url()).pathname).toBe(orderPath);
    const visitor = await browser.open(width, { cookies: consent });
    await visitor.page.goto(`${orderPath}/rechnung`);
    await visitor.page.waitForURL(`${baseUrl()}/auth?redirectTo=${encodeURIComponent(`${orderPath}/rechnung`)}`);
    await visitor.context.close();
    await seller.getByRole("button", { name: "Als bezahlt markieren" }).waitFor();
    await seller.getByRole("button", { name: "Als bezahlt markieren" }).click();
    await seller.getByRole("alertdialog", { name: "Rechnung als bezahlt markieren?" }).getByRole("button", { name: "Ja, Zahlung ist eingegangen" }).click();
    await waitForToast(seller, "Rechnung als bezahlt markiert.");

    // The lists.
    await buyer.goto("/orders");
    await buyer.getByRole("link", { name: new RegExp(title) }).waitFor();
    await expectAccessible(buyer, `/orders (${width})`);
    await seller.goto("/orders?rolle=verkauf&status=completed");
    await seller.getByRole("link", { name: new RegExp(title) }).waitFor();
    await expectAccessible(seller, `/orders as provider (${width})`);
    await screenshot(seller, `orders-list-${width}`);

    // The provider's dashboard shows the revenue (the table for screen readers has the figures).
    await seller.goto("/dashboard");
    await seller.getByText("Hier sehen Sie, wie Ihre Angebote ankommen.", { exact: false }).waitFor();
    await seller.getByRole("heading", { name: "Umsatz der letzten 12 Monate" }).waitFor();
    await seller.getByText("Umsatz als Tabelle anzeigen").click();
    const table = seller.getByRole("table", { name: "Umsatz pro Monat der letzten 12 Monate" });
    await table.getByRole("row", { name: /Summe/ }).getByText("238,00 €").waitFor();
    await table.getByRole("row", { name: /Summe/ }).getByText("200,00 €").waitFor();
    await expectAccessible(seller, `dashboard with revenue (${width})`);
    await screenshot(seller, `dashboard-revenue-${width}`);

    // 6. A verified review (from the completed order's invitation), and the provider's answer.
    await buyer.goto(orderPath);
    await rateLink.click();
    await buyer.waitForURL(`${baseUrl()}${serviceUrl}#bewerten`);
    await buyer.getByRole("button", { name: "Mit 5 Sternen bewerten" }).click();
    await buyer.getByText("Bewertung gespeichert").first().waitFor();
    const review = buyer.locator("section[aria-labelledby=reviews-heading] li").filter({ hasText: "Berta Kundin" });
    await review.getByText("Verifizierter Auftrag").waitFor();
    await buyer.goto(orderPath);
    await buyer.getByRole("link", { name: "Ihre Bewertung ansehen" }).waitFor();
    await seller.goto(serviceUrl);
    const ownerView = seller.locator("section[aria-labelledby=reviews-heading] li").filter({ hasText: "Berta Kundin" });
    await hydrated(seller);
    await ownerView.locator("summary", { hasText: "Antworten" }).click();
    await ownerView.getByLabel("Ihre Antwort auf diese Bewertung").fill("Vielen Dank, es war mir eine Freude!");
    await ownerView.getByRole("button", { name: "Antwort veröffentlichen" }).click();
    await waitForToast(seller, "Antwort veröffentlicht");
    await ownerView.getByText("Antwort des Anbieters").waitFor();
    await expectAccessible(seller, `review reply (${width})`);

    expectNoErrors(buyerTab.errors, "buyer");
    expectNoErrors(sellerTab.errors, "seller");
    // A whole journey of three accounts: on a busy two-core machine (107 s seen while other browsers ran) it
    // can take much longer than one step's minute.
  }, 180_000);
});

// The steps that need a text (decline, ask for changes) sit in a native disclosure: they open
// without JavaScript (or before the page is interactive), and the form posts as it is.
describe("orders without JavaScript", () => {
  it("the booking keeps the address when asked; a blank reason is refused before the final question; without JavaScript the provider declines", async () => {
    const tag = Date.now().toString(36);
    const sellerTab = await browser.open("phone", { cookies: consent });
    const buyerTab = await browser.open("phone", { cookies: consent });
    const seller = sellerTab.page;
    const buyer = buyerTab.page;
    await createAccount(seller, "orders-decline-seller", { firstName: "Dora", lastName: "Anbieterin" });
    await createAccount(buyer, "orders-decline-buyer", { firstName: "Emil", lastName: "Kunde" });
    const title = `Texte für Webseiten ${tag}`;
    await seller.goto("/create-service");
    await seller.getByLabel("Titel").fill(title);
    await seller.getByLabel("Preis (EUR)").fill("120");
    await seller.getByLabel("Preiseinheit").selectOption({ label: "pro Stunde" });
    await seller.getByLabel("Kategorie").selectOption("Writing");
    await seller.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await seller.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    await buyer.goto(new URL(seller.url()).pathname);
    await buyer.getByRole("link", { name: "Jetzt beauftragen" }).click();
    await buyer.waitForURL(/\/beauftragen$/);
    const bookingPath = new URL(buyer.url()).pathname;
    await buyer.getByLabel("Was wird benötigt?").fill("Drei Seiten Text über unser Hotel.");
    await buyer.getByLabel("Straße und Hausnummer").fill("Seestraße 1");
    await buyer.getByLabel("PLZ").fill("80331");
    await buyer.getByLabel("Ort").fill("München");
    // Per hour: the total follows the hours, with the server's rule (a quarter hour at least).
    await hydrated(buyer);
    const hours = buyer.getByLabel("Anzahl Stunden");
    await hours.fill("0,1");
    await buyer.getByText("Bitte eine gültige Menge angeben").waitFor();
    await hours.fill("2,5");
    await buyer.getByText("300,00 €").waitFor();
    // The address is kept for the next order unless the buyer says otherwise (the box is checked at first).
    const saveAddress = buyer.getByRole("checkbox", { name: "Adresse für künftige Aufträge speichern" });
    expect(await saveAddress.isChecked()).toBe(true);
    await buyer.getByText("Sie wird in Ihren Rechnungsdaten hinterlegt und beim nächsten Auftrag vorausgefüllt.").waitFor();
    await buyer.getByRole("button", { name: "Verbindlich anfragen" }).click();
    await buyer.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(buyer.url()).pathname;
    // The same service again: prefilled with it; a different address without the box is this order's only.
    await buyer.goto(bookingPath);
    expect(await buyer.getByLabel("Straße und Hausnummer").inputValue()).toBe("Seestraße 1");
    await buyer.getByLabel("Was wird benötigt?").fill("Noch zwei Seiten für die Pension.");
    await buyer.getByLabel("Straße und Hausnummer").fill("Hafenweg 2");
    await saveAddress.uncheck();
    await buyer.getByRole("button", { name: "Verbindlich anfragen" }).click();
    await buyer.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await buyer.goto(bookingPath);
    expect(await buyer.getByLabel("Straße und Hausnummer").inputValue()).toBe("Seestraße 1");

    // Two orders of one service from one buyer, booked the same day: the chat list tells them apart
    // by the date, and by the time of booking.
    const today = new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Berlin" }).format(new Date());
    await seller.goto("/chats");
    const orderChats = seller.getByRole("link", { name: new RegExp(`Auftrag vom ${today.replaceAll(".", "\\.")}, \\d\\d:\\d\\d Uhr: ${title}`) });
    await expect.poll(() => orderChats.count()).toBe(2);
    await screenshot(seller, "chats-two-orders-phone");

    // With JavaScript, a reason of only spaces is refused at the field before the final question is asked.
    await seller.goto(orderPath);
    await hydrated(seller);
    await seller.locator("summary", { hasText: "Ablehnen" }).click();
    await seller.getByLabel("Begründung für den Auftraggeber").fill("   ");
    await seller.getByRole("button", { name: "Auftrag ablehnen" }).click();
    await seller.getByText("Bitte geben Sie eine Begründung an.").waitFor();
    expect(await seller.getByRole("alertdialog").count()).toBe(0);
    await expect.poll(() => seller.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("reason");
    await screenshot(seller, "order-decline-blank-phone");
    await seller.getByText("Angefragt", { exact: true }).first().waitFor();

    // The provider, signed in, in a browser without JavaScript.
    const cookies = (await seller.context().cookies()).map(({ name, value }) => ({ name, value }));
    const { page, errors } = await browser.open("phone", { cookies, javaScript: false });
    await page.goto(orderPath);
    const reason = page.getByLabel("Begründung für den Auftraggeber");
    expect(await reason.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Ablehnen" }).click();
    await reason.fill("Leider bin ich bis Jahresende ausgebucht.");
    await page.getByRole("button", { name: "Auftrag ablehnen" }).click();
    await page.waitForURL(`${baseUrl()}${orderPath}`);
    await page.getByText("Abgelehnt", { exact: true }).first().waitFor();
    await page.getByText("Leider bin ich bis Jahresende ausgebucht.").first().waitFor();
    expectNoErrors(errors, "provider without JavaScript");

    // The buyer's booking page without JavaScript: nothing follows the hours typed, so the total is
    // shown as its formula, never as one hour's price.
    const buyerCookies = (await buyer.context().cookies()).map(({ name, value }) => ({ name, value }));
    const noScript = await browser.open("phone", { cookies: buyerCookies, javaScript: false });
    await noScript.page.goto(bookingPath);
    await noScript.page.getByText(/^120,00\s€ × Anzahl Stunden$/).waitFor();
    await screenshot(noScript.page, "order-book-no-js-phone");
    expectNoErrors(noScript.errors, "buyer without JavaScript");
  }, 120_000);
});
