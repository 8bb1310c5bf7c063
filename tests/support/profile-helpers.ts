import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, hydrated } from "./browser";
import { linkFromOutbox, uniqueEmail } from "./accounts";

export const FRESH_PASSWORD = "sicher123";

export interface FreshAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Registers a new account through /auth and opens the verification link from the dev outbox,
 * which signs the page in. Tests that change an account use one of these, never a demo user
 * (the demo accounts are shared by every spec file). About four seconds on a busy machine: where
 * the registration is not what the test looks at, createAccount makes the same account.
 */
export async function registerFresh(page: Page, prefix: string, names: { firstName?: string; lastName?: string } = {}): Promise<FreshAccount> {
  const account = { email: uniqueEmail(prefix), password: FRESH_PASSWORD, firstName: names.firstName ?? "Paula", lastName: names.lastName ?? "Probe" };
  await page.goto("/auth");
  // The tabs work once the page is hydrated: click until the tab is selected.
  const tab = page.getByRole("tab", { name: "Registrieren" });
  await expect
    .poll(async () => {
      await tab.click();
      return tab.getAttribute("aria-selected");
    })
    .toBe("true");
  await page.getByLabel("Vorname").fill(account.firstName);
  await page.getByLabel("Nachname").fill(account.lastName);
  await page.getByLabel("E-Mail").fill(account.email);
  await page.getByLabel("Passwort").fill(account.password);
  await page.getByLabel(/Ich akzeptiere/).check();
  await page.getByRole("button", { name: "Konto erstellen" }).click();
  await page.getByRole("heading", { name: "Bitte prüfen Sie Ihr Postfach" }).waitFor();
  const link = await linkFromOutbox(account.email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  // The caller goes on on this page (the phone menu, say): its controls work once it is hydrated.
  await hydrated(page);
  // The confirmation's toast lies over the top of the page (below the header) for a few seconds,
  // and a pointer resting on it keeps it there (sonner pauses on hover): a click on what lies under
  // it would wait behind it for good. Closed, as a user would, before the caller goes on.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "E-Mail-Adresse bestätigt" });
  await toast.getByRole("button", { name: "Meldung schließen" }).click();
  await toast.waitFor({ state: "detached" });
  return account;
}

/**
 * The same account as registerFresh, made without the form (the form, the mail and the welcome
 * are tested in accounts.spec, and walked by registerFresh in profile.spec): the sign-up post and the
 * verification link's request go through the real server from the page's own context, so the
 * context holds the session cookie and its client address, as after registerFresh. The page is
 * left where it was (about:blank for a new one): the caller opens what its test is about, and
 * saves loading /auth, the outbox pages and the welcome page for every test that only needs a
 * new signed-in user.
 */
export async function createAccount(page: Page, prefix: string, names: { firstName?: string; lastName?: string } = {}): Promise<FreshAccount> {
  const account = { email: uniqueEmail(prefix), password: FRESH_PASSWORD, firstName: names.firstName ?? "Paula", lastName: names.lastName ?? "Probe" };
  const signedUp = await page.request.post("/auth", {
    form: { intent: "signUp", firstName: account.firstName, lastName: account.lastName, email: account.email, password: account.password, terms: "on" },
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(signedUp.status(), `sign-up of ${account.email}`).toBe(200);
  const link = await linkFromOutbox(account.email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
  // Better Auth verifies and signs in, then redirects to the welcome page: not followed, so no
  // welcome toast waits for the caller's first page.
  const verified = await page.request.get(link, { maxRedirects: 0 });
  // Better Auth answers a refused link with a redirect too (`?error=…`): the target says it was accepted.
  expect(verified.status(), `verification of ${account.email}`).toBe(302);
  expect(verified.headers().location, `verification of ${account.email}`).toBe("/auth/verified");
  expect((await page.context().cookies(baseUrl())).map((c) => c.name), "the session after the verification").toContain("marktplatz.session_token");
  return account;
}

/** A toast (sonner) with this title, optionally with this description. */
export async function waitForToast(page: Page, title: string | RegExp, description?: string | RegExp) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: title });
  if (description) await toast.filter({ hasText: description }).first().waitFor();
  else await toast.first().waitFor();
}

/**
 * The toast, once it has slid into place, overlaps none of the given elements (the header, a
 * sticky bar, the cookie notice). An element that is not shown (the phone's bar on a desktop)
 * has no box and is skipped; the caller asserts that what should show does.
 */
export async function expectToastClearOf(toast: Locator, others: Record<string, Locator>) {
  await toast.first().waitFor();
  // sonner marks a toast mounted, then slides it in from above: measured once its box is still
  // for a few frames in a row and no transition of it runs.
  await toast.first().evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        let last = "";
        let still = 0;
        const check = () => {
          const r = el.getBoundingClientRect();
          const box = `${r.x},${r.y},${r.width},${r.height}`;
          const moving = el.getAttribute("data-mounted") !== "true" || el.getAnimations().some((a) => a.playState === "running" || a.pending);
          still = !moving && box === last ? still + 1 : 0;
          last = box;
          if (still >= 3) resolve();
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
  const box = (await toast.first().boundingBox())!;
  for (const [name, other] of Object.entries(others)) {
    const covered = await other.boundingBox();
    if (!covered || covered.width === 0 || covered.height === 0) continue;
    const overlaps =
      box.x < covered.x + covered.width && covered.x < box.x + box.width && box.y < covered.y + covered.height && covered.y < box.y + box.height;
    expect(overlaps, `the toast ${JSON.stringify(box)} overlaps the ${name} ${JSON.stringify(covered)}`).toBe(false);
  }
}
