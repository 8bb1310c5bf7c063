// npm run bench:realtime [-- --skip-build] [-- --quick] [-- --keep]
//
// Realtime benchmark (issue #6): 1,000 concurrent Server-Sent-Events streams (GET /api/events)
// on the production server, messages sent through the real HTTP endpoint
// (POST /api/conversations/{id}/messages), and for every (message, receiving tab) the time from
// the start of the send request to the arrival of its `message.created` event.
// Scenario 1: streams and sends on one process. Scenario 2: two processes on the same
// PostgreSQL database, streams on process B, sends through process A (LISTEN/NOTIFY carries
// the events across). The target (p95 < 100 ms on one process) is printed as PASS/FAIL;
// a miss does not fail the process, a lost delivery does.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";
import { SERVICE_CATEGORIES } from "~/features/services/categories";
import { openDatabase } from "~/lib/db.server";
import { dropDatabase, recreateDatabase, redact, splitDatabaseUrl } from "./lib/database";
import { startServer, type RunningServer } from "./lib/http";
import { updateReadme } from "./lib/report";
import { round, summarize, type LatencySummary } from "./lib/stats";
import { machineInfo, type MachineInfo } from "./lib/machine";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = new Set(process.argv.slice(2));
const known = ["--skip-build", "--quick", "--keep", "--help"];
for (const a of args) {
  if (!known.includes(a)) {
    console.error(`Unknown option ${a}. Options: ${known.join(" ")}`);
    process.exit(2);
  }
}
const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bench_realtime";
if (args.has("--help")) {
  console.log(`npm run bench:realtime -- [options]
  --skip-build  use the existing build/ instead of running \`npm run build\`
  --quick       short send phases for a smoke test; writes no results
  --keep        keep the bench database at the end (it is dropped otherwise)
Environment: BENCH_REALTIME_DATABASE_URL (default ${DEFAULT_URL}); the database is dropped and
recreated on every run, so its name must contain "bench".`);
  process.exit(0);
}
const quick = args.has("--quick");

/** Users, each signed in once and holding TABS streams: USERS × TABS = 1,000 streams. */
const USERS = 200;
const TABS = 5;
/** A user's messages are at least this far apart: 5 gaps = 65 s > the 60 s window of "5 per minute". */
const SENDER_GAP_MS = 13_000;
/** Messages per second overall: every user sends in turn, round-robin. */
const RATE = USERS / (SENDER_GAP_MS / 1000);
const SEND_SECONDS = quick ? 12 : 60;
/** Messages of the first seconds of each phase are checked for loss but left out of the latency figures. */
const WARMUP_SECONDS = quick ? 2 : 5;
const DRAIN_TIMEOUT_MS = 15_000;
const READY_TIMEOUT_MS = 60_000;
const OPEN_CONCURRENCY = 50;
const SIGN_IN_CONCURRENCY = 4;
const PASSWORD = "bench-Passwort-2026";
const TARGETS = { singleProcessP95Ms: 100 };

const log = (line = "") => console.log(line);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const partner = (i: number) => i ^ 1; // users 2p and 2p+1 talk to each other

// ---- data --------------------------------------------------------------------------------

/**
 * USERS verified users with a credential account (one shared password hash made by Better Auth's
 * own hashPassword), profiles, and for each pair (2p, 2p+1) a service of 2p+1 and the service
 * conversation between the two. Returns the conversation id of each user.
 */
