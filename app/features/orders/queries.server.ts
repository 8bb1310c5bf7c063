import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { conversations, invoices, orderEvents, orderFiles, orders, profiles, serviceReviews, services, type PostalAddress } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import { displayName } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { addressOf, getBillingProfile, isReadyToInvoice } from "./billing.server";
import { OPEN_ORDER_STATUSES, ORDERS_PAGE_SIZE, ORDER_STATUSES, type OrderEventKind, type OrderStatus, type PriceUnit } from "./limits";
import { allowedActions, type OrderAction } from "./orders.server";

/** Reads for the order screens: the lists, one order as a party sees it, files and invoices. */

export type OrderRole = "buying" | "selling";
export type StatusFilter = OrderStatus | "open" | "all";

export function parseStatusFilter(raw: string | null | undefined): StatusFilter {
  if (raw === "open") return "open";
  return (ORDER_STATUSES as readonly string[]).includes(raw ?? "") ? (raw as OrderStatus) : "all";
}

export interface OrderListItem {
  id: string;
  serviceTitle: string;
  status: OrderStatus;
  total: string;
  priceUnit: PriceUnit;
  quantity: string;
  createdAt: string;
  updatedAt: string;
  otherParty: string;
}

export interface OrderList {
  role: OrderRole;
  status: StatusFilter;
  orders: OrderListItem[];
  page: number;
  pageCount: number;
  total: number;
  /** Orders per role that still need someone to act (for the tabs). */
  openCounts: Record<OrderRole, number>;
}

const other = alias(profiles, "other_party");

/** One page of the user's orders in a role, newest first, filtered by status (all in SQL, on the role's index). */
export async function listOrders(
  db: Database,
  { userId, role, status = "all", page = 1, pageSize = ORDERS_PAGE_SIZE }: { userId: string; role: OrderRole; status?: StatusFilter; page?: number; pageSize?: number },
): Promise<OrderList> {
  const mine = role === "buying" ? orders.buyerId : orders.sellerId;
  const otherId = role === "buying" ? orders.sellerId : orders.buyerId;
  const filters: SQL[] = [eq(mine, userId)];
  if (status === "open") filters.push(inArray(orders.status, [...OPEN_ORDER_STATUSES]));
  else if (status !== "all") filters.push(eq(orders.status, status));
  const where = and(...filters);
  const [counted] = await db.select({ n: count() }).from(orders).where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({
      id: orders.id,
      serviceTitle: orders.serviceTitle,
      status: orders.status,
      total: orders.total,
      priceUnit: orders.priceUnit,
      quantity: orders.quantity,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      firstName: other.firstName,
      lastName: other.lastName,
    })
    .from(orders)
    .leftJoin(other, eq(other.userId, otherId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  const openCounts = await openOrderCounts(db, userId);
  return {
    role,
    status,
    page: current,
    pageCount,
    total,
    openCounts,
    orders: rows.map(({ firstName, lastName, createdAt, updatedAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      otherParty: displayName(firstName, lastName),
    })),
  };
}

/** Open orders per role (requested, in progress, delivered). */
export async function openOrderCounts(db: Database, userId: string): Promise<Record<OrderRole, number>> {
  const open = inArray(orders.status, [...OPEN_ORDER_STATUSES]);
  const [[buying], [selling]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(and(eq(orders.buyerId, userId), open)),
    db.select({ n: count() }).from(orders).where(and(eq(orders.sellerId, userId), open)),
  ]);
  return { buying: Number(buying?.n ?? 0), selling: Number(selling?.n ?? 0) };
}

export interface OrderEventView {
  id: string;
  kind: OrderEventKind;
  note: string | null;
  actor: "buyer" | "seller" | "system";
  createdAt: string;
  files: OrderFileView[];
}

export interface OrderFileView {
  id: string;
  name: string;
  type: string;
  size: number;
  url: string;
}

export interface InvoiceView {
  id: string;
  number: string;
  issuedOn: string;
  gross: string;
  net: string;
  vat: string;
  vatRate: number;
  smallBusiness: boolean;
  paidAt: string | null;
  url: string;
}

export interface OrderPage {
  id: string;
  party: "buyer" | "seller";
  status: OrderStatus;
  serviceId: string | null;
  serviceTitle: string;
  priceUnit: PriceUnit;
  unitPrice: string;
  quantity: string;
  total: string;
  requirements: string;
  desiredDate: string | null;
  declineReason: string | null;
  createdAt: string;
  autoCompleteAt: string | null;
  buyer: { name: string; username: string | null; deleted: boolean };
  seller: { name: string; username: string | null; deleted: boolean };
  timeline: OrderEventView[];
  actions: OrderAction[];
  invoice: InvoiceView | null;
  conversationId: string | null;
  /** A provider who must fill in billing details before accepting. */
  billingMissing: boolean;
  /**
   * The buyer's invitation to rate a completed order's service (while it is listed): whether
   * they already did, so the page can say "Ihre Bewertung ansehen" instead.
   */
  review: { serviceId: string; reviewed: boolean } | null;
}

export function orderFileUrl(orderId: string, fileId: string): string {
  return `/orders/${orderId}/dateien/${fileId}`;
}

export function invoiceUrl(orderId: string): string {
  return `/orders/${orderId}/rechnung`;
}

/** One order with its timeline, files, invoice and the viewer's next actions; NOT_FOUND for anyone but its two parties. */
export async function getOrderPage(db: Database, userId: string, orderId: string): Promise<OrderPage> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "order_not_found");
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || (order.buyerId !== userId && order.sellerId !== userId)) throw new AppError("NOT_FOUND", "order_not_found");
  const party = order.buyerId === userId ? "buyer" : "seller";
  const reviewServiceId = party === "buyer" && order.status === "completed" ? order.serviceId : null;
  const [people, events, files, [invoice], [conversation], billing, [reviewable]] = await Promise.all([
    db
      .select({ userId: profiles.userId, firstName: profiles.firstName, lastName: profiles.lastName, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.userId, [order.buyerId, order.sellerId].filter((id): id is string => !!id))),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.seq)),
    db.select().from(orderFiles).where(eq(orderFiles.orderId, order.id)).orderBy(asc(orderFiles.createdAt), asc(orderFiles.fileName)),
    db.select().from(invoices).where(eq(invoices.orderId, order.id)),
    db.select({ id: conversations.id }).from(conversations).where(eq(conversations.orderId, order.id)),
    party === "seller" && order.status === "requested" ? getBillingProfile(db, userId) : Promise.resolve(null),
    reviewServiceId
      ? db
          .select({ serviceId: services.id, reviewId: serviceReviews.id })
          .from(services)
          .leftJoin(serviceReviews, and(eq(serviceReviews.serviceId, services.id), eq(serviceReviews.userId, userId)))
          .where(and(eq(services.id, reviewServiceId), eq(services.listed, true)))
      : Promise.resolve([]),
  ]);
  const personOf = (id: string | null) => {
    const person = people.find((p) => p.userId === id);
    return { name: displayName(person?.firstName, person?.lastName), username: person?.username ?? null, deleted: !id };
  };
  const fileViews = (eventId: string) =>
    files
      .filter((file) => file.eventId === eventId)
      .map((file) => ({ id: file.id, name: file.fileName, type: file.fileType, size: file.fileSize, url: orderFileUrl(order.id, file.id) }));
  return {
    id: order.id,
    party,
    status: order.status,
    serviceId: order.serviceId,
    serviceTitle: order.serviceTitle,
    priceUnit: order.priceUnit,
    unitPrice: order.unitPrice,
    quantity: order.quantity,
    total: order.total,
    requirements: order.requirements,
    desiredDate: order.desiredDate,
    declineReason: order.declineReason,
    createdAt: order.createdAt.toISOString(),
    autoCompleteAt: order.autoCompleteAt?.toISOString() ?? null,
    buyer: personOf(order.buyerId),
    seller: personOf(order.sellerId),
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      note: event.note,
      actor: event.actorId === null ? "system" : event.actorId === order.buyerId ? "buyer" : "seller",
      createdAt: event.createdAt.toISOString(),
      files: fileViews(event.id),
    })),
    actions: allowedActions(order.status, party),
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          issuedOn: invoice.issuedOn,
          gross: invoice.gross,
          net: invoice.net,
          vat: invoice.vat,
          vatRate: invoice.vatRate,
          smallBusiness: invoice.smallBusiness,
          paidAt: invoice.paidAt?.toISOString() ?? null,
          url: invoiceUrl(order.id),
        }
      : null,
    conversationId: conversation?.id ?? null,
    billingMissing: party === "seller" && order.status === "requested" && !isReadyToInvoice(billing),
    review: reviewable ? { serviceId: reviewable.serviceId, reviewed: reviewable.reviewId !== null } : null,
  };
}

