/**
 * A per-process limit on a cheap public endpoint (the search suggestions): counted in memory,
 * not in the database (consumeRateLimit), because the request it guards costs less than the
 * write that would count it. With several workers (ADR 013) each counts alone: a client gets up
 * to `max` per window per worker, which still bounds a flood.
 */
export interface ClientRateLimit {
  /** Whether another request of this client is allowed now (and counts it). */
  take(client: string, now?: number): boolean;
}

export function createClientRateLimit({ windowMs, max, maxClients = 10_000 }: { windowMs: number; max: number; maxClients?: number }): ClientRateLimit {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(client, now = Date.now()) {
      let window = windows.get(client);
      if (!window || now - window.start >= windowMs) {
        // Forget the oldest clients first when too many are kept (insertion order).
        if (!window && windows.size >= maxClients) {
          for (const [key, value] of windows) {
            if (windows.size < maxClients && now - value.start < windowMs) break;
            windows.delete(key);
          }
        }
        windows.delete(client);
        windows.set(client, (window = { start: now, count: 0 }));
      }
      window.count += 1;
      return window.count <= max;
    },
  };
}
