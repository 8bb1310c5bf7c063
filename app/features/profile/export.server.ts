import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  billingProfiles,
  conversations,
  favorites,
  invoices,
  messageDigests,
  messages,
  notifications,
  notificationSettings,
  orderEvents,
  orderFiles,
  orders,
  presenceConnections,
  profiles,
  purchases,
  reviewReplies,
  savedSearches,
  serviceComments,
  serviceReviews,
  serviceImages,
  services,
  session,
  supportTickets,
  supportTicketStatusChanges,
  typingSignals,
  user,
  userPresence,
} from "~/db/schema";
import { NOTIFICATION_KINDS } from "~/features/notifications/kinds";
import { orderFileUrl } from "~/features/orders/queries.server";
import type { Database } from "~/lib/db.server";
import { serviceImageUrl } from "~/features/services/service-image";
import { exportTicketReplies } from "~/features/support/replies.server";
import { listBlockedUsers } from "~/features/blocks/blocks.server";
import { exportModeration } from "~/features/moderation/decisions.server";
import { AppError } from "~/lib/errors";
import { reportUnexpected } from "~/lib/responses.server";
import { de } from "~/i18n/de";
import { displayName } from "~/lib/format";

type Row = Record<string, unknown>;

/** Column names as stored (snake_case), the way the spec names the export's fields. */
function snakeKeys(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]));
}

export interface DataExport {
  export_date: string;
  user_info: { user_id: string; email: string; created_at: Date };
  profile: Row | null;
  services: Row[];
  favorites: Row[];
  reviews: Row[];
  ratings: Row[];
  comments: Row[];
  purchases: Row[];
  notifications: Row[];
  support_tickets: Row[];
  /** The conversations of the user's tickets (both sides; staff only as "support") and replies the user wrote as support staff (ADR 022). */
  support_ticket_replies: Row[];
  /** Beyond the spec's list: orders as buyer or provider (with their timelines), invoices, billing details. */
  orders: Row[];
  invoices: Row[];
  billing_details: Row | null;
  /** The user's answers (as a provider) to reviews of their services. */
  review_replies: Row[];
  /** The images of the user's services (and unsaved drafts of the create form), with their file addresses. */
  service_images: Row[];
  /** The user's saved /services searches (name, query, when created, last checked and alerted). */
  saved_searches: Row[];
  /** The user's notification settings per kind (only kinds the user changed; the rest are on). */
  notification_settings: Row[];
  /** Whom the user blocked (never who blocked them), ADR 024. */
  blocked_users: Row[];
  /** Reports the user made ("Melden") and moderation decisions about the user's content (ADR 023). */
  moderation_reports: Row[];
  moderation_decisions: Row[];
  /**
   * The kinds whose e-mails are off (by the settings or a one-click unsubscribe link, which
   * switches the same setting off; ADR 020), and those still mailed.
   */
  email_unsubscribe: { unsubscribed_kinds: string[]; mailed_kinds: string[] };
  /** The e-mail digest of unread messages: what the last digest covered and when it was sent (ADR 020); null: never considered. */
  message_digest: Row | null;
  /**
   * Presence (ADR 021): the "Online-Status anzeigen" setting, when the user was last seen, the
   * user's open event streams (one per tab, with their last heartbeat) and the last typing signal
   * per conversation (the throttle's row).
   */
  presence: { show_status: boolean; last_seen_at: Date | null; open_streams: Row[]; typing_signals: Row[] };
  /** Status changes of the user's own tickets (by support; without the staff member's account id). */
  support_ticket_status_changes: Row[];
  /** The user's chats (service, direct, order): the other person by display name and what the chat is about. */
  conversations: Row[];
  /** The messages the user sent, in any chat; an attachment by name, type and size (never its bytes or storage key). */
  messages: Row[];
  /**
   * The user's sign-in sessions (one per device or browser, kept until they end or expire): when
   * each began, was last used and ends, with the IP address and browser they were opened from.
   * Never the session's token or id, which would sign anyone in who read the file.
   */
  sessions: Row[];
}

