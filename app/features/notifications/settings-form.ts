import { z } from "zod";
import { inboxDe } from "~/i18n/inbox.de";
import { NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind, type NotificationSettings } from "./kinds";

/**
 * The settings form ("Benachrichtigungseinstellungen" on the profile): one checkbox per kind and
 * channel, named `<kind>.<channel>`. A checked box sends "on", an unchecked one nothing, so the
 * posted form is always the whole set; any other field or value is refused (nothing is saved).
 */
export function settingFieldName(kind: NotificationKind, channel: NotificationChannel): string {
  return `${kind}.${channel}`;
}

const CHANNELS: NotificationChannel[] = ["inApp", "email"];

const checkbox = z
  .enum(["on", "true", "off", "false"], { message: inboxDe.settings.invalid })
  .optional()
  .transform((value) => value === "on" || value === "true");

export const notificationSettingsFormSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.flatMap((kind) => CHANNELS.map((channel) => [settingFieldName(kind, channel), checkbox]))),
    { message: inboxDe.settings.invalid },
  )
  .transform(
    (fields): NotificationSettings =>
      Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [kind, { inApp: fields[settingFieldName(kind, "inApp")] === true, email: fields[settingFieldName(kind, "email")] === true }]),
      ) as NotificationSettings,
  );
