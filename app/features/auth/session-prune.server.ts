import { lt } from "drizzle-orm";
import { session, verification } from "~/db/schema";
import type { Database } from "~/lib/db.server";

/**
 * Deletes sign-in sessions and verification tokens that have expired. Better Auth refuses them
 * anyway, but leaves the rows, and a session row holds the IP address and browser it was opened
 * from: personal data the privacy policy promises to keep no longer than the session lasts (30
 * days after its last use). Run by the hourly housekeeping job.
 */
export async function pruneExpiredSessions(db: Database, now: Date = new Date()): Promise<void> {
  await db.delete(session).where(lt(session.expiresAt, now));
  await db.delete(verification).where(lt(verification.expiresAt, now));
}
