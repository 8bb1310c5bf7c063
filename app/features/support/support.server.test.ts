import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { notifications, profiles, supportTickets, user } from "~/db/schema";
import { de } from "~/i18n/de";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { createTicket, listTickets, setTicketStatus } from "./support.server";

let t: TestDatabase;
const ANNA = "u-support-anna";
const BEN = "u-support-ben";
const STAFF = "u-support-staff";

beforeAll(async () => {
  t = await createTestDatabase();
  const people = [
    { id: ANNA, first: "Anna", last: "Alt", role: "user" as const },
    { id: BEN, first: "Ben", last: "Berg", role: "user" as const },
    { id: STAFF, first: "Sina", last: "Support", role: "support" as const },
  ];
  await t.db.insert(user).values(people.map((p) => ({ id: p.id, name: `${p.first} ${p.last}`, email: `${p.id}@example.de`, emailVerified: true })));
  await t.db.insert(profiles).values(people.map((p) => ({ userId: p.id, email: `${p.id}@example.de`, firstName: p.first, lastName: p.last, role: p.role })));
});
afterAll(async () => {
  await t?.destroy();
});

async function ticketOf(id: string) {
  const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
  return row!;
}

describe(`support tickets on ${testEngine}`, () => {
  it("creates a ticket as open, trimmed; blank fields are refused with the spec's text", async () => {
    const created = await createTicket(t.db, { actorId: ANNA, input: { subject: "  Rechnung fehlt ", description: " Bitte senden. " } });
    expect(created.status).toBe("open");
    expect(await ticketOf(created.id)).toMatchObject({ userId: ANNA, subject: "Rechnung fehlt", description: "Bitte senden.", status: "open" });
    for (const input of [{ subject: "   ", description: "Text" }, { subject: "Betreff", description: "\n\t " }, {}]) {
      const refused = await createTicket(t.db, { actorId: ANNA, input }).then(
        () => expect.fail("a blank field was accepted"),
        (error: unknown) => error as { code: string; reason: string; fieldErrors: Record<string, string> },
      );
      expect(refused).toMatchObject({ code: "INVALID", reason: "invalid_input" });
      // Each blank field says so in the spec's words.
      expect(Object.values(refused.fieldErrors).length).toBeGreaterThan(0);
      for (const text of Object.values(refused.fieldErrors)) expect(text).toBe("Please fill in all fields");
    }
    await expect(createTicket(t.db, { actorId: ANNA, input: { subject: "x".repeat(201), description: "Text" } })).rejects.toMatchObject({
      reason: "invalid_input",
      fieldErrors: { subject: de.support.subjectTooLong },
    });
    await expect(createTicket(t.db, { actorId: null, input: { subject: "A", description: "B" } })).rejects.toMatchObject({ code: "UNAUTHORIZED", reason: "sign_in_required" });
  });

  it("users see only their own tickets; the support role sees all with author name and e-mail", async () => {
    const anna = await createTicket(t.db, { actorId: ANNA, input: { subject: "Annas Frage", description: "A" } });
    const ben = await createTicket(t.db, { actorId: BEN, input: { subject: "Bens Frage", description: "B" } });

    const forAnna = await listTickets(t.db, { viewerId: ANNA });
    expect(forAnna.isSupport).toBe(false);
    expect(forAnna.tickets.map((x) => x.id)).toContain(anna.id);
    expect(forAnna.tickets.map((x) => x.id)).not.toContain(ben.id);
    expect(forAnna.tickets.length).toBeGreaterThan(0);
    expect(forAnna.tickets.every((x) => x.author === null)).toBe(true);

    const forBen = await listTickets(t.db, { viewerId: BEN });
    expect(forBen.tickets.map((x) => x.id)).toEqual([ben.id]);

    const forStaff = await listTickets(t.db, { viewerId: STAFF });
    expect(forStaff.isSupport).toBe(true);
    const ids = forStaff.tickets.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([anna.id, ben.id]));
    expect(forStaff.tickets.find((x) => x.id === ben.id)!.author).toEqual({ firstName: "Ben", lastName: "Berg", email: `${BEN}@example.de` });
    // Newest first.
    expect(ids.indexOf(ben.id)).toBeLessThan(ids.indexOf(anna.id));
    await expect(listTickets(t.db, { viewerId: null })).rejects.toMatchObject({ code: "UNAUTHORIZED", reason: "sign_in_required" });
  });

  it("refuses a status change by anyone but support, changing nothing", async () => {
    const ticket = await createTicket(t.db, { actorId: ANNA, input: { subject: "Eigenes Ticket", description: "Text" } });
    const before = await ticketOf(ticket.id);
    for (const actorId of [ANNA, BEN]) {
      await expect(setTicketStatus(t.db, { actorId, input: { ticketId: ticket.id, status: "closed" } })).rejects.toMatchObject({
        code: "FORBIDDEN",
        reason: "support_only",
      });
    }
    await expect(setTicketStatus(t.db, { actorId: null, input: { ticketId: ticket.id, status: "closed" } })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      reason: "sign_in_required",
    });
    expect(await ticketOf(ticket.id)).toEqual(before);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, ANNA));
    expect(notes).toEqual([]);
  });

  it("support sets any status in any order; the author is notified with a link to /support", async () => {
    // setTicketStatus stamps updatedAt with the app's clock: each change a second after the last stamp.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => void vi.useRealTimers());
    const ticket = await createTicket(t.db, { actorId: BEN, input: { subject: "Upload klappt nicht", description: "Text" } });
    for (const status of ["resolved", "open", "closed", "in_progress"] as const) {
      const before = await ticketOf(ticket.id);
      vi.setSystemTime(before.updatedAt.getTime() + 1_000);
      expect(await setTicketStatus(t.db, { actorId: STAFF, input: { ticketId: ticket.id, status } })).toEqual({ status, changed: true });
      const after = await ticketOf(ticket.id);
      expect(after.status).toBe(status);
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    }
    const notes = await t.db
      .select({ title: notifications.title, message: notifications.message, link: notifications.link, read: notifications.read })
      .from(notifications)
      .where(and(eq(notifications.userId, BEN)));
    expect(notes).toHaveLength(4);
    expect(notes).toContainEqual({ title: "Ticket-Status geändert", message: "Ihr Ticket „Upload klappt nicht“ ist jetzt in Bearbeitung.", link: `/support/${ticket.id}`, read: false });
    // Setting the same status again changes nothing and notifies nobody.
    expect(await setTicketStatus(t.db, { actorId: STAFF, input: { ticketId: ticket.id, status: "in_progress" } })).toEqual({ status: "in_progress", changed: false });
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, BEN))).toHaveLength(4);
  });

  it("refuses unknown statuses and tickets", async () => {
    const ticket = await createTicket(t.db, { actorId: ANNA, input: { subject: "Status", description: "Text" } });
    await expect(setTicketStatus(t.db, { actorId: STAFF, input: { ticketId: ticket.id, status: "done" } })).rejects.toMatchObject({
      code: "INVALID",
      reason: "invalid_input",
      fieldErrors: { status: expect.any(String) },
    });
    await expect(setTicketStatus(t.db, { actorId: STAFF, input: { ticketId: "not-a-uuid", status: "closed" } })).rejects.toMatchObject({
      code: "NOT_FOUND",
      reason: "ticket_not_found",
    });
    await expect(
      setTicketStatus(t.db, { actorId: STAFF, input: { ticketId: "00000000-0000-4000-8000-000000000000", status: "closed" } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", reason: "ticket_not_found" });
    expect((await ticketOf(ticket.id)).status).toBe("open");
  });

  it("at most 10 new tickets per user and hour; others are not affected", async () => {
    const flood = "u-flood";
    await t.db.insert(user).values({ id: flood, name: "Flut", email: "flut@example.de", emailVerified: true });
    for (let i = 0; i < 10; i++) await createTicket(t.db, { actorId: flood, input: { subject: `Frage ${i}`, description: "Text" } });
    await expect(createTicket(t.db, { actorId: flood, input: { subject: "Frage 11", description: "Text" } })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      reason: "ticket_rate_limited",
    });
    expect((await listTickets(t.db, { viewerId: flood })).tickets).toHaveLength(10);
    await expect(createTicket(t.db, { actorId: BEN, input: { subject: "Bens Anliegen", description: "Text" } })).resolves.toMatchObject({ status: "open" });
  });

  it("pages newest first without gaps or duplicates, for a user and for support", async () => {
    const pager = "u-pager";
    await t.db.insert(user).values({ id: pager, name: "Paula Pager", email: "paula@example.de", emailVerified: true });
    const base = Date.now() - 10 * 86_400_000;
    // 7 tickets straight into the table (the creation limit is not what this test is about).
    const rows = Array.from({ length: 7 }, (_, i) => ({ userId: pager, subject: `Seite ${i}`, description: "Text", createdAt: new Date(base + i * 60_000) }));
    await t.db.insert(supportTickets).values(rows);

    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const list = await listTickets(t.db, { viewerId: pager, page, pageSize: 3 });
      expect(list).toMatchObject({ page, pageCount: 3, total: 7, isSupport: false });
      expect(list.tickets).toHaveLength(page < 3 ? 3 : 1);
      expect(list.tickets.every((ticket) => ticket.author === null)).toBe(true);
      seen.push(...list.tickets.map((ticket) => ticket.subject));
    }
    expect(seen).toEqual(["Seite 6", "Seite 5", "Seite 4", "Seite 3", "Seite 2", "Seite 1", "Seite 0"]);
    // Past the end: the last page; below 1: the first.
    expect(await listTickets(t.db, { viewerId: pager, page: 99, pageSize: 3 })).toMatchObject({ page: 3 });
    expect(await listTickets(t.db, { viewerId: pager, page: 0, pageSize: 3 })).toMatchObject({ page: 1 });

    // Support pages through everyone's tickets: all of them, each once, with authors.
    const { total } = await listTickets(t.db, { viewerId: STAFF, pageSize: 1000 });
    const ids = new Set<string>();
    for (let page = 1; page <= Math.ceil(total / 4); page++) {
      const list = await listTickets(t.db, { viewerId: STAFF, page, pageSize: 4 });
      for (const ticket of list.tickets) {
        expect(ticket.author).not.toBeNull();
        ids.add(ticket.id);
      }
    }
    expect(ids.size).toBe(total);
    expect(total).toBeGreaterThan(7);
  });
});
