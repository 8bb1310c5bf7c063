import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

export const PROFILE_ROLES = ["user", "support"] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const BIO_MAX = 300;
export const GALLERY_MAX = 5;

/** One profile per account (1:1 with `user`), created in the sign-up flow. */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull(),
    username: text("username"),
    bio: text("bio"),
    avatarUrl: text("avatar_url"),
    /** Public URLs of at most five gallery images, oldest first. */
    gallery: jsonb("gallery").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    role: text("role", { enum: PROFILE_ROLES }).notNull().default("user"),
    isPremium: boolean("is_premium").notNull().default(false),
    profileViews: integer("profile_views").notNull().default(0),
    theme: text("theme", { enum: THEMES }).notNull().default("light"),
    /** The public profile was removed by moderation (ADR 023): 404 for everyone but its owner. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    /** The account is suspended (ADR 023): no sign-in, no session, its services hidden. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // /u/{username} needs one user per name, whatever the letter case.
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    check("profiles_bio_length", sql`${t.bio} is null or char_length(${t.bio}) <= ${sql.raw(String(BIO_MAX))}`),
    check("profiles_role_valid", sql`${t.role} in ('user', 'support')`),
    check("profiles_theme_valid", sql`${t.theme} in ('light', 'dark')`),
    check(
      "profiles_gallery_limit",
      sql`jsonb_typeof(${t.gallery}) = 'array' and jsonb_array_length(${t.gallery}) <= ${sql.raw(String(GALLERY_MAX))}`,
    ),
    check("profiles_views_non_negative", sql`${t.profileViews} >= 0`),
    check("profiles_username_format", sql`${t.username} is null or ${t.username} ~ '^[A-Za-z0-9._-]{3,30}$'`),
  ],
);
