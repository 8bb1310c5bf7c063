import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  conversations,
  favorites,
  messageDigests,
  messages,
  notifications,
  presenceConnections,
  purchases,
  serviceComments,
  serviceReviews,
  services,
  session,
  supportTicketReplies,
  supportTickets,
  supportTicketStatusChanges,
  typingSignals,
  userPresence,
} from "~/db/schema";
import { unsubscribe, unsubscribeToken } from "~/features/notifications/unsubscribe.server";
import { setFavorite } from "~/features/favorites/favorites.server";
import { saveNotificationSettings } from "~/features/notifications/settings.server";
import { saveReview } from "~/features/reviews/reviews.server";
import { profileTestbed } from "../../../tests/support/profile-testbed";
import { testEngine } from "../../../tests/support/test-database";
import { saveBillingProfile } from "~/features/orders/billing.server";
import { acceptOrder, bookService, completeOrder, deliverOrder } from "~/features/orders/orders.server";
import { startDirectConversation, startServiceConversation } from "~/features/messaging/conversations.server";
import { sendMessage } from "~/features/messaging/sending.server";
import { multipartRequest } from "../../../tests/support/multipart";
import { captureLog } from "../../../tests/support/log-capture";
import { batchedSection, EXPORT_HOLD_MS, exportDownload, exportFileName, exportJson, exportUserData, type ExportSection } from "./export.server";

const bed = profileTestbed();

