import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversations,
  favorites,
  messages,
  moderationAudit,
  moderationCases,
  moderationDecisions,
  moderationReports,
  notifications,
  profiles,
  serviceComments,
  serviceReviews,
  services,
  session,
  user,
} from "~/db/schema";
import { signIn, signUp } from "~/features/auth/accounts.server";
import { listComments } from "~/features/comments/comments.server";
import { listFavorites } from "~/features/favorites/favorites.server";
import { readMarket } from "~/features/landing/market.server";
import { listMessages, messagesSince } from "~/features/messaging/messages.server";
import { orderedPair } from "~/features/messaging/pair";
import { deleteAccount } from "~/features/profile/delete-account.server";
import { exportUserData } from "~/features/profile/export.server";
import { readTransparency } from "~/features/transparency/report.server";
import { DELETE_CONFIRMATION_WORD } from "~/features/profile/schema";
import { findPublicProfile, listProfileServices } from "~/features/profiles/public-profile.server";
import { listReviews } from "~/features/reviews/reviews.server";
import { getService, listServices } from "~/features/services/catalogue.server";
import { parseServiceFilters } from "~/features/services/filters";
import { moderationDe } from "~/i18n/moderation.de";
import { createLocalStorage } from "~/lib/storage.server";
import { clientRequest, createTestAuth, ctxFor } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { queuedMails } from "../../../tests/support/queued-mails";
import { decide, decisionToken, getCase, getMyDecision, listMyDecisions, listQueue, objectToDecision } from "./decisions.server";
import { REPORT_RATE_LIMIT, reportClientKey, submitReport } from "./reports.server";

let t: TestDatabase;
const PROVIDER = "u-mod-provider";
const BUYER = "u-mod-buyer";
const OTHER = "u-mod-other";
const STAFF = "u-mod-staff";
let clientCounter = 0;
/** Each report comes from its own client unless a test says otherwise (the rate limit is per client). */
const freshClient = () => `client-${++clientCounter}`;

beforeAll(async () => {
  t = await createTestDatabase();
  const people = [
    { id: PROVIDER, first: "Paula", last: "Anbieter", role: "user" as const },
    { id: BUYER, first: "Bruno", last: "Kunde", role: "user" as const },
    { id: OTHER, first: "Olga", last: "Dritte", role: "user" as const },
    { id: STAFF, first: "Sina", last: "Support", role: "support" as const },
  ];
  await t.db.insert(user).values(people.map((p) => ({ id: p.id, name: `${p.first} ${p.last}`, email: `${p.id}@example.de`, emailVerified: true })));
  await t.db.insert(profiles).values(people.map((p) => ({ userId: p.id, email: `${p.id}@example.de`, firstName: p.first, lastName: p.last, role: p.role })));
});
afterAll(async () => {
  await t?.destroy();
});

async function newService(title: string, ownerId = PROVIDER): Promise<string> {
  const [row] = await t.db.insert(services).values({ title, description: "Beschreibung", category: "Design", price: "100.00", createdBy: ownerId }).returning({ id: services.id });
  return row!.id;
}

/** The mails queued for `to`, oldest first. */
const mailsTo = (to: string) => queuedMails(t.db, to);

const illegal = { reason: "illegal", category: "fraud", explanation: "Das ist ein Betrugsangebot: Vorkasse, dann nichts." };
const terms = { reason: "terms", explanation: "Werbung für ein anderes Portal." };

async function caseOf(kind: string, itemId: string) {
  const [row] = await t.db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.itemKind, kind as "service"), eq(moderationCases.itemId, itemId)));
  return row;
}

async function titlesListed(): Promise<string[]> {
  return (await listServices(t.db, parseServiceFilters(new URLSearchParams()), 100)).items.map((s) => s.title);
}

