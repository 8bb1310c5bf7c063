import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { services } from "./services";

/**
 * A /services query a user keeps, to open again and to hear of new matches (ADR 018). The query
 * is the catalogue's own normalised URL query (filtersToSearch, without sort and page), so a
 * filter added to the catalogue later is carried by it without a change here.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** "?category=Design&maxPrice=200" — never empty (a search without filters is not kept). */
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Services created after this are new to the alert job, which moves it on when it checks. */
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the user was last told of new matches (at most once a day). */
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
  },
  (t) => [
    unique("saved_searches_one_per_query").on(t.userId, t.query),
    check("saved_searches_name_length", sql`char_length(btrim(${t.name})) between 1 and 80`),
    check("saved_searches_query_shape", sql`${t.query} like '?%' and char_length(${t.query}) <= 1000`),
    index("saved_searches_user_idx").on(t.userId, t.createdAt.desc()),
    // The daily job reads the searches due for a check, oldest check first.
    index("saved_searches_checked_idx").on(t.checkedAt),
  ],
);

/** Services a saved search has told its user about: each at most once (the primary key). */
export const savedSearchHits = pgTable(
  "saved_search_hits",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.serviceId] }), index("saved_search_hits_service_idx").on(t.serviceId), index("saved_search_hits_created_idx").on(t.createdAt)],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
