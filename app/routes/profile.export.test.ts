import { eq } from "drizzle-orm";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { user } from "~/db/schema";
import { signIn, signUp } from "~/features/auth/accounts.server";
import { closeDatabase, initDatabase } from "~/lib/db.server";
import * as root from "~/root";
import { clientRequest, cookieFrom, createTestAuth, ctxFor, TEST_BASE_URL } from "../../tests/support/auth-fixtures";
import { testServerBuild } from "../../tests/support/server-build";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import * as exportRoute from "./profile.export";

// The real root route (its loader and its `private, no-cache`) above the export route, through
// React Router's own request handler: the download, the `.data` request and the refusals.
const handle = createRequestHandler(testServerBuild(root, { "routes/profile.export": { path: "profile/export", module: exportRoute } }), "production");

let t: TestDatabase | undefined;
let cookie = "";
const email = "export.test@example.de";

beforeAll(async () => {
  // The app's session check (the process-wide auth) must accept the test auth's cookie.
  vi.stubEnv("AUTH_SECRET", "test-secret-test-secret-test-secret-0123");
  vi.stubEnv("BASE_URL", TEST_BASE_URL); // Vitest sets it to "/" (Vite's base path)
  if (testEngine === "postgres") t = await createTestDatabase();
  const { db } = await initDatabase(t?.url ? { engine: "postgres", url: t.url } : { engine: "pglite" });
  const { auth } = createTestAuth(db);
  const form = { firstName: "Erika", lastName: "Export", email, password: "geheim123", terms: "on" };
  expect((await signUp(ctxFor(auth, db, clientRequest()), form)).ok).toBe(true);
  await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const signedIn = await signIn(ctxFor(auth, db, clientRequest()), form);
  if (!signedIn.ok) throw new Error(signedIn.message);
  cookie = cookieFrom(signedIn.headers);
});
afterAll(async () => {
  await closeDatabase();
  await t?.destroy();
  vi.unstubAllEnvs();
});

function get(path: string, { signedIn = true, method = "GET" } = {}) {
  return handle(new Request(`${TEST_BASE_URL}${path}`, { method, headers: signedIn ? { Cookie: cookie } : {} }));
}

describe(`data export responses on ${testEngine}`, () => {
  it("the download is never stored", async () => {
    const response = await get("/profile/export");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="datenexport-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toContain(email);
    expect((await get("/profile/export", { method: "HEAD" })).headers.get("Cache-Control")).toBe("no-store");
  });

  it("React Router's data request for the route, which carries the export too, is never stored", async () => {
    for (const path of ["/profile/export.data", "/profile/export.data?_routes=routes%2Fprofile.export"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      // The route's part of the answer is the whole export, unwrapped from the download.
      const body = await response.text();
      expect(body, path).toContain('"routes/profile.export"');
      expect(body, path).toContain('"user_info"');
    }
  });

  it("refusals are never stored either", async () => {
    for (const path of ["/profile/export", "/profile/export.data"]) {
      const response = await get(path, { signedIn: false });
      expect(response.status, path).toBe(401);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
    }
  });
});
