import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { DEMO_PASSWORD } from "../support/accounts";
import { baseUrl, nextClientIp } from "../support/browser";

// The request boundary over HTTP against the production server (ADR 009): the signed-in layout
// guards every child action before it runs, and a NUL character never reaches the database.

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Every path below the signed-in layout, as the route table declares it (a new route is covered too). */
function signedInPaths(): string[] {
  const layout = (routes as RouteEntry[]).find((route) => route.file === "routes/signed-in-layout.tsx");
  expect(layout?.children?.length).toBeGreaterThan(0);
  return layout!.children!.flatMap((child) => {
    const path = `/${child.path}`;
    // An optional id segment: the list itself and one conversation.
    if (path.endsWith("/:chatId?")) return [path.replace("/:chatId?", ""), path.replace(":chatId?", randomUUID())];
    return [path];
  });
}

function post(path: string, fields: Record<string, string>, { cookie, client = nextClientIp() }: { cookie?: string; client?: string } = {}) {
  return fetch(baseUrl() + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: baseUrl(),
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function get(path: string, cookie?: string) {
  return fetch(baseUrl() + path, { redirect: "manual", headers: { "X-Forwarded-For": nextClientIp(), ...(cookie ? { Cookie: cookie } : {}) } });
}

/** Signs a demo account in through the sign-in form and returns its session cookie. */
async function signIn(email: string): Promise<string> {
  const response = await post("/auth", { intent: "signIn", email, password: DEMO_PASSWORD, redirectTo: "/" });
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const session = cookies.find((cookie) => cookie.includes("session_token="));
  expect(session).toBeDefined();
  return cookies.join("; ");
}

describe("the signed-in layout guards its children's actions", () => {
  it("a signed-out POST to every action below it goes to sign-in and changes nothing", async () => {
    const paths = signedInPaths();
    expect(paths).toEqual(expect.arrayContaining(["/create-service", "/dashboard", "/profile", "/support", "/chats"]));
    const marker = `Grenzprobe ${randomUUID()}`;
    const forms: Record<string, string>[] = [
      { title: marker, description: marker, price: "10", category: "Design" },
      { intent: "create", subject: marker, description: marker },
      { intent: "updateProfile", firstName: marker, lastName: marker },
      { serviceId: randomUUID() },
      { text: marker },
    ];
    for (const path of paths) {
      for (const fields of forms) {
        const response = await post(path, fields);
        expect(response.status, `POST ${path}`).toBe(302);
        expect(response.headers.get("location"), `POST ${path}`).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
      }
    }
    // Nothing was written: no service and no ticket carries the marker.
    const catalogue = await (await get(`/services?q=${encodeURIComponent(marker)}`)).text();
    expect(catalogue).toContain("0 Dienstleistungen gefunden");
    expect(catalogue).not.toMatch(/href="\/services\/[0-9a-f-]{36}"/);
    const support = await signIn("support@demo.marktplatz.example");
    const tickets = await (await get("/support", support)).text();
    expect(tickets).not.toContain(marker);
  });
});

describe("a NUL character never reaches the database", () => {
  it("text actions answer 400 and change nothing", async () => {
    const cookie = await signIn("anna.schmidt@demo.marktplatz.example");
    const nul = "Ab\u0000c";
    const catalogue = await (await get("/services")).text();
    const serviceId = /href="\/services\/([0-9a-f-]{36})"/.exec(catalogue)![1]!;
    const attempts: [string, Record<string, string>][] = [
      ["/create-service", { title: nul, description: "x", price: "10", category: "Design" }],
      [`/services/${serviceId}`, { intent: "comment", comment: nul }],
      [`/services/${serviceId}`, { intent: "review", rating: "4", reviewText: nul }],
      ["/profile", { intent: "updateProfile", firstName: "Lukas", lastName: "Müller", bio: nul }],
      ["/support", { intent: "create", subject: nul, description: "Beschreibung" }],
      ["/auth", { intent: "signIn", email: "a@example.de", password: nul }],
      ["/forgot-password", { email: `a${nul}@example.de` }],
    ];
    for (const [path, fields] of attempts) {
      const response = await post(path, fields, { cookie });
      expect(response.status, `POST ${path} ${JSON.stringify(fields)}`).toBe(400);
    }
    const after = await (await get(`/services/${serviceId}`)).text();
    expect(after).not.toContain("Ab\u0000c");
  });

  it("a NUL in a path names nothing (404), in a query it is a bad request (400)", async () => {
    for (const path of ["/u/%00", "/api/profiles/%00", "/public-profile/%00", "/services/%00", "/u/a%00b"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get("/reset-password?token=ab%00c")).status).toBe(400);
    expect((await get("/services?q=%00")).status).toBe(400);
  });
});