/** How many rows of a large section one query reads (and one chunk of the download carries). */
export const EXPORT_BATCH_SIZE = 500;

/**
 * A large section (one that grows without bound per user: messages, notifications, orders, …),
 * read in keyset-paged batches as it is written, never whole.
 */
class Batches {
  constructor(readonly read: () => AsyncGenerator<Row[]>) {}
}

/** The export's sections in the order of the document: a value, or the batches of a large one. */
export type ExportSection = readonly [key: string, content: unknown];

/** A large section's rows, read in batches by `read` (see pagedRows). */
export function batchedSection(key: string, read: () => AsyncGenerator<Row[]>): ExportSection {
  return [key, new Batches(read)];
}

/** Where the previous batch ended: its last row's sort values (as sortText writes them) and id. */
interface Cursor {
  at: string[];
  id: string;
}

/** A sort column of a large section (each descending), and the type its cursor text is cast back to. */
interface SortTerm {
  column: AnyPgColumn;
  cast: "timestamptz" | "date";
}

/** Sorted by the time a row was made. */
const byCreation = (column: AnyPgColumn): SortTerm[] => [{ column, cast: "timestamptz" }];

/**
 * Rows after the cursor in the order `terms desc…, id <idOrder>`. The cursor carries the sort
 * values as text and casts them back in SQL: a JavaScript Date would cut PostgreSQL's microseconds,
 * and the rows of the same millisecond would be read twice or not at all.
 */
function after(cursor: Cursor | null, terms: SortTerm[], id: AnyPgColumn, idOrder: "asc" | "desc"): SQL | undefined {
  if (!cursor) return undefined;
  const columns = sql.join(
    terms.map((t) => sql`${t.column}`),
    sql`, `,
  );
  const values = sql.join(
    terms.map((t, i) => sql`cast(${cursor.at[i]} as ${sql.raw(t.cast)})`),
    sql`, `,
  );
  return sql`((${columns}) < (${values}) or ((${columns}) = (${values}) and ${id} ${sql.raw(idOrder === "asc" ? ">" : "<")} ${cursor.id}))`;
}

/**
 * A sort value as text that reads back to the same value whatever the session's DateStyle and
 * TimeZone: ISO 8601 in UTC with the microseconds (`::text` would follow the session's settings,
 * and a zone abbreviation such as "IST" does not always read back as the zone it was written for).
 */
