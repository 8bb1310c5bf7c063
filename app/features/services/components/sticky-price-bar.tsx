import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { listingFactsDe as t } from "~/i18n/listing-facts.de";
import { formatPrice } from "~/lib/format";
import type { PriceUnit } from "~/features/orders/limits";
import { PriceUnitText } from "./listing-facts";

/**
 * A phone's service page: the price and the page's primary action at the bottom of the screen, so
 * that they are not 2,000 px down after the reviews. Below md only (the aside is beside the text
 * there). Sticky, not fixed, as the last part of the page: at the end of the page it rests in its
 * own place above the footer, so it covers no content there. While the cookie notice (fixed at
 * the bottom, root.tsx) asks for a choice, the bar is not shown: it would sit under the notice or
 * hide it; the same action stays in the page.
 */
export function StickyPriceBar({ price, unit, children }: { price: string; unit: PriceUnit; children: ReactNode }) {
  const root = useRouteLoaderData("root") as { preferences?: { cookieConsent?: string | null } } | undefined;
  if (root?.preferences && root.preferences.cookieConsent === null) return null;
  return (
    <section
      aria-label={t.stickyBar.label}
      data-sticky-price-bar=""
      className="sticky bottom-0 z-40 mt-auto border-t bg-card/95 shadow-[0_-4px_24px_rgba(0,0,0,0.08)] backdrop-blur md:hidden"
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
