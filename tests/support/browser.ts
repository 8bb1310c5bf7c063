import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";

export const WIDTHS = { phone: 375, desktop: 1280 } as const;
export type WidthName = keyof typeof WIDTHS;
export const widthNames = Object.keys(WIDTHS) as WidthName[];

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * A block of 250 addresses no other test file of this run uses: each file counts its contexts
 * afresh (its own module state), and the view counters count one opening per address and day,
 * so a context must not share its address with one of an earlier file.
 */
function claimAddressBlock(): number {
  const dir = path.join(inject("dataDir"), "e2e-client-blocks");
  fs.mkdirSync(dir, { recursive: true });
  for (let block = 0; ; block++) {
    try {
      fs.writeFileSync(path.join(dir, String(block)), "", { flag: "wx" });
      return block;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}

let clientBlock = 0;
let clientCounter = 250;
/** A distinct benchmarking-range address (198.18.0.0/15) per browser context of the whole run. */
export function nextClientIp() {
  if (clientCounter === 250) {
    clientBlock = claimAddressBlock();
    clientCounter = 0;
  }
  clientCounter += 1;
  return `198.${18 + (Math.floor(clientBlock / 256) % 2)}.${clientBlock % 256}.${clientCounter}`;
}

/** The base URL of the server started by the global setup. */
export const baseUrl = () => inject("baseUrl");

/**
 * One Chromium per test file. Pages collect console errors and uncaught
 * exceptions (a CSP violation shows up there too); `expectNoErrors` fails on them.
 */
export function setupBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject("chromium"),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    /** A fresh browser context (own cookies) and page at the given width. */
    async open(width: WidthName, options: { cookies?: { name: string; value: string }[]; javaScript?: boolean } = {}) {
      if (!browser) throw new Error("browser not started");
      const context = await browser.newContext({
        javaScriptEnabled: options.javaScript ?? true,
        viewport: { width: WIDTHS[width], height: 900 },
        locale: "de-DE",
        timezoneId: "Europe/Berlin",
        baseURL: baseUrl(),
        // Every context is its own client (the app trusts a proxy on loopback), so per-client
        // rate limits apply per test as they would per visitor.
        extraHTTPHeaders: { "X-Forwarded-For": nextClientIp() },
      });
      contexts.push(context);
      if (options.cookies?.length) {
        await context.addCookies(options.cookies.map((c) => ({ ...c, url: baseUrl() })));
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      return { context, page, errors };
    },
  };
}

/** Runs axe-core in the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  // Colours are judged after fades (toasts, dialogs) have finished: quiet for several frames in a
  // row, because a toast mounts first and starts its fade-in transition a frame later (a single
  // check could fall between the two and axe then saw a half-transparent toast).
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __quietFrames?: number };
        // An endless animation (a loading skeleton's pulse) never settles: only finite ones are waited for.
        const busy =
          document.getAnimations().some((a) => (a.playState === "running" || a.pending) && a.effect?.getComputedTiming().endTime !== Infinity) ||
          document.querySelector('[data-sonner-toast]:not([data-mounted="true"])') !== null;
        w.__quietFrames = busy ? 0 : (w.__quietFrames ?? 0) + 1;
        return w.__quietFrames >= 3;
      },
      undefined,
      { timeout: 5000, polling: "raf" },
    )
    .catch(() => {});
  // evaluate() is not subject to the page's CSP, so axe needs no inline script. Once per document:
  // parsing its half a megabyte again for every check of the same page costs a busy machine ~0.1 s.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[] }> } }).axe;
    // Toasts come and go with a fade that a busy machine can catch half-way; they are judged
    // separately (their colours are sonner's, checked when still), not on every page.
    const result = await axe.run({ exclude: [["[data-sonner-toaster]"]] } as unknown as Document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 5) }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${label}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
  expect(await undersizedTargets(page), `${label}: targets below 24 × 24 px without spacing (WCAG 2.2 2.5.8)`).toEqual([]);
}

/**
 * The page's pointer targets that miss WCAG 2.2's 2.5.8 (target size, minimum): smaller than
 * 24 × 24 CSS px, and a 24 px circle centred on one reaches another target or another small
 * target's circle (the spacing exception). Links inside a sentence are exempt, as are targets
 * that are not visible (the skip link before it is focused) or scrolled out of their container.
 */
export async function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=switch], [role=option], [role=menuitem]";
    const targets: { el: Element; r: DOMRect; small: boolean }[] = [];
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const style = getComputedStyle(el);
      // Hidden, or transparent (a toast stacked behind the front one shows none of its content).
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || el.closest("[aria-hidden=true], [inert]")) continue;
      // Scrolled out of sight inside a scroll container (earlier messages of a long chat): its box
      // lies where other content shows, but nobody can point at it there.
      let clipped = false;
      for (let box = el.parentElement; box && !clipped; box = box.parentElement) {
        const overflow = getComputedStyle(box);
        if (overflow.overflowX === "visible" && overflow.overflowY === "visible") continue;
        const b = box.getBoundingClientRect();
        clipped = r.bottom <= b.top || r.top >= b.bottom || r.right <= b.left || r.left >= b.right;
      }
      if (clipped) continue;
      // Covered by something on top (an open popover over the footer): not a target right now.
      const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (top && !el.contains(top) && !top.contains(el) && r.bottom > 0 && r.top < window.innerHeight) continue;
      const inline = el.tagName === "A" && style.display === "inline" && (el.parentElement?.textContent ?? "").length > (el.textContent ?? "").length + 20;
      if (inline) continue;
      // Half a pixel of rounding (a transformed or sub-pixel box reads 23.99 where CSS says 24).
      targets.push({ el, r, small: r.width < 23.5 || r.height < 23.5 });
    }
    const centre = (r: DOMRect) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2] as const;
    const distance = ([x, y]: readonly [number, number], r: DOMRect) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
    const name = (el: Element) => (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    const failures: string[] = [];
    for (const t of targets.filter((t) => t.small)) {
      const c = centre(t.r);
      const other = targets.find((o) => {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        const oc = centre(o.r);
        return distance(c, o.r) < 12 || (o.small && Math.hypot(c[0] - oc[0], c[1] - oc[1]) < 24);
      });
      if (other) failures.push(`${t.el.tagName.toLowerCase()} "${name(t.el)}" ${Math.round(t.r.width)}×${Math.round(t.r.height)} next to "${name(other.el)}"`);
    }
    return failures;
  });
}

