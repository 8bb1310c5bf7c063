import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs } from "../support/accounts";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

// One pair for both widths (run one after the other); each run ends with the block lifted.
const blocker = { username: "sophie.hoffmann", name: "Sophie Hoffmann" };
const blocked = { username: "felix.schneider", name: "Felix Schneider" };
const NEUTRAL = "Die Nachricht konnte nicht gesendet werden.";

async function signIn(page: Page, username: string) {
  await signInAs(page, `${username}@demo.marktplatz.example`, "/");
}

const messageField = (page: Page) => page.getByLabel("Nachricht", { exact: true });

/** Lifts every block the signed-in user made (a test that failed midway leaves none behind for other specs). */
async function liftBlocks(page: Page) {
  await page.goto("/profile");
  await page.getByRole("heading", { name: "Blockierte Nutzer" }).waitFor();
  const unblock = page.getByRole("button", { name: /^Blockierung aufheben/ });
  while ((await unblock.count()) > 0) {
    const before = await unblock.count();
    await unblock.first().click();
    await expect.poll(() => unblock.count()).toBeLessThan(before);
  }
}

/** The accessible label (or text) of the focused element; null when the focus is on the body. */
function focusedLabel(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    return el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
  });
}

async function send(page: Page, text: string) {
  await messageField(page).fill(text);
  await page.getByRole("button", { name: "Senden" }).click();
}

