import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { CREATE_CATEGORIES, EDIT_CATEGORIES, SERVICE_CATEGORIES } from "~/features/services/categories";
import { PRICE_UNITS } from "~/features/orders/limits";
import { DELIVERY_DAYS_MAX, WORK_CITY_MAX, WORK_PLACES } from "~/features/services/listing-facts";
import { user } from "./auth";

export { CREATE_CATEGORIES, EDIT_CATEGORIES, SERVICE_CATEGORIES };

export const SERVICE_TITLE_MAX = 120;
export const SERVICE_DESCRIPTION_MAX = 5000;
export const SERVICE_PRICE_MAX = 99_999_999.99; // numeric(10,2)

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const categoryList = SERVICE_CATEGORIES.map((c) => `'${c}'`).join(", ");

export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Money is exact: numeric(10,2), read as a string by the drivers. */
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    /** Festpreis, or per hour, day or month (then an order states a quantity). */
    priceUnit: text("price_unit", { enum: PRICE_UNITS }).notNull().default("fixed"),
    /** Days until delivery (1–365); null is "nach Vereinbarung". */
    deliveryDays: smallint("delivery_days"),
    /** Where the work happens: remote, vor Ort (in work_city) or both. */
    workPlace: text("work_place", { enum: WORK_PLACES }).notNull().default("remote"),
    /** The city for vor Ort / both (trimmed, at most WORK_CITY_MAX characters); null when remote. */
    workCity: text("work_city"),
    category: text("category").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    isFeatured: boolean("is_featured").notNull().default(false),
    /** Kept exact by every review write, in the same transaction (see reviews feature). */
    ratingAvg: numeric("rating_avg", { precision: 3, scale: 2 }).notNull().default("0"),
    ratingCount: integer("rating_count").notNull().default(0),
    /**
     * German full-text search; the title weighs more than the description. A slash separates
     * words here (the search box does the same, services.server.ts): the parser would keep
     * "UI/UX-Design" as one file-path token, which neither "UX" nor "UI/UX" could find.
     */
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('german', translate(coalesce(title, ''), '/', ' ')), 'A') || setweight(to_tsvector('german', translate(coalesce(description, ''), '/', ' ')), 'B')`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Removed by moderation (ADR 023): shown to its author only, with the statement of reasons. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** Its provider's account is suspended (ADR 023): hidden until the suspension is lifted. */
    ownerSuspended: boolean("owner_suspended").notNull().default(false),
    /**
     * Whether the public sees it: every public query filters on this one column, and the
     * catalogue's indexes hold only listed rows (partial indexes), so the filter costs nothing.
     */
    listed: boolean("listed")
      .notNull()
      .generatedAlwaysAs(sql`removed_at is null and not owner_suspended`),
  },
  (t) => [
    check("services_price_range", sql`${t.price} >= 0`),
    check("services_price_unit_valid", sql`${t.priceUnit} in ('fixed', 'hour', 'day', 'month')`),
    check("services_delivery_days_range", sql`${t.deliveryDays} is null or ${t.deliveryDays} between 1 and ${sql.raw(String(DELIVERY_DAYS_MAX))}`),
    check("services_work_place_valid", sql`${t.workPlace} in ('remote', 'onsite', 'both')`),
    check(
      "services_work_city_valid",
      sql`(${t.workPlace} = 'remote' and ${t.workCity} is null) or (${t.workPlace} <> 'remote' and ${t.workCity} is not null and ${t.workCity} = btrim(${t.workCity}) and char_length(${t.workCity}) between 1 and ${sql.raw(String(WORK_CITY_MAX))})`,
    ),
    check("services_title_length", sql`char_length(btrim(${t.title})) between 1 and ${sql.raw(String(SERVICE_TITLE_MAX))}`),
    check("services_description_length", sql`char_length(${t.description}) <= ${sql.raw(String(SERVICE_DESCRIPTION_MAX))}`),
    check("services_category_valid", sql.raw(`category in (${categoryList})`)),
    check("services_views_non_negative", sql`${t.views} >= 0`),
    check("services_rating_avg_range", sql`${t.ratingAvg} between 0 and 5`),
    // Featured first under every sort: each sort key has an index led by is_featured.
    index("services_newest_idx").on(t.isFeatured.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("services_rating_idx").on(t.isFeatured.desc(), t.ratingAvg.desc(), t.ratingCount.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("services_price_idx").on(t.isFeatured.desc(), t.price, t.id).where(sql`${t.listed}`),
    index("services_price_desc_idx").on(t.isFeatured.desc(), t.price.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("services_views_idx").on(t.isFeatured.desc(), t.views.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("services_category_idx").on(t.category, t.isFeatured.desc(), t.createdAt.desc(), t.id.desc()).where(sql`${t.listed}`),
    // Counting a filter set (exact up to 10,000, catalogue.server.ts) reads index entries only: each
    // combination of category, price range and minimum rating is bounded by the first column of one
    // of these and finds the other filters' columns in the same entries (an index-only scan, no
    // table row read). The sort indexes above serve the no-filter and category-only counts. Delivery
    // time and place trail each of them (checked in the entry, not bounding it), and bound their own
    // index when they are the only filters: "bis N Tage" is a range on its first column.
    index("services_category_price_idx").on(t.category, t.price, t.ratingAvg, t.deliveryDays, t.workPlace).where(sql`${t.listed}`),
    index("services_price_range_idx").on(t.price, t.ratingAvg, t.deliveryDays, t.workPlace).where(sql`${t.listed}`),
    index("services_rating_range_idx").on(t.ratingAvg, t.price, t.deliveryDays, t.workPlace).where(sql`${t.listed}`),
    index("services_delivery_idx").on(t.deliveryDays, t.workPlace, t.price, t.ratingAvg).where(sql`${t.listed}`),
    index("services_created_by_idx").on(t.createdBy, t.isFeatured.desc(), t.createdAt.desc()),
    index("services_search_idx").using("gin", t.search).where(sql`${t.listed}`),
  ],
);

/**
 * The distinct words of the service titles (lower case, as written) with the number of services
 * whose title has each: the vocabulary the forgiving search widens a thin search with (compound
 * parts, near spellings), "Meinten Sie …?" and the suggestions while typing read (ADR 017).
 * Kept by triggers on `services` (migration forgiving_search); `folded` is the word without
 * accents and umlaut dots ("strasse", "ubersetzung"), matched by trigrams and prefix.
 */
export const serviceWords = pgTable(
  "service_words",
  {
    word: text("word").primaryKey(),
    folded: text("folded").notNull(),
    services: integer("services").notNull(),
  },
  (t) => [
    index("service_words_folded_trgm_idx").using("gin", sql`${t.folded} gin_trgm_ops`),
    index("service_words_folded_prefix_idx").on(t.folded.op("text_pattern_ops")),
  ],
);

/** Text compared byte by byte: a prefix's terms lie together in its index (see serviceTerms). */
const byteText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * The search terms of the listed services, each with the newest sort's key: an inverted index
 * whose entries of one term lie in the catalogue's default order (featured first, newest first).
 * A search by newest merges the entries of its few terms in that order and stops at the page
 * instead of reading and sorting every match (catalogue.server.ts, ADR 029). Kept by a trigger on
 * `services` (migrations service_terms, service_terms_filters); the lexemes are those of
 * `services.search`. `term` sorts by bytes, as the text index matches prefixes, so a prefix's terms
 * are neighbours.
 *
 * Each entry also carries what the catalogue filters and sorts by, except views (counted too often
 * to copy): the primary key's index holds them (INCLUDE, written by the migration, which Drizzle
 * cannot express), so a search with filters under any sort but views reads its matches from the
 * index alone, not from the table.
 */
export const serviceTerms = pgTable(
  "service_terms",
  {
    term: byteText("term").notNull(),
    isFeatured: boolean("is_featured").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    serviceId: uuid("service_id").notNull(),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    ratingAvg: numeric("rating_avg", { precision: 3, scale: 2 }).notNull(),
    ratingCount: integer("rating_count").notNull(),
    category: text("category").notNull(),
    deliveryDays: smallint("delivery_days"),
    workPlace: text("work_place", { enum: WORK_PLACES }).notNull(),
  },
  (t) => [primaryKey({ name: "service_terms_pkey", columns: [t.term, t.isFeatured, t.createdAt, t.serviceId] })],
);

/** The one source of truth for ratings: a star click is a review without text. */
export const serviceReviews = pgTable(
  "service_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    reviewText: text("review_text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Removed by moderation (ADR 023): hidden from everyone but its author; not counted in the rating. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    unique("service_reviews_one_per_user").on(t.serviceId, t.userId),
    check("service_reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("service_reviews_text_length", sql`${t.reviewText} is null or char_length(${t.reviewText}) <= 2000`),
    index("service_reviews_service_idx").on(t.serviceId, t.createdAt.desc()),
    index("service_reviews_user_idx").on(t.userId),
  ],
);

export const serviceComments = pgTable(
  "service_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    comment: text("comment").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Removed by moderation (ADR 023): hidden from everyone but its author. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("service_comments_not_blank", sql`char_length(btrim(${t.comment})) between 1 and 2000`),
    index("service_comments_service_idx").on(t.serviceId, t.createdAt.desc()),
    index("service_comments_user_idx").on(t.userId),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("favorites_one_per_user").on(t.userId, t.serviceId),
    index("favorites_user_idx").on(t.userId, t.createdAt.desc()),
    index("favorites_service_idx").on(t.serviceId),
  ],
);

export type ServiceRow = typeof services.$inferSelect;
