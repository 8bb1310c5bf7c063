import { presenceDe } from "~/i18n/presence.de";

/** What a viewer may know of another person's presence (null: hidden, by either side's setting). */
export interface PresenceView {
  online: boolean;
  /** The last time a stream of theirs was open (ISO); null when never seen. */
  lastSeenAt: string | null;
}

const berlinDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" });
const berlinDate = new Intl.DateTimeFormat("de-DE", { timeZone: "Europe/Berlin", day: "2-digit", month: "2-digit", year: "numeric" });

/** The calendar day in Germany, as a number of days, so "yesterday" is a day boundary there. */
function dayNumber(date: Date): number {
  const [y, m, d] = berlinDay.format(date).split("-").map(Number);
  return Date.UTC(y!, m! - 1, d!) / 86_400_000;
}

/**
 * "online", or when they were last seen, rounded down: under a minute "gerade eben", under an
 * hour in minutes, the same day (or under 12 hours) in hours, the day before "gestern", else the
 * date. Empty when there is nothing to say (hidden, or never seen).
 */
export function presenceLabel(presence: PresenceView | null | undefined, now: Date): string {
  if (!presence) return "";
  if (presence.online) return presenceDe.online;
  if (!presence.lastSeenAt) return "";
  const seen = new Date(presence.lastSeenAt);
  const minutes = Math.max(0, Math.floor((now.getTime() - seen.getTime()) / 60_000));
  if (minutes < 1) return presenceDe.lastSeen.justNow;
  if (minutes < 60) return presenceDe.lastSeen.minutes(minutes);
  const days = dayNumber(now) - dayNumber(seen);
  const hours = Math.floor(minutes / 60);
  // Shortly after midnight, "vor 2 Std." says more than "gestern".
  if (days <= 0 || hours < 12) return presenceDe.lastSeen.hours(hours);
  if (days === 1) return presenceDe.lastSeen.yesterday;
  return presenceDe.lastSeen.onDate(berlinDate.format(seen));
}