describe(`reporting on ${testEngine}`, () => {
  it("anyone reports a service: a signed-out visitor with an address gets a confirmation mail; the case opens with an audit line", async () => {
    const id = await newService("Logo in einer Stunde");
    const result = await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...illegal, name: "Vera Besucherin", email: " Vera@Example.de " }, clientKey: freshClient() });
    expect(result).toEqual({ mailed: true });
    const c = await caseOf("service", id);
    expect(c).toMatchObject({ status: "open", authorId: PROVIDER, itemSummary: "Logo in einer Stunde" });
    const [report] = await t.db.select().from(moderationReports).where(eq(moderationReports.caseId, c!.id));
    expect(report).toMatchObject({ reporterId: null, reporterName: "Vera Besucherin", reporterEmail: "vera@example.de", reason: "illegal", category: "fraud", reporterKey: "email:vera@example.de" });
    // The route keys the client by a keyed hash of its address, never the address itself.
    expect(reportClientKey("198.51.100.7", "geheim")).not.toContain("198.51.100.7");
    expect(reportClientKey("198.51.100.7", "geheim")).toBe(reportClientKey("198.51.100.7", "geheim"));
    expect(reportClientKey("198.51.100.7", "geheim")).not.toBe(reportClientKey("198.51.100.8", "geheim"));
    const [mail] = await mailsTo("vera@example.de");
    expect(mail!.subject).toContain(moderationDe.report.mailSubject);
    expect(mail!.text).toContain("Logo in einer Stunde");
    expect(await t.db.select().from(moderationAudit).where(eq(moderationAudit.caseId, c!.id))).toEqual([expect.objectContaining({ action: "report", actorId: null })]);

    // Signed in: the account's address gets the confirmation.
    await submitReport(t.db, { actorId: BUYER, kind: "service", itemId: id, input: terms, clientKey: freshClient() });
    expect((await mailsTo(`${BUYER}@example.de`)).map((m) => m.subject)).toEqual([expect.stringContaining(moderationDe.report.mailSubject)]);
    // Signed out without an address: accepted, no mail.
    expect(await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: terms, clientKey: freshClient() })).toEqual({ mailed: false });
  });

  it("refuses bad input with the form's messages and stores nothing", async () => {
    const id = await newService("Validierung");
    const cases: [Record<string, string>, string, string][] = [
      [{ explanation: "x" }, "reason", moderationDe.report.reasonRequired],
      [{ reason: "illegal", explanation: "x" }, "category", moderationDe.report.categoryRequired],
      [{ reason: "illegal", category: "erfunden", explanation: "x" }, "category", moderationDe.report.categoryRequired],
      [{ reason: "terms", explanation: "   " }, "explanation", moderationDe.report.explanationRequired],
      [{ reason: "terms", explanation: "x".repeat(2001) }, "explanation", moderationDe.report.explanationTooLong(2000)],
      [{ reason: "terms", explanation: "x", email: "keine-adresse" }, "email", moderationDe.report.emailInvalid],
    ];
    for (const [input, field, message] of cases) {
      await expect(submitReport(t.db, { actorId: null, kind: "service", itemId: id, input, clientKey: freshClient() })).rejects.toMatchObject({
        code: "INVALID",
        reason: "invalid_input",
        fieldErrors: { [field]: message },
      });
    }
    expect(await caseOf("service", id)).toBeUndefined();
    // 2,000 characters are fine.
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { reason: "terms", explanation: "x".repeat(2000) }, clientKey: freshClient() });
    expect(await caseOf("service", id)).toBeDefined();
  });

  it("the same person reporting the same item twice is refused kindly: user, e-mail, or client without one", async () => {
    const id = await newService("Doppelt");
    await submitReport(t.db, { actorId: BUYER, kind: "service", itemId: id, input: terms, clientKey: freshClient() });
    await expect(submitReport(t.db, { actorId: BUYER, kind: "service", itemId: id, input: illegal, clientKey: freshClient() })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "report_duplicate",
    });
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...terms, email: "zwei@example.de" }, clientKey: freshClient() });
    await expect(submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...terms, email: "ZWEI@example.de" }, clientKey: freshClient() })).rejects.toMatchObject({
      reason: "report_duplicate",
    });
    const client = freshClient();
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: terms, clientKey: client });
    await expect(submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: terms, clientKey: client })).rejects.toMatchObject({ reason: "report_duplicate" });
    expect(moderationDe.report.duplicate).toContain("bereits gemeldet");
    const c = await caseOf("service", id);
    expect(await t.db.select().from(moderationReports).where(eq(moderationReports.caseId, c!.id))).toHaveLength(3);
  });

  it("is rate-limited per client", async () => {
    const id = await newService("Flut");
    const client = freshClient();
    for (let i = 0; i < REPORT_RATE_LIMIT.max; i++) {
      await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...terms, email: `flut${i}@example.de` }, clientKey: client });
    }
    await expect(submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...terms, email: "flut-x@example.de" }, clientKey: client })).rejects.toMatchObject({
      code: "RATE_LIMITED",
      reason: "report_rate_limited",
    });
    // Another client is not affected.
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...terms, email: "flut-y@example.de" }, clientKey: freshClient() });
  });

  it("reports only what the reporter may see: a message only by the participant who received it (404 otherwise); never one's own content", async () => {
    const [user1Id, user2Id] = orderedPair(PROVIDER, BUYER);
    const [conversation] = await t.db.insert(conversations).values({ kind: "direct", user1Id, user2Id }).returning({ id: conversations.id });
    const [message] = await t.db.insert(messages).values({ conversationId: conversation!.id, senderId: PROVIDER, content: "Zahl bitte per Gutschein." }).returning({ id: messages.id });
    const notFound = { code: "NOT_FOUND", reason: "report_item_not_found" };
    await expect(submitReport(t.db, { actorId: PROVIDER, kind: "message", itemId: message!.id, input: terms, clientKey: freshClient() })).rejects.toMatchObject(notFound);
    await expect(submitReport(t.db, { actorId: OTHER, kind: "message", itemId: message!.id, input: terms, clientKey: freshClient() })).rejects.toMatchObject(notFound);
    await expect(submitReport(t.db, { actorId: null, kind: "message", itemId: message!.id, input: terms, clientKey: freshClient() })).rejects.toMatchObject(notFound);
    await submitReport(t.db, { actorId: BUYER, kind: "message", itemId: message!.id, input: terms, clientKey: freshClient() });
    expect(await caseOf("message", message!.id)).toMatchObject({ authorId: PROVIDER });

    const own = await newService("Eigenes Angebot", BUYER);
    await expect(submitReport(t.db, { actorId: BUYER, kind: "service", itemId: own, input: terms, clientKey: freshClient() })).rejects.toMatchObject(notFound);
    for (const [kind, itemId] of [
      ["service", "keine-uuid"],
      ["service", "00000000-0000-4000-8000-000000000000"],
      ["profile", "gibt-es-nicht"],
      ["review", "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      await expect(submitReport(t.db, { actorId: null, kind, itemId, input: terms, clientKey: freshClient() })).rejects.toMatchObject(notFound);
    }
    // A profile, a review and a comment by anyone.
    await submitReport(t.db, { actorId: null, kind: "profile", itemId: PROVIDER, input: terms, clientKey: freshClient() });
    expect(await caseOf("profile", PROVIDER)).toMatchObject({ authorId: PROVIDER });
  });
});

