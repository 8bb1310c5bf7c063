import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expectAccessible, expectNoErrors, screenshot, setupBrowser, widthNames, hydrated } from "../support/browser";
import { clickSignOut, linkFromOutbox, signInWithForm, uniqueEmail } from "../support/accounts";
import { pngBytes } from "../support/files";
import { expectFocused, expectFocusVisible, tabTo, typeInto } from "../support/keyboard";
import { createAccount, registerFresh, waitForToast } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

async function png(name: string, color = "#3366cc") {
  return { name, mimeType: "image/png", buffer: await pngBytes(24, 18, color) };
}

async function openProfile(page: Page) {
  await page.goto("/profile");
  await page.getByRole("heading", { name: "Personal Information" }).waitFor();
  // File inputs and dialogs act through client-side handlers.
  await hydrated(page);
}

describe.each(widthNames)("own profile at %s width", (width) => {
  it("a client navigation to /profile from a signed-in page shows the loading skeleton until the data is there", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await createAccount(page, `profile-skeleton-${width}`);
    // From a signed-in page (the skeleton belongs to the signed-in layout).
    await page.goto("/dashboard");
    await hydrated(page);
    // The profile's data request waits until the test lets it go: the skeleton is seen for sure.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/profile\.data/, async (route) => {
      await held;
      await route.continue();
    });
    if (width === "phone") await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.locator("nav[aria-label='Hauptnavigation']:visible").getByRole("link", { name: "Profil" }).click();
    await page.getByRole("status").filter({ hasText: "Profil wird geladen" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Mein Profil" }).waitFor();
    await expectAccessible(page, `/profile loading (${width})`);
    await screenshot(page, `profile-loading-${width}`);
    release();
    await page.getByRole("heading", { name: "Personal Information" }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "Profil wird geladen" }).count()).toBe(0);
    expectNoErrors(errors);
  });

  it("shows every section, edits the profile with a unique username, and keeps the theme with the account", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    // Registered through the form and the mail's link, as a visitor does: the one test here that
    // walks it (the others make their account with createAccount); accounts.spec tests the form itself.
    const account = await registerFresh(page, `profile-edit-${width}`);
    // Reached by the navigation link (client navigation streams the profile into the page).
    if (width === "phone") await page.getByRole("button", { name: "Menü öffnen" }).click();
    await page.locator("nav[aria-label='Hauptnavigation']:visible").getByRole("link", { name: "Profil" }).click();
    await page.getByRole("heading", { name: "Personal Information" }).waitFor();
    await page.getByRole("heading", { level: 1, name: "Mein Profil" }).waitFor();
    for (const heading of ["Galerie (0/5)", "My Favorites", "Data Protection and Privacy", "Danger Zone"]) {
      await page.getByRole("heading", { name: heading }).waitFor();
    }
    await page.getByText(account.email).first().waitFor();
    await page.getByText("Rolle: Nutzer").waitFor();
    await page.getByText("0 Profilaufrufe").waitFor();
    expect(await page.getByText("Premium", { exact: true }).count()).toBe(0);
    await expectAccessible(page, `/profile (${width})`);
    await screenshot(page, `profile-view-${width}`);

    await page.getByRole("button", { name: "Profil bearbeiten" }).click();
    const username = page.getByLabel("Benutzername");
    expect(await username.getAttribute("placeholder")).toBe("Enter a unique username");
    expect(await page.getByLabel("E-Mail", { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel("Vorname").fill("Marlene");
    await page.getByLabel("Nachname").fill("Muster");
    await page.getByLabel("Über mich").fill("Illustratorin aus Leipzig.");
    await page.getByText("26/300 Zeichen").waitFor();
    // A name someone else has, in another letter case: refused with a clear message.
    await username.fill("Support-Team");
    await expectAccessible(page, `/profile edit (${width})`);
    await screenshot(page, `profile-edit-${width}`);
    await page.getByRole("button", { name: "Speichern" }).click();
    await waitForToast(page, "Error", "Failed to update profile");
    await page.getByText("Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.").waitFor();
    const name = `marlene.${width}.${Date.now().toString(36)}`;
    await username.fill(name);
    await page.getByRole("button", { name: "Speichern" }).click();
    await waitForToast(page, "Success", "Profile updated successfully");
    await page.getByText("Marlene Muster", { exact: true }).waitFor();
    await page.getByText(`@${name}`).waitFor();
    await page.getByText("Illustratorin aus Leipzig.").waitFor();
    expect(await page.getByRole("link", { name: "Öffentliches Profil ansehen" }).getAttribute("href")).toBe(`/u/${name}`);

    // Theme: switched here, kept with the account (a new browser signing in gets it).
    const themeSwitch = page.getByRole("switch", { name: "Dunkles Design" });
    expect(await themeSwitch.getAttribute("aria-checked")).toBe("false");
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/profile") && r.request().method() === "POST");
    await themeSwitch.click();
    await saved;
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expect.poll(() => themeSwitch.getAttribute("aria-checked")).toBe("true");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await expectAccessible(page, `/profile dark (${width})`);
    await screenshot(page, `profile-dark-${width}`);

    const other = await browser.open(width, { cookies: consent });
    await other.page.goto("/auth");
    await signInWithForm(other.page, account.email, account.password);
    await other.page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => other.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await other.page.reload();
    expect(await other.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    // The header's theme button keeps the choice with the account too: the first browser gets it at its next sign-in.
    const headerSaved = other.page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/preferences") && r.request().method() === "POST");
    await other.page.getByRole("button", { name: "Helles Design verwenden" }).click();
    await headerSaved;
    await clickSignOut(page);
    await page.waitForURL(`${baseUrl()}/auth`);
    await signInWithForm(page, account.email, account.password);
    await page.waitForURL(`${baseUrl()}/`);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    expectNoErrors(errors);
    expectNoErrors(other.errors, "second browser");
  });

  it("is complete without JavaScript: every section, not the skeleton; the online-status switch works as a plain form", async () => {
    const plain = await browser.open(width, { javaScript: false, cookies: consent });
    await createAccount(plain.page, `profile-plain-${width}`);
    await plain.page.goto("/profile");
    for (const heading of ["Personal Information", "Galerie (0/5)", "My Favorites", "Gespeicherte Suchen", "Online-Status", "Benachrichtigungseinstellungen", "Data Protection and Privacy", "Danger Zone"]) {
      expect(await plain.page.getByRole("heading", { name: heading }).isVisible(), heading).toBe(true);
    }
    const toggle = plain.page.getByRole("switch", { name: "Online-Status anzeigen" });
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await toggle.isEnabled()).toBe(true);
    await screenshot(plain.page, `profile-no-js-${width}`);
    // Switching it off posts the form; the browser comes back to /profile (a reload posts nothing).
    await toggle.click();
    await plain.page.waitForURL(`${baseUrl()}/profile`);
    await plain.page.getByText("Einstellung gespeichert").waitFor();
    expect(await plain.page.getByRole("switch", { name: "Online-Status anzeigen" }).getAttribute("aria-checked")).toBe("false");
  });

  it("edits the profile without JavaScript: the form opens at /profile?bearbeiten, a refusal comes back with what was typed, a save returns to the profile", async () => {
    const plain = await browser.open(width, { javaScript: false, cookies: consent });
    await createAccount(plain.page, `profile-plain-edit-${width}`);
    const p = plain.page;
    await p.goto("/profile");
    await p.getByRole("button", { name: "Profil bearbeiten" }).click();
    await p.waitForURL(`${baseUrl()}/profile?bearbeiten=#edit-profile`);
    const form = p.getByRole("form", { name: "Profil bearbeiten" });
    await form.waitFor();
    expect(await p.getByLabel("Vorname").inputValue()).toBe("Paula");
    await screenshot(p, `profile-edit-no-js-${width}`);
    // "Abbrechen" leads back to the profile as it was.
    await form.getByRole("link", { name: "Abbrechen" }).click();
    await p.waitForURL(`${baseUrl()}/profile`);
    expect(await form.count()).toBe(0);

    await p.getByRole("button", { name: "Profil bearbeiten" }).click();
    await form.waitFor();
    await p.getByLabel("Vorname").fill("Jonas");
    await p.getByLabel("Über mich").fill("Übersetzer aus Köln.");
    // A name someone else has: the page comes back with the form open, the message and what was typed.
    await p.getByLabel("Benutzername").fill("Support-Team");
    await form.getByRole("button", { name: "Speichern" }).click();
    await p.getByText("Dieser Benutzername ist bereits vergeben. Bitte wählen Sie einen anderen.").waitFor();
    expect(await p.getByLabel("Vorname").inputValue()).toBe("Jonas");
    expect(await p.getByLabel("Über mich").inputValue()).toBe("Übersetzer aus Köln.");
    expect(await p.getByLabel("Benutzername").getAttribute("aria-invalid")).toBe("true");
    await screenshot(p, `profile-edit-no-js-refused-${width}`);

    const name = `jonas.${width}.${Date.now().toString(36)}`;
    await p.getByLabel("Benutzername").fill(name);
    await form.getByRole("button", { name: "Speichern" }).click();
    // Post/redirect/get: back on /profile, the form closed, the saved profile and the outcome shown.
    await p.waitForURL(`${baseUrl()}/profile`);
    await p.getByRole("status").filter({ hasText: "Profile updated successfully" }).waitFor();
    await p.getByText("Jonas Probe", { exact: true }).waitFor();
    await p.getByText(`@${name}`).waitFor();
    await p.getByText("Übersetzer aus Köln.").waitFor();
    expect(await form.count()).toBe(0);
  });

  it("without JavaScript, the theme, uploads, removals, export, e-mail change and deletion work as plain forms, each back on /profile with its message", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    const account = await createAccount(page, `profile-plain-forms-${width}`);
    await page.request.post("/profile", { form: { intent: "saveSearch", query: "?q=Logo", name: "Logos" }, headers: { Origin: baseUrl() } });
    const plain = await browser.open(width, { javaScript: false, cookies: consent });
    await plain.context.addCookies(await page.context().cookies());
    const p = plain.page;
    const back = async (message: string) => {
      await p.waitForURL(`${baseUrl()}/profile`);
      await p.getByRole("status").filter({ hasText: message }).waitFor();
    };
    await p.goto("/profile");

    // The theme switch posts; the page comes back dark.
    await p.getByRole("switch", { name: "Dunkles Design" }).click();
    await back("Darstellung gespeichert");
    expect(await p.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await p.getByRole("switch", { name: "Dunkles Design" }).getAttribute("aria-checked")).toBe("true");

    // Avatar and gallery: a file field with its upload button.
    await screenshot(p, `profile-no-js-uploads-${width}`);
    await p.getByLabel("Profilbild ändern").setInputFiles(await png("ich.png"));
    await p.getByRole("button", { name: "Profilbild hochladen" }).click();
    await back("Avatar updated successfully");
    expect(await p.locator("main img[src^='/storage/avatars/']").count()).toBe(1);
    await p.getByLabel("Bilder hinzufügen").setInputFiles([await png("eins.png"), await png("zwei.png", "#aa3300")]);
    await p.getByRole("button", { name: "Bilder hochladen" }).click();
    await back("Bilder erfolgreich hochgeladen");
    await p.getByRole("heading", { name: "Galerie (2/5)" }).waitFor();
    // Removals and settings: back to /profile (a reload posts nothing) with what happened.
    await p.getByRole("button", { name: "Galeriebild 1 entfernen" }).click();
    await back("Image removed from gallery");
    await p.getByRole("heading", { name: "Galerie (1/5)" }).waitFor();
    await p.getByRole("button", { name: "Suche „Logos“ löschen" }).click();
    await back("Gespeicherte Suche gelöscht");
    await p.getByRole("button", { name: "Einstellungen übernehmen" }).click();
    await back("Einstellungen gespeichert");

    // The export is the file itself.
    const downloaded = p.waitForEvent("download");
    await p.getByRole("button", { name: "Daten exportieren" }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^datenexport-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as { user_info: { email: string } };
    expect(exported.user_info.email).toBe(account.email);

    // "E-Mail ändern" opens the form on the page; the server applies the dialog's rules.
    await p.getByRole("button", { name: "Profil bearbeiten" }).click();
    await p.getByRole("button", { name: "E-Mail ändern" }).click();
    await p.waitForURL(`${baseUrl()}/profile?dialog=email#e-mail-aendern`);
    const email = p.getByRole("region", { name: "Change Email" });
    const newEmail = uniqueEmail(`neu-plain-${width}`);
    await email.getByLabel("Neue E-Mail-Adresse").fill(newEmail);
    await email.getByLabel("Aktuelles Passwort").fill("falsch123");
    await email.scrollIntoViewIfNeeded();
    await screenshot(p, `profile-no-js-change-email-${width}`);
    await email.getByRole("button", { name: "Bestätigungslink senden" }).click();
    await email.getByText("Das Passwort ist nicht korrekt.").waitFor();
    expect(await email.getByLabel("Neue E-Mail-Adresse").inputValue()).toBe(newEmail);
    await email.getByLabel("Aktuelles Passwort").fill(account.password);
    await email.getByRole("button", { name: "Bestätigungslink senden" }).click();
    await back("Email change initiated");

    // The plain forms pass the accessibility checks: the page as it is before its scripts run
    // (axe needs JavaScript in the page, so the signed-in page with its modules held back).
    await page.route(/\.js(\?.*)?$/, (route) => route.abort());
    for (const dialog of ["email", "delete"]) {
      await page.goto(`/profile?dialog=${dialog}`);
      await page.getByRole("button", { name: "Profilbild hochladen" }).waitFor();
      await expectAccessible(page, `/profile?dialog=${dialog} before its scripts (${width})`);
    }

    // "Konto löschen" opens the question on the page; only the exact word deletes.
    await p.getByRole("button", { name: "Konto löschen" }).click();
    await p.waitForURL(`${baseUrl()}/profile?dialog=delete#konto-loeschen`);
    const danger = p.getByRole("region", { name: "Konto endgültig löschen?" });
    await danger.getByLabel("Geben Sie zur Bestätigung BESTÄTIGEN ein").fill("bestätigen");
    await danger.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await danger.getByText("Bitte geben Sie BESTÄTIGEN genau so ein, um Ihr Konto zu löschen.").waitFor();
    await danger.scrollIntoViewIfNeeded();
    await screenshot(p, `profile-no-js-delete-${width}`);
    await danger.getByLabel("Geben Sie zur Bestätigung BESTÄTIGEN ein").fill("BESTÄTIGEN");
    await danger.getByRole("button", { name: "Konto endgültig löschen" }).click();
    await p.waitForURL(`${baseUrl()}/`);
    await p.getByRole("status").filter({ hasText: "Account deleted" }).waitFor();
  });

  it("moves the focus into the edit form when it opens and back to “Profil bearbeiten” when it closes (keyboard only)", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await createAccount(page, `profile-focus-${width}`);
    await openProfile(page);
    const opener = page.getByRole("button", { name: "Profil bearbeiten" });
    const firstName = page.getByLabel("Vorname");

    // Opening: the focus goes to the first field, not to the page's start.
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    await expectFocused(page, firstName, "after opening the form");
    await expectFocusVisible(page);
    // Cancelling: back to what opened it.
    await tabTo(page, "Abbrechen");
    await page.keyboard.press("Enter");
    await page.getByRole("form", { name: "Profil bearbeiten" }).waitFor({ state: "detached" });
    await expectFocused(page, opener, "after cancelling");
    await expectFocusVisible(page);

    // A refused save: the focus goes to the field with the message.
    await page.keyboard.press("Enter");
    await expectFocused(page, firstName, "after opening the form again");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Konrad");
    await typeInto(page, "Benutzername", "Support-Team");
    await tabTo(page, "Speichern");
    await page.keyboard.press("Enter");
    await waitForToast(page, "Error", "Failed to update profile");
    await expectFocused(page, page.getByLabel("Benutzername"), "after a refused save");
    await expectFocusVisible(page);

    // A save: back to "Profil bearbeiten", which now stands under the saved name.
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(`konrad.${width}.${Date.now().toString(36)}`);
    await tabTo(page, "Speichern");
    await page.keyboard.press("Enter");
    await waitForToast(page, "Success", "Profile updated successfully");
    await expectFocused(page, opener, "after saving");
    await expectFocusVisible(page);
    await page.getByText("Konrad Probe", { exact: true }).waitFor();
    expectNoErrors(errors);
  });

  it("changes the e-mail address only after the link sent to the new address is opened", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const account = await createAccount(page, `profile-mail-${width}`);
    await openProfile(page);
    await page.getByRole("button", { name: "Profil bearbeiten" }).click();
    await page.getByRole("button", { name: "E-Mail ändern" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Email" });
    await dialog.waitFor();
    // The X closes the dialog (its name says so); "Abbrechen" is the footer's button alone.
    await dialog.getByRole("button", { name: "Schließen", exact: true }).waitFor();
    expect(await dialog.getByRole("button", { name: "Abbrechen", exact: true }).count()).toBe(1);
    const submit = dialog.getByRole("button", { name: "Bestätigungslink senden" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("Neue E-Mail-Adresse").fill(account.email.toUpperCase());
    expect(await submit.isDisabled()).toBe(true);
    const newEmail = uniqueEmail(`neu-${width}`);
    await dialog.getByLabel("Neue E-Mail-Adresse").fill(newEmail);
    expect(await submit.isEnabled()).toBe(true);
    await dialog.getByLabel("Aktuelles Passwort").fill("falsch123");
    await expectAccessible(page, `change email dialog (${width})`);
    await screenshot(page, `profile-change-email-${width}`);
    await submit.click();
    await waitForToast(page, "E-Mail-Änderung fehlgeschlagen", "Das Passwort ist nicht korrekt.");
    await dialog.getByLabel("Aktuelles Passwort").fill(account.password);
    await submit.click();
    await waitForToast(page, "Email change initiated", "Check your new email for confirmation link");
    await dialog.waitFor({ state: "detached" });
    // The edit form was not submitted by the dialog, and nothing has changed yet.
    await page.getByRole("button", { name: "Speichern" }).waitFor();
    await page.reload();
    await page.getByText(account.email).first().waitFor();

    const link = await linkFromOutbox(newEmail, /neue E-Mail-Adresse/);
    await page.goto(link);
    await page.waitForURL(`${baseUrl()}/profile`);
    await waitForToast(page, "E-Mail-Adresse geändert");
    await page.getByText(newEmail).first().waitFor();
    expect(await page.getByText(account.email).count()).toBe(0);
    expectNoErrors(errors);
  });

  it("uploads an avatar and gallery images with the limit messages, and removes an image with its file", async () => {
    // Without a session the upload routes refuse (and store nothing).
    for (const route of ["/profile/avatar", "/profile/gallery"]) {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "a.png");
      const refused = await fetch(`${baseUrl()}${route}`, { method: "POST", body });
      expect(refused.status).toBe(401);
    }
    const { page, errors } = await browser.open(width, { cookies: consent });
    await createAccount(page, `profile-images-${width}`);
    await openProfile(page);

    await page.locator("#main #avatar-file").setInputFiles(await png("ich.png"));
    await waitForToast(page, "Avatar updated successfully");
    await expect.poll(() => page.locator("main img[src^='/storage/avatars/']").count()).toBe(1);
    const avatar = (await page.locator("main img[src^='/storage/avatars/']").getAttribute("src"))!;
    expect(avatar).toMatch(/^\/storage\/avatars\/[^/]+\/avatar\.webp\?v=\d+$/);
    expect((await page.request.get(avatar)).headers()["content-type"]).toBe("image/webp");
    // Text renamed .png: the browser calls it an image, the server reads the bytes.
    await page.locator("#main #avatar-file").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") });
    await waitForToast(page, "Upload failed", "Die Datei ist kein gültiges Bild");

    const gallery = page.locator("#main #gallery-files");
    // Progress is shown while the images travel (the request is held back until the bar has been seen).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/profile/gallery", async (route) => {
      await held;
      await route.continue();
    });
    await gallery.setInputFiles([await png("eins.png"), await png("zwei.png", "#aa3300"), await png("drei.png", "#00aa66")]);
    try {
      await page.getByRole("progressbar", { name: "Bilder werden hochgeladen" }).waitFor();
    } finally {
      release();
    }
    await waitForToast(page, "Bilder erfolgreich hochgeladen", "3 Bild(er) zur Galerie hinzugefügt");
    await page.unroute("**/profile/gallery");
    await page.getByRole("heading", { name: "Galerie (3/5)" }).waitFor();
    await expect.poll(() => page.getByRole("img", { name: /^Galeriebild \d$/ }).count()).toBe(3);

    await gallery.setInputFiles([await png("a.png"), await png("b.png"), await png("c.png")]);
    await waitForToast(page, "Galerie-Limit erreicht", "Du kannst nur noch 2 Bild(er) hinzufügen. Maximal 5 Bilder erlaubt.");
    await gallery.setInputFiles({ name: "riesig.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await waitForToast(page, "Upload-Validierung fehlgeschlagen", "riesig.png ist zu groß. Maximale Dateigröße: 5MB");
    await gallery.setInputFiles({ name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("Hallo") });
    await waitForToast(page, "Upload-Validierung fehlgeschlagen", "notiz.txt ist kein gültiges Bild.");
    await gallery.setInputFiles([await png("vier.png"), { name: "falsch.png", mimeType: "image/png", buffer: Buffer.from("nur Text") }]);
    await waitForToast(page, "Upload-Validierung fehlgeschlagen", "falsch.png ist kein gültiges Bild.");
    await page.getByRole("heading", { name: "Galerie (3/5)" }).waitFor();

    await gallery.setInputFiles([await png("vier.png"), await png("fuenf.png")]);
    await waitForToast(page, "Bilder erfolgreich hochgeladen", "2 Bild(er) zur Galerie hinzugefügt");
    await page.getByRole("heading", { name: "Galerie (5/5)" }).waitFor();
    await page.getByRole("button", { name: "Bilder hinzufügen" }).click();
    await waitForToast(page, "Galerie-Limit erreicht", "Maximal 5 Bilder erlaubt. Entferne zuerst ein Bild.");
    await expectAccessible(page, `/profile gallery (${width})`);
    await screenshot(page, `profile-gallery-${width}`);

    const second = (await page.getByRole("img", { name: "Galeriebild 2" }).getAttribute("src"))!;
    expect((await page.request.get(second)).status()).toBe(200);
    await page.getByRole("button", { name: "Galeriebild 2 entfernen" }).click();
    await waitForToast(page, "Image removed from gallery");
    await page.getByRole("heading", { name: "Galerie (4/5)" }).waitFor();
    // The pressed button went with its image: the focus is on the next image's (now the second), not on <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Galeriebild 2 entfernen");
    expect(await page.locator(`img[src='${second}']`).count()).toBe(0);
    expect((await page.request.get(second)).status()).toBe(404);
    expectNoErrors(errors);
  });

  it("lists favourites with remove, and downloads the data export", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const account = await createAccount(page, `profile-fav-${width}`);
    const title = width === "phone" ? "Logo-Design mit Markenhandbuch" : "Visitenkarten und Briefpapier im Corporate Design";
    await page.goto(`/services?q=${encodeURIComponent(title)}`);
    await page.getByRole("link", { name: title, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const serviceUrl = new URL(page.url()).pathname;
    await page.getByRole("button", { name: "Zu Favoriten hinzufügen" }).click();
    await page.getByRole("button", { name: "Aus Favoriten entfernen" }).waitFor();
    // A saved search too ("Suche speichern" on /services posts this form), to remove on the profile.
    await page.request.post("/profile", { form: { intent: "saveSearch", query: "?q=Logo", name: "Logos" }, headers: { Origin: baseUrl() } });

    await openProfile(page);
    const favorites = page.locator("section, div").filter({ has: page.getByRole("heading", { name: "My Favorites" }) }).last();
    const card = page.locator("article").filter({ has: page.getByRole("link", { name: title }) });
    await card.waitFor();
    expect(await card.getByRole("link", { name: title }).getAttribute("href")).toBe(serviceUrl);
    await card.getByText(/€/).waitFor();
    await card.getByText(/Aufruf/).waitFor();
    await card.getByText(/^von /).waitFor();
    expect(((await card.locator("p.break-words").textContent()) ?? "").replace(/…$/, "").length).toBeLessThanOrEqual(100);
    await expectAccessible(page, `/profile favourites (${width})`);
    await screenshot(page, `profile-favorites-${width}`);

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Daten exportieren" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^datenexport-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8")) as { user_info: { email: string }; favorites: { service_title: string }[] };
    expect(exported.user_info.email).toBe(account.email);
    expect(exported.favorites.map((f) => f.service_title)).toEqual([title]);
    await waitForToast(page, "Data exported successfully");
    const direct = await page.request.get("/profile/export");
    expect(direct.headers()["cache-control"]).toBe("no-store");
    expect(direct.headers()["content-disposition"]).toMatch(/^attachment; filename="datenexport-/);
    expect((await fetch(`${baseUrl()}/profile/export`)).status).toBe(401);
    // An export of the account still under way in another tab: the server refuses a second one
    // with 429 (profile.export.test.ts holds that rule; here its answer is stood in for), and the
    // toast says why rather than that the export failed.
    await page.route("**/profile/export", (route) => route.fulfill({ status: 429, contentType: "text/plain; charset=utf-8", body: "läuft" }));
    await page.getByRole("button", { name: "Daten exportieren" }).click();
    await waitForToast(page, "Export failed", "Ihr Datenexport wird gerade schon erstellt");
    await page.unroute("**/profile/export");

    await card.getByRole("button", { name: `„${title}“ aus Favoriten entfernen` }).click();
    await waitForToast(page, "Removed from favorites");
    await page.getByText("Sie haben noch keine Favoriten gespeichert.").waitFor();
    expect(await favorites.locator("article").count()).toBe(0);
    // The pressed button went with its card: the focus is kept in the section (the last card's goes to the heading).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("favorites-heading");
    // The same for a saved search: its button goes with its row, the focus to the section's heading.
    await page.getByRole("button", { name: "Suche „Logos“ löschen" }).click();
    await waitForToast(page, "Gespeicherte Suche gelöscht");
    await page.getByText("Noch keine gespeicherten Suchen.", { exact: false }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("saved-searches-heading");
    expectNoErrors(errors);
  });

  it("deletes the account end to end after BESTÄTIGEN, and signs out", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const account = await createAccount(page, `profile-delete-${width}`);
    await openProfile(page);
    // What the deletion keeps is said before it is done: orders and invoices, for how long, and why.
    const danger = page.locator("div").filter({ has: page.getByRole("heading", { name: "Danger Zone" }) }).filter({ has: page.getByRole("button", { name: "Konto löschen" }) }).last();
    const kept = danger.getByText(/Ihre Aufträge .* und die ausgestellten Rechnungen .* bleiben erhalten/);
    await kept.waitFor();
    expect(await kept.textContent()).toMatch(/acht Jahre aufbewahrt werden \(§ 147 AO, § 257 HGB, § 14b UStG\).*Art\. 17 Abs\. 3 lit\. b DSGVO/);
    expect(await danger.getByRole("link", { name: /Datenschutzerklärung/ }).getAttribute("href")).toBe("/privacy");
    await page.getByRole("button", { name: "Konto löschen" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Konto endgültig löschen?" });
    await dialog.waitFor();
    // The dialog's description (what a screen reader reads with it) names the exception too.
    const described = await dialog.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    expect(described).toContain("Ihr Konto und Ihre Daten werden sofort und dauerhaft gelöscht, und Sie werden abgemeldet.");
    expect(described).toContain("Ausgenommen sind Ihre Aufträge und Rechnungen: Die müssen wir nach Steuer- und Handelsrecht acht Jahre aufbewahren");
    expect(described).not.toMatch(/Alle Ihre Daten/);
    const confirm = dialog.getByRole("button", { name: "Konto endgültig löschen" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Geben Sie zur Bestätigung BESTÄTIGEN ein").fill("bestätigen");
    expect(await confirm.isDisabled()).toBe(true);
    // The server checks the word too.
    const forged = await page.request.post("/profile", { form: { intent: "deleteAccount", confirmation: "bestätigen" }, headers: { Origin: baseUrl() } });
    expect(forged.status()).toBe(400);
    await dialog.getByLabel("Geben Sie zur Bestätigung BESTÄTIGEN ein").fill("BESTÄTIGEN");
    expect(await confirm.isEnabled()).toBe(true);
    await expectAccessible(page, `delete dialog (${width})`);
    await screenshot(page, `profile-delete-${width}`);
    await confirm.click();
    await page.waitForURL(`${baseUrl()}/`);
    await waitForToast(page, "Account deleted");
    await page.goto("/profile");
    await page.waitForURL(/\/auth\?redirectTo=%2Fprofile$/);
    await signInWithForm(page, account.email, account.password);
    await page.getByText("Sign in failed").waitFor();
    expectNoErrors(errors);
  });
});
