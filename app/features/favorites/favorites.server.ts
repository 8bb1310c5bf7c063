import { and, eq, inArray } from "drizzle-orm";
import { favorites, services } from "~/db/schema";
import { isServiceId } from "~/features/services/services.server";
import { de } from "~/i18n/de";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";

/**
 * Sets the favourite state to what the user asked for (not a blind toggle),
 * so double clicks and retries are idempotent.
 */
export async function setFavorite(db: Database, { actorId, serviceId, on }: { actorId: string | null; serviceId: string | undefined; on: boolean }) {
  if (!actorId) throw new AppError("UNAUTHORIZED", de.favorites.authRequiredText);
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", de.services.detail.notFoundTitle);
  if (on) {
    const [service] = await db.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
    if (!service) throw new AppError("NOT_FOUND", de.services.detail.notFoundTitle);
    await db.insert(favorites).values({ userId: actorId, serviceId }).onConflictDoNothing({ target: [favorites.userId, favorites.serviceId] });
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
