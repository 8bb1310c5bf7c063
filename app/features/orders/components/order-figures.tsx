import { ChevronRight } from "~/components/ui/icons";
import { Link } from "react-router";
import type { OpenCounts, OpenStatus, SellerFigures } from "~/features/orders/revenue.server";
import { OPEN_ORDER_STATUSES } from "~/features/orders/limits";
import { ordersDe } from "~/i18n/orders.de";
import { revenueDe as t } from "~/i18n/revenue.de";

/** The dashboard's smaller order figures: open orders by status (links into /orders) and the funnel. */

/** The /orders list's query words for the two roles. */
const ROLE_PARAM = { selling: "verkauf", buying: "einkauf" } as const;

export function ordersListUrl(role: keyof typeof ROLE_PARAM, status?: string): string {
  return `/orders?rolle=${ROLE_PARAM[role]}${status ? `&status=${status}` : ""}`;
}

export function OpenOrders({ role, counts }: { role: keyof typeof ROLE_PARAM; counts: OpenCounts }) {
  return (
    <ul className="grid gap-2">
      {OPEN_ORDER_STATUSES.map((status) => {
        const label = ordersDe.status[status];
        const n = counts[status as OpenStatus];
        return (
          <li key={status}>
            <Link
              to={ordersListUrl(role, status)}
              className="flex items-center gap-3 rounded-lg border px-3 py-2.5 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {/* Read as "3 Aufträge: Angefragt". */}
              <span className="min-w-8 text-xl font-bold tabular-nums">{n}</span>
              <span className="sr-only">{t.open.orders(n)}</span>
              <span className="flex-1 text-sm">{label}</span>
              <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const percent = new Intl.NumberFormat("de-DE", { style: "percent", maximumFractionDigits: 1 });

/** The share of the step before, or null when the step before is 0 (no meaningful rate). */
export function stepRate(value: number, before: number): string | null {
  return before > 0 ? percent.format(value / before) : null;
}

export function Funnel({ funnel }: { funnel: SellerFigures["funnel"] }) {
  const steps = [
    { key: "views", value: funnel.views, rate: null },
    { key: "conversations", value: funnel.conversations, rate: stepRate(funnel.conversations, funnel.views) },
    { key: "orders", value: funnel.orders, rate: stepRate(funnel.orders, funnel.conversations) },
    { key: "completed", value: funnel.completed, rate: stepRate(funnel.completed, funnel.orders) },
  ] as const;
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {steps.map((step, i) => (
        <li key={step.key} className="relative rounded-lg border bg-muted/30 px-3 py-3">
          <p className="text-2xl font-bold tabular-nums">{step.value.toLocaleString("de-DE")}</p>
          <p className="text-sm font-medium">{t.funnel.steps[step.key]}</p>
          {step.key !== "views" && <p className="mt-0.5 text-xs text-muted-foreground">{step.rate ? t.funnel.rate[step.key](step.rate) : t.funnel.noRate}</p>}
          {i < steps.length - 1 && (
            <ChevronRight
              aria-hidden="true"
              className="absolute top-1/2 -right-2.5 z-10 hidden size-4 -translate-y-1/2 rounded-full bg-background text-muted-foreground sm:block"
            />
          )}
        </li>
      ))}
    </ol>
  );
}
