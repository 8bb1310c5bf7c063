import { sql } from "drizzle-orm";
import { bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { ORDER_EVENT_KINDS, ORDER_STATUSES, PRICE_UNITS, REQUIREMENTS_MAX, VAT_RATES, type PriceUnit } from "~/features/orders/limits";
import { user } from "./auth";
import { serviceReviews, services } from "./services";

export { ORDER_EVENT_KINDS, ORDER_STATUSES, PRICE_UNITS, REQUIREMENTS_MAX, VAT_RATES };

const list = (values: readonly (string | number)[]) => sql.raw(values.map((v) => (typeof v === "number" ? String(v) : `'${v}'`)).join(", "));

/** A postal address as it is printed on an invoice. */
export interface PostalAddress {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

/** The provider's side of an invoice, copied at issue time (a later change never alters an issued invoice). */
export interface InvoiceIssuer extends PostalAddress {
  taxNumber: string | null;
  vatId: string | null;
  iban: string | null;
  bic: string | null;
  bankName: string | null;
  email: string | null;
}

/**
 * An order of a service (ADR 012). The price, the unit and the service's title are copied when it
 * is booked: later edits of the service never change an order. Parties are nulled (not deleted)
 * when an account is deleted, so that the other party's records and the invoices stay.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: text("buyer_id").references(() => user.id, { onDelete: "set null" }),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    serviceTitle: text("service_title").notNull(),
    priceUnit: text("price_unit", { enum: PRICE_UNITS }).notNull().$type<PriceUnit>(),
    /** The service's price when booked (a final price including VAT, as shown to consumers). */
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }).notNull(),
    quantity: numeric("quantity", { precision: 8, scale: 2 }).notNull().default("1"),
    /** unit price × quantity, rounded to cents: what the buyer pays. */
    total: numeric("total", { precision: 12, scale: 2 }).notNull(),
    requirements: text("requirements").notNull(),
    desiredDate: date("desired_date", { mode: "string" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("requested"),
    declineReason: text("decline_reason"),
    /** The buyer's invoice address, given when booking. */
    buyerAddress: jsonb("buyer_address").$type<PostalAddress>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** A delivered order completes itself at this time unless the buyer answers first. */
    autoCompleteAt: timestamp("auto_complete_at", { withTimezone: true }),
  },
  (t) => [
    check("orders_status_valid", sql`${t.status} in (${list(ORDER_STATUSES)})`),
    check("orders_price_unit_valid", sql`${t.priceUnit} in (${list(PRICE_UNITS)})`),
    check("orders_quantity_range", sql`${t.quantity} > 0 and ${t.quantity} <= 10000`),
    check("orders_amounts_non_negative", sql`${t.unitPrice} >= 0 and ${t.total} >= 0`),
    check("orders_requirements_length", sql`char_length(btrim(${t.requirements})) between 1 and ${sql.raw(String(REQUIREMENTS_MAX))}`),
    check("orders_parties_differ", sql`${t.buyerId} is null or ${t.sellerId} is null or ${t.buyerId} <> ${t.sellerId}`),
    index("orders_buyer_idx").on(t.buyerId, t.createdAt.desc(), t.id.desc()),
    index("orders_seller_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    index("orders_buyer_status_idx").on(t.buyerId, t.status, t.createdAt.desc()),
    index("orders_seller_status_idx").on(t.sellerId, t.status, t.createdAt.desc()),
    index("orders_service_idx").on(t.serviceId),
    index("orders_auto_complete_idx").on(t.autoCompleteAt).where(sql`${t.status} = 'delivered'`),
  ],
);

/** What a buyer bought: written when an order completes (spec section 1 has it as data; /orders shows the orders). */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The completed order it came from (one purchase per order). */
    orderId: uuid("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "set null" }),
    price: numeric("price", { precision: 10, scale: 2 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("purchases_price_non_negative", sql`${t.price} >= 0`), index("purchases_buyer_idx").on(t.buyerId)],
);

/** The timeline of an order: one row per transition (and per invoice event), never changed. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Who did it; null for the system (auto-completion) or a deleted account. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ORDER_EVENT_KINDS }).notNull(),
    note: text("note"),
    /** Insertion order: events of one transaction share their time. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("order_events_kind_valid", sql`${t.kind} in (${list(ORDER_EVENT_KINDS)})`),
    check("order_events_note_length", sql`${t.note} is null or char_length(${t.note}) <= ${sql.raw(String(REQUIREMENTS_MAX))}`),
    index("order_events_order_idx").on(t.orderId, t.seq),
  ],
);

/** Files of a delivery: private to the order's two parties (served by /orders/{id}/dateien/{fileId}). */
export const orderFiles = pgTable(
  "order_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    eventId: uuid("event_id")
      .notNull()
      .references(() => orderEvents.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_files_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * A user's invoice details: the address (every buyer's invoice address is prefilled from it) and,
 * for providers, what §14 UStG requires on an invoice and where the buyer pays.
 */
export const billingProfiles = pgTable(
  "billing_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    street: text("street").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull().default("Deutschland"),
    taxNumber: text("tax_number"),
    vatId: text("vat_id"),
    /** Kleinunternehmerregelung (§19 UStG): no VAT is charged or shown. */
    smallBusiness: boolean("small_business").notNull().default(false),
    vatRate: smallint("vat_rate").notNull().default(19),
    iban: text("iban"),
    bic: text("bic"),
    bankName: text("bank_name"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("billing_profiles_vat_rate_valid", sql`${t.vatRate} in (${list(VAT_RATES)})`)],
);

/**
 * The last invoice number a provider used per year. Incremented in the completing transaction
 * (a row lock), so numbers are gapless: a rolled-back completion gives its number back.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    issuerKey: text("issuer_key").notNull(),
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuerKey, t.year] })],
);

/**
 * An issued invoice: every printed figure is stored, so the PDF can be rendered again byte for byte
 * and nothing a party later changes alters it. Kept after account deletion for the statutory
 * retention period (GDPR art. 17(3)(b), §147 AO, §14b UStG): the parties' ids become null, the
 * copies of names and addresses stay; `issuer_key` keeps the numbering of the provider.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "restrict" }),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    buyerId: text("buyer_id").references(() => user.id, { onDelete: "set null" }),
    /** The provider's user id at issue time (not a reference: it outlives the account). */
    issuerKey: text("issuer_key").notNull(),
    number: text("number").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    /** When the service was performed (the delivery), §14 (4) no. 6 UStG. */
    performedOn: date("performed_on", { mode: "string" }).notNull(),
    issuer: jsonb("issuer").$type<InvoiceIssuer>().notNull(),
    recipient: jsonb("recipient").$type<PostalAddress>().notNull(),
    description: text("description").notNull(),
    priceUnit: text("price_unit", { enum: PRICE_UNITS }).notNull().$type<PriceUnit>(),
    quantity: numeric("quantity", { precision: 8, scale: 2 }).notNull(),
    unitPrice: numeric("unit_price", { precision: 10, scale: 2 }).notNull(),
    net: numeric("net", { precision: 12, scale: 2 }).notNull(),
    vatRate: smallint("vat_rate").notNull(),
    vat: numeric("vat", { precision: 12, scale: 2 }).notNull(),
    gross: numeric("gross", { precision: 12, scale: 2 }).notNull(),
    smallBusiness: boolean("small_business").notNull(),
    /** The stored PDF (private area `invoices/`); rendered once, never replaced. */
    storageKey: text("storage_key"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("invoices_number_per_issuer").on(t.issuerKey, t.number),
    check("invoices_amounts", sql`${t.net} >= 0 and ${t.vat} >= 0 and ${t.gross} = ${t.net} + ${t.vat}`),
    check("invoices_vat_rate_valid", sql`${t.vatRate} in (0, ${list(VAT_RATES)})`),
    index("invoices_seller_idx").on(t.sellerId, t.issuedOn.desc()),
    index("invoices_buyer_idx").on(t.buyerId, t.issuedOn.desc()),
  ],
);

/** The provider's one answer to a review (editable), shown under it. */
export const reviewReplies = pgTable(
  "review_replies",
  {
    reviewId: uuid("review_id")
      .primaryKey()
      .references(() => serviceReviews.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    reply: text("reply").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("review_replies_length", sql`char_length(btrim(${t.reply})) between 1 and 1000`)],
);

export type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