function sortText({ column, cast }: SortTerm): SQL {
  return cast === "date" ? sql`to_char(${column}, 'YYYY-MM-DD')` : sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The sort values of a row for the cursor (see `after`). */
function cursorText(terms: SortTerm[]): SQL.Aliased<string[]> {
  return sql<string[]>`json_build_array(${sql.join(terms.map(sortText), sql`, `)})`.as("cursor_at");
}

/**
 * A large section's rows batch by batch: `read` gets the cursor after the previous batch (null
 * first) and the batch size, and answers at most that many rows, each with its `cursorAt`. Each
 * batch is its own statement (no transaction held while the client reads), so a row written
 * meanwhile may or may not be in the file; none is read twice or skipped.
 */
async function* pagedRows<T extends { id: string; cursorAt: string[] }>(size: number, read: (cursor: Cursor | null, size: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/**
 * Everything stored about the user, from the user's own rows only (spec section 3, "Data export
 * file"), as the document's sections in order. Ratings and reviews are one table here (ADR 004):
 * "ratings" lists every rating the user gave, "reviews" the same rows with their texts. The small
 * sections are read here; the large ones (comments, purchases, notifications, orders with their
 * timelines, invoices, conversations, messages) only when they are written, batch by batch.
 */
export async function exportSections(
  db: Database,
  { actorId, now = new Date(), batchSize = EXPORT_BATCH_SIZE }: { actorId: string | null; now?: Date; batchSize?: number },
): Promise<ExportSection[]> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const [account] = await db.select({ id: user.id, email: user.email, createdAt: user.createdAt }).from(user).where(eq(user.id, actorId));
  if (!account) throw new AppError("NOT_FOUND", "profile_not_found");

  const [profileRows, serviceRows, favoriteRows, reviewRows, ticketRows, billingRows, replyRows, savedSearchRows, notificationSettingRows] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, actorId)),
    db
      .select({
        id: services.id,
        title: services.title,
        description: services.description,
        price: services.price,
        category: services.category,
        priceUnit: services.priceUnit,
        deliveryDays: services.deliveryDays,
        workPlace: services.workPlace,
        workCity: services.workCity,
        createdBy: services.createdBy,
        views: services.views,
        isFeatured: services.isFeatured,
        createdAt: services.createdAt,
        updatedAt: services.updatedAt,
      })
      .from(services)
      .where(eq(services.createdBy, actorId))
      .orderBy(desc(services.createdAt)),
    db
      .select({ id: favorites.id, userId: favorites.userId, serviceId: favorites.serviceId, serviceTitle: services.title, createdAt: favorites.createdAt })
      .from(favorites)
      .leftJoin(services, eq(services.id, favorites.serviceId))
      .where(eq(favorites.userId, actorId))
      .orderBy(desc(favorites.createdAt)),
    db.select().from(serviceReviews).where(eq(serviceReviews.userId, actorId)).orderBy(desc(serviceReviews.createdAt)),
    db.select().from(supportTickets).where(eq(supportTickets.userId, actorId)).orderBy(desc(supportTickets.createdAt)),
    db.select().from(billingProfiles).where(eq(billingProfiles.userId, actorId)),
    db.select().from(reviewReplies).where(eq(reviewReplies.authorId, actorId)).orderBy(desc(reviewReplies.createdAt)),
    db.select().from(savedSearches).where(eq(savedSearches.userId, actorId)).orderBy(desc(savedSearches.createdAt)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, actorId)).orderBy(asc(notificationSettings.kind)),
  ]);
  const ticketReplyRows = await exportTicketReplies(db, actorId);
  const moderation = await exportModeration(db, actorId);
  const blockedRows = await listBlockedUsers(db, actorId);
  const [presenceRows, streamRows, typingRows, digestRows, statusChangeRows, sessionRows] = await Promise.all([
    db.select().from(userPresence).where(eq(userPresence.userId, actorId)),
    db.select({ id: presenceConnections.id, seenAt: presenceConnections.seenAt }).from(presenceConnections).where(eq(presenceConnections.userId, actorId)).orderBy(desc(presenceConnections.seenAt)),
    db.select({ conversationId: typingSignals.conversationId, lastAt: typingSignals.lastAt }).from(typingSignals).where(eq(typingSignals.userId, actorId)).orderBy(desc(typingSignals.lastAt)),
    db.select({ coveredUntil: messageDigests.coveredUntil, sentAt: messageDigests.sentAt }).from(messageDigests).where(eq(messageDigests.userId, actorId)),
    db
      .select({ id: supportTicketStatusChanges.id, ticketId: supportTicketStatusChanges.ticketId, status: supportTicketStatusChanges.status, createdAt: supportTicketStatusChanges.createdAt })
      .from(supportTicketStatusChanges)
      .innerJoin(supportTickets, eq(supportTickets.id, supportTicketStatusChanges.ticketId))
      .where(eq(supportTickets.userId, actorId))
      .orderBy(desc(supportTicketStatusChanges.createdAt)),
    db
      .select({ createdAt: session.createdAt, updatedAt: session.updatedAt, expiresAt: session.expiresAt, ipAddress: session.ipAddress, userAgent: session.userAgent })
      .from(session)
      .where(eq(session.userId, actorId))
      .orderBy(desc(session.createdAt)),
  ]);
  // Last seen: the latest closed stream or, for a stream still open (or left by a process that died), its last heartbeat.
  const seenTimes = [presenceRows[0]?.lastSeenAt ?? null, ...streamRows.map((r) => r.seenAt)].filter((d): d is Date => !!d).map((d) => d.getTime());
  const mailOff = new Set(notificationSettingRows.filter((row) => !row.email).map((row) => row.kind));
  const imageRows = await db
    .select({
      id: serviceImages.id,
      serviceId: serviceImages.serviceId,
      position: serviceImages.position,
      width: serviceImages.width,
      height: serviceImages.height,
      widths: serviceImages.widths,
      ownerId: serviceImages.ownerId,
      createdAt: serviceImages.createdAt,
    })
    .from(serviceImages)
    .where(eq(serviceImages.ownerId, actorId))
    .orderBy(asc(serviceImages.serviceId), asc(serviceImages.position));

  /** A table's whole rows that `whose` picks, newest first (comments, purchases, notifications, orders). */
  const newestFirst =
    <T extends PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn }>(table: T, whose: SQL | undefined) =>
    () =>
      pagedRows<T["$inferSelect"] & { id: string; cursorAt: string[] }>(batchSize, (cursor, limit) =>
        db
          .select({ ...getTableColumns(table), cursorAt: cursorText(byCreation(table.createdAt)) })
          .from(table as PgTable)
          .where(and(whose, after(cursor, byCreation(table.createdAt), table.id, "desc")))
          .orderBy(desc(table.createdAt), desc(table.id))
          // Drizzle cannot type a select over a table given as a type parameter; its rows are the table's.
          .limit(limit) as unknown as Promise<(T["$inferSelect"] & { id: string; cursorAt: string[] })[]>,
      );
  const comments = newestFirst(serviceComments, eq(serviceComments.userId, actorId));
  const purchaseBatches = newestFirst(purchases, eq(purchases.buyerId, actorId));
  const notificationBatches = newestFirst(notifications, eq(notifications.userId, actorId));
  const orderBatches = newestFirst(orders, or(eq(orders.buyerId, actorId), eq(orders.sellerId, actorId)));
  // By the day printed on them, and within a day as they were issued (not by their random ids).
  const invoiceOrder: SortTerm[] = [
    { column: invoices.issuedOn, cast: "date" },
    { column: invoices.createdAt, cast: "timestamptz" },
  ];
  const invoiceBatches = () =>
    pagedRows(batchSize, (cursor, limit) =>
      db
        .select({ ...getTableColumns(invoices), cursorAt: cursorText(invoiceOrder) })
        .from(invoices)
        .where(and(or(eq(invoices.buyerId, actorId), eq(invoices.sellerId, actorId)), after(cursor, invoiceOrder, invoices.id, "desc")))
        .orderBy(desc(invoices.issuedOn), desc(invoices.createdAt), desc(invoices.id))
        .limit(limit),
    );
  // The other person by name only, as the chat shows them (no account id, e-mail or username:
  // like orders above, and a blocked user learns nothing of the blocker here, ADR 024).
  const conversationBatches = () =>
    pagedRows(batchSize, (cursor, limit) =>
      db
        .select({
          id: conversations.id,
          kind: conversations.kind,
          otherFirstName: profiles.firstName,
          otherLastName: profiles.lastName,
          serviceId: conversations.serviceId,
          serviceTitle: services.title,
          orderId: conversations.orderId,
          orderTitle: orders.serviceTitle,
          createdAt: conversations.createdAt,
          cursorAt: cursorText(byCreation(conversations.createdAt)),
        })
        .from(conversations)
        .leftJoin(profiles, eq(profiles.userId, sql`case when ${conversations.user1Id} = ${actorId} then ${conversations.user2Id} else ${conversations.user1Id} end`))
        .leftJoin(services, eq(services.id, conversations.serviceId))
        .leftJoin(orders, eq(orders.id, conversations.orderId))
        .where(and(or(eq(conversations.user1Id, actorId), eq(conversations.user2Id, actorId)), after(cursor, byCreation(conversations.createdAt), conversations.id, "asc")))
        .orderBy(desc(conversations.createdAt), asc(conversations.id))
        .limit(limit),
    );
  // Only the messages the user sent: what the other person wrote is their personal data
  // (Art. 15(4) GDPR: a copy must not adversely affect the rights of others), and the user still
  // reads it in the chat itself. The conversations above give the context of the user's own lines.
  // Attachments by name, type and size only: file_key and file_url are storage internals.
  const messageBatches = () =>
    pagedRows(batchSize, (cursor, limit) =>
      db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          content: messages.content,
          fileName: messages.fileName,
          fileType: messages.fileType,
          fileSize: messages.fileSize,
          createdAt: messages.createdAt,
          removedAt: messages.removedAt,
          cursorAt: cursorText(byCreation(messages.createdAt)),
        })
        .from(messages)
        .where(and(eq(messages.senderId, actorId), after(cursor, byCreation(messages.createdAt), messages.id, "asc")))
        .orderBy(desc(messages.createdAt), asc(messages.id))
        .limit(limit),
    );

  /** A batch of orders with their timelines: the events and delivered files of these orders only. */
  async function withTimelines(orderRows: (typeof orders.$inferSelect & { cursorAt: string[] })[]) {
    const orderIds = orderRows.map((o) => o.id);
    const [events, deliveredFiles] = await Promise.all([
      db
        .select({ id: orderEvents.id, orderId: orderEvents.orderId, kind: orderEvents.kind, note: orderEvents.note, createdAt: orderEvents.createdAt })
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, orderIds))
        .orderBy(asc(orderEvents.seq)),
      // A delivery's files by name, type and size with their download address (which the export's
      // owner may open, as a party to the order), never their bytes or storage key.
      db
        .select({ id: orderFiles.id, orderId: orderFiles.orderId, eventId: orderFiles.eventId, fileName: orderFiles.fileName, fileType: orderFiles.fileType, fileSize: orderFiles.fileSize })
        .from(orderFiles)
        .where(inArray(orderFiles.orderId, orderIds))
        .orderBy(asc(orderFiles.createdAt), asc(orderFiles.fileName)),
    ]);
    // Orders without the other party's account id (their name is on the invoice, as printed).
    return orderRows.map(({ buyerId, sellerId: _sellerId, cursorAt: _cursor, ...order }) =>
      snakeKeys({
        ...order,
        role: buyerId === actorId ? "buyer" : "seller",
        timeline: events
          .filter((e) => e.orderId === order.id)
          .map(({ id, orderId: _orderId, ...e }) =>
            snakeKeys({
              ...e,
              files: deliveredFiles
                .filter((f) => f.eventId === id)
                .map(({ id: fileId, orderId, eventId: _eventId, ...f }) => snakeKeys({ ...f, url: orderFileUrl(orderId, fileId) })),
            }),
          ),
      }),
    );
  }

  /** Each batch of `read` as export rows (`shape` also drops the cursor). */
  const rowsOf = <T extends { cursorAt: string[] }>(read: () => AsyncGenerator<T[]>, shape: (row: T) => Row) =>
    async function* () {
      for await (const rows of read()) yield rows.map(shape);
    };
  const plain = <T extends { cursorAt: string[] }>({ cursorAt: _cursor, ...row }: T) => snakeKeys(row);

  return [
    ["export_date", now.toISOString()],
    ["user_info", { user_id: account.id, email: account.email, created_at: account.createdAt }],
    ["profile", profileRows[0] ? snakeKeys(profileRows[0]) : null],
    ["services", serviceRows.map(snakeKeys)],
    ["favorites", favoriteRows.map(snakeKeys)],
    ["reviews", reviewRows.map(snakeKeys)],
    ["ratings", reviewRows.map((r) => snakeKeys({ userId: r.userId, serviceId: r.serviceId, rating: r.rating, createdAt: r.createdAt }))],
    batchedSection("comments", rowsOf(comments, plain)),
    batchedSection("purchases", rowsOf(purchaseBatches, plain)),
    batchedSection("notifications", rowsOf(notificationBatches, plain)),
    // A ticket's file by name, type and size, like a reply's (the storage key is an internal).
    ["support_tickets", ticketRows.map(({ fileKey: _fileKey, ...ticket }) => snakeKeys(ticket))],
    ["support_ticket_replies", ticketReplyRows.map(snakeKeys)],
    batchedSection("orders", async function* () {
      for await (const rows of orderBatches()) yield await withTimelines(rows);
    }),
    // Invoices without the other party's account id (their name is on the invoice, as printed).
    batchedSection(
      "invoices",
      rowsOf(invoiceBatches, ({ storageKey: _key, issuerKey: _issuer, buyerId, sellerId: _seller, cursorAt: _cursor, ...invoice }) =>
        snakeKeys({ ...invoice, role: buyerId === actorId ? "recipient" : "issuer" }),
      ),
    ),
    ["billing_details", billingRows[0] ? snakeKeys(billingRows[0]) : null],
    ["review_replies", replyRows.map(snakeKeys)],
    ["service_images", imageRows.map(({ widths, ownerId: _ownerId, ...image }) => snakeKeys({ ...image, files: widths.map((width) => serviceImageUrl({ id: image.id, ownerId: actorId }, width)) }))],
    ["saved_searches", savedSearchRows.map(snakeKeys)],
    ["notification_settings", notificationSettingRows.map(({ userId: _userId, ...row }) => snakeKeys(row))],
    ["blocked_users", blockedRows.map((b) => ({ user_id: b.userId, name: b.name, username: b.username, blocked_at: b.blockedAt }))],
    ["moderation_reports", moderation.reports],
    ["moderation_decisions", moderation.decisions],
    [
      "email_unsubscribe",
      { unsubscribed_kinds: NOTIFICATION_KINDS.filter((kind) => mailOff.has(kind)), mailed_kinds: NOTIFICATION_KINDS.filter((kind) => !mailOff.has(kind)) },
    ],
    ["message_digest", digestRows[0] ? snakeKeys(digestRows[0]) : null],
    [
      "presence",
      {
        show_status: presenceRows[0]?.showStatus ?? true,
        last_seen_at: seenTimes.length ? new Date(Math.max(...seenTimes)) : null,
        open_streams: streamRows.map(snakeKeys),
        typing_signals: typingRows.map(snakeKeys),
      },
    ],
    ["support_ticket_status_changes", statusChangeRows.map(snakeKeys)],
    // "Unknown User" for a person whose account is gone, as the chat shows them.
    batchedSection(
      "conversations",
      rowsOf(conversationBatches, ({ id, kind, otherFirstName, otherLastName, cursorAt: _cursor, ...about }) =>
        snakeKeys({ id, kind, otherParty: displayName(otherFirstName, otherLastName), ...about }),
      ),
    ),
    batchedSection("messages", rowsOf(messageBatches, plain)),
    ["sessions", sessionRows.map(snakeKeys)],
  ];
}

