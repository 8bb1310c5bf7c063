import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { parseInput } from "~/lib/validation";
import type { NotificationSettings } from "./kinds";
import { saveNotificationSettings } from "./settings.server";
import { notificationSettingsFormSchema } from "./settings-form";

export interface UpdateNotificationSettingsOptions {
  /** The signed-in user: the only one whose settings change. */
  actorId: string | null;
  /** The posted form (the intent field aside). */
  input: Record<string, string>;
}

/**
 * Saves the settings form for the signed-in user. A form naming an unknown kind, channel or
 * value is refused as a whole (invalid_input), and nothing changes.
 */
export async function updateNotificationSettings(db: Database, { actorId, input }: UpdateNotificationSettingsOptions): Promise<NotificationSettings> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const { intent: _intent, ...fields } = input;
  const settings = parseInput(notificationSettingsFormSchema, fields);
  await saveNotificationSettings(db, actorId, settings);
  return settings;
}
