import { eq, sql } from "drizzle-orm";
import { profiles, services, user } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";

export const ADMIN_USAGE = `Usage:
  npm run admin -- role <email> support|user       set a user's role
  npm run admin -- premium <email> on|off          mark a user as Premium member or not
  npm run admin -- feature <serviceId> on|off      feature a service (always listed first) or not
  npm run admin -- storage migrate                 copy every file from DATA_DIR/storage to the S3 bucket (S3_*)`;

/** A mistake in the command or its arguments: printed as is, exit code 1. */
export class AdminError extends Error {
  override name = "AdminError";
}


function onOff(value: string | undefined): boolean {
  if (value === "on") return true;
  if (value === "off") return false;
  throw new AdminError(`Expected "on" or "off", got "${value ?? ""}".\n\n${ADMIN_USAGE}`);
}

async function profileIdByEmail(db: Database, email: string | undefined): Promise<{ userId: string; email: string }> {
  if (!email) throw new AdminError(`An e-mail address is required.\n\n${ADMIN_USAGE}`);
  const [row] = await db
    .select({ userId: user.id, email: user.email })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!row) throw new AdminError(`No user with the e-mail address "${email}".`);
  return row;
}

/** Runs one operator command; returns the line to print. */
export async function runAdminCommand(db: Database, args: string[]): Promise<string> {
  const [command, target, value] = args;
  switch (command) {
    case "role": {
      if (value !== "support" && value !== "user") throw new AdminError(`The role must be "support" or "user", got "${value ?? ""}".\n\n${ADMIN_USAGE}`);
      const found = await profileIdByEmail(db, target);
      await db.update(profiles).set({ role: value, updatedAt: new Date() }).where(eq(profiles.userId, found.userId));
      return `${found.email} now has the role "${value}".`;
    }
    case "premium": {
      const premium = onOff(value);
      const found = await profileIdByEmail(db, target);
      await db.update(profiles).set({ isPremium: premium, updatedAt: new Date() }).where(eq(profiles.userId, found.userId));
      return `${found.email} is ${premium ? "now" : "no longer"} a Premium member.`;
    }
    case "feature": {
      const featured = onOff(value);
      if (!target || !isUuid(target)) throw new AdminError(`"${target ?? ""}" is not a service id (a UUID, as in /services/{id}).`);
      const updated = await db
        .update(services)
        .set({ isFeatured: featured })
        .where(eq(services.id, target))
        .returning({ title: services.title });
      if (updated.length === 0) throw new AdminError(`No service with the id "${target}".`);
      return `"${updated[0]!.title}" is ${featured ? "now" : "no longer"} featured.`;
    }
    case undefined:
    case "help":
    case "--help":
      return ADMIN_USAGE;
    default:
      throw new AdminError(`Unknown command "${command}".\n\n${ADMIN_USAGE}`);
  }
}
