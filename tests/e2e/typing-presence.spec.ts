import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAs } from "../support/accounts";
import { expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

// Each width has its own pair, so the runs share no conversation, throttle or presence.
const pairs = {
  phone: { a: { username: "marie.koch", name: "Marie Koch" }, b: { username: "jonas.wagner", name: "Jonas Wagner", first: "Jonas" } },
  desktop: { a: { username: "katharina.braun", name: "Katharina Braun" }, b: { username: "tobias.richter", name: "Tobias Richter", first: "Tobias" } },
} as const;

async function signIn(page: Page, username: string) {
  await signInAs(page, `${username}@demo.marktplatz.example`, "/");
}

const messageField = (page: Page) => page.getByLabel("Nachricht", { exact: true });

describe.each(widthNames)("typing and presence at %s width", (width) => {
  it("A sees B online and 'schreibt …' while B types; it goes when B stops or sends; the setting hides it", async () => {
    const { a: personA, b: personB } = pairs[width];
    const a = await browser.open(width, { cookies: consent });
    const b = await browser.open(width, { cookies: consent });
    await signIn(a.page, personA.username);
    await signIn(b.page, personB.username);

    // A opens the direct chat with B from B's public profile.
    await a.page.goto(`/u/${personB.username}`);
    await a.page.getByRole("button", { name: "Nachricht senden" }).click();
    await a.page.waitForURL(/\/live-chat\/[0-9a-f-]{36}$/);
    const chatUrl = a.page.url();
    await hydrated(a.page);
    // B has the page open (the signed-in page keeps an event stream): online in A's header.
    const header = a.page.getByRole("region", { name: personB.name });
    await header.getByText("online", { exact: true }).waitFor();

    await b.page.goto(chatUrl);
    await hydrated(b.page);
    const typing = a.page.getByRole("status").filter({ hasText: `${personB.first} schreibt …` });

    // B types: A sees it, in a polite live region; B stops: it goes a few seconds later.
    await messageField(b.page).pressSequentially("Hallo", { delay: 20 });
    await typing.waitFor();
    expect(await typing.getAttribute("aria-live")).toBe("polite");
    await expectAccessible(a.page, `typing (${width})`);
    await screenshot(a.page, `typing-presence-${width}`);
    await typing.waitFor({ state: "hidden", timeout: 15_000 });

    // B types again (past both throttles by now) and sends: the message replaces "schreibt …".
    await messageField(b.page).pressSequentially(` ${personA.name.split(" ")[0]}, passt Dienstag? (${width})`, { delay: 20 });
    await typing.waitFor();
    await b.page.getByRole("button", { name: "Senden" }).click();
    await a.page.getByRole("log").getByText(`passt Dienstag? (${width})`).waitFor();
    expect(await typing.count()).toBe(0);

    // The list shows B online too (on a phone after going back to it).
    if (width === "phone") await a.page.getByRole("link", { name: "Zurück zur Übersicht" }).click();
    const item = a.page.getByRole("complementary", { name: "Live-Chat" }).getByRole("link", { name: new RegExp(personB.name) });
    await item.getByText("online", { exact: true }).waitFor();
    await expectAccessible(a.page, `chat list (${width})`);
    await screenshot(a.page, `presence-list-${width}`);

    // A hides their status on the profile: then A sees nobody's either (reciprocal).
    await a.page.goto("/profile");
    const setting = a.page.getByRole("switch", { name: "Online-Status anzeigen" });
    await expect.poll(() => setting.getAttribute("aria-checked")).toBe("true");
    await setting.click();
    await expect.poll(() => setting.getAttribute("aria-checked")).toBe("false");
    await a.page.getByText("Einstellung gespeichert").waitFor();
    await expectAccessible(a.page, `presence setting (${width})`);
    await screenshot(a.page, `presence-setting-${width}`);
    await a.page.goto(chatUrl);
    await a.page.getByRole("log").getByText(`passt Dienstag? (${width})`).waitFor();
    expect(await a.page.getByRole("region", { name: personB.name }).getByText(/online/).count()).toBe(0);
    // And B no longer sees A.
    await b.page.reload();
    await b.page.getByRole("log").getByText(`passt Dienstag? (${width})`).waitFor();
    expect(await b.page.getByRole("region", { name: personA.name }).getByText(/online/).count()).toBe(0);

    // On again: B's page hears of it and shows A online; when B leaves, A sees "zuletzt online".
    await a.page.goto("/profile");
    await expect.poll(() => setting.getAttribute("aria-checked")).toBe("false");
    await setting.click();
    await expect.poll(() => setting.getAttribute("aria-checked")).toBe("true");
    await b.page.getByRole("region", { name: personA.name }).getByText("online", { exact: true }).waitFor();
    await a.page.goto(chatUrl);
    await a.page.getByRole("region", { name: personB.name }).getByText("online", { exact: true }).waitFor();
    expectNoErrors(b.errors, "B");
    await b.context.close();
    await a.page.getByRole("region", { name: personB.name }).getByText(/^zuletzt online/).waitFor();
    expectNoErrors(a.errors, "A");
  });
});
