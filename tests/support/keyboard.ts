import fs from "node:fs";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl, hydrated, screenshotsWanted } from "./browser";

/**
 * Keyboard-only browser steps (WCAG 2.1.1 keyboard, 2.4.3 focus order, 2.4.7 focus visible,
 * 2.4.11 focus not obscured). A journey reaches every control with Tab / Shift+Tab and uses it with
 * Enter, Space, arrow keys, Escape or typing — never a click or a fill on an element it did not tab to.
 */

/**
 * What a step looks for: a locator (any of its elements), or the accessible name of the control
 * (aria-label, aria-labelledby, its label, else its text): a string matches the whole name or its
 * first words ("E-Mail" matches "E-Mail *"), a RegExp is tested against it.
 */
export type FocusTarget = Locator | string | RegExp;

export interface TabOptions {
  /** How many key presses at most before giving up (default 80). */
  max?: number;
  /** Shift+Tab instead of Tab. */
  backwards?: boolean;
  /** Check the focus indicator of the control reached (default true). */
  checkVisible?: boolean;
}

/** A short description of the focused element: tag, role, accessible name (approximated). */
export async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "(body: nothing focused)";
    const byIds = (ids: string | null) =>
      (ids ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
    const input = el as HTMLInputElement;
    const name =
      el.getAttribute("aria-label") ||
      byIds(el.getAttribute("aria-labelledby")) ||
      (input.labels ? [...input.labels].map((l) => l.textContent).join(" ") : "") ||
      el.textContent ||
      el.getAttribute("title") ||
      input.placeholder ||
      "";
    const role = el.getAttribute("role");
    return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ""} "${name.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
  });
}

async function hasFocus(page: Page, target: FocusTarget): Promise<boolean> {
  if (typeof target === "string" || target instanceof RegExp) {
    const description = await focusedDescription(page);
    const name = /"(.*)"$/.exec(description)?.[1] ?? "";
    return typeof target === "string" ? name === target || name.startsWith(`${target} `) : target.test(name);
  }
  return target.evaluateAll((elements) => (elements as Element[]).includes(document.activeElement as Element)).catch(() => false);
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, then checks that the focus shows
 * (expectFocusVisible). Fails with the list of elements visited when it is never reached.
 * Returns the number of key presses it took.
 */
export async function tabTo(page: Page, target: FocusTarget, options: TabOptions = {}): Promise<number> {
  // Returns 0 when the target has the focus already.
  const max = options.max ?? 80;
  const visited: string[] = [];
  // Already there (a form that kept the focus, a skip link that led to it): nothing to press.
  if (!options.backwards && (await hasFocus(page, target))) {
    if (options.checkVisible ?? true) await expectFocusVisible(page);
    return 0;
  }
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press(options.backwards ? "Shift+Tab" : "Tab");
    if (await hasFocus(page, target)) {
      if (options.checkVisible ?? true) await expectFocusVisible(page);
      return presses;
    }
    visited.push(await focusedDescription(page));
  }
  throw new Error(`${String(target)} was not reached with ${max} × ${options.backwards ? "Shift+Tab" : "Tab"}; the focus visited:\n  ${visited.join("\n  ")}`);
}

/** Asserts that the target has the focus now (after a dialog closed or a page was entered, say). */
export async function expectFocused(page: Page, target: FocusTarget, label = "focus") {
  await expect
    .poll(async () => ((await hasFocus(page, target)) ? true : await focusedDescription(page)), { timeout: 5000, message: `${label}: ${String(target)} should have the focus` })
    .toBe(true);
}

/** Tabs to the target and presses a key on it (Enter by default): a keyboard "click". */
export async function activate(page: Page, target: FocusTarget, key = "Enter", options: TabOptions = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it (what is there is selected and replaced first). */
export async function typeInto(page: Page, target: FocusTarget, text: string, options: TabOptions = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

interface FocusReport {
  ok: boolean;
  problems: string[];
  element: string;
}

/**
 * The focused element shows a focus indicator: an outline or a ring (box-shadow) on it or on a
 * close ancestor (a card's focus-within ring) that it does not have unfocused, at least 2 px wide
 * and with 3:1 contrast against what is behind it (WCAG 2.4.7, 1.4.11); and it is scrolled into view
 * and not covered by the sticky header, a bottom bar or anything else (WCAG 2.4.11).
 * It compares by blurring and focusing the element again (a date input's focus then returns to
 * its first part).
 */
export async function expectFocusVisible(page: Page, label?: string) {
  await scrollSettled(page);
  const where = label ?? (await focusedDescription(page));
  // A smooth scroll may still be under way on a busy machine: the view is asked again for a while
  // (before the indicator check, whose blur and focus would stop the scroll half-way).
  let view = await page.evaluate(inspectFocus, "view" as const);
  for (const deadline = Date.now() + 3000; !view.ok && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 100));
    view = await page.evaluate(inspectFocus, "view" as const);
  }
  expect(view.problems, `${where} (${page.url()}): focused element in view and not covered: ${view.problems.join("; ")}`).toEqual([]);
  const indicator = await page.evaluate(inspectFocus, "indicator" as const);
  expect(indicator.problems, `${where} (${page.url()}): focus indicator: ${indicator.problems.join("; ")}`).toEqual([]);
}

