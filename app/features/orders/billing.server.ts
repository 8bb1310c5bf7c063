import { and, eq, inArray } from "drizzle-orm";
import { billingProfiles, orders, type PostalAddress } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { Database } from "~/lib/db.server";
import { parseInput } from "~/lib/validation";
import { billingSchema } from "./schema";

/** A user's billing details (invoice address; for providers also tax and bank details). */

export type BillingProfile = typeof billingProfiles.$inferSelect;
type Writer = Pick<Database, "insert">;

export async function getBillingProfile(db: Pick<Database, "select">, userId: string): Promise<BillingProfile | null> {
  const [row] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
  return row ?? null;
}

/** What an invoice of this provider needs (§14 UStG): an address, a tax number or VAT id; and where to pay. */
export function isReadyToInvoice(profile: BillingProfile | null): profile is BillingProfile {
  return !!profile && !!profile.name && !!profile.street && !!profile.postalCode && !!profile.city && !!(profile.taxNumber || profile.vatId) && !!profile.iban;
}

export async function saveBillingProfile(db: Writer & Pick<Database, "select">, userId: string, input: Record<string, unknown>): Promise<BillingProfile> {
  const values = parseInput(billingSchema, input);
  // Accepted orders are invoiced from these details when they complete: while there are any, the
  // details must stay complete (otherwise an order would complete without its invoice).
  if (!isReadyToInvoice({ ...values, userId, updatedAt: new Date() })) {
    const [open] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.sellerId, userId), inArray(orders.status, ["in_progress", "delivered"])))
      .limit(1);
    if (open) throw new AppError("CONFLICT", "billing_details_in_use");
  }
  const row = { ...values, updatedAt: new Date() };
  const [saved] = await db
    .insert(billingProfiles)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: row })
    .returning();
  return saved!;
}

/**
 * An order's invoice address kept, as the buyer asked when booking: it becomes the address of their
 * billing details (prefilled next time, and a provider's address as issuer too); their tax and
 * bank details stay as they are. A complete address, so a provider's details stay ready to invoice.
 */
export async function saveBillingAddress(db: Writer, userId: string, address: PostalAddress, now: Date = new Date()): Promise<void> {
  const row = { ...address, updatedAt: now };
  await db
    .insert(billingProfiles)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: billingProfiles.userId, set: row });
}

/** The address part, for prefilling an order's invoice address. */
export function addressOf(profile: BillingProfile | null): PostalAddress | null {
  if (!profile) return null;
  return { name: profile.name, street: profile.street, postalCode: profile.postalCode, city: profile.city, country: profile.country };
}
