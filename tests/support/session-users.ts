import type { SessionUser } from "~/features/auth/session.server";

/** A signed-in person as the session reads them, for route tests that mock readSession: `{id}@example.de`, last name "Test". */
export function sessionUser(id: string, firstName: string): SessionUser {
  return { id, email: `${id}@example.de`, firstName, lastName: "Test", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };
}
