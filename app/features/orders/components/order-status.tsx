import { cn } from "~/lib/class-names";
import { ordersDe as t } from "~/i18n/orders.de";
import type { OrderStatus } from "../limits";

/** Colour per status: waiting on someone (amber/blue), done (green), ended without work (grey). */
const TONE: Record<OrderStatus, string> = {
  requested: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  in_progress: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  delivered: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  declined: "bg-muted text-muted-foreground",
  cancelled: "bg-muted text-muted-foreground",
};

export function OrderStatusBadge({ status, large = false, className }: { status: OrderStatus; /** The order page's heading has the larger one. */ large?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 font-semibold", large ? "text-sm" : "text-xs", TONE[status], className)}>{t.status[status]}</span>
  );
}
