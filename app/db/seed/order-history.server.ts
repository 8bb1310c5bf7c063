import { eq } from "drizzle-orm";
import { billingProfiles, invoices, notifications } from "~/db/schema";
import type { PriceUnit } from "~/features/orders/limits";
import { markInvoicePaid } from "~/features/orders/invoices.server";
import { acceptOrder, autoCompleteDueOrders, bookService, completeOrder, declineOrder, deliverOrder, requestRevision, withdrawOrder } from "~/features/orders/orders.server";
import { todayInGermany } from "~/features/orders/schema";
import { ordersDe } from "~/i18n/orders.de";
import type { Database } from "~/lib/db.server";
import { DECLINE_REASONS, DELIVERY_NOTES, DEMO_BILLING, REDELIVERY_NOTES, REQUIREMENTS, REVISION_NOTES } from "./orders";
import type { Random } from "./random";

/**
 * The demo's order history (issue #15): a year of orders between the demo users, in every status,
 * with timelines, invoices and payments.
 *
 * It is written through the real use-cases (bookService, acceptOrder, deliverOrder, completeOrder,
 * autoCompleteDueOrders, markInvoicePaid …) with their `now`, so every row is what the product
 * itself would have written: copied prices, timeline entries, order conversations, purchases,
 * invoices with the provider's gapless numbers (the steps of all orders run in time order, so the
 * numbers also follow the invoice dates). The steps run `quiet`: no notification, realtime event
 * or mail per step, which for ~60 orders would otherwise queue a few hundred mails to the demo
 * addresses and bury every account under notifications. Instead the open orders leave the few
 * notifications a user would still have unread (written below, with the catalogue's texts).
 * The invoices' PDFs are rendered by the invoice job after the seed commits, as in production.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;

export interface HistoryMember {
  id: string;
  name: string;
  createdAt: Date;
  username: string;
  isPremium: boolean;
}

export interface HistoryService {
  id: string;
  title: string;
  category: string;
  createdBy: string;
  createdAt: Date;
  priceUnit: PriceUnit;
  isFeatured: boolean;
}

type Fate = "requested" | "in_progress" | "delivered" | "completed" | "auto_completed" | "declined" | "cancelled";

interface Plan {
  service: HistoryService;
  buyer: HistoryMember;
  seller: HistoryMember;
  fate: Fate;
  /** A revision round (deliver, ask for changes, deliver again). */
  revision: boolean;
  /** Offsets from booking, in ms: every step's time is bookedAt + its offset. */
  offsets: { accept?: number; decline?: number; withdraw?: number; deliver?: number; revise?: number; redeliver?: number; complete?: number; auto?: number; paid?: number };
  bookedAt: Date;
  orderId?: string;
}

interface Step {
  at: Date;
  order: number;
  run: (db: Database) => Promise<unknown>;
}

/** How long each step takes after the one before, drawn once per order (so a plan can be fitted before `now`). */
function drawOffsets(rng: Random, fate: Fate, revision: boolean, paid: boolean): Plan["offsets"] {
  const offsets: Plan["offsets"] = {};
  if (fate === "requested") return offsets;
  if (fate === "declined") return { decline: rng.int(3 * 60, 30 * 60) * MINUTE };
  if (fate === "cancelled") return { withdraw: rng.int(60, 48 * 60) * MINUTE };
  let at = rng.int(2 * 60, 30 * 60) * MINUTE;
  offsets.accept = at;
  if (fate === "in_progress" && !revision) return offsets;
  at += rng.int(1, 12) * DAY + rng.int(0, 8 * 60) * MINUTE;
  offsets.deliver = at;
  if (revision) {
    at += rng.int(8 * 60, 48 * 60) * MINUTE;
    offsets.revise = at;
    if (fate === "in_progress") return offsets;
    at += rng.int(1, 3) * DAY + rng.int(0, 6 * 60) * MINUTE;
    offsets.redeliver = at;
  }
  if (fate === "delivered") return offsets;
  if (fate === "auto_completed") {
    // The hourly job's first run after the 7 days.
    at += 7 * DAY + rng.int(1, 59) * MINUTE;
    offsets.auto = at;
  } else {
    at += rng.int(5 * 60, 5 * 24 * 60) * MINUTE;
    offsets.complete = at;
  }
  if (paid) offsets.paid = at + rng.int(1, 20) * DAY + rng.int(0, 8 * 60) * MINUTE;
  return offsets;
}

