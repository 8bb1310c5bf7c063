/**
 * The core journeys by keyboard alone (BFSG / EN 301 549 / WCAG 2.1 AA, and WCAG 2.2 2.5.8 target
 * size), at 375 and 1280 px: find a service, contact the provider, book it, write a review, report
 * content.
 *
 * What it proves: after page.goto, every step is done with page.keyboard only (Tab, Shift+Tab,
 * Enter, Space, arrow keys, Escape, typing) — no click, and no fill on a control the journey did not
 * tab to. Each control a step needs is reached with Tab (tabTo), shows a visible focus indicator
 * that is not hidden behind the sticky header or the bottom bar (expectFocusVisible), and the focus
 * stays where the user was when a filter applies, a rating or review is saved or a message is sent.
 * Every page reached is axe-clean and has no target below 24 × 24 px (expectAccessible), and the
 * skip link leads into the content.
 *
 * A journey is a plain list of tabTo / typeInto / activate steps (tests/support/keyboard.ts): a new
 * one is added as another `it` in the same shape.
 */
import { describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames, type WidthName } from "../support/browser";
import { activate, expectFocused, expectFocusVisible, expectSkipLinkWorks, focusScreenshot, signInByKeyboard, tabTo, typeInto } from "../support/keyboard";
import { createAccount, waitForToast, type FreshAccount } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

// The checks themselves: they fail where they should (so a green journey means something).
describe("keyboard checks", () => {
  it("catch a missing focus indicator, a faint one, and a control under a sticky header; pass a clear one", async () => {
    const { page } = await browser.open("desktop");
    await page.setContent(`
      <style>
        body { margin: 0; font: 16px sans-serif; }
        header { position: sticky; top: 0; height: 80px; background: #fff; z-index: 1; }
        button { display: block; margin: 12px; width: 120px; height: 32px; }
        .none:focus { outline: none; }
        .faint:focus-visible { outline: 2px solid #eee; }
        .clear:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
        .card:focus-within { box-shadow: 0 0 0 2px #1d4ed8; }
        .card a:focus { outline: none; }
      </style>
      <header><button class="clear">Kopf</button></header>
      <button class="none">Ohne</button>
      <button class="faint">Blass</button>
      <button class="clear">Klar</button>
      <div class="card" style="margin: 12px; padding: 8px"><a href="#x">Karte</a></div>
      <div style="height: 2000px"></div>
      <button class="clear" id="under">Darunter</button>
      <div style="height: 2000px"></div>`);
    const failure = async (run: () => Promise<unknown>) => run().then(() => "", (error: Error) => error.message);
    expect(await failure(() => tabTo(page, "Ohne"))).toMatch(/no outline or ring appears/);
    expect(await failure(() => tabTo(page, "Blass"))).toMatch(/contrast 1\.\d+:1/);
    expect(await failure(() => tabTo(page, "Klar"))).toBe("");
    expect(await failure(() => tabTo(page, "Karte"))).toBe("");
    expect(await failure(() => tabTo(page, "Nirgends", { max: 5 }))).toMatch(/was not reached with 5 × Tab; the focus visited:\n {2}button "Darunter"/);
    // Scrolled so that the button sits under the sticky header.
    await tabTo(page, "Darunter", { checkVisible: false });
    await page.evaluate(() => window.scrollBy(0, document.getElementById("under")!.getBoundingClientRect().top - 20));
    expect(await failure(() => expectFocusVisible(page))).toMatch(/covered by header/);
  });
});

