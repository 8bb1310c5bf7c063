import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

describe.each(widthNames)("shell at %s width", (width) => {
  it("shows the open links and the sign-in button to signed-out visitors", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    if (width === "phone") {
      // The desktop bar is hidden; the menu button opens the collapsible menu.
      const toggle = page.getByRole("button", { name: "Menü öffnen" });
      await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
      await toggle.click();
      await page.getByRole("button", { name: "Menü schließen" }).waitFor();
      expect(await page.getByRole("button", { name: "Menü schließen" }).getAttribute("aria-expanded")).toBe("true");
      // Escape closes it and returns the focus to the button; then open it again for the checks below.
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Menü öffnen" }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Menü öffnen");
      await page.getByRole("button", { name: "Menü öffnen" }).click();
      await page.getByRole("button", { name: "Menü schließen" }).waitFor();
    }
    const nav = page.locator("nav[aria-label='Hauptnavigation']:visible");
    await expect(nav.getByRole("link").allTextContents()).resolves.toEqual(["Start", "Dienstleistungen", "Support"]);
    // The current page's link is marked, in the bar and in the phone menu alike.
    await expect(nav.locator("a[aria-current='page']").allTextContents()).resolves.toEqual(["Start"]);
    expect(await page.getByRole("link", { name: "Anmelden" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/auth");
    expect(await page.getByRole("button", { name: "Abmelden" }).count()).toBe(0);
    for (const hidden of ["Dashboard", "Profil", "Chats", "Dienstleistung erstellen"]) {
      expect(await nav.getByRole("link", { name: hidden, exact: true }).count()).toBe(0);
    }
    await expectAccessible(page, `landing (${width}, menu open)`);
    expectNoErrors(errors);
  });

  it("following a link goes there, closes the mobile menu and starts at the top", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/terms");
    await page.mouse.wheel(0, 3000);
    await page.waitForFunction(() => window.scrollY > 500);
    if (width === "phone") await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.locator("nav[aria-label='Hauptnavigation']:visible").getByRole("link", { name: "Dienstleistungen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    await page.waitForFunction(() => window.scrollY === 0);
    if (width === "phone") {
      expect(await page.getByRole("button", { name: "Menü öffnen" }).getAttribute("aria-expanded")).toBe("false");
      expect(await page.locator("nav[aria-label='Hauptnavigation']:visible").count()).toBe(0);
    }
    expectNoErrors(errors);
  });

  it("a link to another page moves the focus to its heading; a new query string on the same page keeps it", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/terms");
    await hydrated(page);
    if (width === "phone") await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.locator("nav[aria-label='Hauptnavigation']:visible").getByRole("link", { name: "Dienstleistungen" }).click();
    await page.waitForURL(`${baseUrl()}/services`);
    // A screen reader reads the new page's heading; the next Tab starts in its content.
    await page.waitForFunction(() => document.activeElement?.tagName === "H1" && document.activeElement.closest("main") !== null);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("tabindex"))).toBe("-1");
    // Filtering the list is work on the same page: the focus stays in the search box.
    const search = page.locator("main").getByRole("combobox").first();
    await search.fill("Logo");
    await search.press("Enter");
    await page.waitForURL(/[?&]q=Logo/);
    // The address changes a moment before the new list (and its form, focused again) renders.
    const searchId = await search.getAttribute("id");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(searchId);
    expectNoErrors(errors);
  });

  it("links the legal pages in the footer", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    const footer = page.locator("footer");
    for (const [name, path] of [
      ["Impressum", "/imprint"],
      ["Datenschutz", "/privacy"],
      ["Nutzungsbedingungen", "/terms"],
      ["Barrierefreiheit", "/barrierefreiheit"],
    ] as const) {
      expect(await footer.getByRole("link", { name }).getAttribute("href")).toBe(path);
    }
  });
});