describe(`moderation on ${testEngine}`, () => {
  it("is the support role's only: anyone else gets 404 and nothing changes", async () => {
    const id = await newService("Nur für Support");
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: terms, clientKey: freshClient() });
    const c = await caseOf("service", id);
    const notFound = { code: "NOT_FOUND", reason: "case_not_found" };
    for (const actorId of [BUYER, PROVIDER, null]) {
      await expect(listQueue(t.db, { actorId })).rejects.toMatchObject(notFound);
      await expect(getCase(t.db, { actorId, caseId: c!.id })).rejects.toMatchObject(notFound);
      await expect(decide(t.db, { actorId, caseId: c!.id, input: { kind: "remove", ground: "terms", reason: "Weg damit" } })).rejects.toMatchObject(notFound);
    }
    expect((await getService(t.db, id))!.listed).toBe(true);
    expect(await caseOf("service", id)).toMatchObject({ status: "open" });
    const queue = await listQueue(t.db, { actorId: STAFF });
    expect(queue.map((q) => q.id)).toContain(c!.id);
    // Newest activity first.
    expect(queue[0]!.id).toBe(c!.id);
  });

  it("a decision needs a reason and a possible kind", async () => {
    const id = await newService("Begründungspflicht");
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: terms, clientKey: freshClient() });
    const c = await caseOf("service", id);
    await expect(decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "remove", reason: "  " } })).rejects.toMatchObject({
      reason: "invalid_input",
      fieldErrors: { reason: moderationDe.case.reasonRequired },
    });
    await expect(decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "confirm", reason: "x" } })).rejects.toMatchObject({ reason: "decision_not_allowed" });
    await expect(decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "restore", reason: "x" } })).rejects.toMatchObject({ reason: "decision_not_allowed" });
    await expect(decide(t.db, { actorId: STAFF, caseId: "kaputt", input: { kind: "dismiss", reason: "x" } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await t.db.select().from(moderationDecisions).where(eq(moderationDecisions.caseId, c!.id))).toEqual([]);
  });

  it("dismiss: nothing changes; the reporters hear the outcome, the author gets no statement", async () => {
    const id = await newService("Harmlos");
    await submitReport(t.db, { actorId: OTHER, kind: "service", itemId: id, input: terms, clientKey: freshClient() });
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...terms, email: "dismiss@example.de" }, clientKey: freshClient() });
    const c = await caseOf("service", id);
    const providerMails = (await mailsTo(`${PROVIDER}@example.de`)).length;
    await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "dismiss", ground: "terms", reason: "Kein Verstoß erkennbar." } });
    expect(await caseOf("service", id)).toMatchObject({ status: "decided" });
    expect((await getService(t.db, id))!.listed).toBe(true);
    expect((await mailsTo("dismiss@example.de")).at(-1)!.text).toContain("Kein Verstoß erkennbar.");
    expect((await mailsTo(`${OTHER}@example.de`)).at(-1)!.subject).toContain(moderationDe.outcome.subject);
    const outcomes = await t.db.select().from(notifications).where(and(eq(notifications.userId, OTHER), eq(notifications.title, moderationDe.outcome.notificationTitle)));
    expect(outcomes).toHaveLength(1);
    // In-app a sentence of its own; by mail it goes on from "Hallo …,".
    expect(outcomes[0]!.message).toMatch(/^Wir haben Ihre Meldung zu „Harmlos“ geprüft\. /);
    expect((await mailsTo(`${OTHER}@example.de`)).at(-1)!.text).toContain("Hallo Olga Dritte,\n\nwir haben Ihre Meldung zu „Harmlos“ geprüft. ");
    expect((await mailsTo(`${PROVIDER}@example.de`)).length).toBe(providerMails);
    expect((await listQueue(t.db, { actorId: STAFF })).map((q) => q.id)).not.toContain(c!.id);
  });

  it("remove a service: gone from list and detail for others, shown with the statement to its author; objection once, back in the queue; restore", async () => {
    const id = await newService("Gefälschte Markenware");
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: { ...illegal, category: "ip", email: "melder@example.de" }, clientKey: freshClient() });
    const c = await caseOf("service", id);
    expect(await titlesListed()).toContain("Gefälschte Markenware");
    await t.db.insert(favorites).values({ userId: OTHER, serviceId: id });
    const marketBefore = await readMarket(t.db);
    const { decisionId } = await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "remove", ground: "law", reason: "Markenrechtsverletzung: Plagiate bekannter Marken." } });

    expect(await titlesListed()).not.toContain("Gefälschte Markenware");
    expect((await listProfileServices(t.db, PROVIDER)).map((s) => s.id)).not.toContain(id);
    expect(await getService(t.db, id)).toMatchObject({ listed: false, removed: true });
    expect((await listFavorites(t.db, OTHER)).map((f) => f.serviceId)).not.toContain(id);
    const marketAfter = await readMarket(t.db);
    expect(marketAfter.figures.services).toBe(marketBefore.figures.services - 1);
    expect(marketAfter.categories.find((x) => x.category === "Design")!.count).toBe(marketBefore.categories.find((x) => x.category === "Design")!.count - 1);
    // The statement of reasons (DSA art. 17): in-app and by mail, with ground, facts and how to object.
    const statement = (await mailsTo(`${PROVIDER}@example.de`)).at(-1)!;
    expect(statement.subject).toContain(moderationDe.statement.subject);
    expect(statement.text).toContain("Gefälschte Markenware");
    expect(statement.text).toContain(moderationDe.grounds.law);
    expect(statement.text).toContain("Markenrechtsverletzung");
    expect(statement.text).toContain("widersprechen");
    expect(statement.text).toContain(`/entscheidungen/${decisionId}?t=`);
    expect(await t.db.select().from(notifications).where(and(eq(notifications.userId, PROVIDER), eq(notifications.link, `/entscheidungen/${decisionId}`)))).toHaveLength(1);
    expect((await mailsTo("melder@example.de")).at(-1)!.text).toContain("entfernt");

    const mine = await listMyDecisions(t.db, PROVIDER);
    expect(mine.find((d) => d.id === decisionId)).toMatchObject({ kind: "remove", canObject: true, itemSummary: "Gefälschte Markenware" });
    // Only the affected user (or their signed link) sees it.
    await expect(getMyDecision(t.db, { decisionId, viewerId: BUYER, token: null })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getMyDecision(t.db, { decisionId, viewerId: null, token: "falsch" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(objectToDecision(t.db, { decisionId, viewerId: BUYER, token: null, input: { objection: "Ich bin nicht betroffen." } })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(objectToDecision(t.db, { decisionId, viewerId: PROVIDER, token: null, input: { objection: " " } })).rejects.toMatchObject({ reason: "invalid_input" });

    await objectToDecision(t.db, { decisionId, viewerId: PROVIDER, token: null, input: { objection: "Die Ware ist original, Rechnung liegt vor." } });
    expect(await caseOf("service", id)).toMatchObject({ status: "objected" });
    expect((await listQueue(t.db, { actorId: STAFF })).find((q) => q.id === c!.id)).toMatchObject({ status: "objected" });
    await expect(objectToDecision(t.db, { decisionId, viewerId: PROVIDER, token: null, input: { objection: "Nochmal." } })).rejects.toMatchObject({
      code: "CONFLICT",
      reason: "objection_not_allowed",
    });
    const view = await getCase(t.db, { actorId: STAFF, caseId: c!.id });
    expect(view.allowed).toEqual(["confirm", "restore"]);
    expect(view.decisions).toEqual([expect.objectContaining({ kind: "remove", objection: "Die Ware ist original, Rechnung liegt vor.", decidedBy: "Sina Support" })]);
    expect(view.audit.map((a) => a.action)).toEqual(["report", "decision:remove", "objection"]);
    expect(view.item).toMatchObject({ heading: "Gefälschte Markenware", removed: true });

    await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "restore", ground: "terms", reason: "Rechnung des Herstellers belegt die Echtheit." } });
    expect(await titlesListed()).toContain("Gefälschte Markenware");
    expect(await getService(t.db, id)).toMatchObject({ listed: true, removed: false });
    expect((await listFavorites(t.db, OTHER)).map((f) => f.serviceId)).toContain(id);
    expect((await mailsTo(`${PROVIDER}@example.de`)).at(-1)!.text).toContain("aufgehoben");
    expect((await getCase(t.db, { actorId: STAFF, caseId: c!.id })).audit.map((a) => a.action)).toEqual(["report", "decision:remove", "objection", "decision:restore"]);
    // A restore cannot be objected to.
    expect((await listMyDecisions(t.db, PROVIDER)).find((d) => d.kind === "restore" && d.itemSummary === "Gefälschte Markenware")).toMatchObject({ canObject: false });
  });

  it("the signed link of the statement lets the affected user object without signing in", async () => {
    const id = await newService("Per Link");
    await submitReport(t.db, { actorId: null, kind: "service", itemId: id, input: terms, clientKey: freshClient() });
    const c = await caseOf("service", id);
    const { decisionId } = await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "remove", reason: "Werbung." } });
    const token = decisionToken(decisionId, PROVIDER);
    expect(await getMyDecision(t.db, { decisionId, viewerId: null, token })).toMatchObject({ id: decisionId, canObject: true });
    await objectToDecision(t.db, { decisionId, viewerId: null, token, input: { objection: "Keine Werbung." } });
    expect(await caseOf("service", id)).toMatchObject({ status: "objected" });
    await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "confirm", reason: "Nach Prüfung: doch Werbung." } });
    expect((await getService(t.db, id))!.listed).toBe(false);
    expect((await mailsTo(`${PROVIDER}@example.de`)).at(-1)!.text).toContain("bestätigt");
  });

  it("a removed review, comment or message is hidden from everyone but its author; the review leaves the rating", async () => {
    const serviceId = await newService("Mit Bewertungen");
    const [review] = await t.db.insert(serviceReviews).values({ serviceId, userId: BUYER, rating: 1, reviewText: "Beleidigender Text" }).returning({ id: serviceReviews.id });
    await t.db.insert(serviceReviews).values({ serviceId, userId: OTHER, rating: 5, reviewText: "Super" });
    const [comment] = await t.db.insert(serviceComments).values({ serviceId, userId: BUYER, comment: "Spam-Kommentar" }).returning({ id: serviceComments.id });
    expect((await getService(t.db, serviceId))!.ratingCount).toBe(2);

    const removals: Record<string, string> = {};
    for (const [kind, itemId] of [
      ["review", review!.id],
      ["comment", comment!.id],
    ] as const) {
      await submitReport(t.db, { actorId: PROVIDER, kind, itemId, input: terms, clientKey: freshClient() });
      const c = await caseOf(kind, itemId);
      removals[kind] = (await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "remove", reason: "Beleidigung." } })).decisionId;
    }
    expect((await listReviews(t.db, serviceId)).map((r) => r.reviewText)).toEqual(["Super"]);
    expect((await listReviews(t.db, serviceId, PROVIDER)).map((r) => r.reviewText)).toEqual(["Super"]);
    // Its author sees it marked, with the decision to read why ("Begründung ansehen").
    expect((await listReviews(t.db, serviceId, BUYER)).find((r) => r.id === review!.id)).toMatchObject({ removed: true, removalDecisionId: removals.review });
    expect(await listComments(t.db, serviceId)).toEqual([]);
    expect((await listComments(t.db, serviceId, BUYER)).map((x) => [x.removed, x.removalDecisionId])).toEqual([[true, removals.comment]]);
    expect(await getService(t.db, serviceId)).toMatchObject({ ratingCount: 1, ratingAvg: "5.00" });

    const [user1Id, user2Id] = orderedPair(OTHER, PROVIDER);
    const [conversation] = await t.db.insert(conversations).values({ kind: "direct", user1Id, user2Id }).returning({ id: conversations.id });
    // Times of their own: PGlite's clock has millisecond steps, and two inserts can share one.
    const sentAt = Date.now() - 60_000;
    const [message] = await t.db
      .insert(messages)
      .values({ conversationId: conversation!.id, senderId: OTHER, content: "Drohung", createdAt: new Date(sentAt) })
      .returning({ id: messages.id });
    await t.db.insert(messages).values({ conversationId: conversation!.id, senderId: OTHER, content: "Hallo", createdAt: new Date(sentAt + 1000) });
    await submitReport(t.db, { actorId: PROVIDER, kind: "message", itemId: message!.id, input: terms, clientKey: freshClient() });
    const c = await caseOf("message", message!.id);
    expect((await getCase(t.db, { actorId: STAFF, caseId: c!.id })).item).toMatchObject({ body: "Drohung" });
    const { decisionId: messageRemoval } = await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "remove", reason: "Bedrohung." } });
    expect((await listMessages(t.db, PROVIDER, conversation!.id)).messages.map((m) => m.content)).toEqual(["Hallo"]);
    // Its sender sees it marked, with the decision to read why, on the page and in the catch-up.
    expect((await listMessages(t.db, OTHER, conversation!.id)).messages.map((m) => [m.content, m.removed ?? false, m.removalDecisionId])).toEqual([
      ["Drohung", true, messageRemoval],
      ["Hallo", false, undefined],
    ]);
    expect((await messagesSince(t.db, OTHER, conversation!.id, message!.id)).find((m) => m.id === message!.id)).toMatchObject({ removalDecisionId: messageRemoval });
    // The statement of reasons leads its author to the removed item ("Inhalt ansehen"), where only they see it.
    const linkFor = async (viewerId: string, itemId: string) => {
      const links = await Promise.all((await listMyDecisions(t.db, viewerId)).map(async (d) => (await getMyDecision(t.db, { decisionId: d.id, viewerId, token: null })).itemLink));
      return links.filter((link) => link?.includes(itemId));
    };
    expect(await linkFor(BUYER, review!.id)).toEqual([`/services/${serviceId}#review-${review!.id}`]);
    expect(await linkFor(BUYER, comment!.id)).toEqual([`/services/${serviceId}#comment-${comment!.id}`]);
    expect(await linkFor(OTHER, conversation!.id)).toEqual([`/live-chat/${conversation!.id}`]);
  });
});

