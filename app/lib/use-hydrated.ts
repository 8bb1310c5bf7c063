import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while the page hydrates, true once React runs in the browser. For
 * controls that a plain form stands in for until then (the server's HTML has the form's own
 * fields and buttons; the hydrated page swaps them for the scripted ones without a mismatch).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
