import { and, eq, ne, sql } from "drizzle-orm";
import { profiles, user, type Theme } from "~/db/schema";
import { parseInput } from "~/lib/validation";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { sqlConstraint, sqlState } from "~/lib/sql-errors";
import { profileUpdateSchema, themeSchema } from "./schema";

export interface OwnProfile {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string | null;
  bio: string | null;
  avatarUrl: string | null;
  gallery: string[];
  role: "user" | "support";
  isPremium: boolean;
  profileViews: number;
  theme: Theme;
  createdAt: Date;
}

/** The signed-in user's own profile (every field), or null when there is none. */
export async function getOwnProfile(db: Database, userId: string): Promise<OwnProfile | null> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      // The account's address is the truth; the profile's copy follows it (auth hooks).
      email: user.email,
      username: profiles.username,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      gallery: profiles.gallery,
      role: profiles.role,
      isPremium: profiles.isPremium,
      profileViews: profiles.profileViews,
      theme: profiles.theme,
      createdAt: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  return row ? { ...row, gallery: Array.isArray(row.gallery) ? row.gallery : [] } : null;
}

function usernameTaken(): AppError {
  return new AppError("CONFLICT", "username_taken", { field: "username" });
}

/**
 * Saves first name, last name, username and bio. A username belongs to one person whatever
 * the letter case: checked first for a clear message, and by the unique index on lower(username)
 * when two people race for the same name. The account's display name (used in mails) follows.
 */
export async function updateProfile(db: Database, { actorId, input }: { actorId: string | null; input: Record<string, unknown> }) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const parsed = parseInput(profileUpdateSchema, input);
  const { firstName, lastName, username, bio } = parsed;
  if (username) {
    const [taken] = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(sql`lower(${profiles.username})`, username.toLowerCase()), ne(profiles.userId, actorId)));
    if (taken) throw usernameTaken();
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(profiles)
        .set({ firstName, lastName, username, bio, updatedAt: new Date() })
        .where(eq(profiles.userId, actorId))
        .returning({ userId: profiles.userId });
      if (!row) throw new AppError("NOT_FOUND", "profile_not_found");
      await tx.update(user).set({ name: `${firstName} ${lastName}`, updatedAt: new Date() }).where(eq(user.id, actorId));
      return parsed;
    });
  } catch (error) {
    // Lost the race for the name: the unique index on lower(username) refused the second writer.
    if (sqlState(error) === "23505" && sqlConstraint(error) === "profiles_username_lower_idx") throw usernameTaken();
    throw error;
  }
}

/** Keeps the chosen theme with the account, so it follows the user to every device. */
export async function saveTheme(db: Database, { actorId, input }: { actorId: string | null; input: Record<string, unknown> }): Promise<Theme> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const parsed = themeSchema.safeParse(input);
  if (!parsed.success) throw new AppError("INVALID", "invalid_theme");
  await db.update(profiles).set({ theme: parsed.data.theme }).where(eq(profiles.userId, actorId));
  return parsed.data.theme;
}
