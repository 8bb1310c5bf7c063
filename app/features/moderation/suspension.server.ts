import { eq } from "drizzle-orm";
import { profiles, services, session } from "~/db/schema";
import { publish } from "~/features/realtime/realtime.server";
import type { Database } from "~/lib/db.server";

type Reader = Pick<Database, "select">;
type Writer = Pick<Database, "update" | "delete" | "execute">;

/** Whether an account is suspended by moderation (ADR 023). */
export async function isSuspended(db: Reader, userId: string): Promise<boolean> {
  const [row] = await db.select({ suspendedAt: profiles.suspendedAt }).from(profiles).where(eq(profiles.userId, userId));
  return Boolean(row?.suspendedAt);
}

/**
 * Suspends an account or lifts the suspension. Suspended: every session ends at once (the
 * event streams re-check theirs), sign-in is refused, and the services leave every public list
 * through `services.listed`. Lifted: the services return unless removed on their own.
 */
export async function setSuspended(db: Writer, userId: string, suspended: boolean, now = new Date()): Promise<void> {
  await db
    .update(profiles)
    .set({ suspendedAt: suspended ? now : null })
    .where(eq(profiles.userId, userId));
  await db.update(services).set({ ownerSuspended: suspended }).where(eq(services.createdBy, userId));
  if (suspended) {
    await db.delete(session).where(eq(session.userId, userId));
    // The account's open tabs end their event streams when this commits (as after a deletion).
    await publish(db, [userId], { type: "session.ended" });
  }
}
