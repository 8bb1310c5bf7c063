import { expect } from "vitest";
import { request, type Page } from "playwright-core";
import { baseUrl } from "./browser";

export const DEMO_PASSWORD = "demo1234";

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.de`;
}

/**
 * The first link of the newest dev-outbox mail to `to` whose subject matches. /dev/mail answers
 * only to this machine, so it is read by a request context without a forwarded client address
 * (the test contexts otherwise act as remote visitors); as HTML, not in a browser page: the
 * outbox's pages have their own test (accounts.spec), and a browser context and two page loads
 * per link cost a busy machine about a second. Polled until the mail is there (a job sends it).
 */
export async function linkFromOutbox(to: string, subject: RegExp): Promise<string> {
  const local = await request.newContext({ baseURL: baseUrl() });
  try {
    let id: string | undefined;
    await expect
      .poll(
        async () => {
          const html = await (await local.get("/dev/mail")).text();
          // Newest first: the first entry to this address with this subject.
          for (const [, href, body] of html.matchAll(/<a[^>]*href="\/dev\/mail\/([^"]+)"[^>]*>(.*?)<\/a>/gs)) {
            if (body!.includes(to) && subject.test(body!)) return (id = href);
          }
          return undefined;
        },
        // Each look reads the whole outbox on the server: not more often than needed.
        { timeout: 10_000, interval: 200 },
      )
      .toBeDefined();
    const message = await local.get(`/dev/mail/${id}`);
    expect(message.status()).toBe(200);
    const href = /<pre[^>]*>.*?<a[^>]*href="([^"]+)"/s.exec(await message.text())?.[1];
    expect(href, `a link in the mail to ${to}`).toBeDefined();
    return href!.replaceAll("&amp;", "&");
  } finally {
    await local.dispose();
  }
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
