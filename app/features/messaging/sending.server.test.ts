import { eq, sql } from "drizzle-orm";
import { failureOf } from "~/lib/responses.server";
import { describe, expect, it } from "vitest";
import { messages, notifications, user } from "~/db/schema";
import type { Database } from "~/lib/db.server";
import { AppError } from "~/lib/errors";
import type { FileStorage } from "~/lib/storage.server";
import { pdfBytes, pngBytes } from "../../../tests/support/files";
import { testEngine } from "../../../tests/support/test-database";
import { chatErrorText } from "./error-texts";
import { messageText, type ChatView } from "./message-text";
import { listMessages } from "./messages.server";
import { chatRequest, docBytes, file, messagingFixture } from "./messaging.test-support";
import { sendMessage } from "./sending.server";
import { captureLog } from "../../../tests/support/log-capture";

const fx = messagingFixture();

/** The refusal a send ends with (fails the test if it went through). */
async function refusal(sending: Promise<unknown>): Promise<AppError> {
  const error = await sending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The toast a view shows for a refused send. */
function toast(view: ChatView, error: AppError) {
  return chatErrorText(view, "send", { reason: error.reason });
}

describe(`signing in on ${testEngine}`, () => {
  it("a signed-out sender is refused (401) with the view's sign-in text", async () => {
    const { conversationId, directId } = await fx.freshPair("anon");
    const error = await refusal(fx.send(null, conversationId, "Hallo"));
    expect(error).toMatchObject({ code: "UNAUTHORIZED", reason: "sign_in_required", status: 401 });
    expect(toast("service", error)).toEqual({ title: "Authentication required", description: "You must be logged in to send messages" });
    expect(toast("live", await refusal(fx.send(null, directId, "Hallo")))).toEqual({
      title: "Fehler",
      description: "Sie müssen angemeldet sein, um Nachrichten zu senden",
    });
  });
});

describe(`validation on ${testEngine}`, () => {
  it("text: 500 characters are sent, 501 refused; whitespace only without a file sends nothing", async () => {
    const { buyer, conversationId } = await fx.freshPair("len");
    const ok = await fx.send(buyer, conversationId, "x".repeat(500));
    expect(ok.content).toHaveLength(500);
    const tooLong = await refusal(fx.send(buyer, conversationId, "x".repeat(501)));
    expect(tooLong).toMatchObject({ code: "INVALID", reason: "message_too_long" });
    expect(toast("service", tooLong)).toEqual({ title: "Validation error", description: "Die Nachricht darf höchstens 500 Zeichen lang sein." });
    await expect(fx.send(buyer, conversationId, "   \n ")).rejects.toMatchObject({ code: "INVALID", reason: "message_empty" });
    const count = await fx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId));
    expect(count[0]!.n).toBe(1);
  });

  it("attachments: exactly 10 MB is stored, one byte more is refused with the view's texts and nothing stored", async () => {
    const { buyer, conversationId, directId } = await fx.freshPair("size");
    const before = await fx.storedFiles();
    const tenMb = Buffer.alloc(10 * 1024 * 1024, 97);
    const ok = await fx.send(buyer, conversationId, "", file("gross.txt", tenMb));
    expect(ok.file).toMatchObject({ name: "gross.txt", size: 10 * 1024 * 1024, type: "text/plain" });
    const after = await fx.storedFiles();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((f) => !before.includes(f))).toMatch(new RegExp(`^chat-attachments/${buyer}/\\d+-[0-9a-f]{8}\\.txt$`));

    const tooBig = file("gross.txt", Buffer.alloc(10 * 1024 * 1024 + 1, 97));
    const inService = await refusal(fx.send(buyer, conversationId, "", tooBig));
    expect(inService).toMatchObject({ code: "INVALID", reason: "attachment_too_large" });
    expect(toast("service", inService)).toEqual({ title: "File too large", description: "Please select a file smaller than 10MB" });
    expect(toast("live", await refusal(fx.send(buyer, directId, "", tooBig)))).toEqual({
      title: "Datei zu groß",
      description: "Die Datei darf maximal 10 MB groß sein.",
    });
    expect(await fx.storedFiles()).toEqual(after);
  });

  it("the type comes from the bytes: a PNG named .pdf and an HTML page named .png are refused", async () => {
    const { buyer, conversationId, directId } = await fx.freshPair("type");
    const before = await fx.storedFiles();
    const pngAsPdf = await refusal(fx.send(buyer, conversationId, "", file("rechnung.pdf", await pngBytes())));
    expect(pngAsPdf).toMatchObject({ code: "INVALID", reason: "attachment_type" });
    expect(toast("service", pngAsPdf)).toEqual({ title: "File type not supported", description: "Please select an image, PDF, or text file" });
    await expect(fx.send(buyer, conversationId, "", file("bild.png", "<!doctype html><script>alert(1)</script>"))).rejects.toMatchObject({
      reason: "attachment_type",
    });
    const html = await refusal(fx.send(buyer, directId, "", file("bild.png", "<html><body>x</body></html>")));
    expect(toast("live", html).title).toBe("Dateityp nicht unterstützt");
    expect(await fx.storedFiles()).toEqual(before);
    const png = await fx.send(buyer, conversationId, "", file("bild.png", await pngBytes()));
    expect(png.file).toMatchObject({ type: "image/png", url: `/api/attachments/${png.id}` });
    const pdf = await fx.send(buyer, directId, "Angebot", file("angebot.pdf", pdfBytes()));
    expect(pdf.file).toMatchObject({ type: "application/pdf" });
  });

  it("the conversation decides the rules: a .doc is accepted in the live chat, refused in a service chat", async () => {
    const { buyer, conversationId, directId } = await fx.freshPair("doc");
    const doc = await fx.send(buyer, directId, "", file("brief.doc", docBytes()));
    expect(doc.file).toMatchObject({ type: "application/msword", name: "brief.doc" });
    await expect(fx.send(buyer, conversationId, "", file("brief.doc", docBytes()))).rejects.toMatchObject({ reason: "attachment_type" });
  });

  it("file-only messages: 'Sent a file: …' in the service chat, paperclip and name in the live chat, and the notification text", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("fileonly");
    const sent = await fx.send(buyer, conversationId, "  ", file("plan.pdf", pdfBytes()));
    expect(sent.content).toBe("");
    expect(messageText("service", sent)).toBe("Sent a file: plan.pdf");
    expect(messageText("live", sent)).toBe("📎 plan.pdf");
    expect(messageText("service", { content: "Hallo", file: null })).toBe("Hallo");
    const [note] = await fx.db.select().from(notifications).where(eq(notifications.userId, seller));
    expect(note).toMatchObject({
      title: "Neue Nachricht von Bert Test zu „Dienst fileonly“",
      message: "Hat eine Datei gesendet: plan.pdf",
      link: `/chats/${conversationId}`,
      read: false,
    });
  });
});

