import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { user } from "~/db/schema";
import { clientRequest, createTestAuth, ctxFor } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/support/test-database";
import { signIn, signUp, type AccountsContext } from "./accounts.server";
import type { Auth } from "./auth.server";
import { SIGN_IN_ACCOUNT_THROTTLE as RULE, signInAccountKey, signInDelayMs, waitMs } from "./sign-in-throttle.server";

let t: TestDatabase;
/** Two app processes on one database. */
let auths: [Auth, Auth];
let ipCounter = 0;
const freshIp = () => `203.0.${113 + Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  t = await createTestDatabase();
  auths = [createTestAuth(t.db).auth, createTestAuth(t.db).auth];
});
afterAll(async () => {
  await t?.destroy();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A context whose throttle delays are recorded instead of waited out. */
function recording(waits: number[], process = 0): AccountsContext {
  return { ...ctxFor(auths[process]!, t.db, clientRequest({ ip: freshIp() })), wait: async (ms) => void waits.push(ms) };
}

async function registerVerified(password = "geheim123", verified = true) {
  const email = `konto.${stamp()}@example.de`;
  await signUp(ctxFor(auths[0], t.db, clientRequest({ ip: freshIp() })), { firstName: "Erika", lastName: "Mustermann", email, password, terms: "on" });
  if (verified) await t.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  return { email, password };
}

/** A wrong password's refusal (thrown by signIn). */
const wrongPassword = { code: "UNAUTHORIZED", reason: "invalid_credentials" };

/** The delays of attempts 1…n, as the rule gives them. */
const expectedDelays = (n: number) => Array.from({ length: n }, (_, i) => signInDelayMs(i + 1));

describe("sign-in delay", () => {
  it("is none for the first failed attempts, then doubles up to its cap", () => {
    expect(expectedDelays(12)).toEqual([0, 0, 0, 0, 0, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(signInDelayMs(1_000_000)).toBe(RULE.maxDelayMs);
  });

  it("is waited out in real time by default (fake timers)", async () => {
    vi.useFakeTimers();
    let done = false;
    void waitMs(RULE.maxDelayMs).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(RULE.maxDelayMs - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe(`per-account sign-in throttle on ${testEngine}`, () => {
  it("slows 40 wrong passwords for one account from 40 client addresses, but never locks the owner out", async () => {
    const account = await registerVerified();
    const waits: number[] = [];
    for (let i = 0; i < 40; i++) {
      // Alternately on either app process: the count lives in the database.
      // Each is answered (slowly) as a wrong password, none is rate-limited: no client address reached its own limit.
      await expect(signIn(recording(waits, i % 2), { email: account.email, password: `falsch-${i}` })).rejects.toMatchObject(wrongPassword);
    }
    expect(waits).toEqual(expectedDelays(40).filter((ms) => ms > 0));
    expect(waits).toHaveLength(40 - RULE.free);
    expect(Math.max(...waits)).toBe(RULE.maxDelayMs);

    // The right password from a fresh client: one bounded delay, then signed in.
    const ownerWaits: number[] = [];
    const owner = await signIn(recording(ownerWaits), account);
    expect(owner.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    expect(ownerWaits).toEqual([RULE.maxDelayMs]);
  });

  it("holds a right password as long as a wrong one, and does not count it", async () => {
    const account = await registerVerified();
    for (let i = 0; i < RULE.free + 2; i++) await signIn(recording([]), { email: account.email, password: "falsch" }).catch(() => {});
    const wrong: number[] = [];
    const right: number[] = [];
    await expect(signIn(recording(wrong), { email: account.email, password: "falsch" })).rejects.toMatchObject(wrongPassword);
    await expect(signIn(recording(right), account)).resolves.toHaveProperty("headers");
    // The right one waited the delay of the next attempt, like any other (its length tells nothing)…
    expect(wrong).toEqual([signInDelayMs(RULE.free + 3)]);
    expect(right).toEqual([signInDelayMs(RULE.free + 4)]);
    // …and was taken back: the next attempt has the same delay again.
    const next: number[] = [];
    await expect(signIn(recording(next), { email: account.email, password: "falsch" })).rejects.toMatchObject(wrongPassword);
    expect(next).toEqual([signInDelayMs(RULE.free + 4)]);
  });

  it("does not count the right password of an address that is not verified yet", async () => {
    const account = await registerVerified("geheim123", false);
    const waits: number[] = [];
    for (let i = 0; i < 2 * RULE.free; i++) {
      await expect(signIn(recording(waits), account)).rejects.toMatchObject({ code: "FORBIDDEN", reason: "email_not_verified" });
    }
    expect(waits).toEqual([]);
    // A wrong password for it still counts, from the first free attempt on.
    for (let i = 0; i < RULE.free + 1; i++) await expect(signIn(recording(waits), { ...account, password: "falsch" })).rejects.toMatchObject(wrongPassword);
    expect(waits).toEqual([signInDelayMs(RULE.free + 1)]);
  });

  it("never slows the owner's own sign-ins, however many", async () => {
    const account = await registerVerified();
    const waits: number[] = [];
    for (let i = 0; i < 3 * RULE.free; i++) await expect(signIn(recording(waits), account)).resolves.toHaveProperty("headers");
    expect(waits).toEqual([]);
  });

  it("delays an unknown address exactly like a known one", async () => {
    const known = await registerVerified();
    const unknown = `niemand.${stamp()}@example.de`;
    const waitsFor = async (email: string) => {
      const waits: number[] = [];
      for (let i = 0; i < RULE.free + 4; i++) {
        await expect(signIn(recording(waits), { email, password: "falsch" })).rejects.toMatchObject(wrongPassword);
      }
      return waits;
    };
    const waits = await waitsFor(known.email);
    expect(waits).toEqual(expectedDelays(RULE.free + 4).filter((ms) => ms > 0));
    expect(await waitsFor(unknown)).toEqual(waits);
  });

  it("counts a burst of parallel guesses at once, not after their answers", async () => {
    const account = await registerVerified();
    const waits: number[] = [];
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => signIn(recording(waits), { email: account.email, password: `falsch-${i}` })));
    expect(results.map((r) => (r.status === "rejected" ? (r.reason as { reason?: string }).reason : r.status))).toEqual(Array(12).fill("invalid_credentials"));
    expect(waits.sort((a, b) => a - b)).toEqual(expectedDelays(12).filter((ms) => ms > 0));
  });

  it("keys the count by a keyed hash of the normalised address, never the address", async () => {
    const email = `Gross.Klein.${stamp()}@Example.DE`;
    const waits: number[] = [];
    for (let i = 0; i < RULE.free + 1; i++) {
      await expect(signIn(recording(waits), { email: i % 2 ? email : `  ${email.toLowerCase()} `, password: "falsch" })).rejects.toMatchObject(wrongPassword);
    }
    // Written differently, still one address: the last attempt is beyond the free ones.
    expect(waits).toEqual([signInDelayMs(RULE.free + 1)]);
    const rows = (await t.db.execute(sql`select key from rate_limit`)) as unknown as { rows: { key: string }[] };
    expect(rows.rows.some((r) => r.key.toLowerCase().includes("klein"))).toBe(false);
    const secret = auths[0].options.secret!;
    expect(rows.rows.map((r) => r.key)).toContain(signInAccountKey(secret, email));
    expect(signInAccountKey(secret, email)).toMatch(/^app:signInAccount:[0-9a-f]{64}$/);
    expect(signInAccountKey(secret, ` ${email.toUpperCase()} `)).toBe(signInAccountKey(secret, email.toLowerCase()));
    // Without the secret, a guessed address cannot be matched against the table.
    expect(signInAccountKey("another-secret", email)).not.toBe(signInAccountKey(secret, email));
  });
});
