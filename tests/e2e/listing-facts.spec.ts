import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { signInAs } from "../support/accounts";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Each width acts as its own provider, one no other browser test creates services with.
const providers = { phone: "jonas.wagner@demo.marktplatz.example", desktop: "sophie.hoffmann@demo.marktplatz.example" } as const;

async function signIn(page: Page, email: string, next: string) {
  await signInAs(page, email, next);
}

const cardTexts = (page: Page) => page.locator("main ul > li article").allTextContents();

/** A demo service's page (signed out), found by its title. */
async function openService(page: Page, title: string) {
  await page.goto(`/services?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title }).first().click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
}

const box = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;

describe.each(widthNames)("listing facts at %s width", (width) => {
  it("create a service with a price unit, a delivery time and a place; the card and the page show them", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, providers[width], "/create-service");
    await hydrated(page);
    const title = `E2E Umzugshilfe ${width} ${Date.now().toString(36)}`;
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel("Preis (EUR)").fill("45");
    await page.getByLabel("Preiseinheit").selectOption("hour");
    await page.getByLabel("Kategorie").selectOption("Other");
    // Refused in the browser first, each with the field's message: days out of range, then a city
    // missing for work on site.
    await page.getByLabel("Arbeitsort").selectOption("onsite");
    await page.getByLabel("Lieferzeit in Tagen").fill("400");
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.locator("#service-delivery-days-error").getByText("Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an").waitFor();
    // Half days typed the German way are refused too, not read as 35 days (a text field keeps the comma).
    await page.getByLabel("Lieferzeit in Tagen").fill("3,5");
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.locator("#service-delivery-days-error").getByText("Bitte geben Sie eine Lieferzeit von 1 bis 365 Tagen an").waitFor();
    await page.getByLabel("Lieferzeit in Tagen").fill("3");
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.locator("#service-work-city-error").getByText("Bitte geben Sie die Stadt an, in der Sie vor Ort arbeiten.").waitFor();
    await expectAccessible(page, `create with bad facts (${width})`);
    await page.getByLabel("Stadt").fill("  Berlin ");
    await screenshot(page, `listing-facts-create-${width}`);
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    const detailUrl = page.url();
    const facts = page.locator("article [data-listing-facts]");
    await facts.getByText("Lieferung in 3 Tagen").waitFor();
    await facts.getByText("Vor Ort: Berlin").waitFor();
    await page.locator("aside").getByText("pro Stunde").waitFor();

    await page.goto(`/services?q=${encodeURIComponent(title)}`);
    const card = page.locator("main ul > li article", { hasText: title });
    await card.getByText("Lieferung in 3 Tagen").waitFor();
    await card.getByText("Vor Ort: Berlin").waitFor();
    await card.getByText("pro Stunde").waitFor();
    await card.getByText("45,00 €").waitFor();

    // Edit: remote and "nach Vereinbarung" (an emptied field).
    await page.goto(`${detailUrl}/edit`);
    await hydrated(page);
    expect(await page.getByLabel("Lieferzeit in Tagen").inputValue()).toBe("3");
    expect(await page.getByLabel("Stadt").inputValue()).toBe("Berlin");
    await page.getByLabel("Lieferzeit in Tagen").fill("");
    await page.getByLabel("Arbeitsort").selectOption("remote");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await page.waitForURL(detailUrl);
    await facts.getByText("Lieferzeit nach Vereinbarung").waitFor();
    await facts.getByText("Remote").waitFor();

    // Gone again, so that the other tests' lists stay as seeded.
    await page.locator("aside").getByRole("button", { name: "Löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Endgültig löschen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    expectNoErrors(errors);
  });

  it("the delivery and remote filters live in the URL, show in the panel and reset", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/services?maxDays=3&remote=1");
    expect(await page.getByLabel("Lieferzeit").inputValue()).toBe("3");
    expect(await page.getByLabel("Nur remote").isChecked()).toBe(true);
    const cards = await cardTexts(page);
    expect(cards.length).toBeGreaterThan(0);
    for (const text of cards) {
      const days = Number(/Lieferung in (\d+) Tag/.exec(text)?.[1]);
      expect(days, text).toBeLessThanOrEqual(3);
      expect(text).not.toMatch(/Vor Ort: /);
      expect(text).not.toContain("nach Vereinbarung");
    }
    await expectAccessible(page, `filtered by delivery (${width})`);
    await screenshot(page, `listing-facts-filters-${width}`);

    // Changing a control applies it at once; the other filter stays in the URL.
    await hydrated(page);
    await page.getByLabel("Lieferzeit").selectOption("14");
    await page.waitForURL(/maxDays=14/);
    expect(page.url()).toContain("remote=1");
    await page.getByLabel("Nur remote").uncheck();
    await expect.poll(() => page.url()).not.toContain("remote=1");
    expect(page.url()).toContain("maxDays=14");
    await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    // The URL changes a moment before the form renders afresh: poll what is shown.
    await expect.poll(() => page.getByLabel("Lieferzeit").inputValue()).toBe("");
    expect(await page.getByLabel("Nur remote").isChecked()).toBe(false);
    expectNoErrors(errors);
  });

  it("the detail page: provider trust box, and the price bar on a phone only", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await openService(page, "Gitarrenunterricht für Anfänger");
    const trust = page.locator("[data-provider-trust]");
    await trust.getByText(/^Mitglied seit [A-ZÄÖÜ][a-zäöü]+ \d{4}$/).waitFor();
    await trust.getByText(/\d+ Dienstleistungen?$/).waitFor();
    await trust.getByText(/abgeschlossene/).waitFor();
    const bar = page.locator("[data-sticky-price-bar]");
    if (width === "desktop") {
      expect(await bar.isVisible()).toBe(false);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe("auto");
      await page.locator("aside").getByRole("link", { name: "Anmelden" }).waitFor();
    } else {
      // At the bottom of the screen with the price, its unit and the page's action, offered once.
      await bar.waitFor();
      const barBox = await box(page, "[data-sticky-price-bar]");
      expect(barBox.y + barBox.height).toBeCloseTo(900, 0);
      await bar.getByText("30,00 €").waitFor();
      await bar.getByText("Festpreis").waitFor();
      expect(await bar.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toMatch(/^\/auth\?redirectTo=/);
      expect(await page.locator("aside").getByRole("link", { name: "Anmelden" }).isVisible()).toBe(false);
      // What the keyboard focuses stops above the bar (the page scrolls with room for it).
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe("96px");
      // At the end of the page it rests above the footer: nothing is covered.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(async () => (await box(page, "[data-sticky-price-bar]")).y + (await box(page, "[data-sticky-price-bar]")).height).toBeLessThanOrEqual((await box(page, "footer")).y + 1);
      const trustBox = await box(page, "[data-provider-trust]");
      expect(trustBox.y + trustBox.height).toBeLessThanOrEqual((await box(page, "[data-sticky-price-bar]")).y);
      await screenshot(page, `listing-facts-bar-${width}`);
    }
    await expectAccessible(page, `detail with trust box (${width})`);
    expectNoErrors(errors);
  });

  it("the price bar never covers the cookie notice; the page's own action stays until a choice", async () => {
    const { page, errors } = await browser.open(width);
    await openService(page, "Gitarrenunterricht für Anfänger");
    const notice = page.getByRole("region", { name: "Cookie-Hinweis" });
    await notice.waitFor();
    const noticeBox = (await notice.boundingBox())!;
    const bar = page.locator("[data-sticky-price-bar]");
    if (await bar.isVisible()) {
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height <= noticeBox.y || barBox.y >= noticeBox.y + noticeBox.height).toBe(true);
    }
    // The notice's buttons are not covered: the topmost element at their centre is the button.
    const accept = notice.getByRole("button", { name: "Akzeptieren" });
    expect(await accept.evaluate((el) => { const r = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); })).toBe(true);
    await page.locator("aside").getByRole("link", { name: "Anmelden" }).scrollIntoViewIfNeeded();
    expect(await page.locator("aside").getByRole("link", { name: "Anmelden" }).isVisible()).toBe(true);
    await expectAccessible(page, `detail with cookie notice (${width})`);
    // After the choice the bar comes (on a phone).
    await hydrated(page);
    await accept.click();
    await notice.waitFor({ state: "detached" });
    if (width === "phone") await bar.waitFor();
    else expect(await bar.isVisible()).toBe(false);
    expectNoErrors(errors);
  });
});
