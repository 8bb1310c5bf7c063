import { and, asc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import { conversations, orderFiles, orders, services, type OrderRow, type PostalAddress } from "~/db/schema";
import { isServiceId } from "~/features/services/service-id";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { log } from "~/lib/log.server";
import { ordersDe } from "~/i18n/orders.de";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { parseInput } from "~/lib/validation";
import { defineJob } from "~/lib/jobs/types";
import { z } from "zod";
import { getBillingProfile, isReadyToInvoice, saveBillingAddress } from "./billing.server";
import { recordOrderEvent } from "./order-events.server";
import { issueInvoice } from "./invoices.server";
import { AUTO_COMPLETE_DAYS, type OrderEventKind, type OrderStatus } from "./limits";
import { fromCents, lineTotal } from "./money";
import { bookingSchema, declineSchema, deliverSchema, revisionSchema } from "./schema";
import { orderedPair } from "~/features/messaging/pair";
import { assertNotBlocked } from "~/features/blocks/blocks.server";

/**
 * Orders (issue #15, ADR 012): a buyer books a service, the provider accepts or declines, delivers,
 * the buyer completes or asks for changes; completion issues the invoice and writes the purchase.
 *
 * Every transition is one conditional UPDATE (`where status in (…) and <party> = actor`) in a
 * transaction: the database decides who was first, so a stale page, a double click or two tabs
 * racing leave exactly one transition and the other gets a clean `order_state_changed`.
 */

export type OrderAction = "accept" | "decline" | "withdraw" | "deliver" | "revise" | "complete";
type Party = "buyer" | "seller";

interface Transition {
  from: readonly OrderStatus[];
  to: OrderStatus;
  party: Party;
  event: OrderEventKind;
}

export const TRANSITIONS: Record<OrderAction, Transition> = {
  accept: { from: ["requested"], to: "in_progress", party: "seller", event: "accepted" },
  decline: { from: ["requested"], to: "declined", party: "seller", event: "declined" },
  withdraw: { from: ["requested"], to: "cancelled", party: "buyer", event: "withdrawn" },
  deliver: { from: ["in_progress"], to: "delivered", party: "seller", event: "delivered" },
  revise: { from: ["delivered"], to: "in_progress", party: "buyer", event: "revision_requested" },
  complete: { from: ["delivered"], to: "completed", party: "buyer", event: "completed" },
};

/** The actions a party may take on an order in its status (what the order page offers). */
export function allowedActions(status: OrderStatus, party: Party): OrderAction[] {
  return (Object.keys(TRANSITIONS) as OrderAction[]).filter((action) => {
    const rule = TRANSITIONS[action];
    return rule.party === party && rule.from.includes(status);
  });
}

/** The largest order total: 99,999,999.99 € (numeric(10,2) of purchases). */
export const ORDER_TOTAL_MAX_CENTS = 9_999_999_999;

/** At most 20 new orders per buyer and hour: a brake on floods, far above honest use. */
export const ORDER_RATE_LIMIT = { window: 60 * 60, max: 20 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Options every use-case takes besides its input. `now` dates the step; `quiet` records it without
 * telling anyone (no notification, realtime event or mail): for history written after the fact,
 * as the demo seed does. A request never sets it.
 */
interface StepOptions {
  now?: Date;
  quiet?: boolean;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Books a service: the price, unit and title are copied from the service now. Creates the order's
 * own conversation, the first timeline entry, and tells the provider (notification, event, mail).
 * The invoice address is kept in the buyer's billing details when they asked for it (`saveAddress`).
 */
export async function bookService(
  db: Database,
  { actorId, serviceId, input, now = new Date(), quiet = false }: { actorId: string | null; serviceId: string; input: Record<string, unknown> } & StepOptions,
): Promise<{ orderId: string }> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  if (!isServiceId(serviceId)) throw new AppError("NOT_FOUND", "service_not_found");
  const [service] = await db
    .select({ id: services.id, title: services.title, price: services.price, priceUnit: services.priceUnit, sellerId: services.createdBy })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.listed, true)));
  // A removed service, or one of a suspended provider, cannot be ordered (ADR 023).
  if (!service) throw new AppError("NOT_FOUND", "service_not_found");
  if (service.sellerId === actorId) throw new AppError("FORBIDDEN", "order_own_service");
  // A block either way refuses the order (ADR 024); the blocked buyer is not told why.
  await assertNotBlocked(db, actorId, service.sellerId, { blockedMe: "order_undeliverable", blockedByMe: "order_blocked_by_you" });
  const booking = parseInput(bookingSchema(now), input);
  // The booking form sends the price and unit it showed: a change since then is not booked unseen.
  if ((input.shownPrice !== undefined && String(input.shownPrice) !== service.price) || (input.shownUnit !== undefined && String(input.shownUnit) !== service.priceUnit)) {
    throw new AppError("CONFLICT", "order_price_changed");
  }
  const quantity = service.priceUnit === "fixed" ? "1" : booking.quantity;
  // What an order may cost at most (the purchase and invoice columns hold up to this).
  if (lineTotal(service.price, quantity) > ORDER_TOTAL_MAX_CENTS) {
    throw new AppError("INVALID", "invalid_input", { fieldErrors: { quantity: ordersDe.validation.totalTooHigh } });
  }
  const limit = await consumeRateLimit(db, `orders:${actorId}`, ORDER_RATE_LIMIT, now.getTime());
  if (!limit.allowed) throw new AppError("RATE_LIMITED", "order_rate_limited");
  const address: PostalAddress = { name: booking.name, street: booking.street, postalCode: booking.postalCode, city: booking.city, country: booking.country };

  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        buyerId: actorId,
        sellerId: service.sellerId,
        serviceId: service.id,
        serviceTitle: service.title,
        priceUnit: service.priceUnit,
        unitPrice: service.price,
        quantity,
        total: fromCents(lineTotal(service.price, quantity)),
        requirements: booking.requirements,
        desiredDate: booking.desiredDate,
        buyerAddress: address,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [user1Id, user2Id] = orderedPair(actorId, service.sellerId);
    await tx.insert(conversations).values({ kind: "order", orderId: order!.id, user1Id, user2Id, createdAt: now, updatedAt: now });
    if (booking.saveAddress) await saveBillingAddress(tx, actorId, address, now);
    await recordOrderEvent(tx, order!, { actorId, kind: "requested", note: null, now, quiet });
    return { orderId: order!.id };
  });
}