/**
 * Waits until the page has stopped scrolling (html has scroll-behavior: smooth, and a smooth scroll
 * can start a few frames after the focus moved).
 */
async function scrollSettled(page: Page) {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __lastScroll?: string; __stillFrames?: number };
      const r = document.activeElement?.getBoundingClientRect();
      const now = `${window.scrollX},${window.scrollY},${r?.top},${r?.left}`;
      w.__stillFrames = now === w.__lastScroll ? (w.__stillFrames ?? 0) + 1 : 0;
      w.__lastScroll = now;
      return w.__stillFrames >= 10;
    },
    undefined,
    { polling: "raf", timeout: 5000 },
  );
}

/** Runs in the page (must be self-contained). */
function inspectFocus(part: "indicator" | "view"): FocusReport {
  const problems: string[] = [];
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return { ok: false, problems: ["nothing has the focus (it is on the body)"], element: "body" };
  if (part === "view") return inView(el);
  if (!el.matches(":focus-visible")) problems.push("the element does not match :focus-visible");

  // Colours as sRGB through a canvas (computed styles may be oklch()).
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  const rgba = (color: string): [number, number, number, number] => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = "rgba(0,0,0,0)";
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const contrast = (a: number[], b: number[]) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (l1! + 0.05) / (l2! + 0.05);
  };
  const backgroundBehind = (node: Element | null): number[] => {
    for (let n = node; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };

  // The element and up to three ancestors (a card's ring comes from focus-within).
  const chain: HTMLElement[] = [];
  for (let n: HTMLElement | null = el; n && chain.length < 4 && n !== document.body; n = n.parentElement) chain.push(n);
  interface Mark {
    outline: string;
    outlineWidth: number;
    outlineColor: string;
    shadows: { color: string; size: number }[];
  }
  const read = (): Mark[] =>
    chain.map((n) => {
      const s = getComputedStyle(n);
      // Layers "color x y blur spread [inset]"; the colour may contain commas inside parentheses.
      const layers = s.boxShadow === "none" ? [] : s.boxShadow.split(/,(?![^(]*\))/);
      const shadows = layers
        .map((layer) => {
          const color = /^\s*((?:rgba?|oklch|oklab|lab|lch|hsla?|color)\([^)]*\)|#[0-9a-f]+|[a-z]+)/i.exec(layer)?.[1] ?? "transparent";
          const lengths = [...layer.replace(color, "").matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
          const [, , blur = 0, spread = 0] = lengths;
          return { color, size: Math.max(spread, blur / 2) };
        })
        .filter((sh) => sh.size > 0 && rgba(sh.color)[3] > 0.1);
      return { outline: s.outlineStyle, outlineWidth: parseFloat(s.outlineWidth) || 0, outlineColor: s.outlineColor, shadows };
    });
  // Transitions off while reading (a ring that fades in or out would read as half there).
  const still = document.createElement("style");
  still.textContent = "*, *::before, *::after { transition: none !important; }";
  document.head.append(still);
  const focused = read();
  // The unfocused look: blur, read, focus again (without scrolling).
  el.blur();
  const unfocused = read();
  el.focus({ preventScroll: true });
  still.remove();
  if (document.activeElement !== el) problems.push("the element could not be focused again after the check");

  const indicators: string[] = [];
  focused.forEach((mark, i) => {
    const before = unfocused[i]!;
    const node = chain[i]!;
    const bg = backgroundBehind(node.parentElement);
    const hasOutline = mark.outline !== "none" && mark.outlineWidth > 0 && rgba(mark.outlineColor)[3] > 0.1;
    const outlineNew = hasOutline && (before.outline === "none" || before.outlineWidth !== mark.outlineWidth || before.outlineColor !== mark.outlineColor);
    if (outlineNew) {
      const ratio = contrast(rgba(mark.outlineColor), bg);
      if (mark.outlineWidth < 2) problems.push(`outline on ${node.tagName.toLowerCase()} is only ${mark.outlineWidth}px wide`);
      else if (ratio < 3) problems.push(`outline on ${node.tagName.toLowerCase()} has contrast ${ratio.toFixed(2)}:1 (< 3:1)`);
      else indicators.push(`outline ${mark.outlineWidth}px on ${node.tagName.toLowerCase()}`);
    }
    for (const shadow of mark.shadows) {
      if (before.shadows.some((b) => b.color === shadow.color && b.size === shadow.size)) continue;
      const ratio = contrast(rgba(shadow.color), bg);
      if (shadow.size < 2) problems.push(`ring on ${node.tagName.toLowerCase()} is only ${shadow.size}px wide`);
      else if (ratio < 3) problems.push(`ring on ${node.tagName.toLowerCase()} has contrast ${ratio.toFixed(2)}:1 (< 3:1)`);
      else indicators.push(`ring ${shadow.size}px on ${node.tagName.toLowerCase()}`);
    }
  });
  if (indicators.length === 0 && problems.length === 0) problems.push("no outline or ring appears when it is focused");
  return { ok: problems.length === 0, problems, element: el.tagName };

  /** In view and not covered. A visually hidden control (a radio in a label) is judged by its label. */
  function inView(el: HTMLElement): FocusReport {
    const problems: string[] = [];
    let box: Element = el;
    const small = (r: DOMRect) => r.width < 4 || r.height < 4;
    if (small(el.getBoundingClientRect())) box = (el as HTMLInputElement).labels?.[0] ?? el.parentElement ?? el;
    const r = box.getBoundingClientRect();
    const points: [string, number, number][] = [["centre", (r.left + r.right) / 2, (r.top + r.bottom) / 2]];
    if (r.height < 200) {
      points.push(["top edge", (r.left + r.right) / 2, r.top + 3], ["bottom edge", (r.left + r.right) / 2, r.bottom - 3]);
    }
    for (const [name, x, y] of points) {
      if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) {
        problems.push(`its ${name} is outside the viewport (${Math.round(x)}, ${Math.round(y)})`);
        continue;
      }
      const top = document.elementFromPoint(x, y);
      if (top && !box.contains(top) && !top.contains(box)) {
        const cover = top.closest("header, footer, nav, [role=dialog], [data-sticky-price-bar], [data-sonner-toaster]") ?? top;
        problems.push(`its ${name} is covered by ${cover.tagName.toLowerCase()}${cover.id ? `#${cover.id}` : ""}${cover.className && typeof cover.className === "string" ? `.${cover.className.split(/\s+/).slice(0, 3).join(".")}` : ""} (element ${Math.round(r.top)}–${Math.round(r.bottom)} px, cover ${Math.round(cover.getBoundingClientRect().top)}–${Math.round(cover.getBoundingClientRect().bottom)} px of ${window.innerHeight})`);
      }
    }
    return { ok: problems.length === 0, problems, element: el.tagName };
  }
}

/**
 * A screenshot of the focused control with some surroundings (tests/.artifacts/screens/focus-*),
 * for people to look at the focus indicator; or of the whole view (wholeView).
 */
export async function focusScreenshot(page: Page, name: string, options: { wholeView?: boolean } = {}) {
  if (!screenshotsWanted()) return;
  if (options.wholeView) {
    // The visible part of the page: where the focused control sits against the sticky header and bars.
    fs.mkdirSync("tests/.artifacts/screens", { recursive: true });
    await page.screenshot({ path: `tests/.artifacts/screens/focus-${name}.png` });
    return;
  }
  const box = await page.evaluate(() => {
    // The element that draws the indicator: the focused one, or a close ancestor with a ring.
    let node = document.activeElement;
    for (let n = node, i = 0; n && i < 4; n = n.parentElement, i++) {
      const s = getComputedStyle(n);
      if (s.outlineStyle !== "none" || /\d+px [^,]*\d+px [^,]*\d+px [^,]*[1-9][\d.]*px/.test(s.boxShadow)) {
        node = n;
        break;
      }
    }
    const r = node?.getBoundingClientRect();
    return r ? { x: r.left, y: r.top, width: r.width, height: r.height } : null;
  });
  if (!box) return;
  const viewport = page.viewportSize()!;
  const pad = 24;
  const x = Math.max(0, box.x - pad);
  const y = Math.max(0, box.y - pad);
  const clip = { x, y, width: Math.min(viewport.width - x, box.width + 2 * pad), height: Math.min(viewport.height - y, box.height + 2 * pad) };
  if (clip.width <= 0 || clip.height <= 0) return;
  fs.mkdirSync("tests/.artifacts/screens", { recursive: true });
  await page.screenshot({ path: `tests/.artifacts/screens/focus-${name}.png`, clip });
}

/**
 * The skip link: the first Tab on a freshly loaded page reaches it and it shows; Enter moves the
 * focus to the main content, and the next Tab reaches the first control inside <main> (not the header).
 * Call it right after page.goto.
 */
export async function expectSkipLinkWorks(page: Page, name: string | RegExp = "Zum Inhalt springen") {
  expect(await tabTo(page, name, { max: 1 })).toBe(1);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("main") != null), { message: "the skip link moves the focus to <main>" }).toBe(true);
  await page.keyboard.press("Tab");
  const inMain = await page.evaluate(() => {
    const el = document.activeElement;
    return el !== null && el.tagName !== "MAIN" && el.closest("main") !== null;
  });
  expect(inMain, `after the skip link, Tab reached ${await focusedDescription(page)}`).toBe(true);
  await expectFocusVisible(page);
}

/** Signs in on /auth by keyboard (e-mail, password, Enter) and waits for the page it leads to. */
export async function signInByKeyboard(page: Page, account: { email: string; password: string }, next: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(next)}`);
  await hydrated(page);
  await typeInto(page, "E-Mail", account.email);
  await typeInto(page, "Passwort", account.password);
  await page.keyboard.press("Enter");
  await page.waitForURL(`${baseUrl()}${next}`);
  await hydrated(page);
}
