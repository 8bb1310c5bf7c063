import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { signInAs } from "../support/accounts";
import { expectHeadingOrder } from "../support/headings";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Each width acts as its own provider so the runs never touch each other's services.
const providers = { phone: "marie.koch@demo.marktplatz.example", desktop: "tobias.richter@demo.marktplatz.example" } as const;

async function signIn(page: Page, email: string, next = "/") {
  await signInAs(page, email, next);
}

async function openFilters(page: Page) {
  const toggle = page.getByRole("button", { name: "Erweiterte Filter anzeigen" });
  if (await toggle.count()) await toggle.click();
}

const foundCount = async (page: Page) => {
  const text = await page.getByRole("status").filter({ hasText: /gefunden|geladen/ }).textContent();
  return /gefunden/.test(text ?? "") ? Number(text!.replace(/\D/g, "")) : NaN;
};

/**
 * Whether every shown card passes the check, asked only of a complete list: as many cards as the
 * status line counts (at most one page of 24). An empty or still-loading list is never "all match".
 */
const everyCard = async (page: Page, check: (text: string) => boolean) => {
  const found = await foundCount(page);
  const cards = await page.locator("main ul > li article").allTextContents();
  if (!(found > 0) || cards.length !== Math.min(found, 24)) return false;
  return cards.every(check);
};

