import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeConnected, useRealtimeEvents } from "~/features/realtime/realtime-client";
import type { UnreadCounts } from "./counts.server";

export type Counts = UnreadCounts;

const REFRESH_EVENT = "marketplace:counts";

/** Asks the shell to re-read its counts (after this tab changed one, e.g. marked something read). */
export function requestCountsRefresh() {
  window.dispatchEvent(new Event(REFRESH_EVENT));
}

/** Spec: get-notification-counts is polled every 30 s (here: while the event stream is down). */
const POLL_MS = 30_000;

/**
 * The navigation's counts, kept live: any event re-reads them (one request per burst), and
 * while the stream is down they are polled. Page loads bring fresh figures too.
 */
export function useLiveCounts(initial: Counts | null): Counts | null {
  const [counts, setCounts] = useState(initial);
  // A page load brings fresh figures: they replace what the stream had brought.
  const [basis, setBasis] = useState(initial);
  if (basis !== initial) {
    setBasis(initial);
    setCounts(initial);
  }

  const signedIn = initial !== null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      fetch("/api/counts", { headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (response.ok) setCounts((await response.json()) as Counts);
        })
        // Spec: notification count errors are only logged.
        .catch((error: unknown) => console.warn("Loading the counts failed:", error));
    }, 50);
  }, []);
  useEffect(() => {
    window.addEventListener(REFRESH_EVENT, refresh);
    return () => {
      window.removeEventListener(REFRESH_EVENT, refresh);
      clearTimeout(timer.current);
    };
  }, [refresh]);

  // Every event kind can change a count (a message, a read flag, a notification, a reconnect).
  useRealtimeEvents(() => {
    if (signedIn) refresh();
  });

  const connected = useRealtimeConnected();
  useEffect(() => {
    if (!signedIn || connected) return;
    const id = setInterval(refresh, POLL_MS);
    return () => clearInterval(id);
  }, [signedIn, connected, refresh]);

  return counts;
}