describe(`rate limit on ${testEngine}`, () => {
  it("20 concurrent sends store exactly 5; the others get the spec's text", async () => {
    const { buyer, conversationId } = await fx.freshPair("rate");
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => fx.send(buyer, conversationId, `Nachricht ${i}`)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "RATE_LIMITED", reason: "message_rate_limited", status: 429 });
    expect(toast("service", refused[0]!.reason as AppError)).toEqual({
      title: "Validation error",
      description: "You can only send 5 messages per minute. Please wait before sending another message.",
    });
    const [count] = await fx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.senderId, buyer));
    expect(count!.n).toBe(5);
  });

  it("a refused send with a file stores no file", async () => {
    const { buyer, conversationId } = await fx.freshPair("ratefile");
    for (let i = 0; i < 5; i++) await fx.send(buyer, conversationId, `m${i}`);
    const before = await fx.storedFiles();
    await expect(fx.send(buyer, conversationId, "", file("a.txt", "x"))).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await fx.storedFiles()).toEqual(before);
  });
});

describe(`attachment budget on ${testEngine}`, () => {
  it("a sender's attachments are capped at 200 MB a day; text still goes through", async () => {
    const { buyer, conversationId } = await fx.freshPair("daily");
    const earlier = new Date(Date.now() - 2 * 3600_000);
    await fx.db.insert(messages).values(
      Array.from({ length: 20 }, (_, i) => ({
        conversationId,
        senderId: buyer,
        content: "",
        fileKey: `chat-attachments/${buyer}/${i}.txt`,
        fileUrl: `/api/attachments/x${i}`,
        fileName: "alt.txt",
        fileType: "text/plain",
        fileSize: 10 * 1024 * 1024,
        createdAt: earlier,
      })),
    );
    const overBudget = await refusal(fx.send(buyer, conversationId, "", file("neu.txt", "x")));
    expect(overBudget).toMatchObject({ code: "RATE_LIMITED", reason: "daily_files_exceeded" });
    expect(toast("live", overBudget)).toEqual({
      title: "Fehler",
      description: "Sie haben heute bereits Dateien mit zusammen 200 MB gesendet. Morgen geht es weiter.",
    });
    expect((await fx.send(buyer, conversationId, "Text geht noch")).content).toBe("Text geht noch");
  });
});

