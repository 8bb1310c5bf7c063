import { sql } from "drizzle-orm";
import { unreadMessagesCount } from "~/features/messaging/messages.server";
import type { Database } from "~/lib/db.server";
import { unreadNotificationsCount } from "./notifications.server";

export interface UnreadCounts {
  /** Unread messages to the user (the "Chats" badge). */
  newMessages: number;
  unreadNotifications: number;
}

/**
 * The shell's two counts in one query: every signed-in page reads them, and a round trip to the
 * database costs more than either count (a profile of signed-in pages: most of the time in
 * socket writes was spent sending queries).
 */
export async function loadUnreadCounts(db: Database, userId: string): Promise<UnreadCounts> {
  const result = await db.execute(sql`select ${unreadMessagesCount(userId)} as messages, ${unreadNotificationsCount(userId)} as notifications`);
  const row = (result as unknown as { rows: { messages: number; notifications: number }[] }).rows[0];
  return { newMessages: Number(row?.messages ?? 0), unreadNotifications: Number(row?.notifications ?? 0) };
}
