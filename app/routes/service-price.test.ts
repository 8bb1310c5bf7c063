import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, services, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { de } from "~/i18n/de";
import { inSignedInAction } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { action as createAction } from "./create-service";
import { action as editAction } from "./service-edit";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const OWNER: SessionUser = {
  id: "u-price-owner",
  email: "price.owner@example.de",
  firstName: "Petra",
  lastName: "Preis",
  role: "user",
  sessionExpiresAt: Date.now() + 3_600_000,
};

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
beforeAll(async () => {
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  await db.insert(user).values({ id: OWNER.id, name: "Petra Preis", email: OWNER.email, emailVerified: true });
  await db.insert(profiles).values({ userId: OWNER.id, email: OWNER.email, firstName: OWNER.firstName, lastName: OWNER.lastName });
});
afterAll(() => close());

/** Posts the form as the browser does, through the signed-in layout's middleware and the route's action. */
async function post(url: string, fields: Record<string, string>, run: typeof createAction | typeof editAction, params: Record<string, string> = {}) {
  vi.mocked(readSession).mockResolvedValue({ user: OWNER, setCookies: [] });
  const request = new Request(`http://localhost${url}`, { method: "POST", body: new URLSearchParams(fields) });
  return inSignedInAction(request, run, params);
}

const form = (price: string) => ({ title: "Fachübersetzung", description: "", price, priceUnit: "fixed", category: "Writing", workPlace: "remote" });
const priceOf = async (id: string) => (await db.select({ price: services.price }).from(services).where(eq(services.id, id)))[0]?.price;
const serviceCount = async () => (await db.select({ n: count() }).from(services).where(eq(services.createdBy, OWNER.id)))[0]!.n;

/** The id of the service a successful create or edit went to. */
function savedId(answer: unknown): string {
  expect(answer).toBeInstanceOf(Response);
  const location = (answer as Response).headers.get("Location") ?? "";
  expect(location).toMatch(/^\/services\/[0-9a-f-]{36}$/);
  return location.split("/").pop()!;
}

describe(`prices typed the German way through the create and edit actions on ${testEngine}`, () => {
  it.each([
    ["49,90", "49.90"],
    ["1.250", "1250.00"],
    ["1.250,00", "1250.00"],
    ["1250.50", "1250.50"],
  ])("create stores %j as %s", async (typed, stored) => {
    const id = savedId(await post("/create-service", form(typed), createAction));
    expect(await priceOf(id)).toBe(stored);
  });

  it.each(["1,250.00", "0.500", "49,90 EUR"])("create refuses the ambiguous or malformed %j at the field and stores nothing", async (typed) => {
    const before = await serviceCount();
    const answer = await post("/create-service", form(typed), createAction);
    expect(answer).toMatchObject({ data: { ok: false, fieldErrors: { price: de.services.form.priceNumeric }, values: { price: typed } }, init: { status: 400 } });
    expect(await serviceCount()).toBe(before);
  });

  it("edit stores the German amounts, refuses an ambiguous one keeping the saved price, and keeps the spec's 0 for text", async () => {
    const id = savedId(await post("/create-service", form("10"), createAction));
    const edit = (price: string) => post(`/services/${id}/edit`, form(price), editAction, { id });
    for (const [typed, stored] of [
      ["49,90", "49.90"],
      ["1.250", "1250.00"],
      ["1.250,00", "1250.00"],
      ["1250.50", "1250.50"],
    ] as const) {
      expect(savedId(await edit(typed))).toBe(id);
      expect(await priceOf(id)).toBe(stored);
    }
    for (const typed of ["1,250.00", "1250.000", "49,9O"]) {
      expect(await edit(typed)).toMatchObject({ data: { ok: false, fieldErrors: { price: de.services.form.priceNumeric } }, init: { status: 400 } });
      expect(await priceOf(id)).toBe("1250.50");
    }
    expect(await edit("49,999")).toMatchObject({ data: { ok: false, fieldErrors: { price: de.services.form.priceStep } } });
    savedId(await edit("kostenlos"));
    expect(await priceOf(id)).toBe("0.00");
  });
});
