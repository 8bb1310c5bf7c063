import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseUrl, expectAccessible, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";
import { DEMO_PASSWORD, signInWithForm } from "../support/accounts";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];
// Per width its own commenter, service and provider, so the runs never touch each other's mails.
const cases = {
  phone: { commenter: "katharina.braun", service: "Buchcover-Gestaltung für Selfpublisher", provider: "lukas.mueller" },
  desktop: { commenter: "tobias.richter", service: "SEO-Texte für Onlineshops", provider: "julia.becker" },
} as const;

/**
 * The newest dev-outbox mail to `to` with a subject like `subject`, opened on a page of this
 * machine (the outbox answers only to it): its page, for a look, and its unsubscribe link.
 */
async function openOutboxMail(page: Page, to: string, subject: RegExp): Promise<{ mailPage: Page; link: string }> {
  const local = await page.context().browser()!.newContext({ baseURL: baseUrl(), viewport: page.viewportSize() ?? undefined });
  const mailPage = await local.newPage();
  const entry = () => mailPage.locator("a", { hasText: to }).filter({ hasText: subject });
  await expect
    .poll(async () => {
      await mailPage.goto("/dev/mail");
      return entry().count();
    })
    .toBeGreaterThan(0);
  await entry().first().click();
  await mailPage.getByRole("heading", { level: 1 }).waitFor();
  const link = (await mailPage.locator('pre a[href*="/unsubscribe?token="]').first().getAttribute("href"))!;
  return { mailPage, link };
}

describe.each(widthNames)("one-click unsubscribe at %s width", (width) => {
  it("a notification mail carries the unsubscribe headers and link; the link asks first (GET), the button unsubscribes without signing in", async () => {
    const { commenter, service, provider } = cases[width];
    // A comment on the provider's service: the provider gets a mail (kind "reviews").
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/auth");
    await signInWithForm(page, `${commenter}@demo.marktplatz.example`, DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl()}/`);
    await page.goto(`/services?q=${encodeURIComponent(service)}`);
    await page.getByRole("link", { name: service, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: service }).waitFor();
    await hydrated(page);
    await page.getByLabel("Ihr Kommentar").fill(`Wie lange dauert das ungefähr? (${width})`);
    await page.getByRole("button", { name: "Kommentieren" }).click();
    await page.getByText("Kommentar veröffentlicht").first().waitFor();

    const { mailPage, link } = await openOutboxMail(page, provider, new RegExp(`Neuer Kommentar zu „${service}“`));
    // The outbox shows the RFC 8058 headers a mail program acts on.
    await mailPage.getByText("List-Unsubscribe-Post:").waitFor();
    expect(await mailPage.getByText("List-Unsubscribe=One-Click").count()).toBe(1);
    expect(await mailPage.getByText(`<${link}>`).count()).toBe(1);
    await screenshot(mailPage, `unsubscribe-mail-${width}`);
    await mailPage.context().close();
    expect(new URL(link).pathname).toBe("/unsubscribe");

    // Opened signed out (the link needs no sign-in): a question, nothing changed yet.
    const visitor = await browser.open(width, { cookies: consent });
    const opened = await visitor.page.goto(link);
    expect(opened?.status()).toBe(200);
    await visitor.page.getByRole("heading", { level: 1, name: "E-Mails abbestellen" }).waitFor();
    await visitor.page.getByText("Möchten Sie keine E-Mails mehr zu Bewertungen und Kommentaren erhalten?").waitFor();
    await hydrated(visitor.page);
    await expectAccessible(visitor.page, `unsubscribe confirm (${width})`);
    await screenshot(visitor.page, `unsubscribe-confirm-${width}`);

    // Keyboard reaches the button; it unsubscribes.
    const button = visitor.page.getByRole("button", { name: "E-Mails abbestellen" });
    await button.focus();
    await visitor.page.keyboard.press("Enter");
    await visitor.page.getByRole("heading", { level: 1, name: "E-Mails abbestellt" }).waitFor();
    await visitor.page.getByText("Sie erhalten keine E-Mails mehr zu Bewertungen und Kommentaren.").waitFor();
    await expectAccessible(visitor.page, `unsubscribe done (${width})`);
    await screenshot(visitor.page, `unsubscribe-done-${width}`);
    // The link opened again says it is done, instead of asking once more.
    await visitor.page.goto(link);
    await visitor.page.getByRole("heading", { level: 1, name: "E-Mails abbestellt" }).waitFor();
    expect(await visitor.page.getByRole("button", { name: "E-Mails abbestellen" }).count()).toBe(0);
    expectNoErrors(visitor.errors, "unsubscribe page");
    expectNoErrors(errors);
  });

  it("the mail program's one-click POST from another site works; a tampered link says so in German and changes nothing", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    const bad = await page.goto("/unsubscribe?token=abc.reviews.def");
    expect(bad?.status()).toBe(400);
    await page.getByText("Link ungültig").waitFor();
    await page.getByText(/Dieser Abmeldelink ist ungültig/).waitFor();
    await expectAccessible(page, `unsubscribe invalid (${width})`);
    await screenshot(page, `unsubscribe-invalid-${width}`);
    expect(await page.getByRole("button", { name: "E-Mails abbestellen" }).count()).toBe(0);
    // A one-click POST as a webmail page sends it (another origin), with a broken token: refused as invalid, not as CSRF.
    const refused = await page.request.post("/unsubscribe?token=abc.reviews.def", {
      form: { "List-Unsubscribe": "One-Click" },
      headers: { Origin: "https://webmail.example" },
    });
    expect(refused.status()).toBe(400);
    // Other routes still refuse a cross-site POST.
    const csrf = await page.request.post("/support", { form: { intent: "x" }, headers: { Origin: "https://webmail.example" } });
    expect(csrf.status()).toBe(403);
  });
});
