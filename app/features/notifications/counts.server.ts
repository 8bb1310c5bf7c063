import { sql, type Placeholder } from "drizzle-orm";
import type { ChatView } from "~/features/messaging/message-text";
import { perDatabase, type Database } from "~/lib/db.server";
import { unreadNotificationsCount } from "./notifications.server";

/**
 * A named statement: it runs for every signed-in page, and planning it cost four times what running
 * it does (0.42 against 0.08 ms a call, measured on the bench database). Its plan does not depend
 * on the user, so a generic plan is as good as a fresh one.
 */
const countsStatement = perDatabase((db) => {
  const userId: Placeholder = sql.placeholder("userId");
  return db
    .select({
      service: sql<number>`u.service`,
      live: sql<number>`u.live`,
      newestKind: sql<string | null>`u.newest_kind`,
      notifications: unreadNotificationsCount(userId),
    })
    .from(
      sql`(
        select count(*) filter (where c.kind <> 'direct')::int as service,
          count(*) filter (where c.kind = 'direct')::int as live,
          (array_agg(c.kind order by m.created_at desc, m.id desc))[1] as newest_kind
        from messages m
        join conversations c on c.id = m.conversation_id
        where (c.user1_id = ${userId} or c.user2_id = ${userId})
          and m.read = false and m.sender_id is distinct from ${userId}
      ) as u`,
    )
    .prepare("shell_unread_counts");
});

export interface UnreadCounts {
  /** Unread messages to the user (the "Chats" badge): both views together. */
  newMessages: number;
  unreadNotifications: number;
  /** Unread messages per chat view (/chats: about a service or an order; /live-chat: direct). */
  unreadByView: Record<ChatView, number>;
  /** The view holding the newest unread message (where the badge's click leads), or null. */
  newestUnreadView: ChatView | null;
}

/**
 * The shell's counts in one query: every signed-in page reads them, and a round trip to the
 * database costs more than any of the counts (a profile of signed-in pages: most of the time in
 * socket writes was spent sending queries). One pass over the user's unread messages gives the
 * total, the split by view and the view of the newest one.
 */
export async function loadUnreadCounts(db: Database, userId: string): Promise<UnreadCounts> {
  const [row] = await countsStatement(db).execute({ userId });
  const service = Number(row?.service ?? 0);
  const live = Number(row?.live ?? 0);
  return {
    newMessages: service + live,
    unreadNotifications: Number(row?.notifications ?? 0),
    unreadByView: { service, live },
    newestUnreadView: row?.newestKind ? (row.newestKind === "direct" ? "live" : "service") : null,
  };
}
