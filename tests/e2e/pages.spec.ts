import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { baseUrl, expectAccessible, undersizedTargets, expectNoErrors, hydrated, screenshot, setupBrowser, widthNames } from "../support/browser";

const browser = setupBrowser();
const consent = [{ name: "cookieConsent", value: "accepted" }];

describe.each(widthNames)("pages at %s width", (width) => {
  it("landing: headline, four feature cards, browse and register buttons", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(await page.title()).toContain("Dienstleister-Marktplatz");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/professionelle Dienstleistungen/);
    expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toMatch(/Dienstleistungen/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    const features = page.locator("#features-heading + ul > li");
    expect(await features.count()).toBe(4);
    // Soft hyphens (where a long word may break) are not part of the words.
    expect((await features.allTextContents()).map((text) => text.replaceAll("\u00ad", ""))).toEqual([
      expect.stringContaining("Qualitätsdienstleistungen"),
      expect.stringContaining("Analyse-Dashboard"),
      expect.stringContaining("Umsatzverfolgung"),
      expect.stringContaining("Community-Chat"),
    ]);
    const main = page.locator("main");
    expect(await main.getByRole("link", { name: "Dienstleistungen entdecken" }).first().getAttribute("href")).toBe("/services");
    expect(await main.getByRole("link", { name: "Jetzt kostenlos registrieren" }).getAttribute("href")).toBe("/auth?tab=register");
    // The signed-in buttons are not offered to visitors.
    expect(await main.getByRole("link", { name: "Zum Dashboard" }).count()).toBe(0);
    await expectAccessible(page, `landing (${width})`);
    await screenshot(page, `landing-${width}`);
    // Straight to the register panel.
    await main.getByRole("link", { name: "Jetzt kostenlos registrieren" }).click();
    await page.waitForURL(`${baseUrl()}/auth?tab=register`);
    await page.getByRole("button", { name: "Konto erstellen" }).waitFor();
    expectNoErrors(errors);
  });

  for (const [path, title, text] of [
    ["/terms", "Nutzungsbedingungen (Terms of Service)", "deutsche"],
    ["/privacy", "Datenschutzerklärung (Privacy Policy)", "Datenübertragbarkeit"],
    ["/imprint", "Impressum (Imprint)", "Handelsregister"],
  ] as const) {
    it(`${path}: German legal page dated December 2024`, async () => {
      const { page, errors } = await browser.open(width, { cookies: consent });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      const body = await page.locator("main").textContent();
      expect(body).toContain("Stand: Dezember 2024");
      expect(body).toContain(text);
      expect(await page.title()).toContain(title);
      await expectAccessible(page, `${path} (${width})`);
      await screenshot(page, `legal${path.replace("/", "-")}-${width}`);
      expectNoErrors(errors);
    });
  }

  it("the terms and the imprint name the notice contact and no longer the EU's closed ODR platform", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    for (const path of ["/terms", "/imprint"]) {
      await page.goto(path);
      const body = (await page.locator("main").textContent()) ?? "";
      expect(body).toContain("meldungen@marktplatz.example");
      expect(body).not.toContain("ec.europa.eu/consumers/odr");
      expect(body).not.toContain("Online-Streitbeilegung");
    }
  });

  it("the target-size check finds small targets that crowd each other, and lets spaced ones be", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    await page.goto("/barrierefreiheit");
    await page.evaluate(() => {
      const box = document.createElement("div");
      box.innerHTML =
        '<button id="t1" style="position:fixed;left:10px;top:200px;width:16px;height:16px">a</button><button id="t2" style="position:fixed;left:30px;top:200px;width:16px;height:16px">b</button><button id="t3" style="position:fixed;left:200px;top:200px;width:16px;height:16px">c</button>';
      document.body.append(box);
    });
    const found = await undersizedTargets(page);
    expect(found.filter((f) => /"[ab]"/.test(f))).toHaveLength(2);
    expect(found.some((f) => f.includes('"c"'))).toBe(false);
  });

  it("/barrierefreiheit: the accessibility statement with its conformance, known limits and a contact", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Barrierefreiheit" }).click();
    await page.waitForURL(`${baseUrl()}/barrierefreiheit`);
    await page.getByRole("heading", { level: 1, name: "Erklärung zur Barrierefreiheit" }).waitFor();
    for (const heading of ["Stand der Vereinbarkeit", "Bekannte Einschränkungen", "Barrieren melden"]) {
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    }
    const body = (await page.locator("main").textContent()) ?? "";
    expect(body).toContain("WCAG) 2.1 auf Stufe AA");
    expect(body).toContain("barrierefreiheit@marktplatz.example");
    // True as long as tests/e2e/keyboard-journeys.spec.ts runs with every change.
    expect(body).toContain("allein mit der Tastatur");
    await expectAccessible(page, `accessibility statement (${width})`);
    await screenshot(page, `legal-barrierefreiheit-${width}`);
    expectNoErrors(errors);
  });

  it("/transparenz: reports, decisions and objections of the last twelve months, from the data", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Transparenz" }).click();
    await page.waitForURL(`${baseUrl()}/transparenz`);
    await page.getByRole("heading", { level: 1, name: "Transparenzbericht" }).waitFor();
    for (const heading of ["Meldungen", "Entscheidungen", "Widersprüche", "So arbeiten wir"]) {
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    }
    await expect.poll(() => page.getByText(/^Zeitraum: \d+\. \S+ \d{4} bis \d+\. \S+ \d{4}$/).count()).toBe(1);
    // The demo seed's open reports are counted; every table has a caption.
    const received = page.locator("dt", { hasText: "Eingegangene Meldungen" }).locator("xpath=following-sibling::dd");
    expect(Number((await received.textContent())?.replace(/\./g, ""))).toBeGreaterThan(0);
    for (const caption of ["Meldungen nach Grund", "Meldungen nach Art des Inhalts", "Entscheidungen nach Art", "Entscheidungen nach Grundlage"]) {
      await page.getByRole("table", { name: caption }).waitFor();
    }
    await expectAccessible(page, `transparency report (${width})`);
    await screenshot(page, `transparenz-${width}`);
    expectNoErrors(errors);
  });

  it("privacy policy covers GDPR rights, data export, cookies and retention", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    await page.goto("/privacy");
    const body = (await page.locator("main").textContent()) ?? "";
    for (const topic of ["Art. 15", "Art. 17", "Art. 20", "Daten exportieren", "cookieConsent", "Speicherdauer"]) {
      expect(body).toContain(topic);
    }
  });

  it("404: any unknown path answers 404 with Zurück and Zur Startseite", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    await page.goto("/");
    const response = await page.goto("/diese-seite-gibt-es-nicht");
    expect(response?.status()).toBe(404);
    await page.getByText("Die Seite, die Sie suchen, existiert nicht oder wurde verschoben.").waitFor();
    await expectAccessible(page, `404 (${width})`);
    await screenshot(page, `404-${width}`);
    await page.getByRole("button", { name: "Zurück" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.goto("/noch/eine/unbekannte/seite");
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expectNoErrors(errors);
  });

  it("500: /error answers 500 with Try Again (reload) and Go Home", async () => {
    const { page, errors } = await browser.open(width, { cookies: consent });
    const response = await page.goto("/error");
    expect(response?.status()).toBe(500);
    await page.getByText("Something went wrong on our end.").waitFor();
    await expectAccessible(page, `500 (${width})`);
    await screenshot(page, `500-${width}`);
    const reload = page.waitForEvent("load");
    await page.getByRole("button", { name: "Try Again" }).click();
    await reload;
    expect(page.url()).toBe(`${baseUrl()}/error`);
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${baseUrl()}/`);
    expectNoErrors(errors);
  });

  it("protected pages send signed-out visitors to /auth and remember where they were going", async () => {
    const { page } = await browser.open(width, { cookies: consent });
    for (const path of ["/create-service", "/dashboard", "/chats", "/profile", "/support"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/auth");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(path);
    }
    // The live chat says it itself (spec text) and links to the sign-in.
    await page.goto("/live-chat");
    await page.getByText("Bitte melden Sie sich an, um den Live-Chat zu nutzen.").waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/auth?redirectTo=%2Flive-chat");
  });
});

describe("HTTP behaviour", () => {
  it("sends security headers with a CSP nonce on pages", async () => {
    const response = await fetch(`${baseUrl()}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await response.text();
    // Every inline script carries this request's nonce.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("caches hashed assets for a year and compresses responses", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const assets = new Set([...html.matchAll(/\/assets\/[^"]+\.(?:js|css)/g)].map(([asset]) => asset));
    let compressed = 0;
    for (const asset of assets) {
      const response = await fetch(`${baseUrl()}${asset}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // compression leaves files under 1 KB as they are (a route's entry module can be that small).
      const size = Buffer.byteLength(await response.text());
      if (size > 1024) expect(response.headers.get("content-encoding"), asset).toBe("gzip");
      if (response.headers.get("content-encoding") === "gzip") compressed += 1;
    }
    expect(compressed).toBeGreaterThan(0);
  });

  it("draws the icons from one long-cached sprite", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const uses = [...html.matchAll(/<use href="(\/assets\/icons-[\w-]+\.svg)#(\w+)"/g)];
    expect(uses.length).toBeGreaterThan(3);
    expect(new Set(uses.map(([, url]) => url)).size).toBe(1);
    const response = await fetch(`${baseUrl()}${uses[0]![1]}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const sprite = await response.text();
    for (const [, , name] of uses) expect(sprite).toContain(`<symbol id="${name}"`);
    // The browser draws them (the page's policy lets the sprite load).
    const { page, errors } = await browser.open("desktop", { cookies: consent });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const logo = await page.locator("header a svg use").first().evaluate((use) => (use as SVGUseElement).getBBox().width);
    expect(logo).toBeGreaterThan(0);
    expectNoErrors(errors);
  });

  it("keeps the JavaScript of public pages small: at most 12 files and 150 KB gzipped, no form-validation library", async () => {
    const list = await (await fetch(`${baseUrl()}/services`)).text();
    const detail = /\/services\/[0-9a-f-]{36}/.exec(list)![0];
    for (const path of ["/", "/services", "/services?category=Design&sort=price-low", detail]) {
      // A first visit: no cookies (the cookie notice shows), until the page is interactive and quiet.
      const { page, errors } = await browser.open("phone");
      const loaded = new Set<string>();
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith(".js")) loaded.add(url.pathname);
      });
      const html = await (await page.goto(path))!.text();
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      // What the HTML names (modulepreload links, scripts) counts as loaded, and so does what the page
      // imported while loading (a lazily loaded part that every visitor needs is no saving).
      for (const [, src] of html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)) loaded.add(src!);
      expect(loaded.size, `${path}: no scripts found`).toBeGreaterThan(0);
      let gzipped = 0;
      for (const src of loaded) {
        const body = Buffer.from(await (await fetch(`${baseUrl()}${src}`)).arrayBuffer());
        gzipped += gzipSync(body).length;
        // Zod is for the signed-in forms; the catalogue parses its URL without it.
        expect(body.includes("ZodError"), `${path} loads ${src} with Zod`).toBe(false);
      }
      // About 138 to 145 KB in 8 or 9 files today: React, React DOM and React Router (110 KB), the
      // route manifest, the shell, the page. Radix, sonner and date-fns load where they are used, not on first load.
      expect(loaded.size, `${path} loads ${[...loaded].join(", ")}`).toBeLessThanOrEqual(12);
      expect(gzipped, `${path}: ${gzipped} bytes of gzipped JavaScript in ${loaded.size} files`).toBeLessThanOrEqual(150_000);
      expectNoErrors(errors, path);
    }
  });

  it("refuses a cross-site state change", async () => {
    const response = await fetch(`${baseUrl()}/preferences`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=dark",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("keeps Better Auth's API closed except for the mailed links and the session refresh", async () => {
    const post = (path: string, body: object) =>
      fetch(`${baseUrl()}${path}`, { method: "POST", headers: { Origin: baseUrl(), "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/api/auth/sign-up/email", { email: "x@example.de", password: "geheim123", name: "X" })).status).toBe(404);
    expect((await post("/api/auth/sign-in/email", { email: "x@example.de", password: "geheim123" })).status).toBe(404);
    expect((await post("/api/auth/delete-user", {})).status).toBe(404);
    expect((await fetch(`${baseUrl()}/api/auth/list-sessions`)).status).toBe(404);
    const session = await fetch(`${baseUrl()}/api/auth/get-session`);
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
  });

  it("refuses oversized and malformed bodies with 4xx, never 500", async () => {
    const big = await fetch(`${baseUrl()}/auth`, {
      method: "POST",
      headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=${"a".repeat(200 * 1024)}`,
    });
    expect(big.status).toBe(413);
    const json = await fetch(`${baseUrl()}/auth`, {
      method: "POST",
      headers: { Origin: baseUrl(), "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(json.status).toBe(400);
    // The page says the request was refused, not that the server failed.
    const jsonPage = await json.text();
    expect(jsonPage).toContain("Anfrage nicht möglich");
    expect(jsonPage).not.toContain("Something went wrong on our end.");
    const broken = await fetch(`${baseUrl()}/forgot-password`, {
      method: "POST",
      headers: { Origin: baseUrl(), "Content-Type": "multipart/form-data; boundary=x" },
      body: "garbage",
    });
    expect(broken.status).toBe(400);
  });

  it("treats malformed preference cookies as unset", async () => {
    const response = await fetch(`${baseUrl()}/`, { headers: { Cookie: "theme=%; cookieConsent=%E0%A4%A" } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Cookie-Hinweis");
  });

  it("refuses an invalid preference with 400", async () => {
    const response = await fetch(`${baseUrl()}/preferences`, {
      method: "POST",
      headers: { Origin: baseUrl(), "Content-Type": "application/x-www-form-urlencoded" },
      body: "theme=neon",
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
