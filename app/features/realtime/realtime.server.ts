import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, DatabaseHandle } from "~/lib/db.server";
import { realtimeDeliveryLag } from "~/lib/metrics.server";

/**
 * Realtime events (architecture.md section 4). An event names what changed by id only; the
 * browser then reads what it needs through the normal, authorized reads, so a stream never
 * carries data its receiver may not see.
 */
export type RealtimeEvent =
  | { type: "message.created"; conversationId: string; messageId: string }
  | { type: "message.read"; conversationId: string }
  | { type: "notification.created"; notificationId: string }
  | { type: "counts" }
  /** An order of the user changed (status, files, invoice): its page and lists re-read it. */
  | { type: "order.updated"; orderId: string }
  /** The other participant of the conversation is typing (at most one per 3 s per sender; see presence/typing.server). */
  | { type: "typing"; conversationId: string; userId: string }
  /** A conversation partner came online, went offline or changed their status setting: re-read presence. */
  | { type: "presence"; userId: string }
  /** A support ticket got a reply or a status change (its page and the /support lists re-read; ADR 022). */
  | { type: "ticket.updated"; ticketId: string }
  /** The user's sessions changed (sign-out, deletion): streams re-check theirs. */
  | { type: "session.ended" }
  /** Sent by this process to its own streams after the listener reconnected: events may be lost, re-read. */
  | { type: "resync" };

interface Envelope {
  /** User ids the event is for. */
  to: string[];
  event: RealtimeEvent;
  /** When it was published (ms since epoch), for the delivery-lag metric. */
  at?: number;
}

export const CHANNEL = "marketplace_events";

/**
 * Publishes an event for users. Called with the writing transaction, PostgreSQL delivers it
 * only when that transaction commits (NOTIFY is transactional) and drops it on rollback, so
 * nobody hears of a row that does not exist. Both engines carry it: PostgreSQL to every app
 * process listening, PGlite to this process.
 */
