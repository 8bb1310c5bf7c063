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
 * (the demo accounts are shared by every spec file).
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
