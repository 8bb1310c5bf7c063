import { count, desc, eq, sql } from "drizzle-orm";
import { profiles, serviceReviews, services } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { cardColumns, toCard, type ServiceCard } from "./service-card.server";

export interface DashboardData {
  profileViews: number;
  serviceCount: number;
  totalViews: number;
  /** Average over every review of the user's services, or null without reviews. */
  averageRating: string | null;
  ratingCount: number;
  services: ServiceCard[];
  /** A new member (joined within a day, nothing offered yet) is welcomed, not welcomed back. */
  isNewMember: boolean;
}

const NEW_MEMBER_MS = 24 * 60 * 60 * 1000;

export async function getDashboard(db: Database, userId: string, now = Date.now()): Promise<DashboardData> {
  const [profile] = await db.select({ profileViews: profiles.profileViews, createdAt: profiles.createdAt }).from(profiles).where(eq(profiles.userId, userId));
  const [totals] = await db
    .select({
      serviceCount: count(),
      totalViews: sql<string>`coalesce(sum(${services.views}), 0)`,
      ratingCount: sql<string>`coalesce(sum(${services.ratingCount}), 0)`,
    })
    .from(services)
    .where(eq(services.createdBy, userId));
  const rows = await db
    .select(cardColumns)
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.createdBy))
    .where(eq(services.createdBy, userId))
    .orderBy(desc(services.isFeatured), desc(services.createdAt), desc(services.id));
  const ratingCount = Number(totals?.ratingCount ?? 0);
  // Exact average over all reviews of the user's services (not an average of averages).
  const [exact] = ratingCount
    ? await db
        .select({ avg: sql<string>`round(avg(${serviceReviews.rating})::numeric, 2)` })
        .from(serviceReviews)
        .innerJoin(services, eq(services.id, serviceReviews.serviceId))
        .where(eq(services.createdBy, userId))
    : [];
  return {
    profileViews: profile?.profileViews ?? 0,
    isNewMember: Number(totals?.serviceCount ?? 0) === 0 && !!profile && now - profile.createdAt.getTime() < NEW_MEMBER_MS,
    serviceCount: Number(totals?.serviceCount ?? 0),
    totalViews: Number(totals?.totalViews ?? 0),
    averageRating: ratingCount ? (exact?.avg ?? null) : null,
    ratingCount,
    services: rows.map(toCard),
  };
}