describe(`suspension on ${testEngine}`, () => {
  it("ends the sessions at once, refuses sign-in in German, hides the services and the profile; reversal restores", async () => {
    const { auth } = createTestAuth(t.db);
    const email = `gesperrt.${Math.random().toString(36).slice(2, 8)}@example.de`;
    const password = "geheim123";
    const ctx = () => ctxFor(auth, t.db, clientRequest({ ip: `203.0.113.${++clientCounter % 250}` }));
    await signUp(ctx(), { firstName: "Gerd", lastName: "Gesperrt", email, password, terms: "on" });
    await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    await signIn(ctx(), { email, password });
    const [account] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = account!.id;
    expect(await t.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(1);
    const serviceId = await newService("Dienst von Gerd", userId);

    await submitReport(t.db, { actorId: OTHER, kind: "profile", itemId: userId, input: illegal, clientKey: freshClient() });
    const c = await caseOf("profile", userId);
    const { decisionId } = await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "suspend", ground: "law", reason: "Wiederholter Betrug." } });

    expect(await t.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    await expect(signIn(ctx(), { email, password })).rejects.toMatchObject({ code: "FORBIDDEN", reason: "account_suspended" });
    expect(await t.db.select().from(session).where(eq(session.userId, userId))).toEqual([]);
    expect(moderationDe.suspendedSignIn).toContain("gesperrt");
    expect(await titlesListed()).not.toContain("Dienst von Gerd");
    expect((await getService(t.db, serviceId))!.listed).toBe(false);
    expect(await findPublicProfile(t.db, { userId })).toBeNull();
    expect(await findPublicProfile(t.db, { userId }, userId)).toMatchObject({ hidden: true });
    // The statement reaches the suspended user by mail, with a link that works without signing in.
    expect((await mailsTo(email)).at(-1)!.text).toContain(`/entscheidungen/${decisionId}?t=${decisionToken(decisionId, userId)}`);

    await objectToDecision(t.db, { decisionId, viewerId: null, token: decisionToken(decisionId, userId), input: { objection: "Verwechslung." } });
    await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "restore", reason: "Verwechslung bestätigt." } });
    expect(await titlesListed()).toContain("Dienst von Gerd");
    expect(await findPublicProfile(t.db, { userId })).toMatchObject({ hidden: false });
    await signIn(ctx(), { email, password });
  });
});