describe(`failures of ours on ${testEngine}`, () => {
  it("storing the attachment fails: 503 attachment_upload_failed, nothing sent, logged", async () => {
    const { buyer, conversationId } = await fx.freshPair("diskfull");
    const broken: FileStorage = { ...fx.storage, put: () => Promise.reject(Object.assign(new Error("no space left"), { code: "ENOSPC" })) };
    const logged = captureLog();
    const error = await refusal(sendMessage(fx.db, broken, { userId: buyer, conversationId, request: chatRequest("", file("a.txt", "x")) }));
    expect(error).toMatchObject({ code: "UNAVAILABLE", reason: "attachment_upload_failed", status: 503 });
    expect(failureOf(error, "send").status).toBe(503);
    expect(logged.errors()).toHaveLength(1);
    const [count] = await fx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.senderId, buyer));
    expect(count!.n).toBe(0);
    expect(chatErrorText("service", "send", { reason: "attachment_upload_failed" })).toEqual({
      title: "Upload failed",
      description: "Failed to upload file. Please try again.",
    });
    expect(chatErrorText("live", "send", { reason: "attachment_upload_failed" })).toEqual({ title: "Fehler", description: "Fehler beim Hochladen der Datei" });
  });

  it("the send transaction fails: 503 message_send_failed, and the stored file is removed again", async () => {
    const { buyer, conversationId } = await fx.freshPair("txfail");
    const before = await fx.storedFiles();
    const db = new Proxy(fx.db, {
      get(target, prop) {
        if (prop === "transaction") return () => Promise.reject(Object.assign(new Error("connection terminated"), { code: "57P01" }));
        return Reflect.get(target, prop, target) as unknown;
      },
    }) as Database;
    const logged = captureLog();
    const error = await refusal(sendMessage(db, fx.storage, { userId: buyer, conversationId, request: chatRequest("Hallo", file("a.txt", "x")) }));
    expect(error).toMatchObject({ code: "UNAVAILABLE", reason: "message_send_failed" });
    expect(failureOf(error, "send").status).toBe(503);
    expect(logged.errors()).toHaveLength(1);
    expect(await fx.storedFiles()).toEqual(before);
    expect(chatErrorText("service", "send", { reason: "message_send_failed" }).title).toBe("Error sending message");
    expect(chatErrorText("live", "send", { reason: "message_send_failed" })).toEqual({ title: "Fehler", description: "Fehler beim Senden der Nachricht" });
  });
});

