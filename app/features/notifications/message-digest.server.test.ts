import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { conversations, messageDigests, messages, orders, profiles, services, user, type ConversationKind } from "~/db/schema";
import { orderedPair } from "~/features/messaging/pair";
import { markConversationRead } from "~/features/messaging/messages.server";
import type { Database } from "~/lib/db.server";
import { enqueue } from "~/lib/jobs/enqueue.server";
import { startPgRunner, cronItemsOf } from "~/lib/jobs/pg-runner.server";
import { appJobs, appSchedules } from "~/lib/jobs/registry.server";
import { registryOf, type JobDefinition } from "~/lib/jobs/types";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { queuedMails } from "../../../tests/support/queued-mails";
import { DIGEST_LOOKBACK_MS, digestMail, messageDigestJob, runMessageDigests } from "./message-digest.server";
import { saveNotificationSettings } from "./settings.server";
import { readUnsubscribeToken } from "./unsubscribe.server";

const MINUTE = 60 * 1000;
const BASE = "https://markt.example";
/** The digest's clock in these tests: a fixed time, moved on by hand (no waiting). */
const T = new Date("2030-05-06T10:00:00.000Z");
const at = (minutes: number) => new Date(T.getTime() + minutes * MINUTE);
const run = (db: Database, minutes: number) => runMessageDigests(db, { now: at(minutes), delayMinutes: 15, baseUrl: BASE });

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

async function person(id: string, firstName: string, lastName: string, { verified = true } = {}): Promise<string> {
  const email = `${id}@example.de`;
  await t.db.insert(user).values({ id, name: `${firstName} ${lastName}`, email, emailVerified: verified });
  await t.db.insert(profiles).values({ userId: id, email, firstName, lastName });
  return id;
}

async function conversation(kind: ConversationKind, a: string, b: string, about: { serviceId?: string; orderId?: string } = {}): Promise<string> {
  const [user1Id, user2Id] = orderedPair(a, b);
  const [row] = await t.db
    .insert(conversations)
    .values({ kind, user1Id, user2Id, serviceId: about.serviceId ?? null, orderId: about.orderId ?? null, lastMessageAt: T })
    .returning({ id: conversations.id });
  return row!.id;
}

