import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { favorites, profiles, services } from "~/db/schema";
import { isServiceId } from "~/features/services/service-id";
import type { PriceUnit } from "~/features/orders/limits";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { refusingVanishedRow } from "~/lib/sql-errors";

/**
 * Sets the favourite state to what the user asked for (not a blind toggle),
 * so double clicks and retries are idempotent. A service removed by moderation or of a suspended
 * provider cannot be added (it is missing for everyone but its author, ADR 023), but a favourite
 * of it can still be taken away: that is the user's own list, and a page opened before the
 * removal still offers the button.
 */
export async function setFavorite(db: Database, { actorId, serviceId, on }: { actorId: string | null; serviceId: string | undefined; on: boolean }) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", "service_not_found");
  if (on) {
    const [service] = await db.select({ createdBy: services.createdBy, listed: services.listed }).from(services).where(eq(services.id, serviceId));
    if (!service || (!service.listed && service.createdBy !== actorId)) throw new AppError("NOT_FOUND", "service_not_found");
    await refusingVanishedRow(
      () => db.insert(favorites).values({ userId: actorId, serviceId }).onConflictDoNothing({ target: [favorites.userId, favorites.serviceId] }),
      "service_not_found",
    );
  } else {
    await db.delete(favorites).where(and(eq(favorites.userId, actorId), eq(favorites.serviceId, serviceId)));
  }
  return { on };
}

/** Which of these services the user has favourited. */
export async function favoriteIds(db: Database, userId: string | null | undefined, serviceIds: string[]): Promise<Set<string>> {
  if (!userId || serviceIds.length === 0) return new Set();
  const rows = await db
    .select({ serviceId: favorites.serviceId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.serviceId, serviceIds)));
  return new Set(rows.map((r) => r.serviceId));
}

/** The description of a favourite card is cut to this many characters (spec section 9). */
export const FAVORITE_EXCERPT_LENGTH = 100;

export interface FavoriteCard {
  serviceId: string;
  title: string;
  /** The first 100 characters of the description; `truncated` says whether there is more. */
  excerpt: string;
  truncated: boolean;
  price: string;
  priceUnit: PriceUnit;
  category: string;
  views: number;
  createdAt: Date;
  favoritedAt: Date;
  author: { firstName: string | null; lastName: string | null };
}

/** The user's favourites with their services and authors, newest first (spec section 7, favorites). */
export async function listFavorites(db: Database, userId: string): Promise<FavoriteCard[]> {
  const rows = await db
    .select({
      serviceId: services.id,
      title: services.title,
      excerpt: sql<string>`left(${services.description}, ${FAVORITE_EXCERPT_LENGTH})`,
      truncated: sql<boolean>`char_length(${services.description}) > ${FAVORITE_EXCERPT_LENGTH}`,
      price: services.price,
      priceUnit: services.priceUnit,
      category: services.category,
      views: services.views,
      createdAt: services.createdAt,
      favoritedAt: favorites.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(favorites)
    .innerJoin(services, eq(services.id, favorites.serviceId))
    .leftJoin(profiles, eq(profiles.userId, services.createdBy))
    // A removed service, or one of a suspended provider, is not shown (ADR 023).
    .where(and(eq(favorites.userId, userId), eq(services.listed, true)))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .limit(200);
  return rows.map(({ firstName, lastName, ...row }) => ({ ...row, truncated: Boolean(row.truncated), author: { firstName, lastName } }));
}
