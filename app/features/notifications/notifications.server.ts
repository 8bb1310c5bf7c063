import { and, desc, eq, sql, type Placeholder } from "drizzle-orm";
import { notifications } from "~/db/schema";
import { publish } from "~/features/realtime/realtime.server";
import { rowsOf, type Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import type { AnyNotificationKind } from "./kinds";
import { wantsNotification } from "./settings.server";

export const NOTIFICATIONS_LIMIT = 50;

export interface NewNotification {
  userId: string;
  /** Which of the user's settings applies (./kinds). */
  kind: AnyNotificationKind;
  title: string;
  message: string;
  /** Same-origin path of what it is about. */
  link?: string;
  /**
   * Events of one group (e.g. the messages of one conversation, `conversationGroup(id)`) share one
   * unread entry: a new one bumps its count, takes over message and link, moves it to the top,
   * and is titled `title(count)` from the second event on.
   */
  group?: { key: string; title: (count: number) => string };
}

type Writer = Pick<Database, "insert" | "update" | "execute" | "select">;

/** The group key of a conversation's message notifications (marked read when it is opened). */
export function conversationGroup(conversationId: string): string {
  return `conversation:${conversationId}`;
}

/**
 * Records a notification for a user (written by the server when something happens to them) and
 * tells the user's open tabs once the surrounding transaction commits — unless the user switched
 * this kind off in-app (then nothing is stored; returns false).
 */
export async function createNotification(db: Writer, notification: NewNotification): Promise<boolean> {
  if (!(await wantsNotification(db, notification.userId, notification.kind, "inApp"))) return false;
  const { group, ...fields } = notification;
  const values = { ...fields, link: fields.link ?? null, groupKey: group?.key ?? null };
  let id: string;
  if (!group) {
    const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
    id = row!.id;
  } else {
    // One statement, so two events at once meet on the unique index and count both (the second
    // waits for the first's row); a read entry no longer matches the index, so the next starts anew.
    const [row] = await db
      .insert(notifications)
      .values(values)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.groupKey],
        targetWhere: sql`${notifications.read} = false and ${notifications.groupKey} is not null`,
        set: {
          count: sql`${notifications.count} + 1`,
          message: sql`excluded.message`,
          link: sql`excluded.link`,
          createdAt: sql`now()`,
        },
      })
      .returning({ id: notifications.id, count: notifications.count });
    id = row!.id;
    if (row!.count > 1) await db.update(notifications).set({ title: group.title(row!.count) }).where(eq(notifications.id, id));
  }
  await publish(db, [notification.userId], { type: "notification.created", notificationId: id });
  return true;
}

/**
 * Opening a conversation: the user's unread notifications about it become read (only theirs).
 * Returns how many; the caller publishes "counts" with its other changes.
 */
export async function markConversationNotificationsRead(db: Pick<Database, "update">, userId: string, conversationId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, conversationGroup(conversationId)), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface NotificationView {
  id: string;
  title: string;
  message: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}

/** The user's latest 50 notifications, newest first (spec section 7). */
export async function listNotifications(db: Database, userId: string): Promise<NotificationView[]> {
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      read: notifications.read,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const result = await db.execute(sql`select ${unreadNotificationsCount(userId)} as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The count above as a scalar subquery (see ./counts.server). */
export function unreadNotificationsCount(userId: string | Placeholder) {
  return sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.read} = false)`;
}

/**
 * Marks one of the user's notifications read and returns where it leads. Another user's id
 * changes nothing and reads as unknown (null).
 */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<{ link: string | null } | null> {
  if (!isUuid(id)) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ link: notifications.link });
    if (row) await publish(tx, [userId], { type: "counts" });
    return row ?? null;
  });
}

/** Mark all read: every unread notification of this user, and nobody else's. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (rows.length > 0) await publish(tx, [userId], { type: "counts" });
    return rows.length;
  });
}