describe(`a deleted account on ${testEngine}`, () => {
  /** Deletes an account as far as the conversations see it: the user row goes, their ids become null (ADR 007). */
  async function deleteUser(id: string) {
    await fx.db.delete(user).where(eq(user.id, id));
  }

  async function countIn(conversationId: string) {
    const [row] = await fx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(eq(messages.conversationId, conversationId));
    return row!.n;
  }

  it("a send to someone who deleted their account is refused (403) in German, stores nothing, and the old messages stay readable", async () => {
    const { seller, buyer, conversationId, directId } = await fx.freshPair("gone");
    await fx.send(seller, conversationId, "Gerne, ab Montag.");
    await fx.send(seller, directId, "Hallo direkt");
    await deleteUser(seller);
    const notesBefore = await fx.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const filesBefore = await fx.storedFiles();

    const error = await refusal(fx.send(buyer, conversationId, "Hallo?"));
    expect(error).toMatchObject({ code: "FORBIDDEN", reason: "recipient_deleted", status: 403 });
    const { failure, status } = failureOf(error, "send");
    expect(status).toBe(403);
    expect(failure).toMatchObject({ reason: "recipient_deleted", message: "Dieses Konto wurde gelöscht. Sie können hier keine Nachrichten mehr senden." });
    expect(toast("service", error)).toEqual({
      title: "Error sending message",
      description: "Dieses Konto wurde gelöscht. Sie können hier keine Nachrichten mehr senden.",
    });
    const inLive = await refusal(fx.send(buyer, directId, "", file("plan.pdf", pdfBytes())));
    expect(inLive).toMatchObject({ reason: "recipient_deleted" });
    expect(toast("live", inLive)).toEqual({ title: "Fehler", description: "Dieses Konto wurde gelöscht. Sie können hier keine Nachrichten mehr senden." });

    // Nothing stored: no message, no file, no notification.
    expect(await countIn(conversationId)).toBe(1);
    expect(await countIn(directId)).toBe(1);
    expect(await fx.storedFiles()).toEqual(filesBefore);
    expect(await fx.db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(notesBefore);

    // The conversation still opens for the one left, with the other's messages (sender now unknown).
    const page = await listMessages(fx.db, buyer, conversationId);
    expect(page.messages.map((m) => [m.content, m.mine])).toEqual([["Gerne, ab Montag.", false]]);
  });

  it("an account deleted while the message was on its way: refused inside the transaction, the stored file removed", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("goneraced");
    const before = await fx.storedFiles();
    // The conversation is read (both present), the upload stored; then the account goes before the insert.
    const db = new Proxy(fx.db, {
      get(target, prop) {
        if (prop === "transaction") {
          return async (run: Parameters<Database["transaction"]>[0]) => {
            await target.delete(user).where(eq(user.id, seller));
            return target.transaction(run);
          };
        }
        return Reflect.get(target, prop, target) as unknown;
      },
    }) as Database;
    const error = await refusal(sendMessage(db, fx.storage, { userId: buyer, conversationId, request: chatRequest("Hallo", file("a.txt", "x")) }));
    expect(error).toMatchObject({ code: "FORBIDDEN", reason: "recipient_deleted" });
    expect(await countIn(conversationId)).toBe(0);
    expect(await fx.storedFiles()).toEqual(before);
  });
});