/**
 * The whole export as one object, every batch read (for code that needs the values, and the
 * tests): the same sections the download streams.
 */
export async function exportUserData(db: Database, options: { actorId: string | null; now?: Date; batchSize?: number }): Promise<DataExport> {
  const result: Record<string, unknown> = {};
  for (const [key, content] of await exportSections(db, options)) {
    if (!(content instanceof Batches)) {
      result[key] = content;
      continue;
    }
    const rows: Row[] = [];
    for await (const batch of content.read()) rows.push(...batch);
    result[key] = rows;
  }
  return result as unknown as DataExport;
}

/** `JSON.stringify(value, null, 2)` for a value `depth` levels in, indented as it is there. */
function pretty(value: unknown, depth: number): string {
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${"  ".repeat(depth)}`);
}

/**
 * The document as the text of `JSON.stringify(sections as an object, null, 2)`, in chunks: the
 * small sections together, then each batch of a large section as it is read (the next batch is
 * read only when the chunk before it has been taken).
 */
export async function* exportJson(sections: Iterable<ExportSection>): AsyncGenerator<string> {
  let text = "{";
  let first = true;
  for (const [key, content] of sections) {
    // JSON.stringify leaves out a key whose value is undefined; so does the document.
    if (content === undefined) continue;
    text += `${first ? "" : ","}\n  ${JSON.stringify(key)}: `;
    first = false;
    if (!(content instanceof Batches)) {
      text += pretty(content, 1);
      continue;
    }
    let empty = true;
    for await (const batch of content.read()) {
      for (const row of batch) {
        text += `${empty ? "[" : ","}\n    ${pretty(row, 2)}`;
        empty = false;
      }
      yield text;
      text = "";
    }
    text += empty ? "[]" : "\n  ]";
  }
  yield `${text}${first ? "" : "\n"}}`;
}

/** "datenexport-2026-11-21.json": the date in Germany, where the user downloads it. */
export function exportFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `datenexport-${day}.json`;
}

/**
 * The users whose export this process is writing now, with when it began: one at a time per user
 * (a second request meanwhile gets 429). Per process, like the memory it protects; with several
 * workers (ADR 013) a user could at most run one per worker, each of bounded size.
 */
const globalForExports = globalThis as unknown as { __runningExports?: Map<string, { since: number }> };
const runningExports = (globalForExports.__runningExports ??= new Map<string, { since: number }>());

/**
 * How long a running export holds its user at most: a client that stops reading without closing
 * the connection would otherwise keep the user from exporting for as long as the connection
 * lives. A download of even a very large export takes seconds; an older one no longer counts.
 */
export const EXPORT_HOLD_MS = 10 * 60_000;

const DOWNLOAD_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

/**
 * The export as the download it is served as (/profile/export, and /konto-gesperrt/export for a
 * suspended account): personal data, so kept nowhere (`no-store`), and never sniffed as a page.
 * Streamed as it is read (a large section batch by batch, the next read when the client has taken
 * the last), so a request holds one batch, not the whole export. A failure before the first byte
 * is thrown (the route's error answer); one after it is logged and breaks the download off, so
 * the client sees a failed download, never a shortened file that looks whole.
 */
export async function exportDownload(
  db: Database,
  userId: string,
  { now = new Date(), signal, batchSize, head = false }: { now?: Date; signal?: AbortSignal; batchSize?: number; head?: boolean } = {},
): Promise<Response> {
  const documentHeaders = {
    ...DOWNLOAD_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
  };
  // HEAD (link checkers, `curl -I`) learns what the download would be without one: nothing is read
  // and no lock taken. React Router drops a HEAD answer's body unread, so a download begun for it
  // would never end and would hold the lock for good.
  if (head) return new Response(null, { headers: documentHeaders });
  const running = runningExports.get(userId);
  if (running && Date.now() - running.since < EXPORT_HOLD_MS) {
    return new Response(de.profile.privacy.exportRunning, {
      status: 429,
      headers: { ...DOWNLOAD_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" },
    });
  }
  const entry = { since: Date.now() };
  runningExports.set(userId, entry);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    // Only its own entry: one that outlived EXPORT_HOLD_MS may have been replaced by a newer export.
    if (runningExports.get(userId) === entry) runningExports.delete(userId);
  };
  // A download the client leaves ends the export too (the body may never be read to its end).
  signal?.addEventListener("abort", release, { once: true });

  let chunks: AsyncGenerator<string>;
  let first: IteratorResult<string>;
  try {
    chunks = exportJson(await exportSections(db, { actorId: userId, now, batchSize }));
    first = await chunks.next();
  } catch (error) {
    release();
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        if (first.done) {
          controller.close();
          release();
        } else controller.enqueue(encoder.encode(first.value));
      },
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            release();
          } else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          release();
          reportUnexpected(error, "data export (download broken off)");
          controller.error(error);
        }
      },
      async cancel() {
        release();
        await chunks.return(undefined);
      },
    },
    // One chunk read ahead at most: the next batch waits until the client has taken this one.
    { highWaterMark: 1 },
  );
  return new Response(body, { headers: documentHeaders });
}
