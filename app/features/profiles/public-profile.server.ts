import { and, desc, eq, sql } from "drizzle-orm";
import { profiles, services } from "~/db/schema";
import { countView, type ViewOpening } from "~/features/views/view-counter.server";
import type { Database } from "~/lib/db.server";

export interface PublicProfile {
  userId: string;
  firstName: string;
  lastName: string;
  username: string | null;
  avatarUrl: string | null;
  bio: string | null;
  gallery: string[];
  isPremium: boolean;
  role: "user" | "support";
  profileViews: number;
  createdAt: Date;
  /** Removed by moderation or the account suspended (ADR 023): only its owner sees it. */
  hidden: boolean;
}

const publicColumns = {
  userId: profiles.userId,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  username: profiles.username,
  avatarUrl: profiles.avatarUrl,
  bio: profiles.bio,
  gallery: profiles.gallery,
  isPremium: profiles.isPremium,
  role: profiles.role,
  profileViews: profiles.profileViews,
  createdAt: profiles.createdAt,
  hidden: sql<boolean>`(${profiles.removedAt} is not null or ${profiles.suspendedAt} is not null)`.mapWith(Boolean),
};

function whereProfile(by: { username: string } | { userId: string }) {
  return "username" in by ? eq(sql`lower(${profiles.username})`, by.username.toLowerCase()) : eq(profiles.userId, by.userId);
}

/**
 * A profile's public fields by username (any letter case) or user id, or null. A profile removed
 * by moderation or of a suspended account is null for everyone but its owner (`viewerId`).
 */
export async function findPublicProfile(db: Database, by: { username: string } | { userId: string }, viewerId: string | null = null): Promise<PublicProfile | null> {
  const [row] = await db.select(publicColumns).from(profiles).where(whereProfile(by));
  if (!row || (row.hidden && row.userId !== viewerId)) return null;
  return { ...row, gallery: Array.isArray(row.gallery) ? row.gallery : [] };
}

/** What the author dialog on service cards shows of a profile (the JSON of /api/profiles/:userId). */
export type AuthorProfile = Pick<PublicProfile, "userId" | "firstName" | "lastName" | "username" | "avatarUrl" | "bio" | "isPremium" | "createdAt">;

/** The author dialog's part of a public profile, in the order the JSON has always had. */
export function authorProfile(profile: PublicProfile): AuthorProfile {
  const { userId, firstName, lastName, username, avatarUrl, bio, isPremium, createdAt } = profile;
  return { userId, firstName, lastName, username, avatarUrl, bio, isPremium, createdAt };
}

/**
 * A public view of a profile: counts it once per visitor and day (features/views) and returns the
 * profile with its count, or null when there is none.
 */
export async function viewPublicProfile(db: Database, by: { username: string } | { userId: string }, opening: ViewOpening): Promise<PublicProfile | null> {
  const profile = await findPublicProfile(db, by);
  if (!profile) return null;
  const profileViews = await countView(db, "profile", profile.userId, opening);
  return profileViews === null ? null : { ...profile, profileViews };
}

/** The user's listed services for the public profile (ADR 023): featured first, then newest. */
export async function listProfileServices(db: Database, userId: string) {
  return db
    .select({
      id: services.id,
      title: services.title,
      price: services.price,
      priceUnit: services.priceUnit,
      category: services.category,
      views: services.views,
      isFeatured: services.isFeatured,
      ratingAvg: services.ratingAvg,
      ratingCount: services.ratingCount,
    })
    .from(services)
    .where(and(eq(services.createdBy, userId), eq(services.listed, true)))
    .orderBy(desc(services.isFeatured), desc(services.createdAt), desc(services.id))
    .limit(100);
}
