import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, supportTicketStatusChanges, user } from "~/db/schema";
import { listen, publish, RealtimeHub, type RealtimeEvent } from "~/features/realtime/realtime.server";
import { createLocalStorage, type FileStorage } from "~/lib/storage.server";
import { multipartRequest } from "../../../tests/support/multipart";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { getTicketThread, replyToTicket } from "./replies.server";
import { createTicket, listTickets, setTicketStatus } from "./support.server";

/** Status changes as entries of a ticket's conversation, and the events that keep pages and lists live. */

let t: TestDatabase;
let storage: FileStorage;
let storageRoot = "";
let counter = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "ticket-status-"));
  storage = createLocalStorage(storageRoot);
});
afterAll(async () => {
  await t?.destroy();
  if (storageRoot) fs.rmSync(storageRoot, { recursive: true, force: true });
});

async function person(first: string, last: string, role: "user" | "support" = "user"): Promise<string> {
  counter += 1;
  const id = `u-ticket-status-${counter}-${first.toLowerCase()}`;
  const email = `${first.toLowerCase()}.${counter}@status.example.de`;
  await t.db.insert(user).values({ id, name: `${first} ${last}`, email, emailVerified: true });
  await t.db.insert(profiles).values({ userId: id, email, firstName: first, lastName: last, role });
  return id;
}

function reply(actorId: string, ticketId: string, text: string) {
  return replyToTicket(t.db, storage, {
    actorId,
    ticketId,
    request: multipartRequest([{ field: "text", data: text }]),
  });
}

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
    const author = await person("Anna", "Autorin");
    const staff = await person("Sina", "Support", "support");
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
    const author = await person("Bert", "Bittsteller");
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
    const author = await person("Clara", "Kundin");
    const staff = await person("Sven", "Support", "support");
    const colleague = await person("Susi", "Support", "support");
    const outsider = await person("Olaf", "Other");
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
    const author = await person("Dora", "Doe");
    const staff = await person("Stan", "Support", "support");
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
    const author = await person("Emil", "Ende");
    const staff = await person("Sara", "Support", "support");
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
