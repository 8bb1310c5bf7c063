import { expect } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl } from "./browser";

export const DEMO_PASSWORD = "demo1234";

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.de`;
}

/**
 * Opens the newest dev-outbox mail to `to` whose subject matches, and returns its first link.
 * /dev/mail answers only to this machine, so it is browsed in a context without a forwarded
 * client address (the test contexts otherwise act as remote visitors).
 */
export async function linkFromOutbox(page: Page, to: string, subject: RegExp): Promise<string> {
  const local = await page.context().browser()!.newContext({ baseURL: baseUrl(), viewport: page.viewportSize() ?? undefined });
  try {
    return await linkFromOutboxPage(await local.newPage(), to, subject);
  } finally {
    await local.close();
  }
}

async function linkFromOutboxPage(page: Page, to: string, subject: RegExp): Promise<string> {
  await expect
    .poll(
      async () => {
        await page.goto("/dev/mail");
        return page.locator("a", { hasText: to }).filter({ hasText: subject }).count();
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  await page.locator("a", { hasText: to }).filter({ hasText: subject }).first().click();
  await page.getByRole("heading", { level: 1 }).waitFor();
  return (await page.locator("pre a").first().getAttribute("href"))!;
}

/** Signs in through the form on /auth (the tab is open by default). */
export async function signInWithForm(page: Page, email: string, password: string) {
  // Exact: a page being left may still show other fields naming e-mail (the profile's "Per E-Mail" settings).
  await page.getByLabel("E-Mail", { exact: true }).fill(email);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.locator("form").getByRole("button", { name: "Anmelden" }).click();
}

/**
 * Signs in without showing the form (the form itself is tested in accounts.spec and the keyboard
 * journeys): its post, sent from the page's own context so that the context keeps the session
 * cookie, then `next` opened. Saves loading and hydrating /auth for every test that only needs
 * a signed-in user.
 */
export async function signInAs(page: Page, email: string, next = "/", password = DEMO_PASSWORD) {
  const response = await page.request.post("/auth", {
    form: { intent: "signIn", email, password, redirectTo: next },
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  expect(response.headers()["location"]).toBe(next);
  await page.goto(next);
}

/**
 * The sign-out button, opening the mobile menu first on narrow screens. Before the page's scripts
 * run (or without them) the menu's button is a link that opens it as a page (?menu=1).
 */
export async function clickSignOut(page: Page) {
  const menu = page.getByRole("button", { name: "Menü öffnen" }).or(page.getByRole("link", { name: "Menü öffnen" }));
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: "Abmelden" }).click();
}
