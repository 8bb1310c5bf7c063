import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { notifications, profiles, supportTicketReplies, supportTickets, supportTicketStatusChanges, user } from "~/db/schema";
import { saveNotificationSettings } from "~/features/notifications/settings.server";
import { ATTACHMENT_DAILY_BYTES } from "~/features/messaging/sending.server";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { exportUserData } from "~/features/profile/export.server";
import { listen, publish, RealtimeHub, type RealtimeEvent } from "~/features/realtime/realtime.server";
import type { AppError } from "~/lib/errors";
import { failureOf } from "~/lib/responses.server";
import { sweepOrphanFiles } from "~/lib/storage-sweep.server";
import { createLocalStorage, type FileStorage } from "~/lib/storage.server";
import { pdfBytes, pngBytes } from "../../../tests/support/files";
import { multipartRequest, type FormPart } from "../../../tests/support/multipart";
import { olderInstall } from "../../../tests/support/older-install";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { queuedMails } from "../../../tests/support/queued-mails";
import { getTicketThread, REPLY_RATE_LIMIT, REPLY_TEXTS, replyToTicket, ticketFile } from "./replies.server";
import { createTicket, listTickets, readNewTicket, setTicketStatus, TICKET_RATE_LIMIT } from "./support.server";
import { TICKET_FILE_TEXTS } from "./ticket-files.server";

let t: TestDatabase;
let storage: FileStorage;
let storageRoot = "";
let counter = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ticket-files-"));
  storage = createLocalStorage(storageRoot);
});
afterAll(async () => {
  await t?.destroy();
  if (storageRoot) fs.rmSync(storageRoot, { recursive: true, force: true });
});

/** A new account (its own rate limits), a user unless said otherwise. */
async function person(first: string, last: string, role: "user" | "support" = "user"): Promise<{ id: string; email: string }> {
  counter += 1;
  const id = `u-tickets-${counter}-${first.toLowerCase()}`;
  const email = `${first.toLowerCase()}.${last.toLowerCase()}.${counter}@example.de`;
  await t.db.insert(user).values({ id, name: `${first} ${last}`, email, emailVerified: true });
  await t.db.insert(profiles).values({ userId: id, email, firstName: first, lastName: last, role });
  return { id, email };
}

/** An author, an outsider and a support staff member, fresh for one test. */
async function cast() {
  return { author: await person("Anna", "Autorin"), outsider: await person("Otto", "Other"), staff: await person("Sina", "Support", "support") };
}

async function ticketBy(authorId: string, subject = "Rechnung fehlt") {
  const { id } = await createTicket(t.db, { actorId: authorId, input: { subject, description: "Bitte helfen Sie mir." } });
  return id;
}

/** A reply as the form posts it: the file first (form order), then the text. */
function reply(actorId: string | null, ticketId: string, text: string, file?: { name: string; data: Buffer | string }) {
  const parts: FormPart[] = [...(file ? [{ field: "file", name: file.name, data: file.data }] : []), { field: "text", data: text }];
  return replyToTicket(t.db, storage, { actorId, ticketId, request: multipartRequest(parts) });
}

/** "ok", or the refusal's status and reason. */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "ok";
  } catch (error) {
    const e = error as AppError;
    if (!e.reason) throw error;
    return `${e.status} ${e.reason}`;
  }
}

/** The refusal's message as the reply form shows it. */
async function messageOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return failureOf(error, "test", REPLY_TEXTS).failure.message;
  }
  throw new Error("not refused");
}

async function repliesOf(ticketId: string) {
  return t.db.select().from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, ticketId));
}

async function statusOf(ticketId: string) {
  const [row] = await t.db.select({ status: supportTickets.status }).from(supportTickets).where(eq(supportTickets.id, ticketId));
  return row?.status;
}

async function storedTicketFiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list("ticket-files")) keys.push(file.key);
  return keys.sort();
}

const notesOf = (userId: string, ticketId: string) =>
  t.db
    .select({ title: notifications.title, message: notifications.message, kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.link, `/support/${ticketId}`)));

/** The mails queued for `to`, oldest first. */
const mailsTo = (to: string) => queuedMails(t.db, to);

