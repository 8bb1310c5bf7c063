import type { Page } from "playwright-core";
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
  const link = await linkFromOutbox(page, account.email, /Bitte bestätigen Sie Ihre E-Mail-Adresse/);
  await page.goto(link);
  await page.waitForURL(`${baseUrl()}/`);
  // The caller goes on on this page (the phone menu, say): its controls work once it is hydrated.
  await hydrated(page);
  // The confirmation's toast lies over the header for a few seconds (on a phone over the menu
  // button), and a pointer resting on it keeps it there (sonner pauses on hover): a click into the
  // header would wait behind it for good. Closed, as a user would, before the caller goes on.
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
