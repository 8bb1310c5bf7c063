import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen, RealtimeHub, type Listening } from "~/features/realtime/realtime.server";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase } from "./db.server";
import { isDraining, livenessResponse, readinessResponse, setDraining, type ReadinessDependencies } from "./health.server";
import { drainApplication } from "./lifecycle.server";
import { createLocalStorage, type FileStorage } from "./storage.server";

let t: TestDatabase;
let root: string;
let storage: FileStorage;
let listening: Listening;

beforeAll(async () => {
  t = await createTestDatabase();
  root = await fsp.mkdtemp(path.join(os.tmpdir(), "health-"));
  storage = createLocalStorage(path.join(root, "storage"));
  // Reconnects fast, for the test that cuts the listening connection.
  listening = listen(t, new RealtimeHub(), { url: t.url, delays: [50] });
  await listening.ready;
});

afterAll(async () => {
  await listening.stop();
  await t.destroy();
  await fsp.rm(root, { recursive: true, force: true });
});

afterEach(() => setDraining(false));

/** Everything of this test file up; a test replaces what it takes down. */
function deps(overrides: Partial<ReadinessDependencies> = {}): ReadinessDependencies {
  return {
    database: async () => t.db,
    storage: () => storage,
    realtimeListening: () => listening.isListening(),
    draining: () => false,
    timeoutMs: 1000,
    ...overrides,
  };
}

async function answer(d: ReadinessDependencies) {
  const response = await readinessResponse(d);
  const text = await response.text();
  return { status: response.status, cacheControl: response.headers.get("Cache-Control"), text, body: JSON.parse(text) as { status: string; failed: string[] } };
}

const never = () => new Promise<never>(() => {});

describe(`readiness (${testEngine})`, () => {
  it("is 200 when the database answers, the store is reachable and the listener is up", async () => {
    const result = await answer(deps());
    expect(result).toMatchObject({ status: 200, cacheControl: "no-store", body: { status: "ok", failed: [] } });
  });

  it("is 503 naming the database when it is closed, and names nothing secret", async () => {
    const closed = await openDatabase(testEngine === "postgres" ? { engine: "postgres", url: t.url!, max: 1 } : { engine: "pglite" });
    await closed.close();
    const result = await answer(deps({ database: async () => closed.db }));
    expect(result).toMatchObject({ status: 503, cacheControl: "no-store", body: { status: "unavailable", failed: ["database"] } });
    expect(result.text).not.toMatch(/postgres(ql)?:\/\/|127\.0\.0\.1|mp_test_/);
  });

  it("is 503 naming the database when it has not been opened", async () => {
    const result = await answer(
      deps({
        database: async () => {
          throw new Error("The database has not been opened yet.");
        },
      }),
    );
    expect(result.body.failed).toEqual(["database"]);
  });

  it("does not hang on a hung database: 503 naming it after the timeout", async () => {
    const started = Date.now();
    const result = await answer(deps({ database: async () => ({ execute: never }) as never, timeoutMs: 200 }));
    expect(result).toMatchObject({ status: 503, body: { failed: ["database"], checks: { database: "timeout" } } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("is 503 naming the storage when the store cannot be written", async () => {
    // The store's folder cannot be created: a file is in the way.
    const blocker = path.join(root, "blocker");
    fs.writeFileSync(blocker, "");
    const result = await answer(deps({ storage: () => createLocalStorage(path.join(blocker, "storage")) }));
    expect(result).toMatchObject({ status: 503, body: { failed: ["storage"], checks: { storage: "failed" } } });
  });

  it("is 503 naming the storage when the store does not answer in time", async () => {
    const result = await answer(deps({ storage: () => ({ ping: never }), timeoutMs: 200 }));
    expect(result).toMatchObject({ status: 503, body: { failed: ["storage"], checks: { storage: "timeout" } } });
  });

  it("is 503 naming realtime when the listener is stopped", async () => {
    const other = listen(t, new RealtimeHub(), { url: t.url });
    await other.ready;
    expect((await answer(deps({ realtimeListening: () => other.isListening() }))).status).toBe(200);
    await other.stop();
    const result = await answer(deps({ realtimeListening: () => other.isListening() }));
    expect(result).toMatchObject({ status: 503, body: { failed: ["realtime"] } });
  });

  it.runIf(testEngine === "postgres")("is 503 naming realtime while the LISTEN connection is lost, 200 again once it is back", async () => {
    // One listener that waits long before reconnecting (its loss is seen for sure), and this file's
    // listener that reconnects after 50 ms.
    const slow = listen(t, new RealtimeHub(), { url: t.url, delays: [600_000] });
    await slow.ready;
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      expect((await answer(deps({ realtimeListening: () => slow.isListening() }))).status).toBe(200);
      // Cut the listening connections (as a database restart or a network failure would).
      const { rows } = await admin.query<{ pid: number; ended: boolean }>(
        "select pid, pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and application_name = 'marketplace-realtime'",
      );
      expect(rows.filter((row) => row.ended)).toHaveLength(2);
      await expect.poll(() => slow.isListening(), { timeout: 10_000 }).toBe(false);
      const result = await answer(deps({ realtimeListening: () => slow.isListening() }));
      expect(result).toMatchObject({ status: 503, body: { failed: ["realtime"] } });
      // The other one listens again, on a new connection (not merely before it has noticed the cut,
      // which a busy machine can delay): ready again, and it stays so for the next test.
      const cut = rows.map((row) => row.pid);
      const reconnected = async () => {
        const { rows: now } = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and application_name = 'marketplace-realtime'",
        );
        return now.some((row) => !cut.includes(row.pid)) && listening.isListening();
      };
      await expect.poll(reconnected, { timeout: 10_000 }).toBe(true);
      expect((await answer(deps())).status).toBe(200);
    } finally {
      await admin.end();
      await slow.stop();
    }
  });

  it("is 503 while draining, even with every check ok; the drain on SIGTERM sets it", async () => {
    expect(isDraining()).toBe(false);
    await drainApplication();
    expect(isDraining()).toBe(true);
    const result = await answer(deps({ draining: isDraining }));
    expect(result).toMatchObject({ status: 503, body: { status: "draining", failed: [] } });
    setDraining(false);
    expect((await answer(deps({ draining: isDraining }))).status).toBe(200);
  });

  it("names every failed check at once", async () => {
    const result = await answer(deps({ database: async () => ({ execute: never }) as never, storage: () => ({ ping: () => Promise.reject(new Error("x")) }), realtimeListening: () => false, timeoutMs: 100 }));
    expect(result.body.failed).toEqual(["database", "storage", "realtime"]);
  });
});

describe("liveness", () => {
  it("is 200, not cached, and asks nothing", async () => {
    const response = livenessResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });
});
