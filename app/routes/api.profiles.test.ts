import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "~/db/schema";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { loader } from "./api.profiles";

const AUTHOR = "u-api-profile";

let close = async () => {};
beforeAll(async () => {
  // The route reads the process-wide database, as in the running app.
  const opened = await openProcessDatabase();
  close = opened.close;
  const { db } = opened;
  await db.insert(user).values({ id: AUTHOR, name: "Ada Autorin", email: "ada@example.de", emailVerified: true });
  await db.insert(profiles).values({
    userId: AUTHOR,
    email: "ada@example.de",
    firstName: "Ada",
    lastName: "Autorin",
    username: "ada",
    bio: "Schreibt Texte.",
    gallery: ["/storage/gallery/a.webp"],
    profileViews: 7,
    createdAt: new Date("2025-03-01T12:00:00.000Z"),
  });
});
afterAll(() => close());

async function get(userId: string) {
  const request = new Request(`http://localhost/api/profiles/${encodeURIComponent(userId)}`, { headers: { Accept: "application/json" } });
  return (await inRequest(request, (context) => loader({ request, params: { userId }, context } as never) as Promise<unknown>, { userId })) as
    | Response
    | { data: unknown; init: ResponseInit };
}

describe(`GET /api/profiles/:userId on ${testEngine}`, () => {
  it("answers the author dialog's fields, in this order, and nothing more (no gallery, role or view count)", async () => {
    const response = (await get(AUTHOR)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=60");
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["userId", "firstName", "lastName", "username", "avatarUrl", "bio", "isPremium", "createdAt"]);
    expect(body).toEqual({
      userId: AUTHOR,
      firstName: "Ada",
      lastName: "Autorin",
      username: "ada",
      avatarUrl: null,
      bio: "Schreibt Texte.",
      isPremium: false,
      createdAt: "2025-03-01T12:00:00.000Z",
    });
  });

  it("answers 404 for an unknown profile", async () => {
    const result = (await get("u-gibt-es-nicht")) as { data: unknown; init: ResponseInit };
    expect(result.init.status).toBe(404);
    expect(result.data).toEqual({ error: "Profile not found" });
  });
});
