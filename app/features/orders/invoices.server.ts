import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { invoices, orderEvents, orders, purchases, type InvoiceRow, type OrderRow } from "~/db/schema";
import { rowsOf, type Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { enqueue } from "~/lib/jobs/enqueue.server";
import { defineJob } from "~/lib/jobs/types";
import { log } from "~/lib/log.server";
import { getStorage, invoiceKey, type FileStorage } from "~/lib/storage.server";
import { getBillingProfile, isReadyToInvoice } from "./billing.server";
import { recordOrderEvent } from "./order-events.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { fromCents, toCents, splitGross } from "./money";
import { todayInGermany } from "./schema";

type Writer = Database;

/**
 * The next invoice number of a provider in a year, e.g. RE-2026-0001. The counter row is
 * incremented inside the completing transaction: concurrent completions queue on its row lock,
 * and a rolled-back completion gives its number back, so the numbers have no gaps.
 */
export async function nextInvoiceNumber(db: Pick<Database, "execute">, issuerKey: string, year: number): Promise<{ number: string; sequence: number }> {
  const rows = rowsOf<{ last_number: number }>(await db.execute(sql`
    insert into invoice_counters (issuer_key, year, last_number) values (${issuerKey}, ${year}, 1)
    on conflict (issuer_key, year) do update set last_number = invoice_counters.last_number + 1
    returning last_number
  `));
  const sequence = Number(rows[0]!.last_number);
  return { sequence, number: `RE-${year}-${String(sequence).padStart(4, "0")}` };
}

/**
 * Issues the invoice of a completed order in the completing transaction, and writes the purchase
 * (buyer, service, order, price). Every figure and both parties' details are copied onto the row.
 * Without billing details (a provider who deleted the account meanwhile) the order completes without one.
 */
export async function issueInvoice(tx: Writer, order: OrderRow, now: Date): Promise<InvoiceRow | null> {
  if (order.buyerId) await tx.insert(purchases).values({ buyerId: order.buyerId, serviceId: order.serviceId, orderId: order.id, price: order.total, createdAt: now });
  if (!order.sellerId) return null;
  const profile = await getBillingProfile(tx, order.sellerId);
  if (!isReadyToInvoice(profile)) {
    log.warn({ orderId: order.id }, "Order completed without an invoice: the provider has no billing details");
    return null;
  }
  const issuedOn = todayInGermany(now);
  const year = Number(issuedOn.slice(0, 4));
  const { number } = await nextInvoiceNumber(tx, order.sellerId, year);
  const amounts = splitGross(toCents(order.total), profile.vatRate, profile.smallBusiness);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      orderId: order.id,
      sellerId: order.sellerId,
      buyerId: order.buyerId,
      issuerKey: order.sellerId,
      number,
      issuedOn,
      performedOn: todayInGermany(order.deliveredAt ?? now),
      issuer: {
        name: profile.name,
        street: profile.street,
        postalCode: profile.postalCode,
        city: profile.city,
        country: profile.country,
        taxNumber: profile.taxNumber,
        vatId: profile.vatId,
        iban: profile.iban,
        bic: profile.bic,
        bankName: profile.bankName,
        // The account's sign-in address is not an invoice detail (the billing details have none).
        email: null,
      },
      recipient: order.buyerAddress,
      description: order.serviceTitle,
      priceUnit: order.priceUnit,
      quantity: order.quantity,
      unitPrice: order.unitPrice,
      net: fromCents(amounts.net),
      vatRate: amounts.vatRate,
      vat: fromCents(amounts.vat),
      gross: fromCents(amounts.gross),
      smallBusiness: profile.smallBusiness,
      createdAt: now,
    })
    .returning();
  await tx.insert(orderEvents).values({ orderId: order.id, actorId: null, kind: "invoice_issued", note: number, createdAt: now });
  // The PDF is rendered and stored after the commit, by a job (a slow store never holds the transaction).
  await enqueue(tx, invoiceRenderJob.name, { invoiceId: invoice!.id });
  return invoice!;
}

/**
 * The stored PDF of an invoice, rendered and stored first if that has not happened yet. Rendering
 * is deterministic (the row holds every figure, the PDF's dates come from it), so a render by the
 * job and one by a download racing it store the same bytes under the same key.
 */
export async function ensureInvoicePdf(db: Database, storage: FileStorage, invoice: InvoiceRow): Promise<string> {
  if (invoice.storageKey) return invoice.storageKey;
  const key = invoiceKey(invoice.issuerKey, invoice.id);
  await storage.put(key, await renderInvoicePdf(invoice));
  await db.update(invoices).set({ storageKey: key }).where(and(eq(invoices.id, invoice.id), isNull(invoices.storageKey)));
  return key;
}

export const invoiceRenderJob = defineJob({
  name: "invoice.render",
  payload: z.object({ invoiceId: z.uuid() }),
  maxAttempts: 10,
  async run({ invoiceId }, { db }) {
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (invoice) await ensureInvoicePdf(db, getStorage(), invoice);
  },
});

/** An invoice for one of its two parties; anyone else gets NOT_FOUND. */
export async function invoiceForParty(db: Database, userId: string, invoiceId: string): Promise<InvoiceRow> {
  if (!isUuid(invoiceId)) throw new AppError("NOT_FOUND", "invoice_not_found");
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice || (invoice.sellerId !== userId && invoice.buyerId !== userId)) throw new AppError("NOT_FOUND", "invoice_not_found");
  return invoice;
}

/** The provider marks an invoice paid (payment happens outside the platform). */
export async function markInvoicePaid(
  db: Database,
  { actorId, invoiceId, now = new Date(), quiet = false }: { actorId: string | null; invoiceId: string; now?: Date; /** see orders.server.ts StepOptions */ quiet?: boolean },
) {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const invoice = await invoiceForParty(db, actorId, invoiceId);
  if (invoice.sellerId !== actorId) throw new AppError("FORBIDDEN", "order_wrong_party");
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(invoices)
      .set({ paidAt: now })
      .where(and(eq(invoices.id, invoiceId), isNull(invoices.paidAt)))
      .returning({ orderId: invoices.orderId });
    if (!changed) throw new AppError("CONFLICT", "invoice_already_paid");
    const [order] = await tx.select().from(orders).where(eq(orders.id, changed.orderId));
    await recordOrderEvent(tx, order!, { actorId, kind: "invoice_paid", note: invoice.number, now, quiet });
    return { paidAt: now };
  });
}