describe.each(widthNames)("core journeys by keyboard alone at %s width", (width: WidthName) => {
  const tag = `tastatur${width}${Date.now().toString(36).replace(/\d/g, "")}`;
  const title = `Barrierefreie Website ${tag}`;
  let servicePath = "";
  let buyer: FreshAccount;

  // A provider of its own with one service, and a buyer of its own: the journeys change nothing
  // that other spec files look at. The setup uses the mouse; the journeys do not. Made by the first
  // journey that needs it (expect.poll in linkFromOutbox, which createAccount uses, must run inside a test).
  let ready: Promise<void> | undefined;
  const setUp = () => (ready ??= createAccounts());
  async function createAccounts() {
    const provider = await browser.open(width, { cookies: consent });
    await createAccount(provider.page, `kbd-provider-${width}`, { firstName: "Tara", lastName: "Tastatur" });
    await provider.page.goto("/create-service");
    await provider.page.getByLabel("Titel").fill(title);
    await provider.page.getByLabel(/Beschreibung/).fill("Eine Website, die mit Tastatur, Screenreader und Vergrößerung funktioniert.");
    await provider.page.getByLabel("Preis (EUR)").fill("480");
    await provider.page.getByLabel("Kategorie").selectOption("Web Development");
    await provider.page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await provider.page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    servicePath = new URL(provider.page.url()).pathname;
    await provider.context.close();
    const buyerTab = await browser.open(width, { cookies: consent });
    buyer = await createAccount(buyerTab.page, `kbd-buyer-${width}`, { firstName: "Kai", lastName: "Keyboard" });
    await buyerTab.context.close();
  }

  it("1. find a service: search on the start page, filter the list, open a result", async () => {
    await setUp();
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    await hydrated(page);
    await expectSkipLinkWorks(page);
    await expectAccessible(page, `start page (${width})`);

    await typeInto(page, "Wonach suchen Sie?", tag);
    await focusScreenshot(page, `landing-search-${width}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/services\?q=/);
    await hydrated(page);
    await expectAccessible(page, `search results (${width})`);

    // The filter panel opens by keyboard; a category picked with an arrow key applies at once,
    // and the focus stays on the select while the list follows.
    await activate(page, "Erweiterte Filter anzeigen");
    await tabTo(page, "Kategorie");
    await focusScreenshot(page, `services-category-${width}`);
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/category=Web\+Development/);
    await expectFocused(page, page.locator("#services-category"), "after the category filter applied");
    await expectFocusVisible(page);
    const result = page.getByRole("link", { name: title, exact: true });
    await result.waitFor();
    await expectAccessible(page, `filtered results (${width})`);

    await tabTo(page, result);
    await focusScreenshot(page, `service-card-${width}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl()}${servicePath}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await hydrated(page);
    await expectAccessible(page, `service page (${width})`);
    await screenshot(page, `keyboard-service-${width}`);
    expectNoErrors(errors);
  });

  it("2. contact the provider: sign in from the service page, open the chat, send a message", async () => {
    await setUp();
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto(servicePath);
    await hydrated(page);
    await expectSkipLinkWorks(page);
    // The first control of the content, below the sticky header (not under it).
    await focusScreenshot(page, `after-skip-link-${width}`, { wholeView: true });

    // The sign-in link next to the price (in the bottom bar on a phone) leads back here.
    await activate(page, page.getByRole("main").getByRole("link", { name: "Anmelden", exact: true }));
    await page.waitForURL(/\/auth\?/);
    await hydrated(page);
    await expectAccessible(page, `sign-in (${width})`);
    await typeInto(page, "E-Mail", buyer.email);
    await typeInto(page, "Passwort", buyer.password);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl()}${servicePath}`);
    await hydrated(page);
    await expectAccessible(page, `service page, signed in (${width})`);

    await activate(page, "Anbieter kontaktieren");
    await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await expectAccessible(page, `new chat (${width})`);
    const message = `Hallo, ist die Website auch mit Screenreadern getestet? (${tag})`;
    await typeInto(page, "Nachricht", message);
    await focusScreenshot(page, `chat-message-${width}`);
    await page.keyboard.press("Enter");
    await page.locator("main").getByText(message).waitFor();
    // Sent: the field is empty and keeps the focus for the next message.
    await expectFocused(page, page.getByRole("textbox", { name: "Nachricht" }), "after sending");
    expect(await page.getByRole("textbox", { name: "Nachricht" }).inputValue()).toBe("");
    await expectFocusVisible(page);
    await expectAccessible(page, `chat with a message (${width})`);
    await screenshot(page, `keyboard-chat-${width}`);
    expectNoErrors(errors);
  });

  it("3. book it: order the service through the booking form to the confirmation", async () => {
    await setUp();
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signInByKeyboard(page, buyer, servicePath);

    // Beside the text from md, in the bar at the bottom of a phone's screen: one of them shows.
    await activate(page, page.getByRole("link", { name: "Jetzt beauftragen" }));
    await page.waitForURL(`${baseUrl()}${servicePath}/beauftragen`);
    await page.getByRole("heading", { level: 1, name: `Auftrag: ${title}` }).waitFor();
    await hydrated(page);
    await expectAccessible(page, `booking form (${width})`);
    await typeInto(page, "Was wird benötigt?", "Eine barrierefreie Website mit fünf Seiten und Kontaktformular.");
    await typeInto(page, "Straße und Hausnummer", "Tastenweg 1");
    await typeInto(page, "PLZ", "10115");
    await typeInto(page, "Ort", "Berlin");
    await tabTo(page, "Verbindlich anfragen");
    await focusScreenshot(page, `order-submit-${width}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    await waitForToast(page, "Ihr Auftrag wurde angefragt. Der Anbieter wurde benachrichtigt.");
    await page.getByText("Der Anbieter prüft Ihre Anfrage.").waitFor();
    await hydrated(page);
    await expectAccessible(page, `order confirmation (${width})`);
    await screenshot(page, `keyboard-order-${width}`);
    expectNoErrors(errors);
  });

  it("4. write a review: rate with the stars, write a text, save", async () => {
    await setUp();
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signInByKeyboard(page, buyer, servicePath);

    // A star is a button: Space saves the rating at once, and the focus stays on it.
    const fourStars = page.getByRole("button", { name: "Mit 4 Sternen bewerten" });
    await tabTo(page, fourStars);
    await focusScreenshot(page, `review-stars-${width}`);
    await page.keyboard.press("Space");
    await waitForToast(page, "Bewertung gespeichert");
    await expect.poll(() => fourStars.getAttribute("aria-pressed")).toBe("true");
    await expectFocused(page, fourStars, "after rating");
    await expectFocusVisible(page);
    await expectAccessible(page, `rated (${width})`);

    const text = `Sehr zugänglich, alles per Tastatur erreichbar. (${tag})`;
    await typeInto(page, "Ihre Rezension (optional)", text);
    await focusScreenshot(page, `review-text-${width}`);
    const save = page.getByRole("button", { name: /Bewertung (speichern|aktualisieren)/ });
    await tabTo(page, save);
    await page.keyboard.press("Enter");
    const review = page.locator("section[aria-labelledby=reviews-heading] li").filter({ hasText: text });
    await review.waitFor();
    await expect.poll(async () => (await review.getByRole("img").getAttribute("aria-label")) ?? "").toBe("4 Sterne");
    // The form is shown anew with the saved text: the focus is not dropped to the page's start.
    await expectFocused(page, save, "after saving the review");
    await expectFocusVisible(page);
    await focusScreenshot(page, `review-saved-${width}`, { wholeView: true });
    await expectAccessible(page, `reviewed (${width})`);
    await screenshot(page, `keyboard-review-${width}`);
    expectNoErrors(errors);
  });

  it("5. report content: a signed-out visitor reports the service from its page", async () => {
    await setUp();
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto(servicePath);
    await hydrated(page);

    await activate(page, "Dienstleistung melden");
    await page.waitForURL(/\/melden\?art=service&id=/);
    await page.getByRole("heading", { level: 1, name: "Inhalt melden" }).waitFor();
    await hydrated(page);
    await expectAccessible(page, `report form (${width})`);

    // A radio group is one Tab stop; Space picks the focused option.
    await tabTo(page, page.getByRole("radio", { name: "Rechtswidriger Inhalt" }));
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByRole("radio", { name: "Rechtswidriger Inhalt" }).isChecked()).toBe(true);
    // The kind: a native select, changed with an arrow key.
    await tabTo(page, "Art des rechtswidrigen Inhalts");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByLabel("Art des rechtswidrigen Inhalts").inputValue()).not.toBe("");
    await typeInto(page, "Begründung", `Die Website verspricht Barrierefreiheit, die es nicht gibt. (${tag})`);
    await typeInto(page, "Ihre E-Mail-Adresse (freiwillig)", `melder-${tag}@example.de`);
    await focusScreenshot(page, `report-email-${width}`);
    await activate(page, "Meldung absenden");
    await page.getByRole("heading", { level: 1, name: "Vielen Dank, Ihre Meldung ist eingegangen." }).waitFor();
    await hydrated(page);
    await expectAccessible(page, `report sent (${width})`);

    // The way back is a keyboard stop of its own.
    await tabTo(page, "Zurück zum Inhalt");
    await screenshot(page, `keyboard-report-${width}`);
    expectNoErrors(errors);
  });
});
