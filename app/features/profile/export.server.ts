import { asc, desc, eq, inArray, or, sql } from "drizzle-orm";
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

/**
 * Everything stored about the user, from the user's own rows only (spec section 3, "Data export
 * file"). Ratings and reviews are one table here (ADR 004): "ratings" lists every rating the
 * user gave, "reviews" the same rows with their texts.
 */
export async function exportUserData(db: Database, { actorId, now = new Date() }: { actorId: string | null; now?: Date }): Promise<DataExport> {
  if (!actorId) throw new AppError("UNAUTHORIZED", "sign_in_required");
  const [account] = await db.select({ id: user.id, email: user.email, createdAt: user.createdAt }).from(user).where(eq(user.id, actorId));
  if (!account) throw new AppError("NOT_FOUND", "profile_not_found");

  const [profileRows, serviceRows, favoriteRows, reviewRows, commentRows, purchaseRows, notificationRows, ticketRows, orderRows, invoiceRows, billingRows, replyRows, savedSearchRows, notificationSettingRows] = await Promise.all([
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
    db.select().from(serviceComments).where(eq(serviceComments.userId, actorId)).orderBy(desc(serviceComments.createdAt)),
    db.select().from(purchases).where(eq(purchases.buyerId, actorId)).orderBy(desc(purchases.createdAt)),
    db.select().from(notifications).where(eq(notifications.userId, actorId)).orderBy(desc(notifications.createdAt)),
    db.select().from(supportTickets).where(eq(supportTickets.userId, actorId)).orderBy(desc(supportTickets.createdAt)),
    db
      .select()
      .from(orders)
      .where(or(eq(orders.buyerId, actorId), eq(orders.sellerId, actorId)))
      .orderBy(desc(orders.createdAt)),
    db
      .select()
      .from(invoices)
      .where(or(eq(invoices.buyerId, actorId), eq(invoices.sellerId, actorId)))
      .orderBy(desc(invoices.issuedOn)),
    db.select().from(billingProfiles).where(eq(billingProfiles.userId, actorId)),
    db.select().from(reviewReplies).where(eq(reviewReplies.authorId, actorId)).orderBy(desc(reviewReplies.createdAt)),
    db.select().from(savedSearches).where(eq(savedSearches.userId, actorId)).orderBy(desc(savedSearches.createdAt)),
    db.select().from(notificationSettings).where(eq(notificationSettings.userId, actorId)).orderBy(asc(notificationSettings.kind)),
  ]);
  const ticketReplyRows = await exportTicketReplies(db, actorId);
  const moderation = await exportModeration(db, actorId);
  const [presenceRows, streamRows, typingRows, digestRows, statusChangeRows, conversationRows, messageRows, sessionRows] = await Promise.all([
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
    // The other person by name only, as the chat shows them (no account id, e-mail or username:
    // like orders above, and a blocked user learns nothing of the blocker here, ADR 024).
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
      })
      .from(conversations)
      .leftJoin(profiles, eq(profiles.userId, sql`case when ${conversations.user1Id} = ${actorId} then ${conversations.user2Id} else ${conversations.user1Id} end`))
      .leftJoin(services, eq(services.id, conversations.serviceId))
      .leftJoin(orders, eq(orders.id, conversations.orderId))
      .where(or(eq(conversations.user1Id, actorId), eq(conversations.user2Id, actorId)))
      .orderBy(desc(conversations.createdAt), asc(conversations.id)),
    // Only the messages the user sent: what the other person wrote is their personal data
    // (Art. 15(4) GDPR: a copy must not adversely affect the rights of others), and the user still
    // reads it in the chat itself. The conversations above give the context of the user's own lines.
    // Attachments by name, type and size only: file_key and file_url are storage internals.
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
      })
      .from(messages)
      .where(eq(messages.senderId, actorId))
      .orderBy(desc(messages.createdAt), asc(messages.id)),
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
  const orderIds = orderRows.map((o) => o.id);
  const [events, deliveredFiles] = orderIds.length
    ? await Promise.all([
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
      ])
    : [[], []];

  return {
    export_date: now.toISOString(),
    user_info: { user_id: account.id, email: account.email, created_at: account.createdAt },
    profile: profileRows[0] ? snakeKeys(profileRows[0]) : null,
    services: serviceRows.map(snakeKeys),
    favorites: favoriteRows.map(snakeKeys),
    reviews: reviewRows.map(snakeKeys),
    ratings: reviewRows.map((r) => snakeKeys({ userId: r.userId, serviceId: r.serviceId, rating: r.rating, createdAt: r.createdAt })),
    comments: commentRows.map(snakeKeys),
    purchases: purchaseRows.map(snakeKeys),
    notifications: notificationRows.map(snakeKeys),
    // A ticket's file by name, type and size, like a reply's (the storage key is an internal).
    support_tickets: ticketRows.map(({ fileKey: _fileKey, ...ticket }) => snakeKeys(ticket)),
    support_ticket_replies: ticketReplyRows.map(snakeKeys),
    // Orders and invoices without the other party's account id (their name is on the invoice, as printed).
    orders: orderRows.map(({ buyerId, sellerId: _sellerId, ...order }) =>
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
    ),
    invoices: invoiceRows.map(({ storageKey: _key, issuerKey: _issuer, buyerId, sellerId: _seller, ...invoice }) =>
      snakeKeys({ ...invoice, role: buyerId === actorId ? "recipient" : "issuer" }),
    ),
    billing_details: billingRows[0] ? snakeKeys(billingRows[0]) : null,
    review_replies: replyRows.map(snakeKeys),
    service_images: imageRows.map(({ widths, ownerId: _ownerId, ...image }) =>
      snakeKeys({ ...image, files: widths.map((width) => serviceImageUrl({ id: image.id, ownerId: actorId }, width)) }),
    ),
    saved_searches: savedSearchRows.map(snakeKeys),
    notification_settings: notificationSettingRows.map(({ userId: _userId, ...row }) => snakeKeys(row)),
    blocked_users: (await listBlockedUsers(db, actorId)).map((b) => ({ user_id: b.userId, name: b.name, username: b.username, blocked_at: b.blockedAt })),
    moderation_reports: moderation.reports,
    moderation_decisions: moderation.decisions,
    email_unsubscribe: {
      unsubscribed_kinds: NOTIFICATION_KINDS.filter((kind) => mailOff.has(kind)),
      mailed_kinds: NOTIFICATION_KINDS.filter((kind) => !mailOff.has(kind)),
    },
    message_digest: digestRows[0] ? snakeKeys(digestRows[0]) : null,
    presence: {
      show_status: presenceRows[0]?.showStatus ?? true,
      last_seen_at: seenTimes.length ? new Date(Math.max(...seenTimes)) : null,
      open_streams: streamRows.map(snakeKeys),
      typing_signals: typingRows.map(snakeKeys),
    },
    support_ticket_status_changes: statusChangeRows.map(snakeKeys),
    // "Unknown User" for a person whose account is gone, as the chat shows them.
    conversations: conversationRows.map(({ id, kind, otherFirstName, otherLastName, ...about }) =>
      snakeKeys({ id, kind, otherParty: displayName(otherFirstName, otherLastName), ...about }),
    ),
    messages: messageRows.map(snakeKeys),
    sessions: sessionRows.map(snakeKeys),
  };
}

/** "datenexport-2026-11-21.json": the date in Germany, where the user downloads it. */
export function exportFileName(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `datenexport-${day}.json`;
}

/**
 * The export as the download it is served as (/profile/export, and /konto-gesperrt/export for a
 * suspended account): personal data, so kept nowhere (`no-store`), and never sniffed as a page.
 */
export async function exportDownload(db: Database, userId: string, now = new Date()): Promise<Response> {
  const body = await exportUserData(db, { actorId: userId, now });
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
