import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { services } from "./services";

/** At most six images per service; the first by position is the cover (ADR 016). */
export const SERVICE_IMAGES_MAX = 6;

/**
 * The images of a service, or, while `service_id` is null, the drafts of the create form of their
 * owner (uploaded before the service exists, claimed when it is created, swept after a day).
 * The files live under `service-images/{owner_id}/{id}/{width}.webp`, one per stored width.
 */
export const serviceImages = pgTable(
  "service_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** 0 is the cover; kept dense (0..n-1) by every change. */
    position: smallint("position").notNull().default(0),
    /** The size of the largest stored width (the aspect ratio of all of them). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The stored widths, ascending (a small original has fewer). */
    widths: jsonb("widths").$type<number[]>().notNull(),
    /** The dominant colour, shown while the image loads ("#rrggbb"). */
    placeholder: text("placeholder").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("service_images_position_range", sql`${t.position} between 0 and ${sql.raw(String(SERVICE_IMAGES_MAX - 1))}`),
    check("service_images_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    check("service_images_placeholder_format", sql`${t.placeholder} ~ '^#[0-9a-f]{6}$'`),
    index("service_images_service_idx").on(t.serviceId, t.position),
    index("service_images_owner_idx").on(t.ownerId, t.createdAt),
  ],
);
