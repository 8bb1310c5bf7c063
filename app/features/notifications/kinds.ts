/**
 * The kinds of notification a user can switch on and off, in-app and by e-mail separately
 * (profile, "Benachrichtigungseinstellungen"). Every notification the server creates names its
 * kind; "other" is for what has no setting (always shown in-app, never mailed on its own).
 * The database checks repeat this list (db/schema/notifications.ts, notification-settings.ts).
 */
export const NOTIFICATION_KINDS = ["messages", "reviews", "tickets", "orders", "saved_searches"] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type AnyNotificationKind = NotificationKind | "other";
export type NotificationChannel = "inApp" | "email";

export interface NotificationSetting {
  inApp: boolean;
  email: boolean;
}

export type NotificationSettings = Record<NotificationKind, NotificationSetting>;

/** Labels for the settings section (German only: the spec has no such screen). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  messages: { label: "Nachrichten", hint: "Neue Nachrichten in Ihren Chats; per E-Mail als Zusammenfassung ungelesener Nachrichten." },
  reviews: { label: "Bewertungen und Kommentare", hint: "Neue Bewertungen, Antworten und Kommentare zu Ihren Dienstleistungen." },
  tickets: { label: "Support-Anfragen", hint: "Antworten und Statusänderungen zu Ihren Support-Tickets; per E-Mail nur die Antworten." },
  orders: { label: "Aufträge", hint: "Neue Buchungen, Lieferungen, Rechnungen und jede Änderung an Ihren Aufträgen." },
  saved_searches: { label: "Gespeicherte Suchen", hint: "Neue Dienstleistungen zu Ihren gespeicherten Suchen (höchstens einmal täglich)." },
};

export const DEFAULT_NOTIFICATION_SETTING: NotificationSetting = { inApp: true, email: true };

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