async function createData(url: string): Promise<string[]> {
  const migrated = await openDatabase({ engine: "postgres", url, max: 1 });
  await migrated.close();
  const hash = await hashPassword(PASSWORD);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into "user" (id, name, email, email_verified)
       select 'bench-rt-user-' || lpad(i::text, 4, '0'), 'Nutzer ' || i, 'rt' || i || '@bench.example', true
       from generate_series(0, $1::int - 1) i`,
      [USERS],
    );
    await client.query(
      `insert into account (id, account_id, provider_id, user_id, password)
       select 'acc-' || id, id, 'credential', id, $1 from "user" where id like 'bench-rt-user-%'`,
      [hash],
    );
    await client.query(
      `insert into profiles (user_id, first_name, last_name, email)
       select id, 'Nutzer', split_part(name, ' ', 2), email from "user" where id like 'bench-rt-user-%'`,
    );
    await client.query(
      `insert into services (title, description, price, category, created_by)
       select 'Leistung ' || i, 'Benchmark-Leistung', 50, $2, 'bench-rt-user-' || lpad((2 * i + 1)::text, 4, '0')
       from generate_series(0, $1::int / 2 - 1) i`,
      [USERS, SERVICE_CATEGORIES[0]],
    );
    await client.query(
      `insert into conversations (user1_id, user2_id, kind, service_id)
       select least(s.created_by, p.id), greatest(s.created_by, p.id), 'service', s.id
       from services s
       join "user" p on p.id = 'bench-rt-user-' || lpad((substring(s.created_by from 15)::int - 1)::text, 4, '0')`,
    );
    await client.query("commit");
    const { rows } = await client.query<{ id: string; user1_id: string; user2_id: string }>("select id, user1_id, user2_id from conversations");
    const byUser: string[] = [];
    for (const row of rows) {
      byUser[Number(row.user1_id.slice(-4))] = row.id;
      byUser[Number(row.user2_id.slice(-4))] = row.id;
    }
    for (let i = 0; i < USERS; i++) if (!byUser[i]) throw new Error(`No conversation for user ${i}.`);
    await client.query("vacuum analyze");
    return byUser;
  } finally {
    await client.end();
  }
}

// ---- sign-in through the /auth form --------------------------------------------------------

async function signIn(baseUrl: string, i: number): Promise<string> {
  const body = new URLSearchParams({ intent: "signIn", redirectTo: "/", email: `rt${i}@bench.example`, password: PASSWORD });
  const res = await fetch(`${baseUrl}/auth`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      Origin: baseUrl,
      // The sign-in limit is 10 per minute per client address: each user signs in from its own.
      "X-Forwarded-For": `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    },
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (res.status !== 302 && res.status !== 303 && res.status !== 204) throw new Error(`Sign-in of user ${i} answered ${res.status}.`);
  if (!cookies.some((c) => c.includes("session_token="))) throw new Error(`Sign-in of user ${i} set no session cookie (status ${res.status}).`);
  return cookies.join("; ");
}

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

// ---- SSE clients ---------------------------------------------------------------------------

interface Receipt {
  tab: number;
  at: number;
}

interface Tab {
  index: number;
  user: number;
  request?: http.ClientRequest;
  ready: boolean;
  /** Closed by the server or the network while it should have been open. */
  dropped: boolean;
  closing: boolean;
}

class StreamSet {
  readonly tabs: Tab[] = [];
  /** Arrivals of message.created events by message id (an event may arrive before the send's answer). */
  readonly receipts = new Map<string, Receipt[]>();
  readonly eventCounts: Record<string, number> = {};
  private readyCount = 0;
  errors: string[] = [];

  constructor(
    private readonly baseUrl: string,
    private readonly cookies: string[],
  ) {
    for (let u = 0; u < USERS; u++) for (let t = 0; t < TABS; t++) this.tabs.push({ index: this.tabs.length, user: u, ready: false, dropped: false, closing: false });
  }

  /** Opens every stream (OPEN_CONCURRENCY requests in flight) and waits until each has sent `ready`. */
  async open(): Promise<number> {
    const t0 = performance.now();
    await pool(this.tabs.length, OPEN_CONCURRENCY, (i) => this.openTab(this.tabs[i]!));
    return performance.now() - t0;
  }

