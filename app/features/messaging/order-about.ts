import { ordersDe } from "~/i18n/orders.de";
import { formatDate, formatTime } from "~/lib/format";
import type { ConversationSummary, OrderRef } from "./conversations.server";

/**
 * How the service chat names an order's conversation, in the list and above the conversation.
 * The same buyer may order the same service twice: the order's date tells the two apart.
 */

/** "Auftrag vom 24.11.2026: Logodesign" (with ", 14:05 Uhr" after the date when `withTime`). */
export function orderAbout(order: OrderRef, withTime: boolean): string {
  return ordersDe.chat.about(order.title, formatDate(order.bookedAt, "numeric"), withTime ? formatTime(order.bookedAt) : undefined);
}

/**
 * The order conversations that their date would not tell apart (the same person and service,
 * booked the same day): these name the time of booking too.
 */
export function ordersNeedingTime(conversations: readonly Pick<ConversationSummary, "id" | "order" | "other">[]): ReadonlySet<string> {
  const byDay = new Map<string, string[]>();
  for (const c of conversations) {
    if (!c.order) continue;
    const key = JSON.stringify([c.other.userId ?? c.other.name, c.order.title, formatDate(c.order.bookedAt, "numeric")]);
    byDay.set(key, [...(byDay.get(key) ?? []), c.id]);
  }
  return new Set([...byDay.values()].filter((ids) => ids.length > 1).flat());
}