describe(`data export on ${testEngine}`, () => {
  it("contains exactly the user's own rows and nothing of anybody else", async () => {
    const me = await bed.newUser({ username: "exporteur", bio: "Meine Bio" });
    const other = await bed.newUser({ username: "fremder" });
    const [mine] = await bed.db
      .insert(services)
      .values({ title: "Mein Angebot", price: "50.00", category: "Design", createdBy: me.id, priceUnit: "hour", deliveryDays: 5, workPlace: "onsite", workCity: "Köln" }).returning({ id: services.id });
    const [theirs] = await bed.db.insert(services).values({ title: "Fremdes Angebot XYZ", price: "70.00", category: "Design", createdBy: other.id }).returning({ id: services.id });
    await setFavorite(bed.db, { actorId: me.id, serviceId: theirs!.id, on: true });
    await setFavorite(bed.db, { actorId: other.id, serviceId: mine!.id, on: true });
    await saveReview(bed.db, { actorId: me.id, serviceId: theirs!.id, input: { rating: "4", reviewText: "Gut gemacht" }, mode: "review" });
    await saveReview(bed.db, { actorId: other.id, serviceId: mine!.id, input: { rating: "2", reviewText: "Geheimer Fremdtext" }, mode: "review" });
    await bed.db.insert(serviceComments).values([
      { serviceId: theirs!.id, userId: me.id, comment: "Mein Kommentar" },
      { serviceId: mine!.id, userId: other.id, comment: "Fremder Kommentar" },
    ]);
    await bed.db.insert(purchases).values([
      { serviceId: theirs!.id, buyerId: me.id, price: "70.00" },
      { serviceId: mine!.id, buyerId: other.id, price: "50.00" },
    ]);
    const [myTicket, theirTicket] = await bed.db
      .insert(supportTickets)
      .values([
        { userId: me.id, subject: "Meine Frage", description: "Text" },
        { userId: other.id, subject: "Fremde Frage", description: "Fremder Text" },
      ])
      .returning({ id: supportTickets.id });
    // The conversation of my ticket (my reply and support's answer), and one of someone else's.
    const staff = await bed.newUser({ username: "supportkraft" });
    await bed.db.insert(supportTicketReplies).values([
      { ticketId: myTicket!.id, authorId: me.id, fromSupport: false, body: "Meine Nachfrage", createdAt: new Date("2026-11-20T10:00:00Z") },
      { ticketId: myTicket!.id, authorId: staff.id, fromSupport: true, body: "Antwort an mich", createdAt: new Date("2026-11-20T11:00:00Z") },
      { ticketId: theirTicket!.id, authorId: other.id, fromSupport: false, body: "Fremde Nachfrage" },
    ]);

    // An order of mine with a third person, completed (an invoice), and one between two others.
    const seller = await bed.newUser({ username: "anbieterin" });
    const [sold] = await bed.db.insert(services).values({ title: "Beratung", price: "100.00", category: "Consulting", createdBy: seller.id }).returning({ id: services.id });
    await saveBillingProfile(bed.db, seller.id, { name: "Anbieterin GmbH", street: "Weg 1", postalCode: "12345", city: "Ort", taxNumber: "12/345/67890", iban: "DE89 3704 0044 0532 0130 00" });
    const address = { name: "Ich Selbst", street: "Meine Straße 1", postalCode: "10115", city: "Berlin", requirements: "Bitte beraten", saveAddress: "on" };
    const { orderId } = await bookService(bed.db, { actorId: me.id, serviceId: sold!.id, input: address });
    await acceptOrder(bed.db, { actorId: seller.id, orderId });
    await deliverOrder(bed.db, { actorId: seller.id, orderId, input: { note: "Erledigt" }, files: [{ key: "orders/export-test/bericht.pdf", name: "bericht.pdf", type: "application/pdf", size: 2048 }] });
    await completeOrder(bed.db, { actorId: me.id, orderId });
    await bookService(bed.db, { actorId: other.id, serviceId: sold!.id, input: { ...address, name: "Fremder Kunde", requirements: "Fremder Auftrag" } });

    await saveNotificationSettings(bed.db, me.id, { messages: { inApp: true, email: false } });
    await saveNotificationSettings(bed.db, other.id, { orders: { inApp: false, email: false } });
    // My one-click unsubscribe from saved-search mails (the link in such a mail).
    expect(await unsubscribe(bed.db, unsubscribeToken(me.id, "saved_searches"))).toMatchObject({ ok: true });

    // Presence and digest state: mine, and someone else's that must not appear.
    await bed.db.insert(userPresence).values([
      { userId: me.id, showStatus: false, lastSeenAt: new Date("2026-11-21T08:00:00Z") },
      { userId: other.id, showStatus: true, lastSeenAt: new Date("2026-11-21T09:00:00Z") },
    ]);
    await bed.db.insert(presenceConnections).values([
      { userId: me.id, seenAt: new Date("2026-11-21T22:00:00Z") },
      { userId: other.id, seenAt: new Date("2026-11-21T22:30:00Z") },
    ]);
    const [chat] = await bed.db.insert(conversations).values({ kind: "direct", user1Id: me.id, user2Id: other.id }).returning({ id: conversations.id });
    await bed.db.insert(typingSignals).values([
      { conversationId: chat!.id, userId: me.id, lastAt: new Date("2026-11-21T21:00:00Z") },
      { conversationId: chat!.id, userId: other.id, lastAt: new Date("2026-11-21T21:05:00Z") },
    ]);
    await bed.db.insert(messageDigests).values([
      { userId: me.id, coveredUntil: new Date("2026-11-21T20:00:00Z"), sentAt: new Date("2026-11-21T20:15:00Z") },
      { userId: other.id, coveredUntil: new Date("2026-11-21T19:00:00Z"), sentAt: new Date("2026-11-21T19:45:00Z") },
    ]);
    await bed.db.insert(supportTicketStatusChanges).values([
      { ticketId: myTicket!.id, actorId: staff.id, status: "in_progress", createdAt: new Date("2026-11-20T12:00:00Z") },
      { ticketId: theirTicket!.id, actorId: staff.id, status: "closed" },
    ]);

    // Sign-in sessions (Better Auth keeps IP address and browser per session): mine, and someone else's.
    await bed.db.insert(session).values([
      { id: "s-mine", token: "geheimes-token-mein", userId: me.id, expiresAt: new Date("2026-12-21T10:00:00Z"), ipAddress: "203.0.113.7", userAgent: "Firefox Test", createdAt: new Date("2026-11-21T10:00:00Z"), updatedAt: new Date("2026-11-21T11:00:00Z") },
      { id: "s-other", token: "geheimes-token-fremd", userId: other.id, expiresAt: new Date("2026-12-21T10:00:00Z"), ipAddress: "198.51.100.9", userAgent: "Fremder Browser" },
    ]);

    const now = new Date("2026-11-21T23:30:00Z");
    const exported = await exportUserData(bed.db, { actorId: me.id, now });
    expect(exported.sessions).toEqual([
      { created_at: new Date("2026-11-21T10:00:00Z"), updated_at: new Date("2026-11-21T11:00:00Z"), expires_at: new Date("2026-12-21T10:00:00Z"), ip_address: "203.0.113.7", user_agent: "Firefox Test" },
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/geheimes-token|s-mine|198\.51\.100\.9/);
    expect(Object.keys(exported)).toEqual([
      "export_date",
      "user_info",
      "profile",
      "services",
      "favorites",
      "reviews",
      "ratings",
      "comments",
      "purchases",
      "notifications",
      "support_tickets",
      "support_ticket_replies",
      "orders",
      "invoices",
      "billing_details",
      "review_replies",
      "service_images",
      "saved_searches",
      "notification_settings",
      "blocked_users",
      "moderation_reports",
      "moderation_decisions",
      "email_unsubscribe",
      "message_digest",
      "presence",
      "support_ticket_status_changes",
      "conversations",
      "messages",
      "sessions",
    ]);
    expect(exported.email_unsubscribe).toEqual({ unsubscribed_kinds: ["messages", "saved_searches"], mailed_kinds: ["reviews", "tickets", "orders"] });
    expect(exported.message_digest).toEqual({ covered_until: new Date("2026-11-21T20:00:00Z"), sent_at: new Date("2026-11-21T20:15:00Z") });
    expect(exported.presence).toEqual({
      show_status: false,
      // The open stream's heartbeat is later than the last closed one.
      last_seen_at: new Date("2026-11-21T22:00:00Z"),
      open_streams: [expect.objectContaining({ seen_at: new Date("2026-11-21T22:00:00Z") })],
      typing_signals: [{ conversation_id: chat!.id, last_at: new Date("2026-11-21T21:00:00Z") }],
    });
    expect(exported.support_ticket_status_changes).toEqual([expect.objectContaining({ ticket_id: myTicket!.id, status: "in_progress" })]);
    expect(exported.export_date).toBe("2026-11-21T23:30:00.000Z");
    expect(exported.notification_settings).toEqual([
      expect.objectContaining({ kind: "messages", in_app: true, email: false }),
      expect.objectContaining({ kind: "saved_searches", in_app: true, email: false }),
    ]);
    expect(exported.user_info).toMatchObject({ user_id: me.id, email: me.email });
    expect(exported.profile).toMatchObject({ user_id: me.id, username: "exporteur", bio: "Meine Bio" });

    const ids = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((r) => r.id).sort();
    const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => r.id as string).sort();
    expect(exported.services.find((s) => s.id === mine!.id)).toMatchObject({ price_unit: "hour", delivery_days: 5, work_place: "onsite", work_city: "Köln" });
    expect(sorted(exported.services)).toEqual(await ids(bed.db.select({ id: services.id }).from(services).where(eq(services.createdBy, me.id))));
    expect(sorted(exported.favorites)).toEqual(await ids(bed.db.select({ id: favorites.id }).from(favorites).where(eq(favorites.userId, me.id))));
    expect(sorted(exported.reviews)).toEqual(await ids(bed.db.select({ id: serviceReviews.id }).from(serviceReviews).where(eq(serviceReviews.userId, me.id))));
    expect(exported.ratings).toEqual([expect.objectContaining({ user_id: me.id, service_id: theirs!.id, rating: 4 })]);
    expect(sorted(exported.comments)).toEqual(await ids(bed.db.select({ id: serviceComments.id }).from(serviceComments).where(eq(serviceComments.userId, me.id))));
    expect(sorted(exported.purchases)).toEqual(await ids(bed.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.buyerId, me.id))));
    expect(sorted(exported.notifications)).toEqual(await ids(bed.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, me.id))));
    expect(exported.notifications.length).toBeGreaterThan(0); // the review on my service notified me
    expect(sorted(exported.support_tickets)).toEqual(await ids(bed.db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.userId, me.id))));
    // Both sides of my ticket's conversation, newest first; support's side without the staff member's id.
    expect(exported.support_ticket_replies).toEqual([
      expect.objectContaining({ ticket_id: myTicket!.id, from_support: true, written_by_me: false, body: "Antwort an mich" }),
      expect.objectContaining({ ticket_id: myTicket!.id, from_support: false, written_by_me: true, body: "Meine Nachfrage" }),
    ]);

    expect(exported.orders).toEqual([expect.objectContaining({ id: orderId, role: "buyer", status: "completed", requirements: "Bitte beraten" })]);
    const timeline = exported.orders[0]!.timeline as { kind: string; files: Record<string, unknown>[] }[];
    expect(timeline.map((e) => e.kind)).toEqual(["requested", "accepted", "delivered", "completed", "invoice_issued"]);
    // The delivery's file by name, type, size and its address on the order page, not its storage key.
    expect(timeline[2]!.files).toEqual([
      { file_name: "bericht.pdf", file_type: "application/pdf", file_size: 2048, url: expect.stringMatching(new RegExp(`^/orders/${orderId}/dateien/[0-9a-f-]{36}$`)) },
    ]);
    expect(timeline[0]!.files).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain("orders/export-test/");
    expect(exported.invoices).toEqual([expect.objectContaining({ order_id: orderId, role: "recipient", gross: "100.00", recipient: expect.objectContaining({ name: "Ich Selbst" }) })]);
    expect(exported.billing_details).toMatchObject({ name: "Ich Selbst", city: "Berlin" });

    const text = JSON.stringify(exported);
    // (The provider's name and e-mail address are on the invoice as issued: that is the buyer's record too.)
    for (const foreign of [other.id, other.email, "fremder", "Geheimer Fremdtext", "Fremder Kommentar", "Fremde Frage", "Fremder Auftrag", "Fremde Nachfrage", staff.id])
      expect(text).not.toContain(foreign);
    expect(exportFileName(now)).toBe("datenexport-2026-11-22.json");
  });

  it("contains the user's chats and the messages the user sent, attachments without bytes or storage key, nothing others wrote", async () => {
    const me = await bed.newUser({ firstName: "Mira", lastName: "Schreiber" });
    const provider = await bed.newUser({ firstName: "Petra", lastName: "Anbieter" });
    const friend = await bed.newUser({ firstName: "Frida", lastName: "Freundin" });
    const [garden] = await bed.db.insert(services).values({ title: "Gartenpflege", price: "30.00", category: "Other", createdBy: provider.id }).returning({ id: services.id });
    // Sends through the whole pipeline, as the composer posts them (the file first, then the text).
    const send = (userId: string, conversationId: string, text: string, file?: { name: string; data: string }) =>
      sendMessage(bed.db, bed.storage, {
        userId,
        conversationId,
        request: multipartRequest([...(file ? [{ field: "file", name: file.name, type: "text/plain", data: file.data }] : []), { field: "text", data: text }]),
      });

    // My chat about Petra's service: a text and a file of mine, and her answer.
    const serviceChat = await startServiceConversation(bed.db, me.id, garden!.id);
    const sentText = await send(me.id, serviceChat, "Ist Samstag noch frei?");
    const fileBody = "Geheimer Dateiinhalt 4711";
    const sentFile = await send(me.id, serviceChat, "", { name: "auftrag.txt", data: fileBody });
    await send(provider.id, serviceChat, "Antwort der Anbieterin");
    // Frida's direct chat with me, where only she wrote; and a chat of the two others without me.
    const directChat = await startDirectConversation(bed.db, friend.id, me.id);
    await send(friend.id, directChat, "Frida schreibt privat");
    const theirChat = await startDirectConversation(bed.db, provider.id, friend.id);
    await send(provider.id, theirChat, "Fremdes Gespräch");

    const exported = await exportUserData(bed.db, { actorId: me.id });
    expect(exported.conversations).toHaveLength(2);
    expect(exported.conversations).toEqual(
      expect.arrayContaining([
        {
          id: serviceChat,
          kind: "service",
          other_party: "Petra Anbieter",
          service_id: garden!.id,
          service_title: "Gartenpflege",
          order_id: null,
          order_title: null,
          created_at: expect.any(Date),
        },
        { id: directChat, kind: "direct", other_party: "Frida Freundin", service_id: null, service_title: null, order_id: null, order_title: null, created_at: expect.any(Date) },
      ]),
    );
    // Only what I sent, newest first; the file by name, type and size.
    expect(exported.messages).toEqual([
      {
        id: sentFile.id,
        conversation_id: serviceChat,
        content: "",
        file_name: "auftrag.txt",
        file_type: "text/plain",
        file_size: Buffer.byteLength(fileBody),
        created_at: expect.any(Date),
        removed_at: null,
      },
      {
        id: sentText.id,
        conversation_id: serviceChat,
        content: "Ist Samstag noch frei?",
        file_name: null,
        file_type: null,
        file_size: null,
        created_at: expect.any(Date),
        removed_at: null,
      },
    ]);

    const [stored] = await bed.db.select({ fileKey: messages.fileKey, fileUrl: messages.fileUrl }).from(messages).where(eq(messages.id, sentFile.id));
    expect(stored!.fileKey).toBeTruthy();
    const text = JSON.stringify(exported);
    for (const foreign of [stored!.fileKey!, sentFile.file!.url, fileBody, "Fremdes Gespräch", theirChat, provider.id, provider.email, friend.id, friend.email])
      expect(text).not.toContain(foreign);
    expect(text).not.toMatch(/file_key|file_url/);
    // What the others wrote to me is not part of the chat sections (it reaches the export only as
    // the text of my own "new message" notifications).
    const chats = JSON.stringify({ conversations: exported.conversations, messages: exported.messages });
    for (const received of ["Antwort der Anbieterin", "Frida schreibt privat"]) expect(chats).not.toContain(received);
  });

  it("refuses a signed-out request and an account that is gone", async () => {
    await expect(exportUserData(bed.db, { actorId: null })).rejects.toMatchObject({ code: "UNAUTHORIZED", reason: "sign_in_required" });
    await expect(exportUserData(bed.db, { actorId: "u-gibt-es-nicht" })).rejects.toMatchObject({ code: "NOT_FOUND", reason: "profile_not_found" });
  });
});

