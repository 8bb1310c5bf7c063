import { eq, sql } from "drizzle-orm";
import { profiles, services, user } from "~/db/schema";
import { rowsOf, type Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { searchTermsDrift } from "~/features/services/search-terms.server";

export const ADMIN_USAGE = `Usage:
  npm run admin -- role <email> support|user       set a user's role
  npm run admin -- premium <email> on|off          mark a user as Premium member or not
  npm run admin -- feature <serviceId> on|off      feature a service (always listed first) or not
  npm run admin -- storage migrate                 copy every file from DATA_DIR/storage to the S3 bucket (S3_*)
  npm run admin -- search rebuild                  rebuild the search terms of the listed services (after a load without triggers;
                                                   writes to services wait meanwhile)`;

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

/**
 * `search rebuild`: service_terms (ADR 029) from the listed services' text, in one transaction.
 * The triggers keep it in step with every change; a load that bypassed them (triggers disabled, a
 * replica role, a restore of one table) leaves it behind, and searches (all but those sorted by
 * views) would miss or keep services, or filter them by stale values. Says how
 * many entries were out of step.
 */
async function rebuildSearchTerms(db: Database): Promise<string> {
  const said = await db.transaction(async (tx) => {
    // No service changes its terms while they are rebuilt, and no second rebuild runs alongside
    // (this mode conflicts with itself); reads go on. Writes to services wait: seconds at 100,000.
    await tx.execute(sql`lock table services in share row exclusive mode`);
    const drift = await searchTermsDrift(tx);
    await tx.execute(sql`delete from service_terms`);
    const [filled] = rowsOf<{ entries: number; services: number }>(
      await tx.execute(sql`
        with added as (insert into service_terms select * from service_terms_derived returning service_id)
        select count(*)::int as entries, count(distinct service_id)::int as services from added`),
    );
    return `Rebuilt the search terms: ${filled!.entries} entries for ${filled!.services} listed services (${drift} were out of step).`;
  });
  // Every entry is new: without a visibility map its index-only scans would read the table too.
  await db.execute(sql`vacuum (analyze) service_terms`);
  return said;
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
    case "search": {
      if (target !== "rebuild") throw new AdminError(`Unknown search command "${target ?? ""}".\n\n${ADMIN_USAGE}`);
      return rebuildSearchTerms(db);
    }
    case undefined:
    case "help":
    case "--help":
      return ADMIN_USAGE;
    default:
      throw new AdminError(`Unknown command "${command}".\n\n${ADMIN_USAGE}`);
  }
}
