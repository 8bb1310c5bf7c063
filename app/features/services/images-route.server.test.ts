import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceImages, services, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { inRequest } from "../../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../../tests/support/test-database";
import { changeServiceImage, IMAGE_CHANGE_LIMIT } from "./images-route.server";

vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const ME: SessionUser = { id: "u-image-route", email: "bilder@example.de", firstName: "Bea", lastName: "Bild", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };

let close = async () => {};
let db: Awaited<ReturnType<typeof openProcessDatabase>>["db"];
let imageIds: string[] = [];
beforeAll(async () => {
  const opened = await openProcessDatabase();
  ({ db, close } = opened);
  await db.insert(user).values({ id: ME.id, name: "Bea Bild", email: ME.email, emailVerified: true });
  const [service] = await db.insert(services).values({ title: "Mit Bildern", price: "10.00", category: "Design", createdBy: ME.id }).returning({ id: services.id });
  const rows = await db
    .insert(serviceImages)
    .values([0, 1].map((position) => ({ serviceId: service!.id, ownerId: ME.id, position, width: 16, height: 10, widths: [16], placeholder: "#888888" })))
    .returning({ id: serviceImages.id });
  imageIds = rows.map((r) => r.id);
  vi.mocked(readSession).mockResolvedValue({ user: ME, setCookies: [] });
});
afterAll(() => close());

function change(imageId: string, intent: string) {
  const request = new Request(`http://localhost/api/service-images/${imageId}`, { method: "POST", body: new URLSearchParams({ intent }) });
  return inRequest(request, (context) => changeServiceImage({ request, context, params: { imageId } }));
}

describe(`POST /api/service-images/{id} on ${testEngine}`, () => {
  it("moves an image for its owner, and past the per-user limit answers 429 and changes nothing", async () => {
    const moved = await change(imageIds[1]!, "cover");
    expect(moved.status).toBe(200);
    const cover = async () => (await db.select({ id: serviceImages.id }).from(serviceImages).where(eq(serviceImages.position, 0)))[0]!.id;
    expect(await cover()).toBe(imageIds[1]);
    // Use up the rest of the window's allowance (the move above was one).
    for (let i = 1; i < IMAGE_CHANGE_LIMIT.max; i++) await consumeRateLimit(db, `app:image-change:${ME.id}`, IMAGE_CHANGE_LIMIT);
    const refused = await change(imageIds[0]!, "cover");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ ok: false, reason: "rate_limited" });
    expect(await cover()).toBe(imageIds[1]);
  });
});
