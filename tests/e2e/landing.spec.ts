import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { expectHeadingOrder } from "../support/headings";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Each width saves its own search as its own user, so the runs never touch each other's.
const savers = { phone: "jonas.wagner@demo.marktplatz.example", desktop: "lea.fischer@demo.marktplatz.example" } as const;
const searches = { phone: { maxPrice: "500", name: "Design · bis 500 €" }, desktop: { maxPrice: "600", name: "Design · bis 600 €" } } as const;

const foundCount = async (page: Page) => {
  const status = page.getByRole("status").filter({ hasText: /gefunden/ });
  await status.waitFor();
  return Number((await status.textContent())!.replace(/\D/g, ""));
};

describe.each(widthNames)("landing page and saved searches at %s width", (width) => {
  it("landing: figures, category tiles with counts, featured services; the search and a tile lead to /services", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    const main = page.locator("main");
    // Honest figures in German number format.
    const figures = page.locator('section[aria-labelledby="figures-heading"] dl > div');
    expect(await figures.count()).toBe(4);
    expect(await figures.first().textContent()).toMatch(/^Dienstleistungen\d{1,3}(\.\d{3})*$/);
    const design = main.getByRole("link", { name: /^Design\s*\d+ Angebote$/ });
    expect(await design.getAttribute("href")).toBe("/services?category=Design");
    expect(await page.locator('section[aria-labelledby="featured-heading"] article').count()).toBe(6);
    // The featured cards' titles are h3, under the section's h2 (the same cards are h2 on /services).
    expect(await page.locator('section[aria-labelledby="featured-heading"] article h3').count()).toBe(6);
    await expectHeadingOrder(page, `landing (${width})`);
    await expectAccessible(page, `landing with market (${width})`);
    await screenshot(page, `landing-market-${width}`);

    // The landing's search box suggests while typing, as the catalogue's does: ↓ and Enter take one.
    await hydrated(page);
    const search = page.getByRole("combobox", { name: "Wonach suchen Sie?" });
    await search.click();
    await search.pressSequentially("Hochzeitsfoto");
    const option = page.getByRole("listbox", { name: "Suchvorschläge" }).getByRole("option", { name: "Hochzeitsfotografie" });
    await option.waitFor();
    await expectAccessible(page, `landing suggestions (${width})`);
    await screenshot(page, `landing-suggestions-${width}`);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => search.getAttribute("aria-activedescendant")).toBe("landing-search-suggestion-0");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseUrl()}/services?q=Hochzeitsfotografie`);
    await page.getByRole("link", { name: "Hochzeitsfotografie – Ganztagsreportage" }).waitFor();

    await page.goto("/");
    await search.fill("Logo");
    await search.press("Enter");
    await page.waitForURL(`${baseUrl()}/services?q=Logo`);
    expect(await foundCount(page)).toBeGreaterThan(0);
    // The catalogue's search box is a combobox (suggestions while typing).
    expect(await page.getByRole("combobox").first().inputValue()).toBe("Logo");

    await page.goto("/");
    await hydrated(page);
    const tileCount = Number(((await design.textContent()) ?? "").replace(/\D/g, ""));
    await design.click();
    await page.waitForURL(`${baseUrl()}/services?category=Design`);
    expect(await foundCount(page)).toBe(tileCount);
    expectNoErrors(errors);
  });

  it("the landing search works without JavaScript", async () => {
    const { page } = await browser.open(width, { cookies: consent, javaScript: false });
    await page.goto("/");
    await page.getByRole("combobox", { name: "Wonach suchen Sie?" }).fill("Webseite");
    await page.getByRole("button", { name: "Suchen" }).click();
    await page.waitForURL(`${baseUrl()}/services?q=Webseite`);
    expect(await foundCount(page)).toBeGreaterThan(0);
  });

  it("saved search: signed out it asks to sign in; signed in saved on /services, listed on the profile, opened and deleted", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const { maxPrice, name } = searches[width];
    const list = `/services?category=Design&maxPrice=${maxPrice}`;
    await page.goto(list);
    const signInFirst = page.getByRole("link", { name: "Suche speichern (nach der Anmeldung)" });
    expect(await signInFirst.getAttribute("href")).toBe(`/auth?redirectTo=${encodeURIComponent(list)}`);
    await expectAccessible(page, `save search signed out (${width})`);
    await signInFirst.click();
    await page.waitForURL(/\/auth\?redirectTo=/);
    await signInWithForm(page, savers[width], DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl()}${list}`);
    await hydrated(page);

    await page.getByText("Suche speichern", { exact: true }).click();
    const nameField = page.getByRole("textbox", { name: "Name der Suche" });
    expect(await nameField.inputValue()).toBe(name);
    await expectAccessible(page, `save search open (${width})`);
    await screenshot(page, `save-search-${width}`);
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await page.getByText("Suche gespeichert", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(list);

    // The same search again is refused kindly.
    await page.getByText("Suche speichern", { exact: true }).click();
    await page.getByRole("button", { name: "Speichern", exact: true }).click();
    await page.getByText("Diese Suche haben Sie bereits gespeichert. Sie finden sie in Ihrem Profil.").waitFor();

    await page.goto("/profile");
    const open = page.getByRole("link", { name: `Suche „${name}“ öffnen` });
    await open.waitFor();
    expect(await open.getAttribute("href")).toBe(`/services?category=Design&maxPrice=${maxPrice}`);
    await expectAccessible(page, `profile with saved search (${width})`);
    await screenshot(page, `profile-saved-searches-${width}`);

    await open.click();
    await page.waitForURL(`${baseUrl()}${list}`);
    expect(await foundCount(page)).toBeGreaterThan(0);

    await page.goto("/profile");
    await hydrated(page);
    await page.getByRole("button", { name: `Suche „${name}“ löschen` }).click();
    await page.getByText("Gespeicherte Suche gelöscht").waitFor();
    await page.getByRole("link", { name: `Suche „${name}“ öffnen` }).waitFor({ state: "detached" });
    expectNoErrors(errors);
  });
});