export function expectNoErrors(errors: string[], label = "page") {
  // Chromium logs every 4xx/5xx answer as a failed resource: refused form posts and the 404/500
  // pages are what the tests ask for. Script errors and CSP violations still count.
  const real = errors.filter((e) => !/^Failed to load resource: the server responded with a status of [45]\d\d/.test(e));
  expect(real, `${label} logged errors`).toEqual([]);
}

/**
 * Whether the tests save screenshots for people to look at: by default on a developer's machine,
 * not on CI (CI=true), where nobody looks at them and a full-page PNG of a long page costs one to
 * three seconds of a busy machine's CPU (about 190 of them per run). E2E_SCREENSHOTS=1 or =0 decides.
 */
export const screenshotsWanted = () => (process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "0" : !/^(true|1)$/i.test(process.env.CI ?? ""));

/** Saves a screenshot for people to look at (tests/.artifacts/screens), unless screenshotsWanted() says not. */
export async function screenshot(page: Page, name: string) {
  if (!screenshotsWanted()) return;
  fs.mkdirSync("tests/.artifacts/screens", { recursive: true });
  await page.screenshot({ path: `tests/.artifacts/screens/${name}.png`, fullPage: true });
}

/** Waits until the page's scripts have taken over (controls with client-side handlers work). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