describe(`a form posted twice (its one-time token) on ${testEngine}`, () => {
  const T1 = "5d1f0c1e-8a0b-4c8e-9f00-000000000001";
  const T2 = "5d1f0c1e-8a0b-4c8e-9f00-000000000002";
  const count = async (where: ReturnType<typeof eq>) => (await fx.db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where))[0]!.n;
  const notesOf = async (userId: string) => (await fx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

  it("the same token twice at once (a double click) stores one message, one file and one notification; both answer that message", async () => {
    const { seller, buyer, conversationId } = await fx.freshPair("twice");
    const before = await fx.storedFiles();
    const [first, second] = await Promise.all([
      fx.send(buyer, conversationId, "Einmal bitte", file("notiz.txt", "Hallo"), T1),
      fx.send(buyer, conversationId, "Einmal bitte", file("notiz.txt", "Hallo"), T1),
    ]);
    expect(second.id).toBe(first.id);
    expect(second).toEqual(first);
    expect(await count(eq(messages.conversationId, conversationId))).toBe(1);
    expect(await fx.storedFiles()).toHaveLength(before.length + 1);
    expect(await notesOf(seller)).toEqual(["Einmal bitte"]);
    // Later too (a retry after a lost answer): still the same message.
    expect((await fx.send(buyer, conversationId, "Einmal bitte", file("notiz.txt", "Hallo"), T1.toUpperCase())).id).toBe(first.id);
    expect(await count(eq(messages.conversationId, conversationId))).toBe(1);
    expect(await fx.storedFiles()).toHaveLength(before.length + 1);
  });

  it("another text or file under a used token (an old page: Back, an edit after a lost answer) is a new message, never dropped", async () => {
    const { buyer, conversationId } = await fx.freshPair("reused");
    const first = await fx.send(buyer, conversationId, "Erste Nachricht", null, T1);
    const other = await fx.send(buyer, conversationId, "Ganz andere zweite Nachricht", null, T1);
    const withFile = await fx.send(buyer, conversationId, "Erste Nachricht", file("plan.txt", "Plan"), T1);
    expect(new Set([first.id, other.id, withFile.id]).size).toBe(3);
    expect(other.content).toBe("Ganz andere zweite Nachricht");
    expect(await count(eq(messages.conversationId, conversationId))).toBe(3);
    // The first message keeps the token: its own form posted again is still answered with it.
    expect((await fx.send(buyer, conversationId, "Erste Nachricht", null, T1)).id).toBe(first.id);
    expect(await count(eq(messages.conversationId, conversationId))).toBe(3);
  });

  it("different tokens (or none) are different messages", async () => {
    const { buyer, conversationId } = await fx.freshPair("tokens");
    await fx.send(buyer, conversationId, "Hallo", null, T1);
    await fx.send(buyer, conversationId, "Hallo", null, T2);
    await fx.send(buyer, conversationId, "Hallo");
    // A malformed token protects nothing, but refuses nothing either.
    await fx.send(buyer, conversationId, "Hallo", null, "kein-token");
    await fx.send(buyer, conversationId, "Hallo", null, "kein-token");
    expect(await count(eq(messages.conversationId, conversationId))).toBe(5);
  });

  it("a token is the sender's in one conversation: someone else's, or one's own elsewhere, changes nothing", async () => {
    const { seller, buyer, conversationId, directId } = await fx.freshPair("scope");
    const mine = await fx.send(buyer, conversationId, "Von mir", null, T1);
    const theirs = await fx.send(seller, conversationId, "Von der Anbieterin", null, T1);
    const elsewhere = await fx.send(buyer, directId, "Direkt", null, T1);
    expect(new Set([mine.id, theirs.id, elsewhere.id]).size).toBe(3);
    expect(theirs).toMatchObject({ content: "Von der Anbieterin", mine: true });
    expect(await count(eq(messages.conversationId, conversationId))).toBe(2);
    expect(await count(eq(messages.conversationId, directId))).toBe(1);
  });

  it("a repeated post counts against no limit: the fifth message's second post answers it, not 'wait a minute'", async () => {
    const { buyer, conversationId } = await fx.freshPair("limit");
    for (let i = 0; i < 4; i++) await fx.send(buyer, conversationId, `m${i}`);
    const fifth = await fx.send(buyer, conversationId, "m4", null, T2);
    expect((await fx.send(buyer, conversationId, "m4", null, T2)).id).toBe(fifth.id);
    await expect(fx.send(buyer, conversationId, "m5", null, T1)).rejects.toMatchObject({ reason: "message_rate_limited" });
  });
});
