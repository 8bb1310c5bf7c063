import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The page's headings that skip a level (axe's moderate `heading-order`, which expectAccessible
 * does not fail on): each heading is at most one level below the one before it.
 */
export async function expectHeadingOrder(page: Page, label = page.url()) {
  const skipped = await page.evaluate(() => {
    const found: string[] = [];
    let previous = 0;
    for (const heading of document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6")) {
      if (heading.closest("[hidden], [aria-hidden='true']")) continue;
      const level = Number(heading.tagName[1]);
      if (previous && level > previous + 1) found.push(`h${level} after h${previous}: ${heading.textContent?.trim().slice(0, 60)}`);
      previous = level;
    }
    return found;
  });
  expect(skipped, `${label}: headings that skip a level`).toEqual([]);
}
