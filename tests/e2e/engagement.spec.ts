import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expectAccessible, expectNoErrors, screenshot, setupBrowser, widthNames, hydrated } from "../support/browser";
import { signInAs } from "../support/accounts";
import { expectToastClearOf } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Reviewers and the services they review differ per width, so the runs never interfere.
const reviewer = { phone: "jonas.wagner@demo.marktplatz.example", desktop: "felix.schneider@demo.marktplatz.example" } as const;
const target = { phone: "Logo-Design mit Markenhandbuch", desktop: "Visitenkarten und Briefpapier im Corporate Design" } as const;

async function signIn(page: Page, email: string) {
  await signInAs(page, email, "/");
}

async function openService(page: Page, title: string) {
  await page.goto(`/services?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title, exact: true }).click();
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  return page.url();
}

describe.each(widthNames)("reviews, comments, favourites at %s width", (width) => {
  it("signed-out visitors are asked to sign in to rate or save favourites", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await openService(page, target[width]);
    await page.getByRole("button", { name: "Mit 4 Sternen bewerten" }).click();
    await page.getByText("Authentication required", { exact: true }).waitFor();
    await page.getByText("Please sign in to rate services").waitFor();
    await page.getByRole("button", { name: "Zu Favoriten hinzufügen" }).click();
    await page.getByText("Authentication Required", { exact: true }).waitFor();
    await page.getByText("Please log in to save favorites").waitFor();
    // The toast leaves the header (the phone's menu button) and the phone's price bar free.
    const bar = page.locator("[data-sticky-price-bar]");
    expect(await bar.isVisible()).toBe(width === "phone");
    await expectToastClearOf(page.locator("[data-sonner-toast]").filter({ hasText: "Please log in to save favorites" }), {
      header: page.locator("body > header"),
      "price bar": bar,
    });
    await screenshot(page, `service-toast-${width}`);
    await page.getByText("Melden Sie sich an, um einen Kommentar zu schreiben.").waitFor();
    expect(await page.getByLabel("Ihr Kommentar").count()).toBe(0);
    // The server refuses too.
    const forged = await page.request.post(page.url(), { form: { intent: "rate", rating: "5" }, headers: { Origin: baseUrl() } });
    expect(forged.status()).toBe(401);
    expectNoErrors(errors);
  });

  it("a toast leaves the header and the cookie notice free", async () => {
    // No choice made yet: the notice shows at the bottom (and the phone's price bar gives way to it).
    const { page, errors } = await browser.open(width);
    await openService(page, target[width]);
    const notice = page.locator("section[aria-labelledby=cookie-notice-title]");
    await notice.waitFor();
    await hydrated(page);
    await page.getByRole("button", { name: "Zu Favoriten hinzufügen" }).click();
    await expectToastClearOf(page.locator("[data-sonner-toast]").filter({ hasText: "Please log in to save favorites" }), {
      header: page.locator("body > header"),
      "cookie notice": notice,
    });
    await screenshot(page, `service-toast-cookie-notice-${width}`);
    expectNoErrors(errors);
  });

  it("rate by star, review with text, comment, and favourite on and off", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, reviewer[width]);
    const url = await openService(page, target[width]);
    const name = width === "phone" ? "Jonas Wagner" : "Felix Schneider";
    const myReview = () => page.locator("section[aria-labelledby=reviews-heading] li").filter({ hasText: name });

    await page.getByRole("button", { name: "Mit 2 Sternen bewerten" }).click();
    await page.getByText("Bewertung gespeichert").first().waitFor();
    await expect.poll(async () => (await myReview().getByRole("img").getAttribute("aria-label")) ?? "").toBe("2 Sterne");

    await page.getByRole("button", { name: "Mit 5 Sternen bewerten" }).click();
    await expect.poll(async () => (await myReview().getByRole("img").getAttribute("aria-label")) ?? "").toBe("5 Sterne");
    expect(await myReview().count()).toBe(1);

    // A text over 2,000 characters (past the field's maxlength, as a script or an old browser
    // could send it) is refused with its message at the field, and the text stays.
    const reviewField = page.getByLabel("Ihre Rezension (optional)");
    await reviewField.evaluate((field: HTMLTextAreaElement) => {
      field.removeAttribute("maxlength");
      field.value = "x".repeat(2001);
    });
    await page.getByRole("button", { name: /Bewertung (speichern|aktualisieren)/ }).click();
    await page.locator("#review-text-error").getByText("Die Rezension darf höchstens 2.000 Zeichen lang sein.").waitFor();
    expect(await reviewField.getAttribute("aria-invalid")).toBe("true");
    expect((await reviewField.inputValue()).length).toBe(2001);

    await reviewField.fill("   Schnell, freundlich und genau wie besprochen.   ");
    await page.getByRole("button", { name: /Bewertung (speichern|aktualisieren)/ }).click();
    await myReview().getByText("Schnell, freundlich und genau wie besprochen.").waitFor();
    await expectAccessible(page, `review form (${width})`);

    await page.getByRole("button", { name: "Kommentieren" }).click();
    await page.locator("#comment-error").getByText("Bitte schreiben Sie einen Kommentar.").waitFor();
    const comment = `Gibt es auch einen Expresszuschlag? (${width})`;
    await page.getByLabel("Ihr Kommentar").fill(comment);
    await page.getByRole("button", { name: "Kommentieren" }).click();
    await page.locator("section[aria-labelledby=comments-heading] li").first().getByText(comment).waitFor();
    expect(await page.getByLabel("Ihr Kommentar").inputValue()).toBe("");

    // The toggle shows its new state at once; the reload waits for the server's answer to the
    // post (a reload while it is on its way would cancel it, as it would for anyone). Only the
    // favourite's post: the page also posts its view count after each load.
    const saved = () => page.waitForResponse((r) => r.request().method() === "POST" && (r.request().postData() ?? "").includes("favorite") && r.ok());
    await Promise.all([saved(), page.getByRole("button", { name: "Zu Favoriten hinzufügen" }).click()]);
    await page.getByRole("button", { name: "Aus Favoriten entfernen" }).waitFor();
    await page.reload();
    // The label says what a press does; no aria-pressed besides ("entfernen, gedrückt" contradicts itself).
    expect(await page.getByRole("button", { name: "Aus Favoriten entfernen" }).getAttribute("aria-pressed")).toBeNull();
    await screenshot(page, `service-engagement-${width}`);
    await Promise.all([saved(), page.getByRole("button", { name: "Aus Favoriten entfernen" }).click()]);
    await page.getByRole("button", { name: "Zu Favoriten hinzufügen" }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Zu Favoriten hinzufügen" }).waitFor();
    expect(page.url()).toBe(url);
    expectNoErrors(errors);
  });

  it("the owner gets no review form and the server refuses the owner's rating", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, "katharina.braun@demo.marktplatz.example");
    await page.goto("/u/katharina.braun");
    const href = (await page.locator("section[aria-labelledby=profile-services] h3 a").first().getAttribute("href"))!;
    await page.goto(href);
    await page.getByRole("heading", { name: /Bewertungen/ }).waitFor();
    expect(await page.getByText("Ihre Bewertung").count()).toBe(0);
    const forged = await page.request.post(`${baseUrl()}${href}`, { form: { intent: "rate", rating: "5" }, headers: { Origin: baseUrl() } });
    expect(forged.status()).toBe(403);
    // A favourite request without a clear wanted state is malformed, not a removal.
    const malformed = await page.request.post(`${baseUrl()}${href}`, { form: { intent: "favorite", on: "ja" }, headers: { Origin: baseUrl() } });
    expect(malformed.status()).toBe(400);
    expectNoErrors(errors);
  });

  it("/public-profile/{id} sends to /u/{username}; an unknown id is 'User not found' with a 404", async () => {
    const detail = await (await fetch(`${baseUrl()}/services?q=Logo-Design%20Markenhandbuch`)).text();
    const serviceHref = /href="(\/services\/[0-9a-f-]{36})"/.exec(detail)![1]!;
    const page = await (await fetch(`${baseUrl()}${serviceHref}`)).text();
    const profileHref = /href="(\/public-profile\/[^"]+)"/.exec(page)![1]!;
    const redirected = await fetch(`${baseUrl()}${profileHref}`, { redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toMatch(/^\/u\/[\w.-]+$/);
    const unknown = await fetch(`${baseUrl()}/public-profile/kein-mitglied`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("User not found");
  });

  it("public profile: favourites from the cards, and the empty states", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await signIn(page, reviewer[width]);
    const response = await page.goto("/u/lukas.mueller");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Lukas Müller" }).waitFor();
    await page.getByText("@lukas.mueller").waitFor();
    await page.getByText(/Profilaufrufe/).waitFor();
    await page.getByText(/Dabei seit/).waitFor();
    expect(await page.getByRole("button", { name: "Nachricht senden" }).isVisible()).toBe(true);
    const card = page.locator("section[aria-labelledby=profile-services] article").nth(width === "phone" ? 1 : 2);
    const toggle = card.getByRole("button", { name: /Favoriten/ });
    const labelAfter = (await toggle.getAttribute("aria-label")) === "Aus Favoriten entfernen" ? "Zu Favoriten hinzufügen" : "Aus Favoriten entfernen";
    await hydrated(page);
    // The toggle answers at once; the reload waits for the server to have stored it.
    // (The favourite's own answer: the profile's view counter posts too.)
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/services/") && r.ok());
    await toggle.click();
    await expect.poll(() => card.getByRole("button", { name: /Favoriten/ }).getAttribute("aria-label")).toBe(labelAfter);
    await saved;
    await page.reload();
    expect(await page.locator("section[aria-labelledby=profile-services] article").nth(width === "phone" ? 1 : 2).getByRole("button", { name: /Favoriten/ }).getAttribute("aria-label")).toBe(labelAfter);
    await expectAccessible(page, `public profile (${width})`);
    await screenshot(page, `public-profile-${width}`);

    await page.goto("/u/support-team");
    await page.getByText("No services yet").waitFor();
    await page.getByText("No gallery images").waitFor();
    await page.locator("main").getByText("Support", { exact: true }).waitFor();
    await expectAccessible(page, `public profile empty (${width})`);

    const missing = await page.goto("/u/gibt-es-wirklich-nicht");
    expect(missing?.status()).toBe(404);
    await page.getByRole("heading", { name: "User not found" }).waitFor();
    expectNoErrors(errors);
  });

  it("counts a public profile view per visit", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    const views = async () => Number(/([\d.]+) Profilaufrufe/.exec(await (await fetch(`${baseUrl()}/u/marie.koch`)).text())![1]!.replace(/\./g, ""));
    const before = await views();
    await page.goto("/u/marie.koch");
    await expect.poll(views).toBe(before + 1);
    // The page shows the count including this visit.
    await page.getByText(`${(before + 1).toLocaleString("de-DE")} Profilaufrufe`).waitFor();
  });
});
