import { ClipboardList } from "~/components/ui/icons";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { OrderStatusBadge } from "~/features/orders/components/order-status";
import { quantityText } from "~/features/orders/quantity";
import { ORDER_STATUSES } from "~/features/orders/limits";
import { listOrders, parseStatusFilter, type OrderRole, type StatusFilter } from "~/features/orders/queries.server";
import { pageMeta } from "~/i18n/de";
import { ordersDe as t } from "~/i18n/orders.de";
import { cn } from "~/lib/class-names";
import { formatDate, formatPrice } from "~/lib/format";
import { pageNumber } from "~/lib/paging";
import { database, signedInUser } from "~/lib/request-context.server";
import type { Route } from "./+types/orders";

/** The roles in the URL (German, like the screen): ?rolle=einkauf (as buyer) or ?rolle=verkauf (as provider). */
const ROLE_PARAM: Record<OrderRole, string> = { buying: "einkauf", selling: "verkauf" };

export function meta() {
  return pageMeta(t.title, t.metaDescription, { robots: "noindex" });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const params = new URL(request.url).searchParams;
  const role: OrderRole = params.get("rolle") === ROLE_PARAM.selling ? "selling" : "buying";
  return listOrders(await database(context), {
    userId: user.id,
    role,
    status: parseStatusFilter(params.get("status")),
    page: pageNumber(params.get("page")),
  });
}

function ordersHref(role: OrderRole, status: StatusFilter, page = 1): string {
  const params = new URLSearchParams({ rolle: ROLE_PARAM[role] });
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  return `/orders?${params}`;
}

const FILTERS: StatusFilter[] = ["all", "open", ...ORDER_STATUSES];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { role, status, orders, page, pageCount, openCounts } = loaderData;
  const roles: OrderRole[] = ["buying", "selling"];
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <Button asChild variant="outline" size="sm">
          <Link to="/orders/billing">{t.billing.link}</Link>
        </Button>
      </div>
      <nav aria-label={t.title} className="mt-6 grid grid-cols-2 rounded-md bg-muted p-1 text-sm font-medium">
        {roles.map((r) => (
          <Link
            key={r}
            to={ordersHref(r, "all")}
            aria-current={r === role ? "page" : undefined}
            className={cn(
              "flex items-center justify-center gap-2 rounded-sm px-3 py-2 focus-visible:outline-2 focus-visible:outline-ring",
              r === role ? "bg-background text-foreground shadow-sm" : "text-muted-foreground",
            )}
          >
            {r === "buying" ? t.tabs.buying : t.tabs.selling}
            {openCounts[r] > 0 && (
              <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground" aria-label={`${openCounts[r]} ${t.filterOpen}`}>
                {openCounts[r]}
              </span>
            )}
          </Link>
        ))}
      </nav>
      <nav aria-label={t.filterLabel} className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Link
            key={filter}
            to={ordersHref(role, filter)}
            aria-current={filter === status ? "true" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring",
              filter === status ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent",
            )}
          >
            {filter === "all" ? t.filterAll : filter === "open" ? t.filterOpen : t.status[filter]}
          </Link>
        ))}
      </nav>
      {orders.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-xl border border-dashed px-6 py-16 text-center">
          <ClipboardList className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="mt-4 max-w-md font-medium">{status !== "all" ? t.emptyFiltered : role === "buying" ? t.emptyBuying : t.emptySelling}</p>
          {role === "buying" && status === "all" && (
            <Button asChild className="mt-6">
              <Link to="/services">{t.browseServices}</Link>
            </Button>
          )}
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-3">
          {orders.map((order) => (
            <li key={order.id} className="min-w-0">
              <Link
                to={`/orders/${order.id}`}
                className="flex flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{order.serviceTitle}</span>
                  <span className="block text-sm text-muted-foreground">
                    {role === "buying" ? t.detail.seller : t.detail.buyer}: {order.otherParty} · {formatDate(order.createdAt)}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-3">
                  <span className="text-right">
                    <span className="block font-semibold tabular-nums">{formatPrice(order.total)}</span>
                    {order.priceUnit !== "fixed" && <span className="block text-xs text-muted-foreground">{quantityText(order.priceUnit, order.quantity)}</span>}
                  </span>
                  <OrderStatusBadge status={order.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => ordersHref(role, status, p)} />
    </div>
  );
}