/** A delivery file of an order, for its two parties only. */
export async function orderFileFor(db: Database, userId: string, orderId: string, fileId: string) {
  if (!isUuid(orderId) || !isUuid(fileId)) return null;
  const [row] = await db
    .select({ key: orderFiles.fileKey, name: orderFiles.fileName, type: orderFiles.fileType, buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orderFiles)
    .innerJoin(orders, eq(orders.id, orderFiles.orderId))
    .where(and(eq(orderFiles.id, fileId), eq(orderFiles.orderId, orderId)));
  if (!row || (row.buyerId !== userId && row.sellerId !== userId)) return null;
  return row;
}

/** The invoice of an order, for its two parties only (the invoice row keeps them after the order's parties are gone). */
export async function invoiceOfOrderFor(db: Database, userId: string, orderId: string) {
  if (!isUuid(orderId)) return null;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice || (invoice.sellerId !== userId && invoice.buyerId !== userId)) return null;
  return invoice;
}

/**
 * What the booking form is prefilled with: the user's billing address, else their name; and
 * whether their billing details are also a provider's (tax or bank details), so saving an address
 * from the form would change the address their own invoices carry.
 */
export async function bookingDefaults(db: Database, userId: string): Promise<{ address: PostalAddress; providerDetails: boolean }> {
  const profile = await getBillingProfile(db, userId);
  const providerDetails = !!(profile?.taxNumber || profile?.vatId || profile?.iban);
  const address = addressOf(profile);
  if (address) return { address, providerDetails };
  const [me] = await db.select({ firstName: profiles.firstName, lastName: profiles.lastName }).from(profiles).where(eq(profiles.userId, userId));
  const name = [me?.firstName, me?.lastName].filter(Boolean).join(" ");
  return { address: { name, street: "", postalCode: "", city: "", country: "Deutschland" }, providerDetails };
}