function lastOffset(offsets: Plan["offsets"]): number {
  return Math.max(0, ...Object.values(offsets).filter((v): v is number => v !== undefined));
}

function quantityFor(rng: Random, unit: PriceUnit): string | undefined {
  if (unit === "hour") return String(rng.pick([2, 3, 4, 5, 6, 8, 10, 12]));
  if (unit === "day") return String(rng.pick([1, 2, 3, 5]));
  if (unit === "month") return String(rng.pick([1, 2, 3, 6]));
  return undefined;
}

export interface OrderHistoryInput {
  now: Date;
  rng: Random;
  members: HistoryMember[];
  services: HistoryService[];
}

export interface OrderHistoryResult {
  orders: number;
  byFate: Record<Fate, number>;
}

/** Billing details of every demo provider, then the orders. Runs inside the seed's transaction. */
export async function seedOrderHistory(db: Database, { now, rng, members, services }: OrderHistoryInput): Promise<OrderHistoryResult> {
  const byId = new Map(members.map((m) => [m.id, m]));
  for (const member of members) {
    const billing = DEMO_BILLING[member.username];
    if (!billing) continue;
    await db.insert(billingProfiles).values({ userId: member.id, ...billing, country: "Deutschland", updatedAt: member.createdAt });
  }

  // Premium members and featured services get more orders: the showcase account is busy.
  const weight = (s: HistoryService) => (byId.get(s.createdBy)?.isPremium ? 3 : 1) * (s.isFeatured ? 2 : 1);
  const pickService = (before: Date, sellerId?: string) => {
    const candidates = services.filter((s) => s.createdAt.getTime() < before.getTime() - DAY && (!sellerId || s.createdBy === sellerId));
    return candidates.length ? rng.weighted(candidates, candidates.map(weight)) : null;
  };
  const pickBuyer = (service: HistoryService, before: Date, buyerId?: string) => {
    const candidates = members.filter((m) => m.id !== service.createdBy && m.createdAt.getTime() < before.getTime() - DAY && (!buyerId || m.id === buyerId));
    return candidates.length ? rng.pick(candidates) : null;
  };

  const plans: Plan[] = [];
  /** Plans one order whose last step lies in [from, to]; gives up quietly when nothing fits. */
  const plan = (fate: Fate, from: Date, to: Date, options: { sellerId?: string; buyerId?: string; revision?: boolean } = {}) => {
    const revision = options.revision ?? (["completed", "delivered"].includes(fate) && rng.float() < 0.2);
    const offsets = drawOffsets(rng, fate, revision, (fate === "completed" || fate === "auto_completed") && rng.float() < 0.9);
    // The payment may still be outstanding: a planned payment after `now` is simply not made.
    const span = lastOffset({ ...offsets, paid: undefined });
    for (let attempt = 0; attempt < 20; attempt++) {
      const end = rng.between(from, to);
      const bookedAt = new Date(end.getTime() - span);
      const service = pickService(bookedAt, options.sellerId);
      if (!service) continue;
      const buyer = pickBuyer(service, bookedAt, options.buyerId);
      const seller = byId.get(service.createdBy);
      if (!buyer || !seller) continue;
      if (offsets.paid !== undefined && bookedAt.getTime() + offsets.paid > now.getTime() - HOUR) delete offsets.paid;
      plans.push({ service, buyer, seller, fate, revision, offsets, bookedAt });
      return;
    }
  };

  // A year of finished orders, more every month (a growing marketplace), ending three weeks ago.
  const historyEnd = new Date(now.getTime() - 21 * DAY);
  for (let m = 0; m < 12; m++) {
    const from = new Date(now.getTime() - (12 - m) * MONTH);
    const to = new Date(Math.min(historyEnd.getTime(), now.getTime() - (11 - m) * MONTH));
    if (from >= to) continue;
    const count = 1 + Math.round(m * 0.3);
    for (let i = 0; i < count; i++) {
      plan(rng.weighted<Fate>(["completed", "auto_completed", "declined", "cancelled"], [80, 6, 8, 6]), from, to);
    }
  }
  // Whoever signs in as a provider sees some revenue: two completed orders each, some time in the year.
  for (const provider of members.filter((m) => services.some((s) => s.createdBy === m.id))) {
    for (let i = 0; i < 2; i++) plan("completed", new Date(now.getTime() - 12 * MONTH), historyEnd, { sellerId: provider.id });
  }
  // The last weeks: every status, recent enough to still be open (a delivered order is completed
  // automatically after 7 days, so its delivery lies within the last 6).
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const premium = members.find((m) => m.isPremium);
  const recent: [Fate, number, number, { sellerId?: string; buyerId?: string; revision?: boolean }?][] = [
    // At least one of the rarer histories, whatever the draws above gave.
    ["auto_completed", 45 * DAY, 22 * DAY],
    ["completed", 60 * DAY, 22 * DAY, { revision: true }],
    ["completed", 20 * DAY, 2 * HOUR],
    ["completed", 20 * DAY, 2 * HOUR],
    ["completed", 20 * DAY, 2 * HOUR, { sellerId: premium?.id }],
    ["completed", 14 * DAY, 2 * HOUR],
    ["requested", 3 * DAY, 30 * MINUTE, { sellerId: premium?.id }],
    ["requested", 2 * DAY, 30 * MINUTE, { sellerId: premium?.id }],
    ["requested", 3 * DAY, 30 * MINUTE],
    ["requested", 3 * DAY, 30 * MINUTE],
    ["in_progress", 10 * DAY, 2 * HOUR, { sellerId: premium?.id }],
    ["in_progress", 10 * DAY, 2 * HOUR, { revision: true }],
    ["in_progress", 10 * DAY, 2 * HOUR, { buyerId: premium?.id }],
    ["in_progress", 10 * DAY, 2 * HOUR],
    ["delivered", 6 * DAY, 2 * HOUR, { sellerId: premium?.id }],
    ["delivered", 6 * DAY, 2 * HOUR, { buyerId: premium?.id }],
    ["delivered", 6 * DAY, 2 * HOUR],
    ["declined", 20 * DAY, 2 * HOUR],
    ["cancelled", 20 * DAY, 2 * HOUR],
  ];
  for (const [fate, from, to, options] of recent) plan(fate, ago(from), ago(to), options);

  // Every step of every order, in time order (ties keep the plan's order): the database sees the
  // year happen as it would have.
  const steps: Step[] = [];
  const autoRuns = new Set<number>();
  plans.forEach((p, index) => {
    const at = (offset: number) => new Date(p.bookedAt.getTime() + offset);
    const id = () => p.orderId!;
    const add = (offset: number, run: Step["run"]) => steps.push({ at: at(offset), order: index, run });
    const requirements = rng.pick(REQUIREMENTS[p.service.category] ?? REQUIREMENTS.Other!);
    const billing = DEMO_BILLING[p.buyer.username];
    const quantity = quantityFor(rng, p.service.priceUnit);
    const desiredDate = rng.float() < 0.4 ? todayInGermany(new Date(p.bookedAt.getTime() + rng.int(14, 45) * DAY)) : undefined;
    const input = {
      name: billing?.name ?? p.buyer.name,
      street: billing?.street ?? "Hauptstraße 1",
      postalCode: billing?.postalCode ?? "10115",
      city: billing?.city ?? "Berlin",
      // As the booking form is sent by default: the address is kept for the next order.
      saveAddress: "on",
      requirements,
      ...(quantity ? { quantity } : {}),
      ...(desiredDate ? { desiredDate } : {}),
    };
    add(0, async (db) => {
      p.orderId = (await bookService(db, { actorId: p.buyer.id, serviceId: p.service.id, input, now: p.bookedAt, quiet: true })).orderId;
    });
    const o = p.offsets;
    const seller = p.seller.id;
    const buyer = p.buyer.id;
    const notes = { reason: rng.pick(DECLINE_REASONS), delivery: rng.pick(DELIVERY_NOTES), revision: rng.pick(REVISION_NOTES), redelivery: rng.pick(REDELIVERY_NOTES) };
    if (o.decline !== undefined) add(o.decline, (db) => declineOrder(db, { actorId: seller, orderId: id(), input: { reason: notes.reason }, now: at(o.decline!), quiet: true }));
    if (o.withdraw !== undefined) add(o.withdraw, (db) => withdrawOrder(db, { actorId: buyer, orderId: id(), now: at(o.withdraw!), quiet: true }));
    if (o.accept !== undefined) add(o.accept, (db) => acceptOrder(db, { actorId: seller, orderId: id(), now: at(o.accept!), quiet: true }));
    if (o.deliver !== undefined) add(o.deliver, (db) => deliverOrder(db, { actorId: seller, orderId: id(), input: { note: notes.delivery }, now: at(o.deliver!), quiet: true }));
    if (o.revise !== undefined) add(o.revise, (db) => requestRevision(db, { actorId: buyer, orderId: id(), input: { note: notes.revision }, now: at(o.revise!), quiet: true }));
    if (o.redeliver !== undefined) add(o.redeliver, (db) => deliverOrder(db, { actorId: seller, orderId: id(), input: { note: notes.redelivery }, now: at(o.redeliver!), quiet: true }));
    if (o.complete !== undefined) add(o.complete, (db) => completeOrder(db, { actorId: buyer, orderId: id(), now: at(o.complete!), quiet: true }));
    if (o.auto !== undefined) {
      const time = at(o.auto).getTime();
      // One run of the job per time (it completes every order due then).
      if (!autoRuns.has(time)) {
        autoRuns.add(time);
        add(o.auto, (db) => autoCompleteDueOrders(db, new Date(time), { quiet: true }));
      }
    }
    if (o.paid !== undefined) {
      add(o.paid, async (db) => {
        const [invoice] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, id()));
        if (invoice) await markInvoicePaid(db, { actorId: seller, invoiceId: invoice.id, now: at(o.paid!), quiet: true });
      });
    }
  });
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  for (const step of steps) await step.run(db);

  // What the open orders would have left unread: a new request for the provider, a delivery or
  // an acceptance for the buyer (older steps' notifications are long read or gone).
  const title = ordersDe.notification.title;
  const message = ordersDe.notification.message;
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const p of plans) {
    const link = `/orders/${p.orderId}`;
    const at = (offset: number | undefined) => new Date(p.bookedAt.getTime() + (offset ?? 0));
    if (p.fate === "requested") {
      rows.push({ kind: "orders", userId: p.seller.id, title: title.requested, message: message.requested(p.buyer.name, p.service.title), link, read: false, createdAt: p.bookedAt });
    } else if (p.fate === "delivered") {
      const deliveredAt = at(p.offsets.redeliver ?? p.offsets.deliver);
      rows.push({ kind: "orders", userId: p.buyer.id, title: title.delivered, message: message.delivered(p.seller.name, p.service.title), link, read: false, createdAt: deliveredAt });
    } else if (p.fate === "in_progress" && p.revision) {
      rows.push({ kind: "orders", userId: p.seller.id, title: title.revision_requested, message: message.revision_requested(p.buyer.name, p.service.title), link, read: false, createdAt: at(p.offsets.revise) });
    } else if (p.fate === "in_progress") {
      rows.push({ kind: "orders", userId: p.buyer.id, title: title.accepted, message: message.accepted(p.seller.name, p.service.title), link, read: true, createdAt: at(p.offsets.accept) });
    }
  }
  if (rows.length) await db.insert(notifications).values(rows);

  const byFate = { requested: 0, in_progress: 0, delivered: 0, completed: 0, auto_completed: 0, declined: 0, cancelled: 0 } satisfies Record<Fate, number>;
  for (const p of plans) byFate[p.fate]++;
  return { orders: plans.length, byFate };
}
