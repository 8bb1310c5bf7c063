import { AsyncLocalStorage } from "node:async_hooks";
import { log } from "./log.server";

/**
 * Work that must not be part of the answer: it starts once the response of the request that asked
 * for it has been sent, so that neither its duration nor its load on the database (PGlite runs on
 * this very thread) shows in the answer time. Used where the answer time would otherwise tell
 * something, e.g. whether an address has an account.
 */

interface ResponseScope {
  ended: boolean;
  deferred: (() => void)[];
}

// Process-wide, also should the module be loaded twice (development server reloads).
const globalState = globalThis as unknown as { __marketplaceAfterResponse?: { scopes: AsyncLocalStorage<ResponseScope>; pending: Set<Promise<void>> } };
const { scopes, pending } = (globalState.__marketplaceAfterResponse ??= { scopes: new AsyncLocalStorage(), pending: new Set() });

/**
 * Runs `handle` (the rest of the request's handling) in a scope whose detached work starts when
 * `onEnd` calls back, i.e. when the response has been sent or the connection closed.
 * The Express app wraps every request in it (server/app.ts).
 */
export function withResponseScope(onEnd: (end: () => void) => void, handle: () => void): void {
  const scope: ResponseScope = { ended: false, deferred: [] };
  onEnd(() => {
    if (scope.ended) return;
    scope.ended = true;
    for (const start of scope.deferred.splice(0)) start();
  });
  scopes.run(scope, handle);
}

/**
 * Runs `work` detached from the current answer: after the response has been sent (inside a
 * request scope), or on a later turn of the event loop (elsewhere, e.g. in tests and scripts).
 * Its failure is logged with `label` and never reaches the caller.
 */
export function runAfterResponse(label: string, work: () => Promise<unknown>): void {
  const task = new Promise<void>((resolve) => {
    const start = () => {
      Promise.resolve()
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, label))
        .finally(resolve);
    };
    const scope = scopes.getStore();
    if (scope && !scope.ended) scope.deferred.push(start);
    else setImmediate(start);
  });
  pending.add(task);
  void task.finally(() => pending.delete(task));
}

/** Resolves when no detached work is pending any more (shutdown waits for it; tests too). */
export async function afterResponseWorkSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
