import { eq } from "drizzle-orm";
import { orderEvents, profiles, user, type OrderRow } from "~/db/schema";
import { createNotification } from "~/features/notifications/notifications.server";
import { wantsNotificationSql } from "~/features/notifications/settings.server";
import { withUnsubscribe } from "~/features/notifications/unsubscribe.server";
import { publish } from "~/features/realtime/realtime.server";
import { ordersDe as t } from "~/i18n/orders.de";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { displayName } from "~/lib/format";
import { queuedMailer } from "~/lib/jobs/index.server";
import { actionMail } from "~/lib/mail-layout";
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
    const [contact] = await tx
      .select({
        email: user.email,
        firstName: profiles.firstName,
        lastName: profiles.lastName,
        wantsMail: wantsNotificationSql(user.id, "orders", "email").mapWith(Boolean),
      })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, recipient));
    if (contact?.email && contact.wantsMail) {
      const text = note ? `${message}\n\n„${note}“` : message;
      await queuedMailer(tx).send(
        withUnsubscribe(
          actionMail({
            to: contact.email,
            name: displayName(contact.firstName, contact.lastName),
            subject: t.notification.title[kind],
            text,
            button: t.mail.button,
            url: `${env().baseUrl}${orderPath(order.id)}`,
            note: t.mail.note,
          }),
          recipient,
          "orders",
        ),
      );
    }
  }
  await publish(tx, [order.buyerId, order.sellerId], { type: "order.updated", orderId: order.id });
  return event!.id;
}

export async function nameOf(db: Pick<Database, "select">, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, userId));
  return displayName(row?.firstName, row?.lastName);
}