/** The body of a download, chunk by chunk as the stream hands it out. */
async function chunksOf(response: Response): Promise<string[]> {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  const reader = response.body!.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(decoder.decode(read.value, { stream: true }));
  return chunks;
}

describe("the export document, written as it is read", () => {
  const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `r${from + i}`, at: new Date(Date.UTC(2026, 10, 21, 0, 0, from + i)), text: "Zeile\n\"zwei\"" }));

  it("is the text JSON.stringify(…, null, 2) gives the whole object, empty and undefined sections included", async () => {
    const batches = [rows(2), rows(1, 2)];
    const sections: ExportSection[] = [
      ["export_date", "2026-11-21T23:30:00.000Z"],
      ["profile", { user_id: "u1", nested: { list: [1, 2], empty: [] } }],
      ["billing_details", null],
      ["gone", undefined],
      batchedSection("messages", async function* () {
        yield* batches;
      }),
      batchedSection("notifications", async function* () {}),
      ["sessions", []],
    ];
    const whole = { export_date: "2026-11-21T23:30:00.000Z", profile: { user_id: "u1", nested: { list: [1, 2], empty: [] } }, billing_details: null, gone: undefined, messages: batches.flat(), notifications: [], sessions: [] };
    let text = "";
    for await (const chunk of exportJson(sections)) text += chunk;
    expect(text).toBe(JSON.stringify(whole, null, 2));
    // A large section last, and nothing at all.
    text = "";
    for await (const chunk of exportJson([batchedSection("messages", async function* () { yield rows(1); })])) text += chunk;
    expect(text).toBe(JSON.stringify({ messages: rows(1) }, null, 2));
    text = "";
    for await (const chunk of exportJson([])) text += chunk;
    expect(text).toBe(JSON.stringify({}, null, 2));
  });

  it("hands out each batch before it reads the next", async () => {
    const events: string[] = [];
    const chunks = exportJson([
      ["export_date", "heute"],
      batchedSection("messages", async function* () {
        for (let batch = 1; batch <= 3; batch++) {
          events.push(`read ${batch}`);
          yield rows(2, batch * 10);
        }
      }),
    ]);
    for await (const chunk of chunks) events.push(`chunk ${(chunk.match(/"id"/g) ?? []).length}`);
    expect(events).toEqual(["read 1", "chunk 2", "read 2", "chunk 2", "read 3", "chunk 2", "chunk 0"]);
  });
});

