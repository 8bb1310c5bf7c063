import { profiles, user } from "~/db/schema";
import type { SessionUser } from "~/features/auth/session.server";
import type { Database } from "~/lib/db.server";

/** A signed-in person as the session reads them, for route tests that mock readSession: `{id}@example.de`, last name "Test". */
export function sessionUser(id: string, firstName: string): SessionUser {
  return { id, email: `${id}@example.de`, firstName, lastName: "Test", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };
}

/** Their accounts and profiles in the database, as a confirmed registration leaves them. */
export async function storeSessionUsers(db: Database, people: SessionUser[]): Promise<void> {
  for (const who of people) {
    await db.insert(user).values({ id: who.id, name: who.firstName ?? "", email: who.email, emailVerified: true });
    await db.insert(profiles).values({ userId: who.id, email: who.email, firstName: who.firstName, lastName: who.lastName });
  }
}
