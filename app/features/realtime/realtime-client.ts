import { useEffect, useRef, useSyncExternalStore } from "react";

/** What the browser hears: the server's events, plus 'ready' after every (re)connect. */
export type ClientEvent =
  | { type: "ready" }
  | { type: "message.created"; conversationId: string; messageId: string }
  | { type: "message.read"; conversationId: string }
  | { type: "notification.created"; notificationId: string }
  | { type: "counts" }
  | { type: "order.updated"; orderId: string }
  | { type: "typing"; conversationId: string; userId: string }
  | { type: "presence"; userId: string }
  | { type: "ticket.updated"; ticketId: string }
  | { type: "resync" };

type Listener = (event: ClientEvent) => void;

/** Spec: reconnect back-off 1, 2, 5, 10 s. */
const DELAYS_MS = [1000, 2000, 5000, 10000];

/**
 * One EventSource per tab, shared by every component that listens. It reconnects with
 * back-off on its own schedule (not the browser's fixed one) and stops for good when the
 * server ends it because the session is gone. Each 'ready' tells listeners to re-read what
 * they show, which is how nothing is missed across a reconnect.
 */
class RealtimeConnection {
  private source: EventSource | null = null;
  private listeners = new Set<Listener>();
  private stateListeners = new Set<(connected: boolean) => void>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private users = 0;
  private stopped = false;
  connected = false;

  acquire(): () => void {
    this.users++;
    if (this.users === 1) {
      this.stopped = false;
      this.open();
    }
    return () => {
      this.users--;
      if (this.users === 0) this.close();
    };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: (connected: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private setConnected(connected: boolean) {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const listener of this.stateListeners) listener(connected);
  }

  private emit(event: ClientEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }

  private open() {
    if (this.stopped || this.source) return;
    const source = new EventSource("/api/events");
    this.source = source;
    source.addEventListener("ready", () => {
      this.attempt = 0;
      this.setConnected(true);
      this.emit({ type: "ready" });
    });
    source.addEventListener("message", (message) => {
      try {
        this.emit(JSON.parse(String(message.data)) as ClientEvent);
      } catch {
        // not an event of ours
      }
    });
    source.addEventListener("end", (message) => {
      const reason = (() => {
        try {
          return (JSON.parse(String(message.data)) as { reason?: string }).reason;
        } catch {
          return undefined;
        }
      })();
      // A revoked session, or too many open tabs (this is the oldest), ends for good; a server
      // shutting down is retried (another process answers). Counts then fall back to polling.
      this.drop(reason !== "session" && reason !== "limit");
    });
    source.addEventListener("error", () => this.drop(true));
  }

  private drop(retry: boolean) {
    this.source?.close();
    this.source = null;
    this.setConnected(false);
    clearTimeout(this.timer);
    if (!retry || this.users === 0) {
      if (!retry) this.stopped = true;
      return;
    }
    const delay = DELAYS_MS[Math.min(this.attempt, DELAYS_MS.length - 1)]!;
    this.attempt++;
    this.timer = setTimeout(() => this.open(), delay);
  }

  private close() {
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    this.setConnected(false);
  }
}

let connection: RealtimeConnection | undefined;
function getConnection(): RealtimeConnection {
  connection ??= new RealtimeConnection();
  return connection;
}

/** Keeps the tab's stream open while a signed-in page is shown. */
export function useRealtimeConnection(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    return getConnection().acquire();
  }, [enabled]);
}

/** Calls the listener for every event (the latest listener, without re-subscribing). */
export function useRealtimeEvents(listener: Listener) {
  const ref = useRef(listener);
  useEffect(() => {
    ref.current = listener;
  });
  useEffect(() => getConnection().subscribe((event) => ref.current(event)), []);
}

/** Whether the stream is up (the count polling is the fallback while it is down). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(
    (onChange) => getConnection().onState(onChange),
    () => getConnection().connected,
    () => false,
  );
}