describe(`streamed data export on ${testEngine}`, () => {
  /** `count` messages of the user's, inserted in one statement; many share a timestamp (ties the paging must not lose). */
  async function manyMessages(count: number) {
    const me = await bed.newUser({ firstName: "Viel", lastName: "Schreiber" });
    const other = await bed.newUser({ firstName: "Lese", lastName: "Rin" });
    const [chat] = await bed.db.insert(conversations).values({ kind: "direct", user1Id: me.id, user2Id: other.id }).returning({ id: conversations.id });
    await bed.db.execute(sql`
      insert into messages (conversation_id, sender_id, content, created_at)
      select ${chat!.id}, ${me.id}, 'Nachricht ' || i, timestamptz '2026-11-20 10:00:00+00' + (i % 7) * interval '1 microsecond'
      from generate_series(1, ${count}) as i`);
    await bed.db.execute(sql`
      insert into notifications (user_id, title, message, created_at)
      select ${me.id}, 'Hinweis', 'Hinweis ' || i, timestamptz '2026-11-20 10:00:00+00' + (i / 3) * interval '1 millisecond'
      from generate_series(1, ${count}) as i`);
    return me;
  }

  it("streams a user with thousands of rows in batches: the same document, complete", async () => {
    const me = await manyMessages(2_600);
    const now = new Date("2026-11-25T12:00:00Z");
    const response = await exportDownload(bed.db, me.id, { now });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="datenexport-2026-11-25.json"');
    const chunks = await chunksOf(response);
    // Messages and notifications 500 at a time (six batches each), not one query each.
    expect(chunks.length).toBeGreaterThanOrEqual(12);
    const text = chunks.join("");
    const parsed = JSON.parse(text) as { messages: { id: string; content: string }[]; notifications: { id: string }[] };
    expect(parsed.messages).toHaveLength(2_600);
    expect(new Set(parsed.messages.map((m) => m.id)).size).toBe(2_600);
    expect(new Set(parsed.messages.map((m) => m.content)).size).toBe(2_600);
    expect(new Set(parsed.notifications.map((n) => n.id)).size).toBe(2_600);
    // The text JSON.stringify gives the whole export (read here with batches of 7: the same rows, the same order).
    expect(text).toBe(JSON.stringify(await exportUserData(bed.db, { actorId: me.id, now, batchSize: 7 }), null, 2));
  });

  it("pages the same whatever the session's DateStyle and TimeZone (the cursor's text reads back exactly)", async () => {
    const me = await manyMessages(40);
    const plain = await exportUserData(bed.db, { actorId: me.id, batchSize: 500 });
    // One connection for every batch, set as a server could be: under these settings `::text`
    // wrote "… IST", which reads back as Israel time, 3.5 hours off.
    const odd = await bed.db.transaction(async (tx) => {
      await tx.execute(sql`set local datestyle = 'SQL, DMY'`);
      await tx.execute(sql`set local timezone = 'Asia/Kolkata'`);
      return exportUserData(tx as unknown as typeof bed.db, { actorId: me.id, batchSize: 3 });
    });
    expect(odd.messages.map((m) => m.id)).toEqual(plain.messages.map((m) => m.id));
    expect(odd.notifications.map((n) => n.id)).toEqual(plain.notifications.map((n) => n.id));
    expect(odd.messages).toHaveLength(40);
  });

  it("breaks the download off when reading fails after the first bytes, and logs it", async () => {
    const me = await manyMessages(30);
    const response = await exportDownload(bed.db, me.id, { batchSize: 10 });
    expect(response.status).toBe(200);
    const select = vi.spyOn(bed.db, "select").mockImplementation(() => {
      throw new Error("Verbindung verloren");
    });
    const log = captureLog();
    try {
      await expect(chunksOf(response)).rejects.toThrow("Verbindung verloren");
    } finally {
      select.mockRestore();
    }
    expect(log.errors()).toEqual([expect.objectContaining({ msg: expect.stringContaining("data export") })]);
    // The user may try again at once.
    const again = await exportDownload(bed.db, me.id);
    expect(JSON.parse((await chunksOf(again)).join("")).messages).toHaveLength(30);
  });

  it("runs one export per user at a time: a second meanwhile gets 429 with a German message", async () => {
    const me = await manyMessages(3);
    const other = await bed.newUser();
    const first = await exportDownload(bed.db, me.id);
    const second = await exportDownload(bed.db, me.id);
    expect(second.status).toBe(429);
    expect(second.headers.get("Cache-Control")).toBe("no-store");
    expect(await second.text()).toBe("Ihr Datenexport wird gerade schon erstellt. Bitte warten Sie, bis dieser Download fertig ist, und versuchen Sie es dann erneut.");
    // Someone else's export is not held up.
    expect((await exportDownload(bed.db, other.id)).status).toBe(200);
    await chunksOf(first);
    const third = await exportDownload(bed.db, me.id);
    expect(third.status).toBe(200);
    // A download the client leaves (the stream cancelled, or the request aborted) frees the user too.
    await third.body!.cancel();
    const aborted = new AbortController();
    expect((await exportDownload(bed.db, me.id, { signal: aborted.signal })).status).toBe(200);
    aborted.abort();
    expect((await exportDownload(bed.db, me.id)).status).toBe(200);
  });

  it("lets a download the client stopped reading hold its user for EXPORT_HOLD_MS at most", async () => {
    const me = await manyMessages(3);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      // Never read nor cancelled: a client that paused without closing the connection.
      const paused = await exportDownload(bed.db, me.id);
      expect(paused.status).toBe(200);
      vi.advanceTimersByTime(EXPORT_HOLD_MS - 1_000);
      expect((await exportDownload(bed.db, me.id)).status).toBe(429);
      vi.advanceTimersByTime(2_000);
      const next = await exportDownload(bed.db, me.id);
      expect(next.status).toBe(200);
      // The paused one ending later does not free the user while the newer export runs.
      await paused.body!.cancel();
      expect((await exportDownload(bed.db, me.id)).status).toBe(429);
      await chunksOf(next);
      const last = await exportDownload(bed.db, me.id);
      expect(last.status).toBe(200);
      await last.body!.cancel();
    } finally {
      vi.useRealTimers();
    }
  });
});