describe(`ticket conversations on ${testEngine}`, () => {
  it("the author and support staff reply; the conversation shows both in order, staff as Support", async () => {
    const { author, staff } = await cast();
    const ticketId = await ticketBy(author.id);
    expect(await reply(staff.id, ticketId, "  Haben Sie den Auftrag schon abgeschlossen?  ")).toMatchObject({ status: "open", reopened: false });
    const png = await pngBytes();
    await reply(author.id, ticketId, "Ja, hier der Beleg.", { name: "beleg.png", data: png });
    await reply(author.id, ticketId, "", { name: "auftrag.pdf", data: pdfBytes() });

    const forAuthor = await getTicketThread(t.db, { viewerId: author.id, ticketId });
    expect(forAuthor).toMatchObject({ isSupport: false, isAuthor: true });
    expect(forAuthor.ticket.author).toBeNull();
    expect(forAuthor.replies.map((r) => ({ body: r.body, fromSupport: r.fromSupport, mine: r.mine, authorName: r.authorName }))).toEqual([
      // Trimmed; to the author, staff are just "Support" (no name).
      { body: "Haben Sie den Auftrag schon abgeschlossen?", fromSupport: true, mine: false, authorName: null },
      { body: "Ja, hier der Beleg.", fromSupport: false, mine: true, authorName: "Anna Autorin" },
      { body: "", fromSupport: false, mine: true, authorName: "Anna Autorin" },
    ]);
    const [, withImage, withPdf] = forAuthor.replies;
    expect(withImage!.file).toEqual({ url: `/support/${ticketId}/dateien/${withImage!.id}`, name: "beleg.png", type: "image/png", size: png.length });
    expect(withPdf!.file).toMatchObject({ name: "auftrag.pdf", type: "application/pdf" });
    expect(forAuthor.ticket).toMatchObject({ replyCount: 3 });

    // Staff see who wrote, the colleague's name included.
    const forStaff = await getTicketThread(t.db, { viewerId: staff.id, ticketId });
    expect(forStaff).toMatchObject({ isSupport: true, isAuthor: false });
    expect(forStaff.ticket.author).toEqual({ firstName: "Anna", lastName: "Autorin", email: author.email });
    expect(forStaff.replies.map((r) => [r.authorName, r.mine])).toEqual([
      ["Sina Support", true],
      ["Anna Autorin", false],
      ["Anna Autorin", false],
    ]);
    // The files are in the store, under their writer's folder, and served to both readers.
    const keys = await storedTicketFiles();
    expect(keys.filter((key) => key.startsWith(`ticket-files/${author.id}/`))).toHaveLength(2);
    expect(await ticketFile(t.db, staff.id, ticketId, withImage!.id)).toEqual({ key: expect.stringMatching(/^ticket-files\/.+\.png$/), name: "beleg.png" });
    expect(await ticketFile(t.db, author.id, ticketId, withPdf!.id)).toMatchObject({ name: "auftrag.pdf" });
  });

  it("anyone else gets 404 for the ticket, a reply and a file; nothing is stored", async () => {
    const { author, outsider, staff } = await cast();
    const ticketId = await ticketBy(author.id);
    await reply(author.id, ticketId, "Mit Anhang", { name: "beleg.png", data: await pngBytes() });
    const [withFile] = await repliesOf(ticketId);
    const before = await storedTicketFiles();

    expect(await outcome(getTicketThread(t.db, { viewerId: outsider.id, ticketId }))).toBe("404 ticket_not_found");
    expect(await outcome(reply(outsider.id, ticketId, "Ich mische mich ein", { name: "x.png", data: await pngBytes() }))).toBe("404 ticket_not_found");
    expect(await ticketFile(t.db, outsider.id, ticketId, withFile!.id)).toBeNull();
    // Unknown and malformed ids read the same; signed out is asked to sign in.
    expect(await outcome(getTicketThread(t.db, { viewerId: author.id, ticketId: "00000000-0000-4000-8000-000000000000" }))).toBe("404 ticket_not_found");
    expect(await outcome(reply(author.id, "kein-ticket", "Hallo"))).toBe("404 ticket_not_found");
    expect(await ticketFile(t.db, author.id, ticketId, "kein-reply")).toBeNull();
    // A file id of another ticket does not open through this one.
    const otherTicket = await ticketBy(outsider.id, "Anderes Ticket");
    expect(await ticketFile(t.db, outsider.id, otherTicket, withFile!.id)).toBeNull();
    expect(await outcome(reply(null, ticketId, "Hallo"))).toBe("401 sign_in_required");

    expect(await repliesOf(ticketId)).toHaveLength(1);
    expect(await storedTicketFiles()).toEqual(before);
    expect(await notesOf(staff.id, ticketId)).toHaveLength(1); // the author's one reply, nothing from the outsider
  });

  it("refuses blank and too long text and wrong or too large files with a German message; nothing is kept", async () => {
    const { author, staff } = await cast();
    const ticketId = await ticketBy(author.id);
    const before = await storedTicketFiles();

    expect(await messageOf(reply(author.id, ticketId, "   \n\t "))).toBe("Bitte schreiben Sie eine Antwort oder hängen Sie eine Datei an.");
    expect(await messageOf(reply(staff.id, ticketId, "x".repeat(5001)))).toBe("Die Antwort darf höchstens 5.000 Zeichen lang sein.");
    // Too long text with a valid file: the file that was already stored is removed again.
    expect(await messageOf(reply(author.id, ticketId, "x".repeat(5001), { name: "ok.png", data: await pngBytes() }))).toBe(
      "Die Antwort darf höchstens 5.000 Zeichen lang sein.",
    );
    // Judged by the bytes: an executable named .png, and a Word file (the live chat's kinds, not these).
    expect(await messageOf(reply(author.id, ticketId, "Datei", { name: "tarnung.png", data: Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(512, 1)]) }))).toBe(
      "Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF und Textdateien.",
    );
    // The form sends the text before the file: a refusal of the file still hands the text back.
    const submitted: Record<string, string> = {};
    const textFirst = multipartRequest([
      { field: "text", data: "Bitte behalten" },
      { field: "file", name: "x.png", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256, 1)]) },
    ]);
    expect(await outcome(replyToTicket(t.db, storage, { actorId: author.id, ticketId, request: textFirst, submitted }))).toBe("400 attachment_type");
    expect(submitted).toEqual({ text: "Bitte behalten" });
    const ole = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    expect(await outcome(reply(author.id, ticketId, "Word", { name: "brief.doc", data: ole }))).toBe("400 attachment_type");
    // One byte over 10 MB.
    expect(await messageOf(reply(author.id, ticketId, "Groß", { name: "gross.txt", data: Buffer.alloc(10 * 1024 * 1024 + 1, "a") }))).toBe(
      "Die Datei ist zu groß: Sie darf höchstens 10 MB groß sein.",
    );
    // Exactly 10 MB is fine.
    expect(await outcome(reply(author.id, ticketId, "", { name: "genau.txt", data: Buffer.alloc(10 * 1024 * 1024, "a") }))).toBe("ok");

    const replies = await repliesOf(ticketId);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ fileName: "genau.txt", fileSize: 10 * 1024 * 1024, body: "" });
    expect((await storedTicketFiles()).filter((key) => !before.includes(key))).toEqual([replies[0]!.fileKey]);
  });

  it(`at most ${REPLY_RATE_LIMIT.max} replies per minute and writer`, async () => {
    const { author, staff } = await cast();
    const ticketId = await ticketBy(author.id);
    for (let i = 0; i < REPLY_RATE_LIMIT.max; i++) expect(await outcome(reply(author.id, ticketId, `Nachtrag ${i}`))).toBe("ok");
    expect(await messageOf(reply(author.id, ticketId, "Noch einer"))).toBe("Sie haben gerade sehr viele Antworten geschrieben. Bitte warten Sie einen Moment.");
    // Another writer is not affected.
    expect(await outcome(reply(staff.id, ticketId, "Wir sind dran."))).toBe("ok");
    expect(await repliesOf(ticketId)).toHaveLength(REPLY_RATE_LIMIT.max + 1);
  });

  it("a staff reply notifies the author in-app and by mail (when wanted); the writer gets nothing", async () => {
    const { author, staff } = await cast();
    const ticketId = await ticketBy(author.id, "Upload klappt nicht");
    await reply(staff.id, ticketId, "Bitte versuchen Sie es als PNG.");
    expect(await notesOf(author.id, ticketId)).toEqual([
      { kind: "tickets", title: "Neue Antwort vom Support", message: "Der Support hat auf Ihr Ticket „Upload klappt nicht“ geantwortet." },
    ]);
    expect(await notesOf(staff.id, ticketId)).toEqual([]);
    const mails = await mailsTo(author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Neue Antwort vom Support");
    expect(mails[0]!.text).toContain("Hallo Anna Autorin,");
    expect(mails[0]!.text).toContain("„Upload klappt nicht“");
    expect(mails[0]!.text).toContain("Bitte versuchen Sie es als PNG.");
    expect(mails[0]!.text).toMatch(new RegExp(`https?://[^\\s]+/support/${ticketId}`));
    // One-click unsubscribe from ticket mails (RFC 8058), as on every notification mail.
    expect(mails[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mails[0]!.headers?.["List-Unsubscribe"]).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\?token=[^>]+>$/);
    expect(await mailsTo(staff.email)).toEqual([]);

    // E-mail off: in-app only. In-app off: the mail only.
    await saveNotificationSettings(t.db, author.id, { tickets: { inApp: true, email: false } });
    await reply(staff.id, ticketId, "Noch ein Hinweis.");
    expect(await mailsTo(author.email)).toHaveLength(1);
    expect(await notesOf(author.id, ticketId)).toHaveLength(2);
    await saveNotificationSettings(t.db, author.id, { tickets: { inApp: false, email: true } });
    await reply(staff.id, ticketId, "Und ein letzter.");
    expect(await notesOf(author.id, ticketId)).toHaveLength(2);
    expect(await mailsTo(author.email)).toHaveLength(2);
  });

  it("an author's reply notifies every support user in-app, and no mail goes out", async () => {
    const { author, staff } = await cast();
    const colleague = await person("Kai", "Kollege", "support");
    const ticketId = await ticketBy(author.id, "Zugang gesperrt");
    await reply(author.id, ticketId, "Ich komme immer noch nicht rein.");
    const support = await t.db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.role, "support"));
    expect(support.map((s) => s.id)).toEqual(expect.arrayContaining([staff.id, colleague.id]));
    for (const member of support) {
      expect(await notesOf(member.id, ticketId)).toEqual([
        { kind: "tickets", title: "Neue Antwort auf ein Ticket", message: "Anna Autorin hat auf das Ticket „Zugang gesperrt“ geantwortet." },
      ]);
      expect(await mailsTo((await t.db.select({ email: user.email }).from(user).where(eq(user.id, member.id)))[0]!.email)).toEqual([]);
    }
    expect(await notesOf(author.id, ticketId)).toEqual([]);
  });

  it("an author's reply reopens a resolved or closed ticket and records it; staff replies leave the status alone", async () => {
    const { author, staff, outsider } = await cast();
    const ticketId = await ticketBy(author.id, "Wieder da");
    for (const status of ["in_progress", "resolved", "closed"] as const) {
      await setTicketStatus(t.db, { actorId: staff.id, input: { ticketId, status } });
      expect(await reply(staff.id, ticketId, `Staff bei ${status}`)).toMatchObject({ status, reopened: false });
      expect(await statusOf(ticketId)).toBe(status);
    }
    // Closed: the author answers, it is open again, and the reply says so.
    const reopened = await reply(author.id, ticketId, "Das Problem ist zurück.");
    expect(reopened).toMatchObject({ status: "open", reopened: true });
    expect(await statusOf(ticketId)).toBe("open");
    // Staff hear that it was reopened.
    expect(await notesOf(staff.id, ticketId)).toEqual([
      { kind: "tickets", title: "Ticket wieder geöffnet", message: "Anna Autorin hat auf das erledigte Ticket „Wieder da“ geantwortet; es ist wieder offen." },
    ]);

    await setTicketStatus(t.db, { actorId: staff.id, input: { ticketId, status: "resolved" } });
    expect(await reply(author.id, ticketId, "Und noch einmal.")).toMatchObject({ status: "open", reopened: true });
    // On an open or in-progress ticket an author's reply changes nothing.
    expect(await reply(author.id, ticketId, "Nachtrag.")).toMatchObject({ status: "open", reopened: false });
    await setTicketStatus(t.db, { actorId: staff.id, input: { ticketId, status: "in_progress" } });
    expect(await reply(author.id, ticketId, "Danke!")).toMatchObject({ status: "in_progress", reopened: false });

    const thread = await getTicketThread(t.db, { viewerId: author.id, ticketId });
    expect(thread.replies.filter((r) => r.reopened).map((r) => r.body)).toEqual(["Das Problem ist zurück.", "Und noch einmal."]);
    // Staff can still set any status; users still cannot.
    expect(await outcome(setTicketStatus(t.db, { actorId: author.id, input: { ticketId, status: "closed" } }))).toBe("403 support_only");
    expect(await outcome(setTicketStatus(t.db, { actorId: outsider.id, input: { ticketId, status: "closed" } }))).toBe("403 support_only");
    expect(await outcome(setTicketStatus(t.db, { actorId: staff.id, input: { ticketId, status: "closed" } }))).toBe("ok");
  });

  it("staff filter by status and search subject, author name or e-mail in SQL, paged; users' lists ignore the filters", async () => {
    const zora = await person("Zora", "Zylinderhut");
    const quentin = await person("Quentin", "Quadratisch");
    const { staff } = await cast();
    const printer = await ticketBy(zora.id, "Drucker streikt");
    const invoice = await ticketBy(zora.id, "Rechnung 100% falsch");
    const login = await ticketBy(quentin.id, "Anmeldung_klappt nicht");
    await setTicketStatus(t.db, { actorId: staff.id, input: { ticketId: invoice, status: "resolved" } });

    const ids = async (filters: { status?: "open" | "in_progress" | "resolved" | "closed" | null; q?: string }, pageSize = 100) =>
      (await listTickets(t.db, { viewerId: staff.id, filters, pageSize })).tickets.map((x) => x.id);
    expect(await ids({ q: "zylinderhut" })).toEqual([invoice, printer]);
    expect(await ids({ q: "ZORA ZYL" })).toEqual([invoice, printer]);
    expect(await ids({ q: quentin.email.toUpperCase() })).toEqual([login]);
    expect(await ids({ q: "drucker" })).toEqual([printer]);
    expect(await ids({ q: "zylinderhut", status: "resolved" })).toEqual([invoice]);
    expect(await ids({ q: "zylinderhut", status: "closed" })).toEqual([]);
    // Wildcards are taken literally.
    expect(await ids({ q: "100%" })).toEqual([invoice]);
    expect(await ids({ q: "g_k" })).toEqual([login]);
    expect(await ids({ q: "%" })).toEqual([invoice]);
    const resolved = await listTickets(t.db, { viewerId: staff.id, filters: { status: "resolved" }, pageSize: 1000 });
    expect(resolved.tickets.every((x) => x.status === "resolved")).toBe(true);
    expect(resolved.filters).toEqual({ status: "resolved", q: "" });

    // Paging keeps the filter: one per page, all of Zora's, each once.
    const first = await listTickets(t.db, { viewerId: staff.id, filters: { q: "Zylinderhut" }, pageSize: 1, page: 1 });
    const second = await listTickets(t.db, { viewerId: staff.id, filters: { q: "Zylinderhut" }, pageSize: 1, page: 2 });
    expect(first).toMatchObject({ total: 2, pageCount: 2, page: 1 });
    expect([...first.tickets, ...second.tickets].map((x) => x.id)).toEqual([invoice, printer]);
    expect((await listTickets(t.db, { viewerId: staff.id, filters: { q: "Zylinderhut" }, pageSize: 1, page: 9 })).page).toBe(2);

    // A user's list: their own tickets only, whatever the filters say.
    const forQuentin = await listTickets(t.db, { viewerId: quentin.id, filters: { q: "Zylinderhut", status: "resolved" } });
    expect(forQuentin.filters).toBeNull();
    expect(forQuentin.tickets.map((x) => x.id)).toEqual([login]);
  });

  it("cards carry the reply count and the last activity (last reply or status change), for authors and staff", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const { author, staff } = await cast();
    const ticketId = await ticketBy(author.id, "Aktivität");
    const card = async (viewerId: string) => (await listTickets(t.db, { viewerId, pageSize: 1000 })).tickets.find((x) => x.id === ticketId)!;
    const fresh = await card(author.id);
    expect(fresh.replyCount).toBe(0);
    expect(fresh.lastActivityAt.getTime()).toBe(fresh.updatedAt.getTime());

    const start = fresh.updatedAt.getTime();
    vi.setSystemTime(start + 60_000);
    await reply(staff.id, ticketId, "Erste Antwort");
    vi.setSystemTime(start + 120_000);
    await reply(author.id, ticketId, "Zweite Antwort");
    for (const viewer of [author.id, staff.id]) {
      const seen = await card(viewer);
      expect(seen.replyCount).toBe(2);
      expect(seen.lastActivityAt.getTime()).toBe(start + 120_000);
      // A reply is not a status change.
      expect(seen.updatedAt.getTime()).toBe(start);
    }
    vi.setSystemTime(start + 180_000);
    await setTicketStatus(t.db, { actorId: staff.id, input: { ticketId, status: "resolved" } });
    expect((await card(author.id)).lastActivityAt.getTime()).toBe(start + 180_000);
    expect((await getTicketThread(t.db, { viewerId: author.id, ticketId })).ticket).toMatchObject({ replyCount: 2 });
  });

  it("account deletion: a user's tickets go with their conversations and files; a staff member's replies stay as Support", async () => {
    const { author, outsider, staff } = await cast();
    const leavingTicket = await ticketBy(author.id, "Geht mit");
    const staysTicket = await ticketBy(outsider.id, "Bleibt");
    await reply(author.id, leavingTicket, "Meine Datei", { name: "a.png", data: await pngBytes() });
    await reply(staff.id, leavingTicket, "Datei vom Support", { name: "b.pdf", data: pdfBytes() });
    await reply(staff.id, staysTicket, "Antwort, die bleibt", { name: "c.pdf", data: pdfBytes() });
    const keysOf = async (ticketId: string) => (await repliesOf(ticketId)).map((r) => r.fileKey!);
    const [gone, kept] = [await keysOf(leavingTicket), await keysOf(staysTicket)];

    await deleteAccount(t.db, storage, { actorId: author.id, input: { confirmation: "BESTÄTIGEN" } });
    expect(await repliesOf(leavingTicket)).toEqual([]);
    const files = await storedTicketFiles();
    for (const key of gone) expect(files).not.toContain(key);
    for (const key of kept) expect(files).toContain(key);

    // The staff member leaves: their reply on someone else's ticket stays, still from Support.
    await deleteAccount(t.db, storage, { actorId: staff.id, input: { confirmation: "BESTÄTIGEN" } });
    expect(await repliesOf(staysTicket)).toEqual([expect.objectContaining({ authorId: null, fromSupport: true, body: "Antwort, die bleibt" })]);
    const thread = await getTicketThread(t.db, { viewerId: outsider.id, ticketId: staysTicket });
    expect(thread.replies).toEqual([expect.objectContaining({ fromSupport: true, mine: false, authorName: null, body: "Antwort, die bleibt" })]);
    expect(await storedTicketFiles()).toEqual(expect.arrayContaining(kept));
  });
});