describe(`export and deletion on ${testEngine}`, () => {
  it("the export holds the user's reports and the decisions about their content; deletion keeps both without what names the user", async () => {
    const leaving = "u-mod-leaving";
    await t.db.insert(user).values({ id: leaving, name: "Lena Geht", email: `${leaving}@example.de`, emailVerified: true });
    await t.db.insert(profiles).values({ userId: leaving, email: `${leaving}@example.de`, firstName: "Lena", lastName: "Geht" });
    const own = await newService("Lenas Angebot", leaving);
    const reported = await newService("Von Lena gemeldet");
    await submitReport(t.db, { actorId: leaving, kind: "service", itemId: reported, input: illegal, clientKey: freshClient() });
    await submitReport(t.db, { actorId: OTHER, kind: "service", itemId: own, input: terms, clientKey: freshClient() });
    const c = await caseOf("service", own);
    await decide(t.db, { actorId: STAFF, caseId: c!.id, input: { kind: "remove", reason: "Irreführend." } });

    const exported = await exportUserData(t.db, { actorId: leaving, now: new Date() });
    expect(exported.moderation_reports).toEqual([expect.objectContaining({ item_kind: "service", item_id: reported, reason: "illegal", category: "fraud" })]);
    expect(exported.moderation_reports[0]).not.toHaveProperty("client_key");
    expect(exported.moderation_decisions).toEqual([expect.objectContaining({ kind: "remove", reason: "Irreführend.", item_summary: "Lenas Angebot" })]);

    const counted = async () => (await readTransparency(t.db, new Date(Date.now() + 60_000))).reports.total;
    const reportsBefore = await counted();
    const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "moderation-storage-"));
    try {
      await deleteAccount(t.db, createLocalStorage(storageRoot), { actorId: leaving, input: { confirmation: DELETE_CONFIRMATION_WORD } });
    } finally {
      fs.rmSync(storageRoot, { recursive: true, force: true });
    }
    expect(await t.db.select().from(moderationReports).where(eq(moderationReports.reporterId, leaving))).toEqual([]);
    const kept = await t.db.select().from(moderationDecisions).where(eq(moderationDecisions.caseId, c!.id));
    expect(kept).toEqual([expect.objectContaining({ kind: "remove", reason: "Irreführend.", affectedUserId: null, decidedBy: STAFF })]);
    expect(await caseOf("service", own)).toMatchObject({ authorId: null, itemSummary: "Lenas Angebot" });
    // The case of the service Lena reported keeps her notice (reason, explanation, time), but
    // nothing that names her; the transparency report still counts it.
    const reportedCase = await caseOf("service", reported);
    const [anonymous, ...more] = await t.db.select().from(moderationReports).where(eq(moderationReports.caseId, reportedCase!.id));
    expect(more).toEqual([]);
    expect(anonymous).toMatchObject({ reporterId: null, reporterName: null, reporterEmail: null, clientKey: "", reason: "illegal", category: "fraud" });
    expect(anonymous!.reporterKey).toBe(`deleted:${anonymous!.id}`);
    expect(JSON.stringify(anonymous)).not.toContain(leaving);
    expect(await counted()).toBe(reportsBefore);
  });
});
