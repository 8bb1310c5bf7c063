import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";
import { createAccount, waitForToast } from "../support/profile-helpers";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

async function photo(name: string, color: string) {
  return { name, mimeType: "image/png", buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: color } }).png().toBuffer() };
}

/** The image id in a stored image's address (/storage/service-images/{owner}/{id}/{width}.webp). */
const imageIdOf = (src: string | null) => src?.split("/")[4] ?? "";

describe.each(widthNames)("service images at %s width", (width) => {
  it("uploads images while creating a service, picks the cover, shows it on the card and in the keyboard viewer", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await createAccount(page, `images-${width}`);
    await page.goto("/create-service");
    await hydrated(page);
    const files = page.locator("#service-images-files");

    // A file that only pretends to be an image is refused by the server (from its bytes).
    await files.setInputFiles({ name: "falsch.png", mimeType: "image/png", buffer: Buffer.from("kein Bild, nur Text") });
    await waitForToast(page, "Upload-Validierung fehlgeschlagen", "falsch.png ist kein gültiges Bild.");

    await files.setInputFiles([await photo("eins.png", "#1d4ed8"), await photo("zwei.png", "#db2777")]);
    await waitForToast(page, "2 Bild(er) hinzugefügt");
    await page.getByText("Bilder (2/6)").waitFor();
    const thumbs = page.getByRole("img", { name: /^Bild \d$/ });
    await expect.poll(() => thumbs.count()).toBe(2);
    const second = imageIdOf(await thumbs.nth(1).getAttribute("src"));

    // The second image becomes the cover.
    await page.getByRole("button", { name: "Bild 2 als Hauptbild verwenden" }).click();
    await expect.poll(async () => imageIdOf(await thumbs.first().getAttribute("src"))).toBe(second);
    await expectAccessible(page, `create service with images (${width})`);
    await screenshot(page, `service-images-form-${width}`);

    const title = `Bildertest ${width} ${Date.now().toString(36)}`;
    await page.getByLabel("Titel").fill(title);
    await page.getByLabel("Preis (EUR)").fill("80");
    await page.getByLabel("Kategorie").selectOption("Design");
    await page.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await page.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    const detail = page.url();
    await page.getByRole("heading", { level: 1, name: title }).waitFor();

    // The cover is the page's main image; the viewer opens from a thumbnail by keyboard.
    const main = page.getByRole("link", { name: "Bild 1 von 2 vergrößern" }).first();
    expect(imageIdOf(await main.locator("img").getAttribute("src"))).toBe(second);
    expect(await main.locator("img").getAttribute("fetchpriority")).toBe("high");
    await hydrated(page);
    const thumb = page.getByRole("link", { name: "Bild 2 von 2 vergrößern" });
    await thumb.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: `Bilder: ${title}` });
    await viewer.waitFor();
    await viewer.getByText("Bild 2 von 2").waitFor();
    await page.keyboard.press("ArrowRight");
    await viewer.getByText("Bild 1 von 2").waitFor();
    await page.keyboard.press("ArrowLeft");
    await viewer.getByText("Bild 2 von 2").waitFor();
    await expectAccessible(page, `image viewer (${width})`);
    await screenshot(page, `service-images-viewer-${width}`);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Bild 2 von 2 vergrößern");
    await expectAccessible(page, `service detail with images (${width})`);
    await screenshot(page, `service-images-detail-${width}`);

    // On the list, the card shows the cover.
    await page.goto(`/services?q=${encodeURIComponent(title)}`);
    const card = page.locator("article", { hasText: title });
    await card.waitFor();
    expect(imageIdOf(await card.locator("img").first().getAttribute("src"))).toBe(second);
    await expectAccessible(page, `cards with covers (${width})`);
    await screenshot(page, `service-images-cards-${width}`);

    // A click made before the viewer's code has arrived opens it once the code is there.
    const fresh = await browser.open(width, { cookies: consent });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await fresh.page.route(/service-image-viewer-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await fresh.page.goto(detail);
    await hydrated(fresh.page);
    await fresh.page.getByRole("link", { name: "Bild 1 von 2 vergrößern" }).first().click();
    release();
    await fresh.page.getByRole("dialog").getByText("Bild 1 von 2").waitFor();
    expect(fresh.page.url()).toBe(detail);
    expectNoErrors(fresh.errors, "detail (late viewer)");

    // Someone else (a demo provider) can neither add to nor change these images.
    await fresh.page.goto("/auth?redirectTo=%2F");
    await signInWithForm(fresh.page, "lea.fischer@demo.marktplatz.example", DEMO_PASSWORD);
    await fresh.page.waitForURL(`${baseUrl()}/`);
    const serviceId = detail.split("/").pop()!;
    const upload = await fresh.page.request.post("/api/service-images", {
      multipart: { serviceId, images: await photo("fremd.png", "#000000") },
      headers: { Origin: baseUrl() },
    });
    expect(upload.status()).toBe(403);
    const removal = await fresh.page.request.post(`/api/service-images/${second}`, { form: { intent: "remove" }, headers: { Origin: baseUrl() } });
    expect(removal.status()).toBe(404);
    await page.goto(detail);
    expect(imageIdOf(await page.getByRole("link", { name: "Bild 1 von 2 vergrößern" }).first().locator("img").getAttribute("src"))).toBe(second);
    expectNoErrors(errors, "service images");
  });

  it("works without JavaScript: the field's buttons post the form, what was typed stays, Enter saves", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    await createAccount(page, `images-plain-${width}`);
    const plain = await browser.open(width, { javaScript: false, cookies: consent });
    await plain.context.addCookies(await page.context().cookies());
    const p = plain.page;
    const thumbs = p.getByRole("img", { name: /^Bild \d$/ });
    const field = p.getByRole("group", { name: /^Bilder \(/ });

    // Create: typed first, then two uploads; the title survives each post, nothing is created yet.
    await p.goto("/create-service");
    const title = `Ohne Skript ${width} ${Date.now().toString(36)}`;
    await p.getByLabel("Titel").fill(title);
    await p.locator("#service-images-files").setInputFiles([await photo("eins.png", "#1d4ed8"), await photo("zwei.png", "#db2777")]);
    await p.getByRole("button", { name: "Bilder hochladen" }).click();
    await field.getByRole("status").getByText("2 Bild(er) hinzugefügt").waitFor();
    // The upload's address carries its marker; the next buttons and the save post without it.
    expect(p.url()).toBe(`${baseUrl()}/create-service?bilder#service-images`);
    expect(await p.getByLabel("Titel").inputValue()).toBe(title);
    const second = imageIdOf(await thumbs.nth(1).getAttribute("src"));
    await p.getByRole("button", { name: "Bild 2 als Hauptbild verwenden" }).click();
    await field.getByText("Bild 2 ist jetzt das Hauptbild.").waitFor();
    expect(imageIdOf(await thumbs.first().getAttribute("src"))).toBe(second);
    // A refused file is named in the field, and what was typed stays.
    await p.locator("#service-images-files").setInputFiles({ name: "falsch.png", mimeType: "image/png", buffer: Buffer.from("kein Bild") });
    await p.getByRole("button", { name: "Bilder hochladen" }).click();
    await field.getByRole("alert").getByText("falsch.png ist kein gültiges Bild.").waitFor();
    expect(await p.getByLabel("Titel").inputValue()).toBe(title);
    await screenshot(p, `service-images-no-js-create-${width}`);
    await p.getByLabel("Preis (EUR)").fill("80");
    await p.getByLabel("Kategorie").selectOption("Design");
    await p.getByRole("button", { name: "Dienstleistung veröffentlichen" }).click();
    await p.waitForURL(/\/services\/[0-9a-f-]{36}$/);
    const serviceId = p.url().split("/").pop()!;
    expect(imageIdOf(await p.getByRole("link", { name: "Bild 1 von 2 vergrößern" }).first().locator("img").getAttribute("src"))).toBe(second);

    // Edit: a third image, the cover removed, the third made the cover; then the title, saved with Enter.
    await p.goto(`/services/${serviceId}/edit`);
    const renamed = `${title} neu`;
    await p.getByLabel("Titel").fill(renamed);
    await p.locator("#service-images-files").setInputFiles(await photo("drei.png", "#16a34a"));
    await p.getByRole("button", { name: "Bilder hochladen" }).click();
    await field.getByText("1 Bild(er) hinzugefügt").waitFor();
    const third = imageIdOf(await thumbs.nth(2).getAttribute("src"));
    await p.getByRole("button", { name: "Bild 1 entfernen" }).click();
    await field.getByText("Bild entfernt").waitFor();
    await expect.poll(() => thumbs.count()).toBe(2);
    await p.getByRole("button", { name: "Bild 2 als Hauptbild verwenden" }).click();
    await field.getByText("Bild 2 ist jetzt das Hauptbild.").waitFor();
    expect(imageIdOf(await thumbs.first().getAttribute("src"))).toBe(third);
    expect(await p.getByLabel("Titel").inputValue()).toBe(renamed);
    await screenshot(p, `service-images-no-js-edit-${width}`);
    // axe needs JavaScript: the same page and session with it, the app's own scripts held back (the plain field stays).
    const withScript = await browser.open(width, { cookies: consent });
    await withScript.context.addCookies(await page.context().cookies());
    await withScript.page.route(/\.js(\?.*)?$/, (route) => route.abort());
    await withScript.page.goto(`/services/${serviceId}/edit`);
    await withScript.page.getByRole("button", { name: "Bilder hochladen" }).waitFor();
    await expectAccessible(withScript.page, `service images without JavaScript (${width})`);
    await withScript.context.close();
    await p.getByLabel("Titel").press("Enter");
    await p.waitForURL(`${baseUrl()}/services/${serviceId}`);
    await p.getByRole("heading", { level: 1, name: renamed }).waitFor();
    expect(imageIdOf(await p.getByRole("link", { name: "Bild 1 von 2 vergrößern" }).first().locator("img").getAttribute("src"))).toBe(third);
    await p.goto(`/services?q=${encodeURIComponent(renamed)}`);
    const card = p.locator("article", { hasText: renamed });
    await card.waitFor();
    expect(imageIdOf(await card.locator("img").first().getAttribute("src"))).toBe(third);
  });
});
