import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { services } from "./services";

export const VIEW_KINDS = ["service", "profile"] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/**
 * Who has opened which service or public profile in the current window (a UTC day): the view
 * counters count the first opening per visitor, item and window only (features/views). The key
 * names the visitor without storing an address: a keyed hash that changes every day. The primary
 * key makes the first opening unique under concurrency and across processes; it leads with the
 * window so that ended windows are deleted by a range of it.
 */
export const viewVisits = pgTable(
  "view_visits",
  {
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: VIEW_KINDS }).notNull(),
    /** The service's id or the profile's user id. */
    itemId: text("item_id").notNull(),
    visitorKey: text("visitor_key").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.windowStart, t.kind, t.itemId, t.visitorKey] }),
    check("view_visits_kind_valid", sql`${t.kind} in ('service', 'profile')`),
  ],
);

/**
 * A service's counted views per day (the UTC day of the counting window), written by the same
 * statement that adds one to `services.views`. The visits above are pruned after a day; these
 * counts stay, so the dashboard's funnel can say how often a provider's services were seen in the
 * last 30 days. Only numbers, no visitor: nothing personal is kept.
 */
export const serviceViewDays = pgTable(
  "service_view_days",
  {
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.day] }), check("service_view_days_views_positive", sql`${t.views} > 0`)],
);
