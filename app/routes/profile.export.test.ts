import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, user } from "~/db/schema";
import { readSession, type SessionUser } from "~/features/auth/session.server";
import { createRequestContext } from "~/lib/request-context.server";
import * as root from "~/root";
import { openProcessDatabase, testEngine } from "../../tests/support/test-database";
import * as exportRoute from "./profile.export";

// Who is signed in is not what this test is about: each test says it.
vi.mock("~/features/auth/session.server", async (original) => ({ ...(await original<object>()), readSession: vi.fn() }));

const ME: SessionUser = { id: "u-export-route", email: "export.route@example.de", firstName: "Eva", lastName: "Export", role: "user", sessionExpiresAt: Date.now() + 3_600_000 };
const ROUTE_ID = "routes/profile.export";

/**
 * React Router's own request handler over the two routes a request to /profile/export matches:
 * the real root (its middleware, its `private, no-cache` page headers) and the export route.
 */
const handle = createRequestHandler(
  {
    routes: {
      root: { id: "root", path: "", module: root },
      [ROUTE_ID]: { id: ROUTE_ID, parentId: "root", path: "profile/export", module: exportRoute },
    },
    entry: { module: { default: () => new Response("document") } },
    future: { v8_middleware: true },
    ssr: true,
    prerender: [],
    basename: "/",
    routeDiscovery: { mode: "initial" },
    assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "",
    isSpaMode: false,
  } as unknown as ServerBuild,
  "production",
);

function request(path: string, headers: Record<string, string> = {}, method = "GET") {
  // `document` as server/app.ts sets it: false for React Router's data requests.
  const context = createRequestContext({ requestId: "test-request", cspNonce: "", document: !new URL(path, "http://localhost").pathname.endsWith(".data") });
  return handle(new Request(`http://localhost${path}`, { headers, method }), context);
}

function signedIn(who: SessionUser | null) {
  vi.mocked(readSession).mockResolvedValue({ user: who, setCookies: [] });
}

// The forms of the export: the browser opening the address, the page's download (a script), and
// React Router's data request (only the export's loader, as a client navigation to it asks).
const DOCUMENT = ["/profile/export", { "Sec-Fetch-Mode": "navigate" }] as const;
const DOWNLOAD = ["/profile/export", { Accept: "application/json", "Sec-Fetch-Mode": "cors" }] as const;
const DATA = [`/profile/export.data?_routes=${encodeURIComponent(ROUTE_ID)}`, {}] as const;

let close = async () => {};
beforeAll(async () => {
  // The route reads the process-wide database, as in the running app.
  const opened = await openProcessDatabase();
  close = opened.close;
  const { db } = opened;
  await db.insert(user).values({ id: ME.id, name: "Eva Export", email: ME.email, emailVerified: true });
  await db.insert(profiles).values({ userId: ME.id, email: ME.email, firstName: "Eva", lastName: "Export" });
});
afterAll(() => close());

describe(`GET /profile/export on ${testEngine}`, () => {
  it.each([["document", DOCUMENT], ["download", DOWNLOAD]] as const)("%s: the user's data as a dated attachment, stored nowhere", async (_form, [path, headers]) => {
    signedIn(ME);
    const response = await request(path, headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="datenexport-\d{4}-\d{2}-\d{2}\.json"$/);
    const body = (await response.json()) as { user_info: { user_id: string; email: string } };
    expect(body.user_info).toMatchObject({ user_id: ME.id, email: ME.email });
  });

  it(".data: a client navigation is sent on as the browser's own request (which streams), with no data in the answer", async () => {
    signedIn(ME);
    const response = await request(...DATA);
    // React Router's encoded redirect: 202, "reload the document" at /profile/export.
    expect(response.status).toBe(202);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.text();
    expect(body).toContain("/profile/export");
    expect(body).not.toContain(ME.email);
    // The next download is not held up by it.
    const next = await request(...DOWNLOAD);
    expect(next.status).toBe(200);
    await next.text();
  });

  it("HEAD: the download's headers, no body, and no lock left behind (the next download works)", async () => {
    signedIn(ME);
    const head = await request("/profile/export", { Accept: "application/json" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Disposition")).toMatch(/^attachment; filename="datenexport-/);
    expect(head.headers.get("Cache-Control")).toBe("no-store");
    expect(await head.text()).toBe("");
    const next = await request(...DOWNLOAD);
    expect(next.status).toBe(200);
    expect((await next.json()) as { user_info: { user_id: string } }).toMatchObject({ user_info: { user_id: ME.id } });
  });

  it("one download per user at a time: a second meanwhile gets 429 with a German message; the next after it works", async () => {
    signedIn(ME);
    const running = await request(...DOWNLOAD);
    expect(running.status).toBe(200);
    const second = await request(...DOCUMENT);
    expect(second.status).toBe(429);
    expect(second.headers.get("Cache-Control")).toBe("no-store");
    expect(await second.text()).toMatch(/^Ihr Datenexport wird gerade schon erstellt\./);
    expect((await running.json()) as { user_info: { user_id: string } }).toMatchObject({ user_info: { user_id: ME.id } });
    const next = await request(...DOWNLOAD);
    expect(next.status).toBe(200);
    await next.text();
  });

  it("signed out: scripts and data requests get 401, stored nowhere; a browser goes to sign-in and back", async () => {
    signedIn(null);
    for (const [path, headers] of [DOWNLOAD, DATA]) {
      const response = await request(path, headers);
      expect(response.status).toBe(401);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    const response = await request(...DOCUMENT);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%2Fexport");
  });
});
