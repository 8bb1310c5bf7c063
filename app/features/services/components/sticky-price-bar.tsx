import { useEffect, useRef, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { listingFactsDe as t } from "~/i18n/listing-facts.de";
import { formatPrice } from "~/lib/format";
import type { PriceUnit } from "~/features/orders/limits";
import { PriceUnitText } from "./listing-facts";

/**
 * Whether the phone's price bar shows: not while the cookie notice (fixed at the bottom, root.tsx)
 * asks for a choice, where the bar would sit under the notice or hide it. Where the bar shows, the
 * page hides its own copy of the action below md, so that one action is offered once.
 */
export function useStickyPriceBarShown(): boolean {
  const root = useRouteLoaderData("root") as { preferences?: { cookieConsent?: string | null } } | undefined;
  return !(root?.preferences && root.preferences.cookieConsent === null);
}

/** Below md, the page's own primary action gives way to the bar's. */
export const HIDDEN_UNDER_BAR = "max-md:hidden";

/**
 * A phone's service page: the price and the page's primary action at the bottom of the screen, so
 * that they are not 2,000 px down after the reviews. Below md only (the aside is beside the text
 * there). Sticky, not fixed, as the last part of the page's column (its padding cancelled so that
 * it spans the screen): at the end of the page it rests in its own place above the footer, so it
 * covers no content there and no padding has to guess its height.
 */
export function StickyPriceBar({ price, unit, children }: { price: string; unit: PriceUnit; children: ReactNode }) {
  const shown = useStickyPriceBarShown();
  const bar = useRef<HTMLElement>(null);
  // The browser scrolls a focused control into view only when it is off screen, not when the bar
  // covers part of it: such a control is moved above the bar (the page's scroll-padding, app.css).
  useEffect(() => {
    if (!shown) return;
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!bar.current || !(target instanceof Element) || bar.current.contains(target)) return;
      const covered = bar.current.getBoundingClientRect();
      const box = target.getBoundingClientRect();
      if (covered.height > 0 && box.bottom > covered.top && box.top < covered.bottom) target.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, [shown]);
  if (!shown) return null;
  return (
    <section
      ref={bar}
      aria-label={t.stickyBar.label}
      data-sticky-price-bar=""
      className="sticky bottom-0 z-40 -mx-4 mt-8 sm:-mx-6 border-t bg-card/95 shadow-[0_-4px_24px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
    >
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <p className="min-w-0 leading-tight">
          <span className="block text-lg font-bold">{formatPrice(price)}</span>
          <PriceUnitText unit={unit} className="block text-xs" />
        </p>
        <div className="shrink-0">{children}</div>
      </div>
    </section>
  );
}