/** The order as a party sees it, or NOT_FOUND for anyone else (an order is private to its two parties). */
export async function orderForParty(db: Database | Tx, orderId: string, actorId: string): Promise<{ order: OrderRow; party: Party }> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "order_not_found");
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (order.buyerId !== actorId && order.sellerId !== actorId)) throw new AppError("NOT_FOUND", "order_not_found");
  return { order, party: order.buyerId === actorId ? "buyer" : "seller" };
}

/**
 * Runs one transition for the actor: the conditional UPDATE, a timeline entry, the other party told.
 * `extra` runs in the same transaction (e.g. storing delivery files' rows, issuing the invoice).
 */
async function transition(
  db: Database,
  {
    actorId,
    orderId,
    action,
    note = null,
    set = {},
    now = new Date(),
    quiet = false,
    extra,
  }: {
    actorId: string | null;
    orderId: string;
    action: OrderAction;
    note?: string | null;
    set?: Partial<typeof orders.$inferInsert>;
    extra?: (tx: Tx, order: OrderRow, eventId: string) => Promise<void>;
  } & StepOptions,
): Promise<OrderRow> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const rule = TRANSITIONS[action];
  const partyColumn = rule.party === "buyer" ? orders.buyerId : orders.sellerId;
  return db.transaction(async (tx) => {
    const [changed] = isUuid(orderId)
      ? await tx
          .update(orders)
          .set({ ...set, status: rule.to, updatedAt: now })
          .where(and(eq(orders.id, orderId), inArray(orders.status, [...rule.from]), eq(partyColumn, actorId)))
          .returning()
      : [];
    if (!changed) {
      // Why not: not theirs (404), the other party's step (403), or no longer in that state (409).
      const { party } = await orderForParty(tx, orderId, actorId);
      if (party !== rule.party) throw new AppError("FORBIDDEN", "order_wrong_party");
      throw new AppError("CONFLICT", "order_state_changed");
    }
    const eventId = await recordOrderEvent(tx, changed, { actorId, kind: rule.event, note, now, quiet });
    await extra?.(tx, changed, eventId);
    return changed;
  });
}

/** The provider accepts; before the first order they must have complete billing details (the invoice needs them). */
export async function acceptOrder(db: Database, { actorId, orderId, now, quiet }: { actorId: string | null; orderId: string } & StepOptions) {
  if (actorId) {
    const { party } = await orderForParty(db, orderId, actorId);
    if (party === "seller" && !isReadyToInvoice(await getBillingProfile(db, actorId))) throw new AppError("CONFLICT", "billing_details_required");
  }
  return transition(db, { actorId, orderId, action: "accept", now, quiet });
}

export async function declineOrder(db: Database, { actorId, orderId, input, now, quiet }: { actorId: string | null; orderId: string; input: Record<string, unknown> } & StepOptions) {
  const { reason } = parseInput(declineSchema, input);
  return transition(db, { actorId, orderId, action: "decline", note: reason, set: { declineReason: reason }, now, quiet });
}

export async function withdrawOrder(db: Database, { actorId, orderId, now, quiet }: { actorId: string | null; orderId: string } & StepOptions) {
  return transition(db, { actorId, orderId, action: "withdraw", now, quiet });
}

export interface DeliveredFile {
  key: string;
  name: string;
  type: string;
  size: number;
}

