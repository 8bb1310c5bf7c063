import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "../../tests/support/log-capture";
import { createTestDatabase, testEngine, type TestDatabase } from "../../tests/support/test-database";
import { openDatabase, type DatabaseHandle } from "./db.server";
import { servingLimits } from "./lifecycle.server";
import { failureOf } from "./responses.server";
import { sqlState } from "./sql-errors";

// The serving pool's limits (PoolLimits): PostgreSQL only (the embedded database is one
// connection in this process, with nothing to hold or queue for).
const postgres = testEngine === "postgres";

let t: TestDatabase | undefined;
let limited: DatabaseHandle | undefined;
beforeAll(async () => {
  if (!postgres) return;
  t = await createTestDatabase();
  // One connection, so that holding it makes the next request wait. The limits are short, but far
  // above what this file's own statements and connecting need on a busy machine (the wait limit
  // also bounds opening a connection, the idle limit the gap between BEGIN and the next statement).
  limited = await openDatabase({ engine: "postgres", url: t.url!, max: 1, limits: { statementTimeoutMs: 1000, idleInTransactionMs: 1000, connectionWaitMs: 2000 } });
});
afterAll(async () => {
  await limited?.close();
  await t?.destroy();
});

/** How the request boundary answers the error (and that it logs it once, as a failure of ours). */
const failure = (error: unknown) => {
  const log = captureLog();
  const { failure, status } = failureOf(error, "test");
  expect(log.errors()).toHaveLength(1);
  return { status, reason: failure.reason };
};

describe.skipIf(!postgres)(`the serving pool's limits on ${testEngine}`, () => {
  it("holds each connection of the pool to them; migrations ran on a connection of their own without them", async () => {
    const { rows } = await limited!.pool!.query<{ statement: string; idle: string }>(
      "select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle",
    );
    expect(rows[0]).toEqual({ statement: "1s", idle: "1s" });
    // The schema is there (migrated before the limited pool opened), and the pool is its only client.
    expect(await limited!.db.execute(sql`select count(*)::int as n from services`)).toMatchObject({ rows: [{ n: 0 }] });
    expect(limited!.pool!.totalCount).toBe(1);
  });

  it("cancels a statement that runs too long: 503 for the request, and the connection serves the next one", async () => {
    const error = await limited!.db.execute(sql`select pg_sleep(10)`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(error)).toBe("57014");
    expect(failure(error)).toEqual({ status: 503, reason: "unexpected" });
    expect(await limited!.db.execute(sql`select 1 as one`)).toMatchObject({ rows: [{ one: 1 }] });
  });

  it("a request that finds the pool full waits only so long: 503, and the pool works again once a connection is back", async () => {
    const held = await limited!.pool!.connect();
    try {
      const error = await limited!.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(failure(error)).toEqual({ status: 503, reason: "unexpected" });
    } finally {
      held.release();
    }
    expect(await limited!.db.execute(sql`select 2 as two`)).toMatchObject({ rows: [{ two: 2 }] });
  });

  it("ends a session left idle inside a transaction: the transaction fails, the process lives on, the pool works again", async () => {
    const idleInTransaction = async () => {
      const { rows } = await t!.pool!.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'",
      );
      return rows[0]!.n;
    };
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (goOn = resolve));
    const transaction = limited!.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await held;
      await tx.execute(sql`select 2`);
    });
    // PostgreSQL ends the session itself (no timer of ours): idle in its transaction, then gone.
    // Its client reports that as an 'error' event while checked out, which unheard would end the process.
    await expect.poll(idleInTransaction, { timeout: 10_000 }).toBe(1);
    await expect.poll(idleInTransaction, { timeout: 10_000 }).toBe(0);
    goOn();
    await expect(transaction).rejects.toThrow();
    expect(await limited!.db.execute(sql`select 3 as three`)).toMatchObject({ rows: [{ three: 3 }] });
  });
});

describe("the limits the server uses", () => {
  it("take the statement timeout from the configuration and fix the other two", () => {
    expect(servingLimits(30)).toEqual({ statementTimeoutMs: 30_000, idleInTransactionMs: 60_000, connectionWaitMs: 10_000 });
    expect(servingLimits(0).statementTimeoutMs).toBe(0);
  });
});