async function message(conversationId: string, senderId: string, content: string, minutes: number, extra: { read?: boolean; fileName?: string } = {}) {
  await t.db.insert(messages).values({
    conversationId,
    senderId,
    content,
    createdAt: at(minutes),
    read: extra.read ?? false,
    ...(extra.fileName ? { fileKey: `chat-attachments/${senderId}/${extra.fileName}`, fileName: extra.fileName, fileUrl: "/x", fileType: "application/pdf", fileSize: 10 } : {}),
  });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The mails queued for `to`, oldest first. */
const mailsTo = (to: string) => queuedMails(t.db, to);

async function service(ownerId: string, title: string): Promise<string> {
  const [row] = await t.db.insert(services).values({ title, description: "", category: "Design", price: "100.00", createdBy: ownerId }).returning({ id: services.id });
  return row!.id;
}

async function order(buyerId: string, sellerId: string, serviceId: string, title: string): Promise<string> {
  const [row] = await t.db
    .insert(orders)
    .values({
      buyerId,
      sellerId,
      serviceId,
      serviceTitle: title,
      priceUnit: "fixed",
      unitPrice: "100.00",
      total: "100.00",
      requirements: "Bitte bis Freitag.",
      buyerAddress: { name: "Anna", street: "Weg 1", postalCode: "10115", city: "Berlin", country: "DE" },
    })
    .returning({ id: orders.id });
  return row!.id;
}

describe(`the message digest on ${testEngine}`, () => {
  let anna: string, lukas: string, julia: string;
  let serviceChat: string, directChat: string, orderChat: string;

  beforeAll(async () => {
    anna = await person("u-anna", "Anna", "Schmidt");
    lukas = await person("u-lukas", "Lukas", "Müller");
    julia = await person("u-julia", "Julia", "Becker");
    const logo = await service(lukas, "Logo-Design <Premium>");
    serviceChat = await conversation("service", anna, lukas, { serviceId: logo });
    directChat = await conversation("direct", anna, julia);
    orderChat = await conversation("order", anna, lukas, { orderId: await order(anna, lukas, logo, "Logo-Paket Start") });
  });

  it("is a registered job that runs every five minutes on both engines", () => {
    expect(appJobs().get(messageDigestJob.name)).toBe(messageDigestJob);
    expect(appSchedules().find((s) => s.task === "messages.digest")).toEqual({ task: "messages.digest", everyMinutes: 5 });
    expect(cronItemsOf(appSchedules(), appJobs()).find((item) => item.task === "messages.digest")?.match).toBe("*/5 * * * *");
  });

  it("mails each recipient one digest of their unread messages older than the delay, grouped by conversation with names, titles, counts, excerpts and links", async () => {
    await message(serviceChat, lukas, "Schon gelesen: die erste Frage", -60, { read: true });
    await message(serviceChat, lukas, "Hallo Anna, ich habe eine Frage zum Logo.", -40);
    await message(serviceChat, lukas, `Kurz noch: ${"sehr ".repeat(40)}lange Nachricht`, -30);
    await message(orderChat, lukas, "Die Lieferung kommt morgen.", -25);
    await message(directChat, julia, "", -20, { fileName: "angebot.pdf" });
    await message(directChat, julia, "Noch zu frisch für die Zusammenfassung", -5);
    // Anna's own message is Julia's unread message, never Anna's.
    await message(directChat, anna, "Danke, ich melde mich!", -18);

    expect(await run(t.db, 0)).toEqual({ candidates: 2, sent: 2 });

    const [mail, ...others] = await mailsTo("u-anna@example.de");
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("4 ungelesene Nachrichten – Dienstleister-Marktplatz");
    expect(mail!.text).toContain("Hallo Anna Schmidt,");
    expect(mail!.text).toContain("Sie haben 4 ungelesene Nachrichten in 3 Unterhaltungen:");
    // The latest conversation first; each with its count, who and what, the latest message's beginning, the link.
    const blocks = mail!.text.split("\n\n");
    const direct = blocks.findIndex((b) => b.includes("von Julia Becker"));
    const ordered = blocks.findIndex((b) => b.includes("zum Auftrag „Logo-Paket Start“"));
    const about = blocks.findIndex((b) => b.includes("zu „Logo-Design <Premium>“"));
    expect([direct, ordered, about].every((i) => i > 0)).toBe(true);
    expect(direct).toBeLessThan(ordered);
    expect(ordered).toBeLessThan(about);
    expect(blocks[direct]).toBe(`1 neue Nachricht von Julia Becker\n„Datei: angebot.pdf“\nUnterhaltung öffnen: ${BASE}/live-chat/${directChat}`);
    expect(blocks[ordered]).toBe(`1 neue Nachricht von Lukas Müller zum Auftrag „Logo-Paket Start“\n„Die Lieferung kommt morgen.“\nUnterhaltung öffnen: ${BASE}/chats/${orderChat}`);
    expect(blocks[about]).toMatch(new RegExp(`^2 neue Nachrichten von Lukas Müller zu „Logo-Design <Premium>“\\n„Kurz noch: sehr sehr .*…“\\nUnterhaltung öffnen: ${BASE}/chats/${serviceChat}$`));
    // Read messages, messages younger than the delay and Anna's own are not in it.
    for (const text of ["Schon gelesen", "Noch zu frisch", "Danke, ich melde mich", "Hallo Anna, ich habe"]) expect(mail!.text).not.toContain(text);
    // The HTML says the same, escaped, with the links.
    expect(mail!.html).toContain("zu „Logo-Design &lt;Premium&gt;“");
    expect(mail!.html).toContain(`<a href="${BASE}/live-chat/${directChat}"`);
    expect(mail!.html).toContain(`<a href="${BASE}/chats/${serviceChat}"`);
    // One-click unsubscribe of message mails for Anna: headers and the visible link.
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /^<(http[^>]+)>$/.exec(mail!.headers?.["List-Unsubscribe"] ?? "")?.[1];
    expect(readUnsubscribeToken(new URL(link!).searchParams.get("token"))).toEqual({ userId: anna, kind: "messages" });
    expect(mail!.text).toContain(`abbestellen: ${link}`);
    expect(mail!.html).toContain(`href="${link}"`);

    const [toJulia] = await mailsTo("u-julia@example.de");
    expect(toJulia!.subject).toBe("1 ungelesene Nachricht – Dienstleister-Marktplatz");
    expect(toJulia!.text).toContain(`1 neue Nachricht von Anna Schmidt\n„Danke, ich melde mich!“\nUnterhaltung öffnen: ${BASE}/live-chat/${directChat}`);
    expect(await mailsTo("u-lukas@example.de")).toEqual([]);
  });

  it("sends at most one per hour, never names a message twice, and a new message leads to a later digest with only the new ones", async () => {
    await message(directChat, julia, "Sind Sie am Donnerstag erreichbar?", 10);
    // Within the hour after the last digest: nothing, though two of Julia's messages are old enough by now.
    expect(await run(t.db, 30)).toEqual({ candidates: 0, sent: 0 });
    expect(await run(t.db, 59)).toEqual({ candidates: 0, sent: 0 });
    expect(await mailsTo("u-anna@example.de")).toHaveLength(1);

    expect(await run(t.db, 61)).toMatchObject({ sent: 1 });
    const mails = await mailsTo("u-anna@example.de");
    expect(mails).toHaveLength(2);
    const second = mails[1]!;
    expect(second.subject).toBe("2 ungelesene Nachrichten – Dienstleister-Marktplatz");
    expect(second.text).toContain(`2 neue Nachrichten von Julia Becker\n„Sind Sie am Donnerstag erreichbar?“\nUnterhaltung öffnen: ${BASE}/live-chat/${directChat}`);
    // Lukas's messages are still unread, but the first digest named them already.
    expect(second.text).not.toContain("Lukas");
    expect(second.text).not.toContain("angebot.pdf");

    // Later, with nothing new: no mail, however often the job runs.
    expect(await run(t.db, 180)).toEqual({ candidates: 0, sent: 0 });
    expect(await run(t.db, 300)).toEqual({ candidates: 0, sent: 0 });
    expect(await mailsTo("u-anna@example.de")).toHaveLength(2);
  });

  it("names no message read in the meantime: nothing at all when every one was read", async () => {
    const ben = await person("u-ben", "Ben", "Braun");
    const chat = await conversation("direct", ben, lukas);
    await message(chat, lukas, "Haben Sie meine Mail gesehen?", -30);
    await message(chat, lukas, "Und noch etwas.", -25);
    // Ben opens the chat before the job runs.
    expect(await markConversationRead(t.db, ben, chat)).toBe(2);
    expect(await run(t.db, 0)).toEqual({ candidates: 0, sent: 0 });
    expect(await mailsTo("u-ben@example.de")).toEqual([]);

    // Of two unread messages, one read later: only the other is named.
    await message(chat, lukas, "Wird gleich gelesen", 100);
    await message(chat, lukas, "Bleibt ungelesen", 101);
    await t.db.update(messages).set({ read: true }).where(eq(messages.content, "Wird gleich gelesen"));
    expect(await run(t.db, 130)).toMatchObject({ sent: 1 });
    const [mail] = await mailsTo("u-ben@example.de");
    expect(mail!.text).toContain("1 neue Nachricht von Lukas Müller\n„Bleibt ungelesen“");
    expect(mail!.text).not.toContain("Wird gleich gelesen");
  });

  it("respects the settings and the address: none when message mails are off or the address is unconfirmed; nothing older than the look-back", async () => {
    const off = await person("u-off", "Otto", "Aus");
    const unconfirmed = await person("u-unconfirmed", "Ute", "Unbestätigt", { verified: false });
    const chatOff = await conversation("direct", off, julia);
    const chatUnconfirmed = await conversation("direct", unconfirmed, julia);
    await saveNotificationSettings(t.db, off, { messages: { inApp: true, email: false } });
    // Other kinds switched off change nothing for messages: Julia keeps her digest.
    await saveNotificationSettings(t.db, julia, { orders: { inApp: true, email: false } });
    await message(chatOff, julia, "Hallo Otto", 1000);
    await message(chatUnconfirmed, julia, "Hallo Ute", 1000);
    await message(chatOff, off, "Hallo Julia", 1000);

    expect(await run(t.db, 1030)).toEqual({ candidates: 1, sent: 1 });
    expect(await mailsTo("u-off@example.de")).toEqual([]);
    expect(await mailsTo("u-unconfirmed@example.de")).toEqual([]);
    expect((await mailsTo("u-julia@example.de")).at(-1)!.text).toContain("Hallo Julia");

    // Switched on again: the unread message still comes (it was never mailed) ...
    await saveNotificationSettings(t.db, off, { messages: { inApp: true, email: true } });
    expect(await run(t.db, 1040)).toEqual({ candidates: 1, sent: 1 });
    expect((await mailsTo("u-off@example.de"))[0]!.text).toContain("Hallo Otto");

    // ... but never one older than the look-back.
    const late = await person("u-late", "Lena", "Spät");
    const old = await conversation("direct", late, julia);
    await message(old, julia, "Vor langer Zeit", 2000 - DIGEST_LOOKBACK_MS / MINUTE - 1);
    expect(await run(t.db, 2000)).toEqual({ candidates: 0, sent: 0 });
    expect(await mailsTo("u-late@example.de")).toEqual([]);
  });

  it("is safe when several runs meet (two processes on PostgreSQL): one digest per user", async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const reader = await person(`u-race-${i}`, "Rita", `Race${i}`);
        const chat = await conversation("direct", reader, lukas);
        await message(chat, lukas, `Nachricht ${i}`, 5000);
        await message(chat, lukas, `Zweite Nachricht ${i}`, 5001);
        return reader;
      }),
    );
    // A second process: its own connection pool on PostgreSQL; on PGlite (one process owns the
    // database) the runs interleave on it.
    const pool = testEngine === "postgres" ? new pg.Pool({ connectionString: t.url, max: 5 }) : null;
    try {
      const second = pool ? (drizzle(pool, { schema }) as unknown as Database) : t.db;
      const results = await Promise.all([run(t.db, 5030), run(second, 5030), run(second, 5030), run(t.db, 5030)]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
    } finally {
      await pool?.end();
    }
    for (const [i, reader] of pairs.entries()) {
      const mails = await mailsTo(`${reader}@example.de`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`2 neue Nachrichten von Lukas Müller\n„Zweite Nachricht ${i}“`);
    }
    const state = await t.db.select().from(messageDigests).where(eq(messageDigests.userId, pairs[0]!));
    expect(state[0]).toMatchObject({ sentAt: at(5030) });
  });

  if (testEngine === "postgres") {
    it("two job runners (two processes) given the digest job many times send one digest per user", async () => {
      // Real time here: the runners run the job as scheduled, with the clock of now.
      const now = Date.now();
      const readers = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          const reader = await person(`u-runner-${i}`, "Rudi", `Runner${i}`);
          const chat = await conversation("direct", reader, julia);
          await t.db.insert(messages).values({ conversationId: chat, senderId: julia, content: `Frage ${i}`, createdAt: new Date(now - 20 * MINUTE) });
          return reader;
        }),
      );
      const pool = new pg.Pool({ connectionString: t.url, max: 10 });
      // Only the digest: the mails it enqueues stay in the queue, to be counted.
      const registry = registryOf([messageDigestJob] as JobDefinition[]);
      const runners = [];
      try {
        const second = drizzle(pool, { schema }) as unknown as Database;
        runners.push(await startPgRunner({ pool: t.pool!, db: t.db, registry, pollIntervalMs: 50 }));
        runners.push(await startPgRunner({ pool, db: second, registry, pollIntervalMs: 50 }));
        for (let i = 0; i < 8; i++) await enqueue(i % 2 ? second : t.db, "messages.digest", {}, {}, registry);
        const deadline = performance.now() + 15_000;
        for (;;) {
          const [waiting] = await rows<{ n: number }>(sql`
            select count(*)::int as n from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
            where k.identifier = 'messages.digest'`);
          if (waiting!.n === 0) break;
          if (performance.now() > deadline) throw new Error("the digest jobs did not finish");
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        for (const runner of runners) await runner.stop();
        await pool.end();
      }
      for (const reader of readers) expect(await mailsTo(`${reader}@example.de`)).toHaveLength(1);
    });
  }

  it("writes names and texts safely into the HTML", () => {
    const mail = digestMail({
      to: "a@example.de",
      name: "Anna",
      baseUrl: BASE,
      conversations: [
        { id: "c1", kind: "direct", otherName: "<b>Max</b>", serviceTitle: null, orderTitle: null, count: 1, excerpt: "1 < 2 & \"3\"", latestAt: T },
      ],
    });
    expect(mail.html).toContain("&lt;b&gt;Max&lt;/b&gt;");
    expect(mail.html).toContain("1 &lt; 2 &amp; &quot;3&quot;");
    expect(mail.html).not.toContain("<b>Max</b>");
  });
});

