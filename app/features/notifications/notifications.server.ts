import { notifications } from "~/db/schema";
import type { Database } from "~/lib/db.server";

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  /** Same-origin path of what it is about. */
  link?: string;
}

/** Records a notification for a user (written by the server when something happens to them). */
export async function createNotification(db: Pick<Database, "insert">, notification: NewNotification): Promise<void> {
  await db.insert(notifications).values({ ...notification, link: notification.link ?? null });
}