describe.each(widthNames)("blocking a user at %s width", (width) => {
  it("A blocks B in the chat; B's next message is refused with the neutral text; A unblocks on the profile and they write again", async () => {
    const a = await browser.open(width, { cookies: consent });
    const b = await browser.open(width, { cookies: consent });
    await signIn(a.page, blocker.username);
    await signIn(b.page, blocked.username);
    try {
      // B writes to A from A's public profile (the direct chat under /live-chat).
      await b.page.goto(`/u/${blocker.username}`);
      await b.page.getByRole("button", { name: "Nachricht senden" }).click();
      await b.page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
      const chatUrl = b.page.url();
      await hydrated(b.page);
      await send(b.page, `Hallo Sophie (${width})`);
      await b.page.getByRole("log").getByText(`Hallo Sophie (${width})`).waitFor();

      // A opens the chat and blocks B, confirming in the dialog.
      await a.page.goto(chatUrl);
      await hydrated(a.page);
      await a.page.getByRole("log").getByText(`Hallo Sophie (${width})`).waitFor();
      const header = a.page.getByRole("region", { name: blocked.name });
      await header.getByRole("link", { name: `${blocked.name} blockieren` }).click();
      const dialog = a.page.getByRole("alertdialog", {
        name: `${blocked.name} blockieren?`,
      });
      await dialog.waitFor();
      await expectAccessible(a.page, `block dialog (${width})`);
      await screenshot(a.page, `blocking-dialog-${width}`);
      await dialog.getByRole("button", { name: "Blockieren" }).click();
      const notice = a.page.getByRole("status").filter({ hasText: `Sie haben ${blocked.name} blockiert.` });
      await notice.waitFor();
      // The blocker cannot write either: the composer gives way to the notice with "Blockierung aufheben".
      expect(await messageField(a.page).count()).toBe(0);
      await notice.getByRole("button", { name: `Blockierung aufheben: ${blocked.name}` }).waitFor();
      // The dialog's button is gone with the block: the focus is on "Blockierung aufheben", not the body.
      await expect.poll(() => focusedLabel(a.page)).toBe(`Blockierung aufheben: ${blocked.name}`);
      await expectAccessible(a.page, `blocked chat (${width})`);
      await screenshot(a.page, `blocking-chat-blocker-${width}`);

      // B's next message is refused, and B reads only the neutral text.
      await send(b.page, `Bist du noch da? (${width})`);
      const refusal = b.page.getByText(NEUTRAL, { exact: true });
      await refusal.waitFor();
      expect(await b.page.getByRole("log").getByText(`Bist du noch da? (${width})`).count()).toBe(0);
      // Nothing on B's page tells of the block, and A's online status is gone (as when A hides it).
      expect(await b.page.locator("body").innerText()).not.toMatch(/blockiert/i);
      await expect
        .poll(() =>
          b.page
            .getByRole("region", { name: blocker.name })
            .getByText(/online/)
            .count(),
        )
        .toBe(0);
      await expectAccessible(b.page, `refused message (${width})`);
      await screenshot(b.page, `blocking-chat-blocked-${width}`);

      // Unblocking in the chat puts the focus on "Blockieren" again; blocking once more (for the profile's list below).
      await a.page.goto(chatUrl);
      await hydrated(a.page);
      await a.page.getByRole("button", { name: `Blockierung aufheben: ${blocked.name}` }).click();
      await expect.poll(() => focusedLabel(a.page)).toBe(`${blocked.name} blockieren`);
      await messageField(a.page).waitFor();
      await a.page.keyboard.press("Enter");
      await a.page.getByRole("alertdialog", { name: `${blocked.name} blockieren?` }).getByRole("button", { name: "Blockieren" }).click();
      await expect.poll(() => focusedLabel(a.page)).toBe(`Blockierung aufheben: ${blocked.name}`);

      // A lifts the block in the profile's "Blockierte Nutzer".
      await a.page.goto("/profile");
      const section = a.page.getByRole("list", { name: "Blockierte Nutzer" });
      await section.getByText(blocked.name).waitFor();
      await section.scrollIntoViewIfNeeded();
      await expectAccessible(a.page, `blocked users (${width})`);
      await screenshot(a.page, `blocking-profile-${width}`);
      await section.getByRole("button", { name: `Blockierung aufheben: ${blocked.name}` }).click();
      await a.page.getByText("Sie haben niemanden blockiert.").waitFor();

      // Messaging works again, both ways.
      await messageField(b.page).waitFor();
      await send(b.page, `Jetzt wieder? (${width})`);
      await b.page.getByRole("log").getByText(`Jetzt wieder? (${width})`).waitFor();
      await a.page.goto(chatUrl);
      await a.page.getByRole("log").getByText(`Jetzt wieder? (${width})`).waitFor();
      await hydrated(a.page);
      await send(a.page, `Ja, alles gut (${width})`);
      await b.page.getByRole("log").getByText(`Ja, alles gut (${width})`).waitFor();
      expectNoErrors(a.errors, "A");
      expectNoErrors(b.errors, "B");
    } catch (error) {
      await liftBlocks(a.page).catch(() => {});
      throw error;
    }
    await a.context.close();
    await b.context.close();
  });

  it("without JavaScript, blocking from a public profile is a confirmation page and plain form posts", async () => {
    // Signed in with JavaScript (axe needs it); the same session then browses without it.
    const withScript = await browser.open(width, { cookies: consent });
    await signIn(withScript.page, blocker.username);
    const a = await browser.open(width, { javaScript: false });
    await a.context.addCookies(await withScript.context.cookies());
    try {
      // The profile's actions before: "Nachricht senden" and "Blockieren".
      await withScript.page.goto(`/u/${blocked.username}`);
      await withScript.page.getByRole("link", { name: `${blocked.name} blockieren` }).waitFor();
      await expectAccessible(withScript.page, `profile actions (${width})`);
      await screenshot(withScript.page, `blocking-profile-actions-${width}`);

      await a.page.goto(`/u/${blocked.username}`);
      await a.page.getByRole("link", { name: `${blocked.name} blockieren` }).click();
      await a.page.waitForURL(/\/blocks\/[^/?]+\?returnTo=/);
      const confirmUrl = a.page.url();
      await a.page.getByRole("heading", { name: `${blocked.name} blockieren?` }).waitFor();
      await screenshot(a.page, `blocking-confirm-page-${width}`);
      await withScript.page.goto(confirmUrl);
      await withScript.page.getByRole("heading", { name: `${blocked.name} blockieren?` }).waitFor();
      await expectAccessible(withScript.page, `block page (${width})`);

      await a.page.getByRole("button", { name: "Blockieren" }).click();
      await a.page.waitForURL(`${baseUrl()}/u/${blocked.username}`);
      await a.page.getByText("Sie haben diese Person blockiert.").waitFor();
      expect(await a.page.getByRole("button", { name: "Nachricht senden" }).count()).toBe(0);
      await screenshot(a.page, `blocking-public-profile-${width}`);
      await withScript.page.goto(`/u/${blocked.username}`);
      await withScript.page.getByText("Sie haben diese Person blockiert.").waitFor();
      await expectAccessible(withScript.page, `blocked profile (${width})`);

      await a.page.getByRole("button", { name: `Blockierung aufheben: ${blocked.name}` }).click();
      await a.page.waitForURL(`${baseUrl()}/u/${blocked.username}`);
      await a.page.getByRole("button", { name: "Nachricht senden" }).waitFor();
      expectNoErrors(withScript.errors, "with JavaScript");
    } catch (error) {
      await liftBlocks(withScript.page).catch(() => {});
      throw error;
    }
    await a.context.close();
    await withScript.context.close();
  });
});
