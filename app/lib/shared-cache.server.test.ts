import { describe, expect, it } from "vitest";
import { createSharedCache } from "./shared-cache.server";

/** A computation that finishes when the test says so. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("shared cache", () => {
  it("computes a key once for all concurrent callers (single-flight) and reuses it until it expires", async () => {
    let clock = 0;
    const cache = createSharedCache<string>({ ttlMs: () => 5_000, now: () => clock });
    let computations = 0;
    const gate = deferred<string>();
    const compute = () => {
      computations++;
      return gate.promise;
    };
    const waiting = Promise.all([cache.get("a", compute), cache.get("a", compute), cache.get("a", compute)]);
    gate.resolve("value");
    expect(await waiting).toEqual(["value", "value", "value"]);
    expect(computations).toBe(1);

    clock = 4_999;
    expect(await cache.get("a", async () => "other")).toBe("value");
    clock = 5_000;
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
  });

  it("keeps no failure: the waiting callers get the error and the next call computes again", async () => {
    const cache = createSharedCache<string>({ ttlMs: () => 5_000 });
    const gate = deferred<string>();
    const first = cache.get("k", () => gate.promise);
    const second = cache.get("k", async () => "never");
    gate.reject(new Error("database down"));
    await expect(first).rejects.toThrow("database down");
    await expect(second).rejects.toThrow("database down");
    expect(await cache.get("k", async () => "recovered")).toBe("recovered");
  });

  it("a clear during a computation keeps its result out of the cache, and new callers do not join it", async () => {
    const cache = createSharedCache<string>({ ttlMs: () => 5_000 });
    const gate = deferred<string>();
    const before = cache.get("k", () => gate.promise);
    cache.clear();
    const after = cache.get("k", async () => "after the write");
    gate.resolve("before the write");
    expect(await before).toBe("before the write");
    expect(await after).toBe("after the write");
    expect(await cache.get("k", async () => "third")).toBe("after the write");
  });

  it("a computation that throws at once is a rejected promise, not a thrown call", async () => {
    const cache = createSharedCache<string>({ ttlMs: () => 5_000 });
    const result = cache.get("k", () => {
      throw new Error("at once");
    });
    await expect(result).rejects.toThrow("at once");
    expect(await cache.get("k", async () => "next")).toBe("next");
  });

  it("with no reuse time, concurrent callers still share one computation but nothing is kept", async () => {
    const cache = createSharedCache<number>({ ttlMs: () => 0 });
    let n = 0;
    const gate = deferred<void>();
    const compute = async () => {
      await gate.promise;
      return ++n;
    };
    const both = Promise.all([cache.get("k", compute), cache.get("k", compute)]);
    gate.resolve();
    expect(await both).toEqual([1, 1]);
    expect(await cache.get("k", compute)).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("drops the oldest entry beyond its size", async () => {
    const cache = createSharedCache<string>({ ttlMs: () => 5_000, maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get("a", async () => "recomputed")).toBe("recomputed");
    expect(await cache.get("c", async () => "recomputed")).toBe("c");
  });
});