  private openTab(tab: Tab): Promise<void> {
    const url = new URL("/api/events", this.baseUrl);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Stream ${tab.index} sent no 'ready' within ${READY_TIMEOUT_MS} ms.`)), READY_TIMEOUT_MS);
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "GET",
          agent: false,
          headers: { Accept: "text/event-stream", Cookie: this.cookies[tab.user]!, "Cache-Control": "no-cache" },
        },
        (response) => {
          if (response.statusCode !== 200 || !String(response.headers["content-type"]).includes("text/event-stream")) {
            clearTimeout(timer);
            response.resume();
            reject(new Error(`Stream ${tab.index} answered ${response.statusCode} ${response.headers["content-type"]}.`));
            return;
          }
          response.setEncoding("utf8");
          let buffer = "";
          response.on("data", (chunk: string) => {
            const at = performance.now();
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf("\n\n")) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              this.handle(tab, block, at, () => {
                clearTimeout(timer);
                resolve();
              });
            }
          });
          response.on("close", () => {
            if (!tab.closing) {
              tab.dropped = true;
              this.errors.push(`stream ${tab.index} closed by the server`);
            }
          });
        },
      );
      request.on("error", (error) => {
        clearTimeout(timer);
        if (!tab.closing) {
          tab.dropped = true;
          this.errors.push(`stream ${tab.index}: ${error.message}`);
          reject(error);
        }
      });
      request.end();
      tab.request = request;
    });
  }

  private handle(tab: Tab, block: string, at: number, onReady: () => void) {
    let event = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
      else if (line.startsWith(":")) event = "comment";
    }
    if (event === "comment") {
      this.eventCounts.ping = (this.eventCounts.ping ?? 0) + 1;
      return;
    }
    if (event === "ready") {
      if (!tab.ready) {
        tab.ready = true;
        this.readyCount++;
      }
      this.eventCounts.ready = (this.eventCounts.ready ?? 0) + 1;
      onReady();
      return;
    }
    if (event !== "message") {
      this.eventCounts[event] = (this.eventCounts[event] ?? 0) + 1;
      return;
    }
    let parsed: { type?: string; messageId?: string };
    try {
      parsed = JSON.parse(data) as typeof parsed;
    } catch {
      this.errors.push(`stream ${tab.index}: unparsable data ${data.slice(0, 80)}`);
      return;
    }
    const type = parsed.type ?? "?";
    this.eventCounts[type] = (this.eventCounts[type] ?? 0) + 1;
    if (type === "message.created" && parsed.messageId) {
      let list = this.receipts.get(parsed.messageId);
      if (!list) this.receipts.set(parsed.messageId, (list = []));
      list.push({ tab: tab.index, at });
    }
  }

  get ready(): number {
    return this.readyCount;
  }

  get dropped(): number {
    return this.tabs.filter((t) => t.dropped).length;
  }

  close() {
    for (const tab of this.tabs) {
      tab.closing = true;
      tab.request?.destroy();
    }
  }
}

// ---- sending -------------------------------------------------------------------------------

interface Send {
  k: number;
  sender: number;
  recipient: number;
  /** performance.now() just before the request. */
  start: number;
  /** performance.now() when the answer's body was read. */
  answered: number;
  messageId: string | null;
  status: number;
  error?: string;
  warmup: boolean;
}

/** The last send time of every user across both phases (keeps each under 5 per minute). */
const lastSent = new Map<number, number>();
let roundRobin = 0;

async function sendMessage(baseUrl: string, cookie: string, conversationId: string): Promise<{ status: number; id: string | null; error?: string }> {
  const form = new FormData();
  form.set("text", `Benchmark-Nachricht ${roundRobin}`);
  const res = await fetch(`${baseUrl}/api/conversations/${conversationId}/messages?view=service`, {
    method: "POST",
    body: form,
    headers: { Origin: baseUrl, Cookie: cookie, Accept: "application/json" },
  });
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { ok?: boolean; message?: { id?: string }; description?: string };
    if (res.ok && body.ok && body.message?.id) return { status: res.status, id: body.message.id };
    return { status: res.status, id: null, error: body.description ?? text.slice(0, 120) };
  } catch {
    return { status: res.status, id: null, error: text.slice(0, 120) };
  }
}

/** Sends at RATE messages per second for `seconds`, round-robin over the users, without waiting for answers. */
async function sendPhase(baseUrl: string, cookies: string[], conversations: string[], seconds: number): Promise<Send[]> {
  const count = Math.round(seconds * RATE);
  const interval = 1000 / RATE;
  const sends: Send[] = [];
  const pending: Promise<void>[] = [];
  const t0 = performance.now() + 50;
  for (let j = 0; j < count; j++) {
    const sender = roundRobin++ % USERS;
    const due = Math.max(t0 + j * interval, (lastSent.get(sender) ?? -Infinity) + SENDER_GAP_MS);
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    lastSent.set(sender, performance.now());
    const send: Send = {
      k: roundRobin,
      sender,
      recipient: partner(sender),
      start: performance.now(),
      answered: 0,
      messageId: null,
      status: 0,
      warmup: j < WARMUP_SECONDS * RATE,
    };
    sends.push(send);
    pending.push(
      sendMessage(baseUrl, cookies[sender]!, conversations[sender]!).then(
        (r) => {
          send.answered = performance.now();
          send.status = r.status;
          send.messageId = r.id;
          send.error = r.error;
        },
        (error: unknown) => {
          send.answered = performance.now();
          send.error = error instanceof Error ? error.message : String(error);
        },
      ),
    );
  }
  await Promise.all(pending);
  return sends;
}

// ---- one scenario --------------------------------------------------------------------------

/** CPU seconds (user + system) of a process from /proc (Linux; null elsewhere). */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine from /proc/stat, in seconds (Linux; null elsewhere). */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = ticks[3]! + ticks[4]!; // idle + iowait
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/** CPU seconds of each PostgreSQL backend serving the bench database (the servers' pools and listeners), by pid. */
async function postgresCpu(url: string): Promise<Map<number, number> | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const byPid = new Map<number, number>();
    for (const { pid } of rows) {
      const v = cpuSeconds(pid);
      if (v === null) return null;
      byPid.set(pid, v);
    }
    return byPid;
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds used between two snapshots: backends present in both count their difference, backends
 * opened in between (the pools replace idle connections) count in full; backends that ended in
 * between are missed, so this is a lower bound.
 */
function postgresDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let sum = 0;
  for (const [pid, w] of after) sum += w - (before.get(pid) ?? 0);
  return sum;
}

/** messages.created_at (ms since the epoch, microsecond precision) of the given messages. */
async function messageTimes(url: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; t: string }>(
      "select id, (extract(epoch from created_at) * 1000)::float8 as t from messages where id = any($1::uuid[])",
      [ids],
    );
    return new Map(rows.map((r) => [r.id, Number(r.t)]));
  } finally {
    await client.end();
  }
}

interface ScenarioResult {
  name: string;
  description: string;
  streams: number;
  users: number;
  tabsPerUser: number;
  streamsOpenedInMs: number;
  sendSeconds: number;
  messagesPerSecond: number;
  messages: { sent: number; failed: number; failures: string[] };
  deliveries: { expected: number; received: number; lost: number; duplicates: number; unexpected: number };
  /** Send-request start → arrival of message.created, every (message, tab) after the warm-up. */
  latency: LatencySummary;
  latencyIncludingWarmup: LatencySummary;
  latencyRecipientTabs: LatencySummary;
  latencySenderTabs: LatencySummary;
  /** Send-request start → its JSON answer read. */
  sendRequest: LatencySummary;
  /**
   * The same latency split at the message's transaction start (messages.created_at = now() of the
   * inserting transaction; the same machine clock as the client): request start → transaction start
   * (HTTP, multipart, session, the rate-limit check, waiting for a pool connection), and
   * transaction start → arrival (insert, notification, commit, NOTIFY, LISTEN, hub, SSE write, client).
   */
  split: { requestToTransaction: LatencySummary; transactionToArrival: LatencySummary };
  /** Spread within one message: last tab's arrival − first tab's arrival. */
  fanoutSpread: LatencySummary;
  streamsDropped: number;
  streamErrors: string[];
  events: Record<string, number>;
  /** Event-loop delay of the benchmark process during the send phase (it also parses the 1,000 streams). */
  clientEventLoopDelayMs: { p50: number; p99: number; max: number };
  /**
   * CPU in cores (CPU seconds per second of the send phase): each server, the PostgreSQL backends of
   * the bench database (a lower bound, see postgresDelta), the benchmark process, and the whole
   * machine (everything else running on it included).
   */
  cpu: {
    serverSecondsPerSecond: { pid: number; role: string; value: number | null }[];
    postgresSecondsPerSecond: number | null;
    clientSecondsPerSecond: number;
    machineBusyCores: number | null;
    loadAverage1m: { start: number; end: number };
  };
}

async function runScenario(opts: {
  databaseUrl: string;
  name: string;
  description: string;
  streamServer: RunningServer;
  sendServer: RunningServer;
  cookies: string[];
  conversations: string[];
}): Promise<ScenarioResult> {
  const { streamServer, sendServer, cookies, conversations } = opts;
  log();
  log(`${opts.name}: ${opts.description}`);
  const streams = new StreamSet(streamServer.baseUrl, cookies);
  try {
    const openedMs = await streams.open();
    if (streams.ready !== USERS * TABS) throw new Error(`Only ${streams.ready} of ${USERS * TABS} streams are ready.`);
    log(`  ${streams.ready} streams ready in ${(openedMs / 1000).toFixed(1)} s`);
    await sleep(1000);

    const servers = [
      { pid: sendServer.pid, role: streamServer === sendServer ? "streams + sends" : "sends (A)" },
      ...(streamServer === sendServer ? [] : [{ pid: streamServer.pid, role: "streams (B)" }]),
    ];
    const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
    const pgBefore = await postgresCpu(opts.databaseUrl);
    const machineBefore = machineCpu();
    const loadStart = os.loadavg()[0]!;
    const clientBefore = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const phaseStart = performance.now();
    log(`  sending ${Math.round(SEND_SECONDS * RATE)} messages over ${SEND_SECONDS} s (${RATE.toFixed(1)}/s, each user every ${SENDER_GAP_MS / 1000} s) ...`);
    const sends = await sendPhase(sendServer.baseUrl, cookies, conversations, SEND_SECONDS);
    const phaseSeconds = (performance.now() - phaseStart) / 1000;
    loop.disable();
    const clientUsage = process.cpuUsage(clientBefore);
    const cpuAfter = servers.map((s) => cpuSeconds(s.pid));
    const machineAfter = machineCpu();
    const pgAfter = await postgresCpu(opts.databaseUrl);
    const loadEnd = os.loadavg()[0]!;
    const pgUsed = postgresDelta(pgBefore, pgAfter);

    // Wait for the remaining deliveries (or the drain timeout: the missing ones are losses).
    const expectedFor = (s: Send) => streams.tabs.filter((t) => t.user === s.recipient || t.user === s.sender);
    const ok = sends.filter((s) => s.messageId);
    const expectedTotal = ok.reduce((n, s) => n + expectedFor(s).length, 0);
    const receivedOf = () => ok.reduce((n, s) => n + new Set((streams.receipts.get(s.messageId!) ?? []).map((r) => r.tab)).size, 0);
    const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
    while (receivedOf() < expectedTotal && performance.now() < drainUntil) await sleep(100);

    const createdAt = await messageTimes(opts.databaseUrl, ok.map((s) => s.messageId!));
    const toWall = (t: number) => performance.timeOrigin + t;
    const requestToTransaction: number[] = [];
    const transactionToArrival: number[] = [];
    const latency: number[] = [];
    const all: number[] = [];
    const recipientTabs: number[] = [];
    const senderTabs: number[] = [];
    const spreads: number[] = [];
    let received = 0;
    let duplicates = 0;
    for (const s of ok) {
      const receipts = streams.receipts.get(s.messageId!) ?? [];
      const seen = new Set<number>();
      const expectedTabs = new Set(expectedFor(s).map((t) => t.index));
      let first = Infinity;
      let last = -Infinity;
      const txStart = createdAt.get(s.messageId!);
      if (!s.warmup && txStart !== undefined) requestToTransaction.push(txStart - toWall(s.start));
      for (const r of receipts) {
        if (!expectedTabs.has(r.tab)) continue;
        if (seen.has(r.tab)) {
          duplicates++;
          continue;
        }
        seen.add(r.tab);
        received++;
        const ms = r.at - s.start;
        first = Math.min(first, r.at);
        last = Math.max(last, r.at);
        all.push(ms);
        if (s.warmup) continue;
        latency.push(ms);
        if (txStart !== undefined) transactionToArrival.push(toWall(r.at) - txStart);
        (streams.tabs[r.tab]!.user === s.recipient ? recipientTabs : senderTabs).push(ms);
      }
      if (seen.size > 1) spreads.push(last - first);
    }
    const sentIds = new Set(ok.map((s) => s.messageId!));
    let unexpected = 0;
    for (const [id, list] of streams.receipts) if (!sentIds.has(id)) unexpected += list.length;
    const failed = sends.filter((s) => !s.messageId);

    const result: ScenarioResult = {
      name: opts.name,
      description: opts.description,
      streams: USERS * TABS,
      users: USERS,
      tabsPerUser: TABS,
      streamsOpenedInMs: round(openedMs, 0),
      sendSeconds: round(phaseSeconds, 1),
      messagesPerSecond: round(sends.length / phaseSeconds, 1),
      messages: {
        sent: ok.length,
        failed: failed.length,
        failures: failed.slice(0, 5).map((s) => `user ${s.sender}: ${s.status} ${s.error ?? ""}`.trim()),
      },
      deliveries: { expected: expectedTotal, received, lost: expectedTotal - received, duplicates, unexpected },
      latency: summarize(latency),
      latencyIncludingWarmup: summarize(all),
      latencyRecipientTabs: summarize(recipientTabs),
      latencySenderTabs: summarize(senderTabs),
      sendRequest: summarize(ok.filter((s) => !s.warmup).map((s) => s.answered - s.start)),
      split: { requestToTransaction: summarize(requestToTransaction), transactionToArrival: summarize(transactionToArrival) },
      fanoutSpread: summarize(spreads),
      streamsDropped: streams.dropped,
      streamErrors: streams.errors.slice(0, 5),
      events: { ...streams.eventCounts },
      clientEventLoopDelayMs: {
        p50: round(loop.percentile(50) / 1e6),
        p99: round(loop.percentile(99) / 1e6),
        max: round(loop.max / 1e6),
      },
      cpu: {
        serverSecondsPerSecond: servers.map((s, i) => ({
          pid: s.pid,
          role: s.role,
          value: cpuBefore[i] != null && cpuAfter[i] != null ? round((cpuAfter[i]! - cpuBefore[i]!) / phaseSeconds) : null,
        })),
        postgresSecondsPerSecond: pgUsed === null ? null : round(pgUsed / phaseSeconds, 3),
        clientSecondsPerSecond: round((clientUsage.user + clientUsage.system) / 1e6 / phaseSeconds),
        machineBusyCores: machineBefore && machineAfter ? round((machineAfter.busy - machineBefore.busy) / phaseSeconds) : null,
        loadAverage1m: { start: round(loadStart), end: round(loadEnd) },
      },
    };
    const l = result.latency;
    log(`  ${ok.length} messages sent (${failed.length} failed), ${received} of ${expectedTotal} deliveries (${result.deliveries.lost} lost, ${duplicates} duplicates)`);
    log(`  delivery latency (ms, after ${WARMUP_SECONDS} s warm-up, ${l.n} deliveries): p50 ${l.p50}  p95 ${l.p95}  p99 ${l.p99}  max ${l.max}`);
    log(`  send request (ms): p50 ${result.sendRequest.p50}  p95 ${result.sendRequest.p95}  p99 ${result.sendRequest.p99}`);
    const { requestToTransaction: a, transactionToArrival: b } = result.split;
    log(`  split at the transaction start (ms): request → transaction p50 ${a.p50} p95 ${a.p95} p99 ${a.p99}; transaction → arrival p50 ${b.p50} p95 ${b.p95} p99 ${b.p99}`);
    const c = result.cpu;
    log(`  benchmark process event-loop delay p99 ${result.clientEventLoopDelayMs.p99} ms`);
    log(
      `  CPU (cores): ${c.serverSecondsPerSecond.map((s) => `${s.role} ${s.value}`).join(", ")}, PostgreSQL ${c.postgresSecondsPerSecond}, client ${c.clientSecondsPerSecond}; ` +
        `whole machine ${c.machineBusyCores} of ${os.cpus().length}; load average ${c.loadAverage1m.start} → ${c.loadAverage1m.end}`,
    );
    if (failed.length) log(`  failures: ${result.messages.failures.join(" | ")}`);
    if (streams.errors.length) log(`  stream errors: ${streams.errors.slice(0, 5).join(" | ")}`);
    return result;
  } finally {
    streams.close();
  }
}

// ---- report --------------------------------------------------------------------------------

interface RealtimeResults {
  benchmark: "realtime";
  date: string;
  machine: MachineInfo;
  method: Record<string, string | number>;
  targets: typeof TARGETS;
  scenarios: ScenarioResult[];
  pass: { singleProcessP95: boolean; noLoss: boolean };
  durationSeconds: number;
}

const f1 = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "–");

function renderMarkdown(r: RealtimeResults): string {
  const lines: string[] = [];
  lines.push(
    `Run of ${r.date.slice(0, 16).replace("T", " ")} UTC — ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, PostgreSQL ${r.machine.postgres}. ` +
      `${USERS * TABS} streams (${USERS} users × ${TABS} tabs), ${RATE.toFixed(1)} messages/s for ${SEND_SECONDS} s per scenario.`,
  );
  lines.push("");
  lines.push("| scenario | deliveries | lost | p50 | p95 | p99 | max | send request p50 / p95 | server CPU (cores) | p95 < 100 ms |");
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|---|:-:|");
  for (const s of r.scenarios) {
    const l = s.latency;
    const cpu = s.cpu.serverSecondsPerSecond.map((c) => `${c.role}: ${c.value ?? "?"}`).join(", ");
    const single = s === r.scenarios[0];
    lines.push(
      `| ${s.name} | ${s.deliveries.received.toLocaleString("en")} / ${s.deliveries.expected.toLocaleString("en")} | ${s.deliveries.lost} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${f1(l.max)} | ${f1(s.sendRequest.p50)} / ${f1(s.sendRequest.p95)} | ${cpu} | ${single ? (l.p95 < r.targets.singleProcessP95Ms ? "PASS" : "**FAIL**") : "(no target)"} |`,
    );
  }
  lines.push("");
  lines.push(
    "Latency in ms from the start of the send request (`POST /api/conversations/{id}/messages`) to the arrival of the `message.created` event on a stream, " +
      `for every (message, tab) of both participants (each message reaches ${2 * TABS} tabs), after a ${WARMUP_SECONDS} s warm-up per scenario (warm-up deliveries are still checked for loss). ` +
      "Send request = the same start to the POST's JSON answer.",
  );
  lines.push("");
  lines.push(
    "| scenario | request → transaction p50 / p95 | transaction → arrival p50 / p95 | recipient tabs p95 | sender's own tabs p95 | fan-out spread p95 | incl. warm-up p95 | client event-loop delay p99 | CPU: PostgreSQL / client / whole machine (cores) | load avg (1 min) |",
  );
  lines.push("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
  for (const s of r.scenarios) {
    const c = s.cpu;
    lines.push(
      `| ${s.name} | ${f1(s.split.requestToTransaction.p50)} / ${f1(s.split.requestToTransaction.p95)} | ${f1(s.split.transactionToArrival.p50)} / ${f1(s.split.transactionToArrival.p95)} | ${f1(s.latencyRecipientTabs.p95)} | ${f1(s.latencySenderTabs.p95)} | ${f1(s.fanoutSpread.p95)} | ${f1(s.latencyIncludingWarmup.p95)} | ${f1(s.clientEventLoopDelayMs.p99)} | ${c.postgresSecondsPerSecond ?? "?"} / ${c.clientSecondsPerSecond} / ${c.machineBusyCores ?? "?"} of ${r.machine.cpus} | ${c.loadAverage1m.start} → ${c.loadAverage1m.end} |`,
    );
  }
  lines.push("");
  lines.push(
    "Request → transaction: from the start of the send request to the start of the transaction that inserts the message (`messages.created_at`, same clock); " +
      "transaction → arrival: from there to the event's arrival on a tab (insert, notification, commit, NOTIFY/LISTEN, SSE write). " +
      "Fan-out spread = last minus first arrival of one message over its tabs. CPU in cores (CPU seconds per second of the send phase); " +
      "the whole-machine figure includes whatever else ran on the machine at the time.",
  );
  return lines.join("\n");
}

// ---- main ----------------------------------------------------------------------------------

const servers: RunningServer[] = [];
async function cleanup() {
  while (servers.length) await servers.pop()!.stop().catch(() => undefined);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers.`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function main() {
  const url = process.env.BENCH_REALTIME_DATABASE_URL || DEFAULT_URL;
  splitDatabaseUrl(url); // refuses names without "bench" before anything is touched
  const started = Date.now();
  log(`Realtime benchmark on ${redact(url)}${quick ? " (quick mode: no results written)" : ""}`);

  await recreateDatabase(url);
  const conversations = await createData(url);
  log(`Data: ${USERS} users (verified, password accounts), ${USERS / 2} service conversations.`);
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const pgVersion = String((await probe.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "?");
  await probe.end();

  if (!args.has("--skip-build")) {
    log("Building the application (npm run build) ...");
    const t0 = Date.now();
    const built = spawnSync("npm", ["run", "build"], { cwd: root, encoding: "utf8", shell: process.platform === "win32" });
    if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}\n${built.stderr}`);
    log(`  built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } else if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error("--skip-build given but build/server/index.js does not exist: run npm run build first.");
  }

  // Both processes must accept the same signed session cookies: one secret for both.
  const serverEnv = { AUTH_SECRET: `bench-realtime-${"x".repeat(40)}`, DATABASE_URL: url };
  const serverA = await startServer(root, url, log, { env: serverEnv, dataDirPrefix: "bench-realtime-a-" });
  servers.push(serverA);

  const t0 = performance.now();
  const cookies = await pool(USERS, SIGN_IN_CONCURRENCY, (i) => signIn(serverA.baseUrl, i));
  log(`Signed in ${USERS} users through the /auth form in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);

  const scenarios: ScenarioResult[] = [];
  scenarios.push(
    await runScenario({
      databaseUrl: url,
      name: "one process",
      description: `${USERS * TABS} streams on process A, messages sent through A`,
      streamServer: serverA,
      sendServer: serverA,
      cookies,
      conversations,
    }),
  );

  const serverB = await startServer(root, url, log, { env: serverEnv, dataDirPrefix: "bench-realtime-b-" });
  servers.push(serverB);
  scenarios.push(
    await runScenario({
      databaseUrl: url,
      name: "two processes",
      description: `${USERS * TABS} streams on process B, messages sent through process A (PostgreSQL LISTEN/NOTIFY between them)`,
      streamServer: serverB,
      sendServer: serverA,
      cookies,
      conversations,
    }),
  );
  await cleanup();

  const results: RealtimeResults = {
    benchmark: "realtime",
    date: new Date().toISOString(),
    machine: machineInfo(pgVersion),
    method: {
      streams: `${USERS} users × ${TABS} tabs = ${USERS * TABS} GET /api/events streams (plain node:http, one socket each), all 'ready' before sending`,
      signIn: "each user signs in once through the /auth form action (own X-Forwarded-For); its tabs share the session cookie",
      sends: `POST /api/conversations/{id}/messages?view=service (multipart text) at ${round(RATE, 2)}/s round-robin over the ${USERS} users (each every ${SENDER_GAP_MS / 1000} s: under 5 per minute), not waiting for answers, ${SEND_SECONDS} s per scenario`,
      latency: "performance.now() at the arrival of the chunk with the message.created event minus performance.now() before the POST; every (message, tab) of both participants; nearest-rank percentiles",
      warmupSeconds: WARMUP_SECONDS,
      drainTimeoutMs: DRAIN_TIMEOUT_MS,
      servers: "production build (node server/index.js, NODE_ENV=production, SEED_DEMO=false), own pg pool of 10 + 1 LISTEN connection each",
      note: "the benchmark client (1,000 streams + sends), the server process(es) and PostgreSQL share the same machine and its CPU cores",
    },
    targets: TARGETS,
    scenarios,
    pass: {
      singleProcessP95: scenarios[0]!.latency.p95 < TARGETS.singleProcessP95Ms,
      noLoss: scenarios.every((s) => s.deliveries.lost === 0 && s.messages.failed === 0 && s.streamsDropped === 0),
    },
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };

  log();
  log(renderMarkdown(results));
  log();
  log(`  ${results.pass.singleProcessP95 ? "PASS" : "FAIL"}  one process: p95 ${scenarios[0]!.latency.p95} ms < ${TARGETS.singleProcessP95Ms} ms`);
  log(`  ${results.pass.noLoss ? "PASS" : "FAIL"}  no lost deliveries, failed sends or dropped streams`);

  if (!quick) {
    const outDir = path.join(root, "bench", "results");
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "realtime.json"), `${JSON.stringify(results, null, 2)}\n`);
    updateReadme(path.join(root, "bench", "README.md"), renderMarkdown(results), "realtime");
    log("Wrote bench/results/realtime.json and the table in bench/README.md.");
  }
  if (!args.has("--keep")) await dropDatabase(url);
  log(`Done in ${Math.round((Date.now() - started) / 1000)} s.`);
  if (!results.pass.noLoss) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (error: unknown) => {
    await cleanup().catch(() => undefined);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