export async function publish(db: Pick<Database, "execute">, to: (string | null | undefined)[], event: RealtimeEvent): Promise<void> {
  const recipients = [...new Set(to.filter((id): id is string => !!id))];
  if (recipients.length === 0) return;
  const payload: Envelope = { to: recipients, event, at: Date.now() };
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(payload)})`);
}

type Listener = (event: RealtimeEvent) => void;

/** Open tabs per user and process; beyond this the oldest stream is ended. */
export const MAX_STREAMS_PER_USER = 10;
/** How often the listening connection proves it is alive (a half-open TCP link raises no error). */
const LISTENER_PING_MS = 30_000;

/** The streams of this process by user, and the delivery of events to them. */
export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly closers = new Set<() => void>();

  private readonly evictors = new Map<Listener, () => void>();

  /**
   * Registers a stream of a user; returns the function that removes it. A user has at most
   * MAX_STREAMS_PER_USER streams here: a new one ends the oldest (via its `evict`), so nobody
   * can pile up connections.
   */
  subscribe(userId: string, listener: Listener, evict?: () => void): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    if (evict) this.evictors.set(listener, evict);
    if (set.size > MAX_STREAMS_PER_USER) {
      const oldest = [...set].find((l) => this.evictors.has(l));
      if (oldest) this.evictors.get(oldest)!();
    }
    return () => {
      set.delete(listener);
      this.evictors.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** Delivers a raw notification payload to the addressed users' streams here. */
  dispatch(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (!Array.isArray(envelope.to) || !envelope.event) return;
    if (typeof envelope.at === "number") realtimeDeliveryLag.observe(Math.max(0, Date.now() - envelope.at) / 1000);
    for (const userId of envelope.to) {
      for (const listener of this.listeners.get(userId) ?? []) listener(envelope.event);
    }
  }

  /** Tells every stream of this process to re-read (events may have been missed). */
  broadcastResync(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener({ type: "resync" });
  }

  /** Registers how to end a stream at shutdown. */
  onClose(closer: () => void): () => void {
    this.closers.add(closer);
    return () => this.closers.delete(closer);
  }

  /** Ends every stream (server shutdown): clients reconnect to another process. */
  closeAll(): void {
    for (const close of [...this.closers]) close();
  }

  get streamCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
}

/** Backoff of the listening connection, and of browsers reconnecting (spec: 1, 2, 5, 10 s). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000];

export interface Listening {
  hub: RealtimeHub;
  /** Resolves once the LISTEN is in place. */
  ready: Promise<void>;
  /** Whether events reach this process now: the LISTEN is in place (PostgreSQL: its connection is up). */
  isListening(): boolean;
  stop(): Promise<void>;
}

/**
 * Feeds a hub from the database's notifications. PostgreSQL: one dedicated connection per
 * process (never through a transaction pooler) that LISTENs, and after it drops, reconnects
 * with back-off, listens again and tells its streams to re-read. PGlite: its in-process listen.
 */
export function listen(handle: DatabaseHandle, hub = new RealtimeHub(), options: { url?: string; delays?: number[] } = {}): Listening {
  if (handle.engine === "pglite") {
    const pglite = handle.pglite!;
    let unlisten: (() => Promise<void>) | undefined;
    let stopped = false;
    const ready = pglite.listen(CHANNEL, (payload) => hub.dispatch(payload)).then((fn) => {
      unlisten = fn;
    });
    return {
      hub,
      ready,
      isListening: () => !stopped && !!unlisten && !pglite.closed,
      stop: async () => {
        stopped = true;
        await ready.catch(() => {});
        await unlisten?.().catch(() => {});
      },
    };
  }

  const url = options.url;
  if (!url) throw new Error("listen() on PostgreSQL needs the database URL for its own connection.");
  const delays = options.delays ?? RECONNECT_DELAYS_MS;
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  let ping: NodeJS.Timeout | undefined;
  let listening = false;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, application_name: "marketplace-realtime", keepAlive: true });
    client = next;
    let failed = false;
    const retry = () => {
      clearInterval(ping);
      if (client === next) listening = false;
      if (failed || stopped) return;
      failed = true;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      const delay = delays[Math.min(attempt, delays.length - 1)]!;
      attempt++;
      timer = setTimeout(() => void connect(), delay);
    };
    next.on("error", retry);
    next.on("end", retry);
    next.on("notification", (message) => {
      if (message.channel === CHANNEL && message.payload) hub.dispatch(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (attempt > 0) hub.broadcastResync();
      attempt = 0;
      listening = !stopped && client === next;
      markReady();
      ping = setInterval(() => {
        const timeout = setTimeout(retry, 10_000);
        next.query("select 1").then(
          () => clearTimeout(timeout),
          () => {
            clearTimeout(timeout);
            retry();
          },
        );
      }, LISTENER_PING_MS);
      ping.unref();
    } catch {
      retry();
    }
  };
  void connect();

  return {
    hub,
    ready,
    isListening: () => listening,
    stop: async () => {
      stopped = true;
      listening = false;
      clearTimeout(timer);
      clearInterval(ping);
      await client?.end().catch(() => {});
    },
  };
}

// The process-wide hub, kept across dev-server module reloads like the database.
const globalForRealtime = globalThis as unknown as { __marketplaceRealtime?: Listening };

export function startRealtime(handle: DatabaseHandle, url?: string): Listening {
  globalForRealtime.__marketplaceRealtime ??= listen(handle, new RealtimeHub(), { url });
  return globalForRealtime.__marketplaceRealtime;
}

export function getRealtime(): Listening {
  const current = globalForRealtime.__marketplaceRealtime;
  if (!current) throw new Error("Realtime has not been started.");
  return current;
}

/** Whether this process's realtime listener is up (false before the start and after the stop). */
export function isRealtimeListening(): boolean {
  return globalForRealtime.__marketplaceRealtime?.isListening() ?? false;
}

export async function stopRealtime(): Promise<void> {
  const current = globalForRealtime.__marketplaceRealtime;
  globalForRealtime.__marketplaceRealtime = undefined;
  if (current) {
    current.hub.closeAll();
    await current.stop();
  }
}