/** Status changes as entries of a ticket's conversation, and the events that keep pages and lists live. */

async function until(check: () => boolean, ms = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The events users' streams receive; `settled()` waits for a marker published after everything else. */
async function inbox(userIds: string[]) {
  const listening = listen(t, new RealtimeHub(), { url: t.url });
  await listening.ready;
  const events = new Map<string, RealtimeEvent[]>(userIds.map((id) => [id, []]));
  for (const id of userIds) listening.hub.subscribe(id, (e) => events.get(id)!.push(e));
  let markers = 0;
  return {
    tickets: (id: string) => events.get(id)!.filter((e) => e.type === "ticket.updated"),
    async settled() {
      const marker = `marker-${++markers}`;
      for (const id of userIds) await publish(t.db, [id], { type: "order.updated", orderId: marker });
      await until(() => userIds.every((id) => events.get(id)!.some((e) => e.type === "order.updated" && e.orderId === marker)));
    },
    stop: () => listening.stop(),
  };
}

describe(`ticket status changes in the conversation on ${testEngine}`, () => {
  it("a status change by support is an entry between the replies, for the author ('Support') and for staff (by name)", async () => {
    const author = (await person("Anna", "Autorin")).id;
    const staff = (await person("Sina", "Support", "support")).id;
    const { id: ticketId } = await createTicket(t.db, {
      actorId: author,
      input: { subject: "Login klappt nicht", description: "Seit gestern." },
    });
    await reply(staff, ticketId, "Wir schauen nach.");
    await setTicketStatus(t.db, {
      actorId: staff,
      input: { ticketId, status: "in_progress" },
    });
    await reply(author, ticketId, "Danke!");
    await setTicketStatus(t.db, {
      actorId: staff,
      input: { ticketId, status: "resolved" },
    });
    // Setting the status it already has is no change and no entry.
    await setTicketStatus(t.db, {
      actorId: staff,
      input: { ticketId, status: "resolved" },
    });

    const forAuthor = await getTicketThread(t.db, {
      viewerId: author,
      ticketId,
    });
    expect(forAuthor.statusChanges.map((c) => [c.status, c.actorName])).toEqual([
      ["in_progress", null],
      ["resolved", null],
    ]);
    // In time order between the replies.
    const [first, second] = forAuthor.replies;
    const [toProgress, toResolved] = forAuthor.statusChanges;
    expect(first!.createdAt.getTime()).toBeLessThanOrEqual(toProgress!.createdAt.getTime());
    expect(toProgress!.createdAt.getTime()).toBeLessThanOrEqual(second!.createdAt.getTime());
    expect(second!.createdAt.getTime()).toBeLessThanOrEqual(toResolved!.createdAt.getTime());

    const forStaff = await getTicketThread(t.db, { viewerId: staff, ticketId });
    expect(forStaff.statusChanges.map((c) => c.actorName)).toEqual(["Sina Support", "Sina Support"]);
    expect(forStaff.statusChanges.map((c) => c.id)).toEqual(forAuthor.statusChanges.map((c) => c.id));
  });

  it("only support changes a status: a user's attempt is refused and leaves no entry", async () => {
    const author = (await person("Bert", "Bittsteller")).id;
    const { id: ticketId } = await createTicket(t.db, {
      actorId: author,
      input: { subject: "Frage", description: "Wie geht das?" },
    });
    await expect(
      setTicketStatus(t.db, {
        actorId: author,
        input: { ticketId, status: "closed" },
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await t.db.select().from(supportTicketStatusChanges).where(eq(supportTicketStatusChanges.ticketId, ticketId))).toEqual([]);
  });

  it("a status change and a reply tell the author and all staff (ids only), so pages and lists re-read; a new ticket tells staff", async () => {
    const author = (await person("Clara", "Kundin")).id;
    const staff = (await person("Sven", "Support", "support")).id;
    const colleague = (await person("Susi", "Support", "support")).id;
    const outsider = (await person("Olaf", "Other")).id;
    const box = await inbox([author, staff, colleague, outsider]);
    try {
      const { id: ticketId } = await createTicket(t.db, {
        actorId: author,
        input: { subject: "Rechnung", description: "Fehlt." },
      });
      await box.settled();
      expect(box.tickets(staff)).toEqual([{ type: "ticket.updated", ticketId }]);
      expect(box.tickets(colleague)).toEqual([{ type: "ticket.updated", ticketId }]);
      expect(box.tickets(author)).toEqual([]);

      await setTicketStatus(t.db, {
        actorId: staff,
        input: { ticketId, status: "in_progress" },
      });
      await reply(staff, ticketId, "Erledigen wir.");
      await box.settled();
      for (const id of [author, staff, colleague]) expect(box.tickets(id).length).toBeGreaterThanOrEqual(2);
      expect(box.tickets(outsider)).toEqual([]);
      expect(JSON.stringify(box.tickets(author))).not.toContain("Erledigen");
    } finally {
      await box.stop();
    }
  });

  it("the list shows reply count, status and last activity after a status change", async () => {
    const author = (await person("Dora", "Doe")).id;
    const staff = (await person("Stan", "Support", "support")).id;
    const { id: ticketId } = await createTicket(t.db, {
      actorId: author,
      input: { subject: "Profilbild", description: "Geht nicht." },
    });
    await reply(staff, ticketId, "Welches Format?");
    await reply(author, ticketId, "PNG.");
    const before = (await listTickets(t.db, { viewerId: author })).tickets.find((x) => x.id === ticketId)!;
    await setTicketStatus(t.db, {
      actorId: staff,
      input: { ticketId, status: "closed" },
    });
    const after = (await listTickets(t.db, { viewerId: author })).tickets.find((x) => x.id === ticketId)!;
    expect(after).toMatchObject({ status: "closed", replyCount: 2 });
    expect(after.lastActivityAt.getTime()).toBeGreaterThanOrEqual(before.lastActivityAt.getTime());
  });

  it("a staff member's account row going keeps the entry (actor null, still 'Support'); the author's takes it with the ticket", async () => {
    const author = (await person("Emil", "Ende")).id;
    const staff = (await person("Sara", "Support", "support")).id;
    const { id: ticketId } = await createTicket(t.db, {
      actorId: author,
      input: { subject: "Konto", description: "Bitte löschen." },
    });
    await setTicketStatus(t.db, {
      actorId: staff,
      input: { ticketId, status: "in_progress" },
    });
    await t.db.delete(user).where(eq(user.id, staff));
    const [kept] = await t.db.select().from(supportTicketStatusChanges).where(eq(supportTicketStatusChanges.ticketId, ticketId));
    expect(kept).toMatchObject({ status: "in_progress", actorId: null });
    await t.db.delete(user).where(eq(user.id, author));
    expect(await t.db.select().from(supportTicketStatusChanges).where(eq(supportTicketStatusChanges.ticketId, ticketId))).toEqual([]);
  });
});

/** The new-ticket form as the browser sends it: the fields first, then the file (the form's order). */
async function openTicket(actorId: string, file?: { name: string; data: Buffer | string }, fields: Record<string, string> = {}) {
  const values = { intent: "create", subject: "Fehler beim Bezahlen", description: "Siehe Bildschirmfoto.", ...fields };
  const parts: FormPart[] = [...Object.entries(values).map(([field, data]) => ({ field, data })), ...(file ? [{ field: "file", name: file.name, data: file.data }] : [])];
  const submitted: Record<string, string> = {};
  const work = async () => {
    const { file: stored } = await readNewTicket(t.db, storage, { actorId, request: multipartRequest(parts), fields: submitted });
    return createTicket(t.db, { actorId, input: submitted, attachment: { file: stored, storage } });
  };
  return { work: work(), submitted };
}

/** "ok", or the refusal's status, reason and the message the new-ticket form shows. */
async function ticketOutcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "ok";
  } catch (error) {
    if (!(error as AppError).reason) throw error;
    const { failure, status } = failureOf(error, "test", TICKET_FILE_TEXTS);
    return `${status} ${failure.reason}: ${failure.message}`;
  }
}

const ticketsOf = (userId: string) => t.db.select().from(supportTickets).where(eq(supportTickets.userId, userId));

describe(`a new ticket with a file on ${testEngine}`, () => {
  it("carries the file into the description: stored by the reply rules, shown on the card and the thread, served to the author and support only", async () => {
    const author = await person("Anna", "Test");
    const staff = await person("Sina", "Test", "support");
    const outsider = await person("Otto", "Test");
    const png = await pngBytes();
    const { id: ticketId } = await (await openTicket(author.id, { name: "bildschirm.png", data: png })).work;

    const [row] = await ticketsOf(author.id);
    expect(row).toMatchObject({ id: ticketId, fileName: "bildschirm.png", fileType: "image/png", fileSize: png.length });
    expect(row!.fileKey).toMatch(new RegExp(`^ticket-files/${author.id}/.+\\.png$`));
    expect(await storedTicketFiles()).toContain(row!.fileKey);

    const file = { url: `/support/${ticketId}/dateien/beschreibung`, name: "bildschirm.png", type: "image/png", size: png.length };
    expect((await listTickets(t.db, { viewerId: author.id })).tickets[0]).toMatchObject({ id: ticketId, file });
    expect((await listTickets(t.db, { viewerId: staff.id })).tickets.find((ticket) => ticket.id === ticketId)).toMatchObject({ file });
    const thread = await getTicketThread(t.db, { viewerId: author.id, ticketId });
    expect(thread.ticket.file).toEqual(file);
    // It is the description's file, not a reply.
    expect(thread.replies).toEqual([]);
    expect(thread.ticket.replyCount).toBe(0);

    // Served to the author and support; anyone else reads 404 (null), as do unknown file ids.
    expect(await ticketFile(t.db, author.id, ticketId, "beschreibung")).toEqual({ key: row!.fileKey, name: "bildschirm.png" });
    expect(await ticketFile(t.db, staff.id, ticketId, "beschreibung")).toEqual({ key: row!.fileKey, name: "bildschirm.png" });
    expect(await ticketFile(t.db, outsider.id, ticketId, "beschreibung")).toBeNull();
    expect(await ticketFile(t.db, author.id, ticketId, "anderes")).toBeNull();

    // Without a file, as before.
    const { id: plainId } = await (await openTicket(author.id)).work;
    expect((await getTicketThread(t.db, { viewerId: author.id, ticketId: plainId })).ticket.file).toBeNull();
    expect(await ticketFile(t.db, author.id, plainId, "beschreibung")).toBeNull();
  });

  it("refuses a wrong type, a file over 10 MB, blank fields and a second file with the reply's messages: no ticket, no file, the fields handed back", async () => {
    const author = await person("Berta", "Test");
    const before = await storedTicketFiles();

    const disguised = await openTicket(author.id, { name: "tarnung.png", data: Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(512, 1)]) });
    expect(await ticketOutcome(disguised.work)).toBe(
      "400 attachment_type: Dieser Dateityp wird nicht unterstützt. Erlaubt sind Bilder (JPG, PNG, GIF, WebP), PDF und Textdateien.",
    );
    // The fields came before the file: what was typed goes back to the form.
    expect(disguised.submitted).toMatchObject({ subject: "Fehler beim Bezahlen", description: "Siehe Bildschirmfoto." });

    expect(await ticketOutcome((await openTicket(author.id, { name: "gross.txt", data: Buffer.alloc(10 * 1024 * 1024 + 1, "a") })).work)).toBe(
      "400 attachment_too_large: Die Datei ist zu groß: Sie darf höchstens 10 MB groß sein.",
    );
    // Blank fields refuse before the file is stored (the spec's message).
    const blank = multipartRequest([
      { field: "subject", data: "   " },
      { field: "description", data: "Leerer Betreff" },
      { field: "file", name: "ok.pdf", data: pdfBytes() },
    ]);
    expect(await ticketOutcome(readNewTicket(t.db, storage, { actorId: author.id, request: blank, fields: {} }))).toBe("400 invalid_input: Please fill in all fields");
    const twoFiles = multipartRequest([
      { field: "subject", data: "Zwei" },
      { field: "description", data: "Dateien" },
      { field: "file", name: "a.pdf", data: pdfBytes() },
      { field: "file", name: "b.pdf", data: pdfBytes() },
    ]);
    expect(await ticketOutcome(readNewTicket(t.db, storage, { actorId: author.id, request: twoFiles, fields: {} }))).toBe("400 too_many_files: Bitte hängen Sie nur eine Datei an.");

    expect(await ticketsOf(author.id)).toEqual([]);
    expect(await storedTicketFiles()).toEqual(before);

    // Exactly 10 MB is fine.
    expect(await ticketOutcome((await openTicket(author.id, { name: "genau.txt", data: Buffer.alloc(10 * 1024 * 1024, "a") })).work)).toBe("ok");
  });

  it("a ticket refused for the day's file budget removes its file and counts against no limit; over the ticket limit nothing is uploaded", async () => {
    const author = await person("Carla", "Test");
    const before = await storedTicketFiles();
    // The day's budget all but spent by a reply's file: the one-byte check before storing passes,
    // the exact one in the ticket's transaction does not.
    const [other] = await t.db.insert(supportTickets).values({ userId: author.id, subject: "Alt", description: "Alt" }).returning({ id: supportTickets.id });
    await t.db.insert(supportTicketReplies).values({
      ticketId: other!.id,
      authorId: author.id,
      fromSupport: false,
      fileKey: `ticket-files/${author.id}/budget.pdf`,
      fileName: "budget.pdf",
      fileType: "application/pdf",
      fileSize: ATTACHMENT_DAILY_BYTES - 10,
    });
    expect(await ticketOutcome((await openTicket(author.id, { name: "beleg.pdf", data: pdfBytes() })).work)).toMatch(/^429 daily_files_exceeded: Sie haben heute schon sehr viele Dateien/);
    expect(await ticketsOf(author.id)).toHaveLength(1);
    expect(await storedTicketFiles()).toEqual(before);

    // Over the ticket brake: refused before the upload.
    const busy = await person("Dora", "Test");
    for (let i = 0; i < TICKET_RATE_LIMIT.max; i++) await createTicket(t.db, { actorId: busy.id, input: { subject: `T${i}`, description: "x" } });
    const puts = vi.spyOn(storage, "put");
    try {
      expect(await ticketOutcome((await openTicket(busy.id, { name: "beleg.pdf", data: pdfBytes() })).work)).toMatch(/^429 ticket_rate_limited/);
      // Refused before the upload: not a byte went to the storage.
      expect(puts).not.toHaveBeenCalled();
    } finally {
      puts.mockRestore();
    }
    expect(await storedTicketFiles()).toEqual(before);

    // The ticket refused for the day's file budget counted against no limit: Carla still has all ten.
    for (let i = 0; i < TICKET_RATE_LIMIT.max; i++) await createTicket(t.db, { actorId: author.id, input: { subject: `C${i}`, description: "x" } });
    expect(await ticketOutcome(createTicket(t.db, { actorId: author.id, input: { subject: "C10", description: "x" } }))).toMatch(/^429 ticket_rate_limited/);
  });

  it("a multipart post with another intent than a new ticket is refused, and keeps no file", async () => {
    const author = await person("Fritz", "Test");
    const before = await storedTicketFiles();
    const other = await openTicket(author.id, { name: "beleg.pdf", data: pdfBytes() }, { intent: "status" });
    expect(await ticketOutcome(other.work)).toMatch(/^400 invalid_input/);
    // The intent after the file (a hand-made request): the file is stored, then removed again.
    const late = multipartRequest([
      { field: "subject", data: "Spät" },
      { field: "description", data: "Absicht am Ende" },
      { field: "file", name: "ok.pdf", data: pdfBytes() },
      { field: "intent", data: "status" },
    ]);
    expect(await ticketOutcome(readNewTicket(t.db, storage, { actorId: author.id, request: late, fields: {} }))).toMatch(/^400 invalid_input/);
    expect(await ticketsOf(author.id)).toEqual([]);
    expect(await storedTicketFiles()).toEqual(before);
  });

  it("the export lists the file by name, type and size; account deletion and the sweep treat it like a reply's file", async () => {
    const author = await person("Emil", "Test");
    const png = await pngBytes();
    const { id: ticketId } = await (await openTicket(author.id, { name: "foto.png", data: png })).work;
    const [row] = await ticketsOf(author.id);

    const exported = await exportUserData(t.db, { actorId: author.id });
    expect(exported.support_tickets).toEqual([expect.objectContaining({ id: ticketId, file_name: "foto.png", file_type: "image/png", file_size: png.length })]);
    expect(exported.support_tickets[0]).not.toHaveProperty("file_key");

    // The orphan sweep keeps a file a ticket names.
    const { deleted } = await sweepOrphanFiles(t.db, storage, { minAgeMs: 0 });
    expect(deleted).not.toContain(row!.fileKey);
    expect(await storedTicketFiles()).toContain(row!.fileKey);

    await deleteAccount(t.db, storage, { actorId: author.id, input: { confirmation: "BESTÄTIGEN" } });
    expect(await storedTicketFiles()).not.toContain(row!.fileKey);
  });
});

describe(`the ticket file migration on ${testEngine}`, () => {
  it("keeps tickets opened before it, without a file; any number of tickets go without one", async () => {
    const db = await olderInstall("_ticket_file");
    try {
      await db.execute(`insert into "user" (id, name, email) values ('old', 'Alt', 'alt@example.de')`);
      await db.execute(`insert into support_tickets (user_id, subject, description) values ('old', 'Vorher', 'Ohne Datei')`);
      await db.upgrade();
      await db.execute(`insert into support_tickets (user_id, subject, description) values ('old', 'Nachher', 'Auch ohne')`);
      const rows = await db.execute(`select subject, file_key, file_name, file_type, file_size from support_tickets order by subject desc`);
      expect(rows).toEqual([
        { subject: "Vorher", file_key: null, file_name: null, file_type: null, file_size: null },
        { subject: "Nachher", file_key: null, file_name: null, file_type: null, file_size: null },
      ]);
    } finally {
      await db.close();
    }
  });
});