describe.each(widthNames)("catalogue at %s width", (width) => {
  it("browse, search with German forms, filter, sort, clear, open a detail", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/services");
    const total = await foundCount(page);
    expect(total).toBeGreaterThanOrEqual(40);
    // Featured first, labelled.
    const firstCard = page.locator("main ul > li article").first();
    await firstCard.getByText("Hervorgehoben").waitFor();
    await screenshot(page, `services-${width}`);

    // Paging: page 2 continues the list without repeating a card; "Zurück" returns.
    const pager = page.getByRole("navigation", { name: "Seitennavigation" });
    const pages = Math.ceil(total / 24);
    await pager.getByText(`Seite 1 von ${pages}`).waitFor();
    const firstPage = await page.locator("main ul > li article h2").allTextContents();
    expect(firstPage).toHaveLength(24);
    await pager.getByRole("link", { name: "Weiter" }).click();
    await page.waitForURL(/[?&]page=2/);
    await pager.getByText(`Seite 2 von ${pages}`).waitFor();
    const secondPage = await page.locator("main ul > li article h2").allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
    await pager.getByRole("link", { name: "Zurück" }).click();
    await pager.getByText(`Seite 1 von ${pages}`).waitFor();

    await page.getByRole("combobox", { name: "Dienstleistungen durchsuchen" }).fill("Logos");
    await page.getByRole("button", { name: "Suchen" }).click();
    await page.waitForURL(/q=Logos/);
    await page.getByRole("link", { name: "Logo-Design mit Markenhandbuch" }).waitFor();
    // The URL changes a moment before the new list renders: poll what is shown.
    await expect.poll(() => foundCount(page)).toBeLessThan(total);

    await openFilters(page);
    await page.getByLabel("Kategorie").selectOption("Design");
    await page.waitForURL(/category=Design/);
    await expect.poll(() => everyCard(page, (t) => t.includes("Design"))).toBe(true);
    await page.getByLabel("Sortieren nach").selectOption("price-low");
    await page.waitForURL(/sort=price-low/);
    await expect.poll(() => page.locator("main ul > li article").count()).toBeGreaterThan(0);
    await expectAccessible(page, `services filtered (${width})`);
    await screenshot(page, `services-filtered-${width}`);


    // The state lives in the URL: a reload keeps it.
    const filteredUrl = page.url();
    await page.reload();
    expect(page.url()).toBe(filteredUrl);
    expect(await page.getByLabel("Kategorie").inputValue()).toBe("Design");

    await page.getByRole("link", { name: "Filter zurücksetzen" }).first().click();
    await page.waitForURL(`${baseUrl()}/services`);
    await expect.poll(() => foundCount(page)).toBe(total);

    // The sliders by keyboard on the whole list: a minimum price of 100 € (step 10), then a minimum rating of 4 (step 0.5).
    await openFilters(page);
    await page.locator("#services-min-price").focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    await page.waitForURL(/minPrice=100(?!\d)/);
    // The list follows, and the slider keeps the keyboard focus for the next step.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("services-min-price");
    await expect.poll(() => everyCard(page, (t) => Number(/([\d.]+),\d\d\s€/.exec(t)?.[1]?.replaceAll(".", "")) >= 100)).toBe(true);
    await page.locator("#services-min-rating").focus();
    for (let i = 0; i < 8; i++) await page.keyboard.press("ArrowRight");
    await page.waitForURL(/minRating=4(?![.\d])/);
    await expect.poll(() => everyCard(page, (t) => Number(/(\d,\d) \(\d+\)/.exec(t)?.[1]?.replace(",", ".")) >= 4)).toBe(true);
    const narrowed = await foundCount(page);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(total);
    await page.getByRole("link", { name: "Filter zurücksetzen" }).first().click();
    await page.waitForURL(`${baseUrl()}/services`);
    await expect.poll(() => foundCount(page)).toBe(total);

    await page.getByRole("combobox", { name: "Dienstleistungen durchsuchen" }).fill("Quantenphysik Yoga Unterwasser");
    await page.getByRole("button", { name: "Suchen" }).click();
    await page.getByRole("heading", { name: "Keine passenden Dienstleistungen" }).waitFor();

    await page.goto("/services");
    const title = (await page.locator("main ul > li article h2").first().textContent())!;
    await page.getByRole("link", { name: title }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.title()).toContain(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    // Signed out: a sign-in prompt instead of actions.
    expect(await page.getByRole("link", { name: "Anmelden" }).last().getAttribute("href")).toMatch(/^\/auth\?redirectTo=/);
    expect(await page.getByRole("button", { name: "Löschen" }).count()).toBe(0);
    await expectAccessible(page, `service detail (${width})`);
    await screenshot(page, `service-detail-${width}`);
    expectNoErrors(errors);
  });

  it("without JavaScript the filters are open and filter through the URL", async () => {
    const { page } = await browser.open(width, { cookies: consent, javaScript: false });
    await page.goto("/services");
    expect(await page.getByRole("button", { name: "Erweiterte Filter anzeigen" }).isVisible()).toBe(false);
    await page.getByLabel("Kategorie").selectOption("Design");
    await page.getByLabel("Sortieren nach").selectOption("price-low");
    await page.getByRole("button", { name: "Filter anwenden" }).click();
    await page.waitForURL(/category=Design/);
    expect(page.url()).toMatch(/sort=price-low/);
    const categories = await page.locator("main ul > li article").evaluateAll((cards) => cards.map((c) => c.textContent ?? ""));
    expect(categories.length).toBeGreaterThan(0);
    expect(categories).toHaveLength(Math.min(await foundCount(page), 24));
    expect(categories.every((t) => t.includes("Design"))).toBe(true);
    await screenshot(page, `services-no-js-${width}`);
    // A card's author leads to the author's profile page (the dialog needs the page's scripts).
    await page.locator("main ul > li article").first().getByRole("link", { name: /^Profil von / }).click();
    await page.waitForURL(/\/u\/[^/]+$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
  });

  it("suggestions while typing by keyboard, Escape closes them, and \"Meinten Sie\" leads to the corrected search", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/services");
    await hydrated(page);
    const box = page.getByRole("combobox", { name: "Dienstleistungen durchsuchen" });
    await box.click();
    await box.pressSequentially("Hochzeitsfoto");
    const option = page.getByRole("listbox", { name: "Suchvorschläge" }).getByRole("option", { name: "Hochzeitsfotografie" });
    await option.waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    await expectAccessible(page, `services suggestions (${width})`);
    await screenshot(page, `services-suggestions-${width}`);
    await page.keyboard.press("Escape");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("Hochzeitsfoto");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => box.getAttribute("aria-activedescendant")).toBe("services-q-suggestion-0");
    expect(await option.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await page.waitForURL(/q=Hochzeitsfotografie(&|$)/);
    await page.getByRole("link", { name: "Hochzeitsfotografie – Ganztagsreportage" }).waitFor();

    // A word the titles do not have, with a filter: the corrected word as a link, the filter kept.
    await page.goto("/services?q=Logoo&category=Design");
    const fix = page.locator("p", { hasText: "Meinten Sie" }).getByRole("link", { name: "Logo", exact: true });
    await fix.waitFor();
    await expectAccessible(page, `services "Meinten Sie" (${width})`);
    await screenshot(page, `services-did-you-mean-${width}`);
    await fix.click();
    await page.waitForURL((url) => url.searchParams.get("q") === "Logo" && url.searchParams.get("category") === "Design");
    await page.getByRole("link", { name: "Logo-Design mit Markenhandbuch" }).waitFor();
    expect(await page.locator("p", { hasText: "Meinten Sie" }).count()).toBe(0);
    expectNoErrors(errors);
  });

  it("opening a detail counts a view", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    await page.goto("/services?sort=views");
    const href = (await page.locator("main ul > li article h2 a").first().getAttribute("href"))!;
    const views = async () => {
      const html = await (await fetch(`${baseUrl()}${href}`)).text();
      return Number(/([\d.]+) Aufrufe/.exec(html)![1]!.replace(/\./g, ""));
    };
    const before = await views();
    await page.goto(href);
    await expect.poll(views).toBe(before + 1);
    // The page shows the count including this visit.
    const shown = (before + 1).toLocaleString("de-DE");
    await page.locator("main").getByText(`${shown} Aufrufe`).first().waitFor();
  });

  it("author dialog shows the profile", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/services");
    const authorButton = page.getByRole("link", { name: /^Profil von / }).first();
    const name = (await authorButton.textContent())!.replace("Profil von ", "").trim();
    // A link to the public profile (for a new tab, or before the scripts run); a click opens the dialog.
    expect(await authorButton.getAttribute("href")).toMatch(/^\/public-profile\/[^/]+$/);
    await hydrated(page);
    await authorButton.click();
    const dialog = page.getByRole("dialog", { name: "Anbieterprofil" });
    await dialog.getByText(name).first().waitFor();
    await dialog.getByText(/Mitglied seit/).waitFor();
    expect(await dialog.getByRole("link", { name: "Zum Profil" }).getAttribute("href")).toMatch(/^\/u\//);
    await expectAccessible(page, `author dialog (${width})`);
    await screenshot(page, `author-dialog-${width}`);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Focus goes back to the button that opened it (the dialog has no trigger of its own).
    await expect.poll(() => authorButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expectNoErrors(errors);
  });

  it("the cards rendered once for everyone (not hydrated) open a detail without reloading the page, by keyboard too", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const response = await page.goto("/services");
    // Compressed by the app itself, the cards once for all (the compression middleware would pick brotli).
    expect(response?.headers()["content-encoding"]).toBe("gzip");
    await hydrated(page);
    // The document's cards are the shared HTML the server inserted.
    const shared = page.locator("[data-shared-fragment]");
    expect(await shared.locator("article").count()).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // The cards' titles are h2, right under the page's h1, in the shared HTML too.
    await expectHeadingOrder(page, `services, shared cards (${width})`);
    const link = shared.locator("article h2 a").first();
    const title = (await link.textContent())!.trim();
    // The cards are in the document once: its hydration data leaves them out (shared-list.server).
    const html = await (await page.request.get("/services")).text();
    const id = (await link.getAttribute("href"))!.split("/").pop()!;
    expect(html).toContain(`href="/services/${id}"`);
    const data = html.indexOf("streamController.enqueue");
    expect(data).toBeGreaterThan(0);
    expect(html.slice(data)).not.toContain(id);
    await link.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Back on the list, the cards render in the browser and still work.
    await page.goBack();
    await page.locator("article h2 a").first().waitFor();
    await expectHeadingOrder(page, `services, cards rendered in the browser (${width})`);
    await page.locator("article h2 a").first().click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expectNoErrors(errors);
  });

  it("shows the document's cards again when a list navigation is interrupted by another", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/services");
    await hydrated(page);
    const count = await page.locator("[data-shared-fragment] article").count();
    expect(count).toBeGreaterThan(0);
    // Every data request waits until released: the navigations stay pending.
    const held: Route[] = [];
    await page.route(/\.data(\?|$)/, (route) => void held.push(route));
    await page.locator("a[rel='next']").click();
    await expect.poll(() => held.length).toBe(1);
    // While the next page loads the list shows skeletons instead of the cards…
    await expect.poll(() => page.locator("[data-shared-fragment]").count()).toBe(0);
    // …and when another navigation takes over, the document's cards are back while that one loads.
    await page.locator("footer a").first().click();
    await expect.poll(() => held.length).toBe(2);
    await expect.poll(() => page.locator("[data-shared-fragment] article").count()).toBe(count);
    await page.unroute(/\.data(\?|$)/);
    for (const route of held) await route.continue().catch(() => undefined);
    await page.waitForURL((url) => url.pathname !== "/services");
    expectNoErrors(errors);
  });

  it("unknown or malformed ids show the not-found view with a 404", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    for (const id of ["00000000-0000-4000-8000-000000000000", "gibt-es-nicht"]) {
      const response = await page.goto(`/services/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Dienstleistung nicht gefunden" }).waitFor();
      expect(await page.getByRole("link", { name: "Zurück zur Übersicht" }).getAttribute("href")).toBe("/services");
    }
    await expectAccessible(page, `service not found (${width})`);
  });

  it("create → edit → delete with the confirmation dialog, as the owner", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, providers[width], "/create-service");
    // The form's schema checks in the browser first: an empty form never reaches the server.
    await hydrated(page);
    const posts: string[] = [];
    page.on("request", (request) => void (request.method() === "POST" && posts.push(request.url())));
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.locator("#service-title-error").getByText("Bitte geben Sie einen Titel ein.").waitFor();
    await page.locator("#service-price-error").getByText("Bitte geben Sie einen Preis ein.").waitFor();
    await page.locator("#service-category-error").getByText("Bitte wählen Sie eine Kategorie.").waitFor();
    await page.getByText("Error creating service").waitFor();
    expect(posts).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("service-title");
    await expectAccessible(page, `create service with errors (${width})`);

    const title = `E2E Fotoshooting ${width} ${Date.now().toString(36)}`;
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel(/Beschreibung/).fill("Porträts im Studio, inklusive Bildbearbeitung.");
    // Typed the German way: a text field, so the browser keeps the comma for the server to read.
    await page.getByLabel("Preis (EUR)").fill("49,90");
    await page.getByLabel("Kategorie").selectOption("Design");
    await screenshot(page, `create-service-${width}`);
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByText("49,90 €").first().waitFor();
    await page.getByText("Dienstleistung veröffentlicht").waitFor();
    // The refusal before the success is gone with the form (not stacked above the success).
    await page.getByText("Error creating service").waitFor({ state: "detached" });
    const detailUrl = page.url();

    await page.getByRole("link", { name: "Bearbeiten" }).click();
    await page.waitForURL(`${detailUrl}/edit`);
    // Edit offers the edit categories (wait for the edit form: the URL changes before it renders).
    await page.getByLabel("Kategorie").locator("option", { hasText: "Business" }).waitFor({ state: "attached" });
    const options = await page.getByLabel("Kategorie").locator("option").allTextContents();
    expect(options).toEqual(expect.arrayContaining(["Mobile Development", "Business"]));
    expect(options).not.toContain("Education");
    await hydrated(page);
    await page.getByLabel("Titel").fill("   ");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await page.getByText("Failed to update service").waitFor();
    await page.locator("#service-title-error").getByText("Bitte geben Sie einen Titel ein.").waitFor();
    await page.getByLabel("Titel").fill(title);
    // The saved price is shown the German way; an amount that reads two ways is refused at the field.
    expect(await page.getByLabel("Preis (EUR)").inputValue()).toBe("49,90");
    const editPosts = () => posts.filter((url) => url.includes("/edit")).length;
    const editsBefore = editPosts();
    await page.getByLabel("Preis (EUR)").fill("1,250.00");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await page.locator("#service-price-error").getByText("Der Preis muss eine Zahl sein.").waitFor();
    expect(editPosts()).toBe(editsBefore);
    // "1.250" is one thousand two hundred and fifty euros, not 1,25 €.
    await page.getByLabel("Preis (EUR)").fill("1.250");
    await page.getByLabel("Kategorie").selectOption("Business");
    await expectAccessible(page, `edit service (${width})`);
    await screenshot(page, `edit-service-price-${width}`);
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await page.waitForURL(detailUrl);
    await page.getByText("1.250,00 €").first().waitFor();
    await page.getByText("Business").first().waitFor();

    await page.getByRole("button", { name: "Löschen" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Dienstleistung löschen?" });
    await dialog.waitFor();
    await expectAccessible(page, `delete dialog (${width})`);
    await screenshot(page, `delete-dialog-${width}`);
    await dialog.getByRole("button", { name: "Abbrechen" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Löschen" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Endgültig löschen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    await page.getByText("Dienstleistung gelöscht").waitFor();
    expect((await fetch(detailUrl)).status).toBe(404);
    expectNoErrors(errors);
  });

  it("without JavaScript the owner deletes a service through the confirmation on its page", async () => {
    const { page } = await browser.open(width, { cookies: consent, javaScript: false });
    await signIn(page, providers[width]);
    const title = `E2E Ohne JS ${width} ${Date.now().toString(36)}`;
    const created = await page.request.post("/create-service", {
      form: { title, price: "9", category: "Other", description: "" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const detailUrl = new URL(created.headers().location!, baseUrl()).href;
    await page.goto(detailUrl);
    // The owner cannot rate the service: no invitation to be the first.
    await page.getByText("Noch keine Bewertungen.", { exact: true }).waitFor();
    expect(await page.getByText("Seien Sie die erste Person").count()).toBe(0);

    // "Löschen" opens the question on the page (the server renders it), with the real delete form.
    await page.getByRole("button", { name: "Löschen" }).click();
    await page.waitForURL(`${detailUrl}?loeschen=1#loeschen`);
    const question = page.getByRole("group", { name: "Dienstleistung löschen?" });
    await question.getByText("Das kann nicht rückgängig gemacht werden.", { exact: false }).waitFor();
    expect(await page.getByRole("button", { name: "Löschen", exact: true }).count()).toBe(0);
    await screenshot(page, `delete-no-js-${width}`);
    // axe needs JavaScript: the same page and session with it.
    const withScript = await browser.open(width, { cookies: consent });
    await withScript.context.addCookies(await page.context().cookies());
    await withScript.page.goto(`${detailUrl}?loeschen=1`);
    await withScript.page.getByRole("group", { name: "Dienstleistung löschen?" }).waitFor();
    await expectAccessible(withScript.page, `delete without JavaScript (${width})`);
    await withScript.context.close();
    // "Abbrechen" goes back to the page as it was; nothing is deleted.
    await question.getByRole("link", { name: "Abbrechen" }).click();
    await page.waitForURL(`${detailUrl}#loeschen`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await question.count()).toBe(0);

    await page.getByRole("button", { name: "Löschen" }).click();
    await question.getByRole("button", { name: "Endgültig löschen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    expect((await page.request.get(detailUrl)).status()).toBe(404);
  });

  it("a click on Löschen before the confirmation's code arrived opens it when it does; a failed load says so", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, providers[width]);
    const created = await page.request.post("/create-service", {
      form: { title: `E2E Lazy ${width} ${Date.now().toString(36)}`, price: "9", category: "Other", description: "" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const detailUrl = new URL(created.headers().location!, baseUrl()).href;
    const chunk = /\/assets\/delete-service-confirm-[^/]*\.js$/;
    const deleteButton = page.getByRole("button", { name: "Löschen" });

    // The chunk cannot be loaded: a toast says so, the page stays usable.
    await page.route(chunk, (route) => route.abort());
    await page.goto(detailUrl);
    await hydrated(page);
    await deleteButton.click();
    await page.getByText("Das konnte gerade nicht geöffnet werden.").waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await page.unroute(chunk);
    // The network is back: the next click on the same page tries again and opens it.
    await deleteButton.click();
    await page.getByRole("alertdialog", { name: "Dienstleistung löschen?" }).waitFor();
    await page.keyboard.press("Escape");

    // The chunk is held back until after the click: the dialog opens when it arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(chunk, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.goto(detailUrl);
    await hydrated(page);
    await deleteButton.click();
    await requested;
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    release();
    const dialog = page.getByRole("alertdialog", { name: "Dienstleistung löschen?" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Focus is back on the button that opened it (Radix moves it just after the dialog is gone).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Löschen");
    await deleteButton.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Endgültig löschen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    expectNoErrors(errors.filter((e) => !/net::ERR_FAILED|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(e)));
  });

  it("booking a service that no longer exists leads to /services with 'Service not found'", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, providers[width]);
    await page.goto("/services/00000000-0000-4000-8000-000000000000/beauftragen");
    await page.waitForURL(`${baseUrl()}/services`);
    await page.getByText("Service not found").waitFor();
    expectNoErrors(errors);
  });

  it("someone else's edit page redirects to /services with 'Access denied'", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/services?q=Logo-Design%20Markenhandbuch");
    const href = (await page.getByRole("link", { name: "Logo-Design mit Markenhandbuch" }).getAttribute("href"))!;
    await signIn(page, providers[width]);
    await page.goto(`${href}/edit`);
    await page.waitForURL(`${baseUrl()}/services`);
    await page.getByText("Access denied").waitFor();
    await page.getByText("You can only edit your own services").waitFor();
    // A forged POST is refused too and changes nothing.
    const response = await page.request.post(`${href}/edit`, {
      form: { title: "Gekapert", price: "1", category: "Other" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    // Deleting someone else's service is refused with its own message.
    const forgedDelete = await page.request.post(href, { form: { intent: "delete" }, headers: { Origin: baseUrl() }, maxRedirects: 0 });
    expect(forgedDelete.status()).toBe(403);
    expect(await forgedDelete.text()).toContain("You can only delete your own services");
    // Signed out, both are sent to the sign-in page.
    for (const [path, body] of [
      [`${href}/edit`, "title=Gekapert&price=1&category=Other"],
      [href, "intent=delete"],
    ] as const) {
      const anonymous = await fetch(`${baseUrl()}${path}`, {
        method: "POST",
        body,
        headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    }
    const detail = await (await fetch(`${baseUrl()}${href}`)).text();
    expect(detail).toContain("Logo-Design mit Markenhandbuch");
    expect(detail).not.toContain("Gekapert");
    expectNoErrors(errors);
  });

  it("dashboard: figures, quick actions and the own services", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, providers[width], "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const main = page.locator("main");
    for (const label of ["Profilaufrufe", "Dienstleistungen", "Aufrufe Ihrer Angebote", "Durchschnittliche Bewertung"]) {
      await main.getByText(label, { exact: true }).first().waitFor();
    }
    const listed = await page.locator("section[aria-labelledby=my-services] li").count();
    const statValue = await main.getByText("Dienstleistungen", { exact: true }).first().locator("xpath=following-sibling::p[1]").textContent();
    expect(Number(statValue)).toBe(listed);
    expect(listed).toBeGreaterThan(0);
    // Total views: the sum of the listed services' views ("1.821 Aufrufe" → 1821).
    const stat = async (label: string) => main.getByText(label, { exact: true }).first().locator("xpath=following-sibling::p[1]").textContent();
    const listViews = await page.locator("section[aria-labelledby=my-services] li").evaluateAll((items) =>
      items.map((li) => Number(/([\d.]+) Aufrufe?/.exec(li.textContent ?? "")?.[1]?.replaceAll(".", "") ?? NaN)),
    );
    expect(Number((await stat("Aufrufe Ihrer Angebote"))!.replaceAll(".", ""))).toBe(listViews.reduce((a, b) => a + b, 0));
    expect(await stat("Durchschnittliche Bewertung")).toMatch(/^(\d,\d{1,2}|–|-|—)/);
    const actions = page.locator("section[aria-labelledby=quick-actions]");
    expect(await actions.getByRole("link", { name: "Dienstleistung erstellen" }).getAttribute("href")).toBe("/create-service");
    expect(await actions.getByRole("link", { name: "Dienstleistungen verwalten" }).getAttribute("href")).toBe("/services");
    expect(await actions.getByRole("link", { name: "Chats öffnen" }).getAttribute("href")).toBe("/chats");
    await expectAccessible(page, `dashboard (${width})`);
    await screenshot(page, `dashboard-${width}`);

    // Delete from the dashboard, with the confirmation dialog.
    const title = `E2E Dashboard ${width} ${Date.now().toString(36)}`;
    const created = await page.request.post("/create-service", {
      form: { title, price: "12", category: "Other", description: "" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await page.goto("/dashboard");
    await hydrated(page);
    await page.getByRole("button", { name: `Löschen: ${title}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Dienstleistung löschen?" });
    await dialog.getByRole("button", { name: "Endgültig löschen" }).click();
    await page.getByText("Dienstleistung gelöscht").waitFor();
    await expect.poll(() => page.getByRole("link", { name: title }).count()).toBe(0);
    await expect.poll(() => page.locator("section[aria-labelledby=my-services] li").count()).toBe(listed);
    expectNoErrors(errors);
  });
});
