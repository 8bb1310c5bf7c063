import { eq } from "drizzle-orm";
import { orderEvents, profiles, type OrderRow } from "~/db/schema";
import { mailNotification } from "~/features/notifications/notification-mail.server";
import { createNotification } from "~/features/notifications/notifications.server";
import { publish } from "~/features/realtime/realtime.server";
import { ordersDe as t } from "~/i18n/orders.de";
import type { Database } from "~/lib/db.server";
import { displayName } from "~/lib/format";
import type { OrderEventKind } from "./limits";

/** The database or a transaction on it (a transaction is a Database too). */
type Writer = Database;

export function orderPath(orderId: string): string {
  return `/orders/${orderId}`;
}

/**
 * A timeline entry, and the other party hears of it: a notification, a realtime event to both, a mail.
 * `quiet` writes the entry only: for history written after the fact (the demo seed), which nobody
 * is waiting to hear about and which must not send a mail per step.
 */
export async function recordOrderEvent(
  tx: Writer,
  order: OrderRow,
  { actorId, kind, note, now, quiet = false }: { actorId: string | null; kind: OrderEventKind; note: string | null; now: Date; quiet?: boolean },
): Promise<string> {
  const [event] = await tx.insert(orderEvents).values({ orderId: order.id, actorId, kind, note, createdAt: now }).returning({ id: orderEvents.id });
  if (quiet) return event!.id;
  const recipients = actorId === null ? [order.buyerId, order.sellerId] : [actorId === order.buyerId ? order.sellerId : order.buyerId];
  const actorName = actorId ? await nameOf(tx, actorId) : t.system;
  for (const recipient of recipients) {
    if (!recipient) continue;
    const message = t.notification.message[kind](actorName, order.serviceTitle);
    await createNotification(tx, { kind: "orders", userId: recipient, title: t.notification.title[kind], message, link: orderPath(order.id) });
    await mailNotification(tx, {
      userId: recipient,
      kind: "orders",
      subject: t.notification.title[kind],
      text: note ? `${message}\n\n„${note}“` : message,
      button: t.mail.button,
      path: orderPath(order.id),
      note: t.mail.note,
    });
  }
  await publish(tx, [order.buyerId, order.sellerId], { type: "order.updated", orderId: order.id });
  return event!.id;
}

export async function nameOf(db: Pick<Database, "select">, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, userId));
  return displayName(row?.firstName, row?.lastName);
}
