import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, services, user } from "~/db/schema";
import { CLIENT_IP_HEADER } from "~/features/auth/auth.server";
import { closeDatabase } from "~/lib/db.server";
import { createClientRateLimit } from "~/lib/client-rate-limit.server";
import { inRequest } from "../../tests/support/request-context";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import { loader, SUGGESTION_RATE } from "./api.suggestions";

const OWNER = "u-suggest";
let close = async () => {};
beforeAll(async () => {
  const opened = await openProcessDatabase();
  close = opened.close;
  await opened.db.insert(user).values({ id: OWNER, name: "Sina Suggest", email: "sina@example.de", emailVerified: true });
  await opened.db.insert(profiles).values({ userId: OWNER, email: "sina@example.de", firstName: "Sina", lastName: "Suggest" });
  const titles = ["Logo-Design", "Logo-Animation", "Logodesign mit Briefpapier", "Lokale Werbung", "Lohnabrechnung monatlich", "Lottospiel-Beratung", "Lobbyarbeit", "Lodenmantel nähen", "Lochstickerei", "Lotsendienst", "Lob und Tadel"];
  await opened.db.insert(services).values(titles.map((title) => ({ title, price: "10.00", category: "Design", createdBy: OWNER })));
});
afterAll(() => close());

let ip = 0;
async function get(query: string, client = `10.0.0.${++ip}`) {
  const request = new Request(`http://localhost/api/suggestions${query}`, { headers: { Accept: "application/json", [CLIENT_IP_HEADER]: client } });
  return (await inRequest(request, (context) => loader({ request, params: {}, context } as never))) as Response;
}

describe(`GET /api/suggestions on ${testEngine}`, () => {
  it("answers a few words for the text typed so far, cacheable for a minute", async () => {
    const response = await get("?q=Lo");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=60");
    const { suggestions } = (await response.json()) as { suggestions: string[] };
    expect(suggestions.length).toBe(8);
    expect(suggestions[0]).toBe("Logo");
    expect(suggestions.every((s) => s.startsWith("Lo"))).toBe(true);
    expect(await (await get("?q=Logodesign%20mit%20Brief")).json()).toEqual({ suggestions: ["Logodesign mit Briefpapier"] });
  });

  it("answers an empty list, never an error, for bad or missing input", async () => {
    for (const query of ["", "?q=", "?q=L", "?q=%25", "?q=%27%20or%201%3D1", `?q=${"x".repeat(5000)}`, "?q=%F0%9F%98%80", "?q=Lo&q=x", "?q=%E0%A4%A"]) {
      const response = await get(query);
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as { suggestions: string[] };
      expect(Array.isArray(body.suggestions), query).toBe(true);
      if (query !== "?q=Lo&q=x") expect(body.suggestions, query).toEqual([]);
    }
    // A NUL byte is refused by the request boundary (ADR 009) as a 400.
    for (const query of ["?q=%00", "?q=Lo%00"]) {
      const refused = await get(query).then(
        () => null,
        (error: unknown) => error as { init?: ResponseInit },
      );
      expect(refused?.init?.status, query).toBe(400);
    }
  });

  it("limits each client, with a 429 and an empty list past the limit", async () => {
    const client = "10.9.9.9";
    for (let i = 0; i < SUGGESTION_RATE.max; i++) expect((await get("?q=Lo", client)).status).toBe(200);
    const refused = await get("?q=Lo", client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("10");
    expect(await refused.json()).toEqual({ suggestions: [] });
    // Another client is not affected.
    expect((await get("?q=Lo", "10.9.9.8")).status).toBe(200);
  });

  it("counts windows per client and forgets old ones", () => {
    const limit = createClientRateLimit({ windowMs: 1000, max: 2, maxClients: 2 });
    expect([limit.take("a", 0), limit.take("a", 10), limit.take("a", 20)]).toEqual([true, true, false]);
    expect(limit.take("a", 1000)).toBe(true);
    expect([limit.take("b", 1000), limit.take("c", 1000), limit.take("a", 1001)]).toEqual([true, true, true]);
  });

  it("answers an empty list (logged, not cached) when the database fails", async () => {
    await closeDatabase();
    const response = await get("?q=Lo");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ suggestions: [] });
  });
});