describe("signed-in header between phone and desktop", () => {
  it("fits every width from 768 px on: icons for the member links below 1280 px, their names kept for screen readers", async () => {
    const { page, errors } = await browser.open("desktop", { cookies: consent });
    await page.goto("/auth");
    await signInWithForm(page, "marie.koch@demo.marktplatz.example", DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl()}/`);
    for (const width of [768, 900, 1024, 1180, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/services");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBe(0);
      expect(await page.locator("header").evaluate((h) => h.getBoundingClientRect().height), `header height at ${width} px`).toBeLessThanOrEqual(66);
      const nav = page.locator("nav[aria-label='Hauptnavigation']:visible");
      for (const name of ["Dienstleistung erstellen", "Dashboard", "Profil"]) await nav.getByRole("link", { name }).waitFor();
      await page.getByRole("button", { name: "Abmelden" }).waitFor();
    }
    await page.setViewportSize({ width: 900, height: 800 });
    await screenshot(page, "header-signed-in-900");
    expectNoErrors(errors);
  });
});

describe.each(widthNames)("cookie notice at %s width", (width) => {
  for (const [choice, value] of [
    ["Akzeptieren", "accepted"],
    ["Ablehnen", "declined"],
  ] as const) {
    it(`${choice} hides the notice, stores cookieConsent for 365 days, and it stays hidden`, async () => {
      const { page, context, errors } = await browser.open(width);
      await page.goto("/");
      const notice = page.getByRole("region", { name: "Cookie-Hinweis" });
      await notice.waitFor();
      await expectAccessible(page, `cookie notice (${width})`);
      await screenshot(page, `landing-cookie-notice-${width}`);
      await notice.getByRole("button", { name: choice }).click();
      // The notice hides at once (optimistically); the cookie arrives with the response.
      await notice.waitFor({ state: "detached" });
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === "cookieConsent")?.value).toBe(value);
      const cookie = (await context.cookies()).find((c) => c.name === "cookieConsent");
      const days = (cookie!.expires - Date.now() / 1000) / 86400;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThanOrEqual(365.01);
      // Server-rendered without the notice on the next visit (no flash).
      const html = await (await page.request.get("/terms")).text();
      expect(html).not.toContain("Cookie-Hinweis");
      await page.reload();
      expect(await page.getByRole("region", { name: "Cookie-Hinweis" }).count()).toBe(0);
      // "Cookie-Einstellungen" in the footer asks again (the privacy page promises it).
      await hydrated(page);
      await page.locator("footer").getByRole("button", { name: "Cookie-Einstellungen" }).click();
      await notice.waitFor();
      await expect.poll(async () => (await context.cookies()).some((c) => c.name === "cookieConsent")).toBe(false);
      expectNoErrors(errors);
    });
  }

  it("is rendered by the server for a first visit", async () => {
    const response = await fetch(`${baseUrl()}/`);
    const html = await response.text();
    expect(html).toContain("Cookie-Hinweis");
    expect(html).toContain("Akzeptieren");
    expect(html).toContain("Ablehnen");
  });
});

describe.each(widthNames)("theme at %s width", (width) => {
  it("is light by default, switches to dark, and the server renders dark afterwards", async () => {
    const { page, context, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await page.getByRole("button", { name: "Dunkles Design verwenden" }).click();
    await page.getByRole("button", { name: "Helles Design verwenden" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === "theme")?.value).toBe("dark");
    // No flash: the server's HTML already carries the dark class.
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expectAccessible(page, `dark theme (${width})`);
    await screenshot(page, `landing-dark-${width}`);
    await page.getByRole("button", { name: "Helles Design verwenden" }).click();
    await page.getByRole("button", { name: "Dunkles Design verwenden" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expectNoErrors(errors);
  });

  it("a reload right after the switch, before the save has landed, keeps the chosen theme", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // The save is held back (never answered): only what the browser kept at the click can count.
    let held = false;
    await page.route("**/preferences**", () => {
      held = true;
    });
    await page.getByRole("button", { name: "Dunkles Design verwenden" }).click();
    await expect.poll(() => held).toBe(true);
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  });
});

describe("pages on a phone", () => {
  it("are never wider than the screen, also where the browser cannot hyphenate German compounds", async () => {
    // This Chromium has no hyphenation dictionary (component updates are off), like a browser that
    // has not fetched it yet: "Handwerksunternehmen" in a service's title once widened its page.
    const { page, errors } = await browser.open("phone", { cookies: consent });
    const paths = ["/", "/services", "/terms", "/privacy", "/imprint", "/barrierefreiheit", "/transparenz"];
    for (let n = 1; n <= 2; n++) {
      await page.goto(`/services?page=${n}`);
      const hrefs = await page.locator("main a[href^='/services/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
      paths.push(...new Set(hrefs.filter((href) => /^\/services\/[0-9a-f-]{36}$/.test(href))));
    }
    expect(paths.length).toBeGreaterThan(12);
    for (const path of paths) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow of ${path} at 375 px`).toBe(0);
    }
    expectNoErrors(errors);
  });
});
