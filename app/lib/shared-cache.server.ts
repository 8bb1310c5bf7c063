/**
 * A small in-process cache of values that are the same for every visitor (the catalogue's card
 * list of a filter set), with single-flight: while a value is being computed, every other request
 * for the same key waits for that one computation instead of starting its own. So an entry that
 * expires under load is computed once, not by every request that arrives before it is ready.
 * A failed computation is not kept; the waiting requests get its error and the next one retries.
 */
export interface SharedCache<T> {
  /** The fresh value of `key`, or the one `compute` makes (started at most once at a time per key). */
  get(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets every value (a write may have changed them); computations under way are not kept. */
  clear(): void;
  readonly size: number;
}

export interface SharedCacheOptions {
  /** How long a value is reused; 0 or less turns the reuse off (computations still join while under way). */
  ttlMs: () => number;
  maxEntries?: number;
  now?: () => number;
}

export function createSharedCache<T>({ ttlMs, maxEntries = 1_000, now = Date.now }: SharedCacheOptions): SharedCache<T> {
  const entries = new Map<string, { value: T; at: number }>();
  const inflight = new Map<string, { generation: number; promise: Promise<T> }>();
  // A clear() during a computation must not let its (possibly stale) result into the cache.
  let generation = 0;

  return {
    get(key, compute) {
      const ttl = ttlMs();
      const hit = entries.get(key);
      if (hit) {
        if (ttl > 0 && now() - hit.at < ttl) return Promise.resolve(hit.value);
        entries.delete(key);
      }
      const running = inflight.get(key);
      if (running && running.generation === generation) return running.promise;
      const flight: { generation: number; promise: Promise<T> } = { generation, promise: Promise.resolve(undefined as T) };
      flight.promise = (async () => {
        // Awaited first, so that the flight is registered before anything of it runs.
        await undefined;
        try {
          const value = await compute();
          if (ttl > 0 && flight.generation === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
            entries.set(key, { value, at: now() });
          }
          return value;
        } finally {
          if (inflight.get(key) === flight) inflight.delete(key);
        }
      })();
      inflight.set(key, flight);
      return flight.promise;
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
