import { and, eq, sql, type SQLWrapper } from "drizzle-orm";
import { notificationSettings } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import {
  DEFAULT_NOTIFICATION_SETTING,
  NOTIFICATION_KINDS,
  type AnyNotificationKind,
  type NotificationChannel,
  type NotificationSettings,
} from "./kinds";

type Reader = Pick<Database, "select">;

/** The user's settings for every kind; kinds never saved read as the default (both on). */
export async function loadNotificationSettings(db: Reader, userId: string): Promise<NotificationSettings> {
  const rows = await db
    .select({ kind: notificationSettings.kind, inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_NOTIFICATION_SETTING }])) as NotificationSettings;
  for (const row of rows) {
    if (row.kind in settings) settings[row.kind as keyof NotificationSettings] = { inApp: row.inApp, email: row.email };
  }
  return settings;
}

/** Stores the whole set (one upsert); kinds missing from `settings` keep what they were. */
export async function saveNotificationSettings(db: Pick<Database, "insert">, userId: string, settings: Partial<NotificationSettings>): Promise<void> {
  const rows = NOTIFICATION_KINDS.filter((kind) => settings[kind]).map((kind) => ({
    userId,
    kind,
    inApp: settings[kind]!.inApp,
    email: settings[kind]!.email,
    updatedAt: new Date(),
  }));
  if (rows.length === 0) return;
  await db
    .insert(notificationSettings)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Whether the user wants this kind on this channel. "other" has no setting: always in-app, and
 * never mailed through this check (its mails, like sign-in links, are not notifications).
 */
export async function wantsNotification(db: Reader, userId: string, kind: AnyNotificationKind, channel: NotificationChannel): Promise<boolean> {
  if (kind === "other") return channel === "inApp";
  const [row] = await db
    .select({ inApp: notificationSettings.inApp, email: notificationSettings.email })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.kind, kind)));
  return (row ?? DEFAULT_NOTIFICATION_SETTING)[channel];
}

/**
 * The same as a SQL condition on a user id column, for set-based jobs (e.g. the message digest
 * selects only users who want message mails): true when no row says otherwise.
 */
export function wantsNotificationSql(userIdColumn: SQLWrapper, kind: Exclude<AnyNotificationKind, "other">, channel: NotificationChannel) {
  const column = channel === "inApp" ? notificationSettings.inApp : notificationSettings.email;
  return sql<boolean>`coalesce((select ${column} from ${notificationSettings} where ${notificationSettings.userId} = ${userIdColumn} and ${notificationSettings.kind} = ${kind}), true)`;
}
