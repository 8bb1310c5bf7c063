// The load of `npm run bench:load` (bench/load.ts): how many virtual users, for how long, and
// what each of them does how often.

export const DEFAULT_LOAD_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench_load";
export const BUCKET = "marktplatz-bench-load";
export const PASSWORD = "bench-Last-2026";
/** Both processes accept the same signed session cookies: one secret for both. */
export const AUTH_SECRET = `bench-load-${"x".repeat(40)}`;
/** Bearer token of /metrics (read from each process at the end). */
export const METRICS_TOKEN = "bench-load-metrics-token-0123456789";

export interface LoadConfig {
  /** Virtual users in all. */
  users: number;
  /** Of them, signed in (the first ones); the rest stay anonymous. */
  signedIn: number;
  /** Seconds from the first user's start to the stop signal (the ramp included). */
  durationSeconds: number;
  /** Users start evenly spread over this many seconds. */
  rampSeconds: number;
  /** Think time between two steps of a user, drawn uniformly (seeded). */
  thinkMs: { min: number; max: number };
  /** Services each signed-in user offers (the catalogue, and whom the others chat with). */
  servicesPerUser: number;
  /** A user's messages are at least this far apart: 5 per minute per sender is the app's limit. */
  senderGapMs: number;
  /** Share of the messages that carry a file (sent in the same multipart request). */
  fileShare: number;
  /** Deliveries still missing this long after the last send are lost. */
  drainMs: number;
  /** A request that takes longer is an error ("timeout"). */
  requestTimeoutMs: number;
  seed: number;
}

export function loadConfig(quick: boolean, overrides: { users?: number; durationSeconds?: number }): LoadConfig {
  const users = overrides.users ?? (quick ? 20 : 200);
  const durationSeconds = overrides.durationSeconds ?? (quick ? 20 : 300);
  return {
    users,
    signedIn: Math.max(2, Math.round(users * 0.8)),
    durationSeconds,
    rampSeconds: Math.min(20, Math.max(2, Math.round(durationSeconds / 15))),
    thinkMs: { min: 500, max: 2000 },
    servicesPerUser: 10,
    senderGapMs: 13_000,
    fileShare: 0.3,
    drainMs: 15_000,
    requestTimeoutMs: 60_000,
    seed: 20261122,
  };
}

/**
 * What a user does at each step, by weight. "chat" opens (or reopens) a conversation with the
 * seller of a random service and sends a message; when the user's last message is younger than
 * senderGapMs it browses instead. Anonymous users only read.
 */
export const MIX = {
  signedIn: { browse: 30, search: 15, detail: 25, favourite: 10, chat: 20 },
  anonymous: { browse: 45, search: 20, detail: 35 },
} as const;

export type Step = keyof typeof MIX.signedIn;

/** Search words (nouns of the generated titles and descriptions, a few matching nothing). */
export const SEARCH_TERMS = ["Logo", "Webseite", "Nachhilfe", "App", "Beratung", "Übersetzung", "Fotografie", "Buchhaltung", "Flyer", "Umzugshilfe", "Podcast", "Quantencomputer"];

/**
 * The route classes of the report, in its order, with what counts as an answer (anything else,
 * and any network error or timeout, is an error).
 */
export const ROUTE_CLASSES = {
  browse: "GET /services (pages 1–5, sometimes a category or a sort)",
  search: "GET /services?q=…",
  detail: "GET /services/{id}",
  view: "POST /services/{id}/view (the detail page's view count)",
  "sign-in": "POST /auth (intent=signIn) → 302 with the session cookie",
  "events-connect": "GET /api/events until its `ready` event (first connect and reconnects)",
  favourite: "POST /services/{id}.data (intent=favorite), the detail page's fetcher",
  "chat-open": "POST /chats (serviceId) → 302 /chats/{id}",
  "chat-page": "GET /chats/{id}",
  send: "POST /api/conversations/{id}/messages (text)",
  upload: "POST /api/conversations/{id}/messages (text + file, stored in S3)",
  "chat-read": "GET /api/conversations/{id}/messages?after=… (recipient, on message.created)",
  attachment: "GET /api/attachments/{messageId} (recipient, read from S3)",
  counts: "GET /api/counts (on a `counts` event)",
} as const;

export type RouteClass = keyof typeof ROUTE_CLASSES;

/** A small deterministic random source (mulberry32), one per user so that runs repeat. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One key of `weights`, drawn with `random`. */
export function pick<K extends string>(weights: Readonly<Record<K, number>>, random: () => number): K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [key, w] of entries) {
    if ((r -= w) < 0) return key;
  }
  return entries[entries.length - 1]![0];
}