/** The provider delivers with a note and files already stored (their rows are written with the transition). */
export async function deliverOrder(
  db: Database,
  { actorId, orderId, input, files = [], now = new Date(), quiet }: { actorId: string | null; orderId: string; input: Record<string, unknown>; files?: DeliveredFile[] } & StepOptions,
) {
  const { note } = parseInput(deliverSchema, input);
  return transition(db, {
    actorId,
    orderId,
    action: "deliver",
    note,
    now,
    quiet,
    set: { deliveredAt: now, autoCompleteAt: new Date(now.getTime() + AUTO_COMPLETE_DAYS * DAY_MS) },
    extra: async (tx, order, eventId) => {
      if (files.length === 0) return;
      await tx.insert(orderFiles).values(files.map((file) => ({ orderId: order.id, eventId, fileKey: file.key, fileName: file.name, fileType: file.type, fileSize: file.size, createdAt: now })));
    },
  });
}

export async function requestRevision(db: Database, { actorId, orderId, input, now, quiet }: { actorId: string | null; orderId: string; input: Record<string, unknown> } & StepOptions) {
  const { note } = parseInput(revisionSchema, input);
  return transition(db, { actorId, orderId, action: "revise", note, set: { autoCompleteAt: null }, now, quiet });
}

/** The buyer completes a delivered order: purchase and invoice are written in the same transaction. */
export async function completeOrder(db: Database, { actorId, orderId, now = new Date(), quiet }: { actorId: string | null; orderId: string } & StepOptions) {
  return transition(db, {
    actorId,
    orderId,
    action: "complete",
    now,
    quiet,
    set: { completedAt: now, autoCompleteAt: null },
    extra: async (tx, order) => {
      await issueInvoice(tx, order, now);
    },
  });
}

/**
 * Completes every delivered order whose buyer has not answered within 7 days (the hourly job).
 * Each in its own transaction with the same conditional UPDATE, so a buyer completing at the same
 * moment wins or loses cleanly and nothing is completed twice.
 */
export async function autoCompleteDueOrders(db: Database, now: Date = new Date(), { quiet = false }: Pick<StepOptions, "quiet"> = {}): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "delivered"), lte(orders.autoCompleteAt, now)))
    .orderBy(asc(orders.autoCompleteAt))
    .limit(500);
  let completed = 0;
  for (const { id } of due) {
    // One order that cannot complete (a failing store, a bug) must not stop the others.
    const done = await db
      .transaction(async (tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: "completed", completedAt: now, autoCompleteAt: null, updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, "delivered"), lte(orders.autoCompleteAt, now)))
        .returning();
      if (!changed) return false;
      await recordOrderEvent(tx, changed, { actorId: null, kind: "auto_completed", note: null, now, quiet });
      await issueInvoice(tx, changed, now);
      return true;
    })
      .catch((error: unknown) => {
        log.error({ err: error, orderId: id }, "A due order could not be completed automatically");
        return false;
      });
    if (done) completed++;
  }
  return completed;
}


/**
 * Before an account is deleted (in the deleting transaction): its open orders end, so the other
 * party is not left waiting on someone who is gone. Requested and in-progress orders are
 * cancelled either way; a delivered order of a deleted buyer stays delivered and completes by
 * the clock (the work was done and is invoiced to the address given), one of a deleted provider
 * is cancelled. The other party is told. Completed orders and their invoices stay untouched.
 */
export async function endOrdersOfDeletedAccount(tx: Database, userId: string, now: Date = new Date()): Promise<void> {
  const open = await tx
    .update(orders)
    .set({ status: "cancelled", autoCompleteAt: null, updatedAt: now })
    .where(
      and(
        or(
          and(eq(orders.buyerId, userId), inArray(orders.status, ["requested", "in_progress"])),
          and(eq(orders.sellerId, userId), inArray(orders.status, ["requested", "in_progress", "delivered"])),
        ),
      ),
    )
    .returning();
  // The person's invoice address stays only where an invoice needs it (issued, or due for a
  // delivered order); elsewhere it is personal data without a purpose any more.
  await tx
    .update(orders)
    .set({ buyerAddress: { name: "", street: "", postalCode: "", city: "", country: "" } })
    .where(
      and(
        eq(orders.buyerId, userId),
        ne(orders.status, "delivered"),
        sql`not exists (select 1 from invoices where invoices.order_id = ${orders.id})`,
      ),
    );
  for (const order of open) {
    // Told as the system: the deleted person's name is going away with the account.
    const other = order.buyerId === userId ? { ...order, buyerId: null } : { ...order, sellerId: null };
    await recordOrderEvent(tx, other, { actorId: null, kind: "account_deleted", note: null, now });
  }
}

export const orderAutoCompleteJob = defineJob({
  name: "orders.auto-complete",
  payload: z.object({}).passthrough(),
  maxAttempts: 3,
  async run(_payload, { db }) {
    await autoCompleteDueOrders(db);
  },
});
