// WEB_CONCURRENCY: several processes of the app share one port (node:cluster). Plain JavaScript,
// loaded by server/index.js before the application bundle: the primary process only starts,
// watches and stops its workers, each of which is the whole app (ADR 013).
import cluster from "node:cluster";
import os from "node:os";

/**
 * How many worker processes to run: WEB_CONCURRENCY (1–64), by default the number of cores.
 * Only with PostgreSQL (DATABASE_URL): the embedded database is a directory one process owns.
 * Returns an error text for a value that is not a whole number in range.
 */
export function workerCount(env, cores = os.availableParallelism()) {
  const raw = (env.WEB_CONCURRENCY ?? "").trim();
  // The default never refuses to start: one per core, at most 64. (Each worker has its own pool of
  // up to 10 connections plus one for LISTEN: size PostgreSQL's max_connections for all of them.)
  const wanted = raw === "" ? Math.min(Math.max(cores, 1), 64) : Number(raw);
  if (!/^\d*$/.test(raw) || !Number.isInteger(wanted) || wanted < 1 || wanted > 64) {
    return { error: `Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${raw}")` };
  }
  if (!env.DATABASE_URL) return { count: 1, embedded: wanted > 1 && raw !== "" };
  return { count: wanted };
}

/** One JSON log line in the app's format (the primary has no logger of its own). */
function logLine(level, msg) {
  const levels = { info: 30, warn: 40, error: 50, fatal: 60 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: new Date().toISOString(), pid: process.pid, msg })}\n`);
}

/**
 * The primary: starts one worker and waits until it listens (it applies the migrations and seeds,
 * so the others find them done), then the rest. A worker that dies is replaced; one that dies
 * before the first has ever listened stops everything (a configuration error, not a crash to
 * retry). SIGTERM and SIGINT go to every worker (each drains as a single process does); the
 * primary ends when they all have, with 0 if they all ended cleanly.
 */
export function runPrimary(count) {
  let stopping = false;
  let started = false;
  let failed = false;
  const live = new Set();
  const fork = () => live.add(cluster.fork().id);

  // Workers that have started serving: only their end counts for the exit status of a shutdown.
  const serving = new Set();
  cluster.on("listening", (worker) => {
    serving.add(worker.id);
    if (started) return;
    started = true;
    logLine("info", `Worker ${worker.process.pid} is listening; starting ${count - 1} more (WEB_CONCURRENCY=${count}).`);
    for (let i = 1; i < count; i++) fork();
  });
  cluster.on("exit", (worker, code, signal) => {
    const wasServing = serving.delete(worker.id);
    live.delete(worker.id);
    if (stopping) {
      // The exit status tells how the shutdown went: a worker replaced earlier does not count,
      // nor one still starting (the signal ends it before it has set up its own handling).
      if (wasServing && (code !== 0 || signal)) failed = true;
      if (live.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!started) {
      logLine("fatal", `The first worker exited (${signal ?? code}) before it listened; stopping.`);
      process.exit(typeof code === "number" && code !== 0 ? code : 1);
    }
    logLine("error", `Worker ${worker.process.pid} exited (${signal ?? code}); starting a new one.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, 1_000).unref();
  });

  const stop = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker) continue;
      // A serving worker stops as a single process would (a second stop skips the delay); it hears
      // this from here only, since a signal sent to the whole process group (systemd, Ctrl-C,
      // dumb-init) reaches it too and would count twice. One still starting just ends.
      if (serving.has(worker.id)) worker.send({ type: "stop", signal });
      else worker.process.kill(signal);
    }
    if (live.size === 0) process.exit(failed ? 1 : 0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  fork();
}
