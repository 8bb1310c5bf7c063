/** The signed-in user as the pages see it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "user" | "support";
}

/**
 * The signed-in user of a request, or null.
 * Accounts (Better Auth) are not wired yet, so nobody is signed in: every
 * protected page redirects to /auth and the shell shows the signed-out state.
 */
export async function getSessionUser(_request: Request): Promise<SessionUser | null> {
  return null;
}
