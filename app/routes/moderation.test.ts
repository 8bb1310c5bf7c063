import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { conversations, messages, moderationCases, profiles, services, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { orderedPair } from "~/features/messaging/pair";
import { requireUserMiddleware } from "~/lib/request-context.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action as decideAction, loader as caseLoader } from "./moderation-case";
import { loader as queueLoader } from "./moderation";
import { action as reportAction, loader as reportLoader } from "./report";
import { loader as serviceLoader } from "./service-detail";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const person = (id: string, role: "user" | "support" = "user"): SessionUser => ({
  id,
  email: `${id}@example.de`,
  firstName: id,
  lastName: "Test",
  role,
  sessionExpiresAt: Date.now() + 3_600_000,
});
const OWNER = person("u-route-mod-owner");
const BUYER = person("u-route-mod-buyer");
const STRANGER = person("u-route-mod-stranger");
const STAFF = person("u-route-mod-staff", "support");

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let serviceId: string;
let messageId: string;

function signedIn(who: SessionUser | null) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
}

/** A loader or action below the signed-in layout, run behind its guard as the app does. */
function behindLayout<T>(request: Request, params: Record<string, string>, run: (context: RouterContextProvider) => Promise<T>): Promise<T> {
  return inRequest(
    request,
    async (context) => {
      // The guard sets the signed-in user or throws the redirect to the sign-in page.
      await requireUserMiddleware({ request, context, params } as never, async () => new Response(null));
      return run(context);
    },
    params,
  );
}

async function statusOf(work: Promise<unknown>): Promise<number> {
  try {
    const result = (await work) as { init?: { status?: number } } | Response;
    if (result instanceof Response) return result.status;
    return result?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

const reportRequest = (query: string, fields?: Record<string, string>) =>
  new Request(`http://localhost/melden?${query}`, fields ? { method: "POST", body: new URLSearchParams(fields) } : undefined);

beforeAll(async () => {
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  const people = [OWNER, BUYER, STRANGER, STAFF];
  await db.insert(user).values(people.map((p) => ({ id: p.id, name: p.firstName, email: p.email, emailVerified: true })));
  await db.insert(profiles).values(people.map((p) => ({ userId: p.id, email: p.email, firstName: p.firstName, lastName: p.lastName, role: p.role })));
  const [service] = await db.insert(services).values({ title: "Gemeldetes Angebot", price: "50.00", category: "Design", createdBy: OWNER.id }).returning({ id: services.id });
  serviceId = service!.id;
  const [user1Id, user2Id] = orderedPair(OWNER.id, BUYER.id);
  const [conversation] = await db.insert(conversations).values({ kind: "direct", user1Id, user2Id }).returning({ id: conversations.id });
  const [message] = await db.insert(messages).values({ conversationId: conversation!.id, senderId: OWNER.id, content: "Überweis mir das vorab." }).returning({ id: messages.id });
  messageId = message!.id;
});
afterAll(async () => {
  await close();
});

describe(`report and moderation routes on ${testEngine}`, () => {
  it("/melden: anyone reports a service; a message only its recipient (signed out: to the sign-in; others: 404)", async () => {
    signedIn(null);
    const page = (await inRequest(reportRequest(`art=service&id=${serviceId}`), (context) => reportLoader({ request: reportRequest(`art=service&id=${serviceId}`), context, params: {} } as never))) as {
      item: { summary: string };
    };
    expect(page.item.summary).toBe("Gemeldetes Angebot");
    expect(await statusOf(inRequest(reportRequest("art=erfunden&id=x"), (context) => reportLoader({ request: reportRequest("art=erfunden&id=x"), context, params: {} } as never)))).toBe(404);

    const messageQuery = `art=message&id=${messageId}`;
    expect(await statusOf(inRequest(reportRequest(messageQuery), (context) => reportLoader({ request: reportRequest(messageQuery), context, params: {} } as never)))).toBe(302);
    for (const who of [STRANGER, OWNER]) {
      signedIn(who);
      expect(await statusOf(inRequest(reportRequest(messageQuery), (context) => reportLoader({ request: reportRequest(messageQuery), context, params: {} } as never)))).toBe(404);
      const post = reportRequest(messageQuery, { reason: "terms", explanation: "Vorkasse" });
      expect(await statusOf(inRequest(post, (context) => reportAction({ request: post, context, params: {} } as never)))).toBe(404);
    }
    signedIn(BUYER);
    const post = reportRequest(messageQuery, { reason: "terms", explanation: "Vorkasse verlangt." });
    expect(await statusOf(inRequest(post, (context) => reportAction({ request: post, context, params: {} } as never)))).toBe(200);
    // Twice: refused kindly (409), not an error page.
    const again = reportRequest(messageQuery, { reason: "terms", explanation: "Nochmal." });
    expect(await statusOf(inRequest(again, (context) => reportAction({ request: again, context, params: {} } as never)))).toBe(409);
  });

  it("/moderation and its cases answer 404 to everyone but the support role; a removed service is 404 for others, shown to its author", async () => {
    signedIn(null);
    const report = reportRequest(`art=service&id=${serviceId}`, { reason: "illegal", category: "fraud", explanation: "Betrug." });
    expect(await statusOf(inRequest(report, (context) => reportAction({ request: report, context, params: {} } as never)))).toBe(200);
    const [c] = await db.select({ id: moderationCases.id }).from(moderationCases).where(eq(moderationCases.itemId, serviceId));
    const queue = new Request("http://localhost/moderation");
    const casePage = new Request(`http://localhost/moderation/${c!.id}`);
    const decision = () => new Request(`http://localhost/moderation/${c!.id}`, { method: "POST", body: new URLSearchParams({ kind: "remove", ground: "law", reason: "Betrug belegt." }) });

    for (const who of [BUYER, OWNER]) {
      signedIn(who);
      expect(await statusOf(behindLayout(queue, {}, (context) => queueLoader({ request: queue, context, params: {} } as never)))).toBe(404);
      expect(await statusOf(behindLayout(casePage, { caseId: c!.id }, (context) => caseLoader({ request: casePage, context, params: { caseId: c!.id } } as never)))).toBe(404);
      const post = decision();
      expect(await statusOf(behindLayout(post, { caseId: c!.id }, (context) => decideAction({ request: post, context, params: { caseId: c!.id } } as never)))).toBe(404);
    }
    signedIn(null);
    expect(await statusOf(behindLayout(queue, {}, (context) => queueLoader({ request: queue, context, params: {} } as never)))).toBe(302);

    signedIn(STAFF);
    const listed = (await behindLayout(queue, {}, (context) => queueLoader({ request: queue, context, params: {} } as never))) as { cases: { id: string }[] };
    expect(listed.cases.map((x) => x.id)).toContain(c!.id);
    const post = decision();
    // A decision leaves for the queue with a toast.
    expect(await statusOf(behindLayout(post, { caseId: c!.id }, (context) => decideAction({ request: post, context, params: { caseId: c!.id } } as never)))).toBe(302);

    const detail = new Request(`http://localhost/services/${serviceId}`);
    for (const who of [null, STRANGER]) {
      signedIn(who);
      expect(await statusOf(inRequest(detail, (context) => serviceLoader({ request: detail, context, params: { id: serviceId } } as never), { id: serviceId }))).toBe(404);
    }
    signedIn(OWNER);
    const own = (await inRequest(detail, (context) => serviceLoader({ request: detail, context, params: { id: serviceId } } as never), { id: serviceId })) as { service: { listed: boolean; removed: boolean } };
    expect(own.service).toMatchObject({ listed: false, removed: true });
  });
});
