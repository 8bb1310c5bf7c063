// The load of the realtime benchmark (bench/realtime.ts): how many users, streams and messages.

export const DEFAULT_REALTIME_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/bench_realtime";

/** Users, each signed in once and holding TABS streams: USERS × TABS = 1,000 streams. */
export const USERS = 200;
export const TABS = 5;
/** A user's messages are at least this far apart: 5 gaps = 65 s > the 60 s window of "5 per minute". */
export const SENDER_GAP_MS = 13_000;
/** Messages per second overall: every user sends in turn, round-robin. */
export const RATE = USERS / (SENDER_GAP_MS / 1000);
export const DRAIN_TIMEOUT_MS = 15_000;
export const READY_TIMEOUT_MS = 60_000;
export const OPEN_CONCURRENCY = 50;
export const SIGN_IN_CONCURRENCY = 4;
export const PASSWORD = "bench-Passwort-2026";
/** p95 of the delivery latency: on one process, and across two processes (PostgreSQL NOTIFY → LISTEN). */
export const TARGETS = { singleProcessP95Ms: 100, crossProcessP95Ms: 50 };

/** The length of each scenario's send phase; --quick shortens it. */
export interface Timing {
  sendSeconds: number;
  /** Messages of the first seconds of each phase are checked for loss but left out of the latency figures. */
  warmupSeconds: number;
}

export function timing(quick: boolean): Timing {
  return { sendSeconds: quick ? 12 : 60, warmupSeconds: quick ? 2 : 5 };
}

export const partner = (i: number) => i ^ 1; // users 2p and 2p+1 talk to each other
