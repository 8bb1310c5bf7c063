// What a phase of a benchmark costs (Linux /proc; null where it cannot be read): CPU of given
// processes, of the PostgreSQL backends of a database, of this process and of the whole machine,
// the load average, and this process's event-loop delay.
import fs from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { withClient } from "./database";
import { round } from "./stats";

/** CPU seconds (user + system) of a process from /proc (Linux; null elsewhere). */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/** Busy and total CPU time of the whole machine from /proc/stat, in seconds (Linux; null elsewhere). */
export function machineCpu(): { busy: number; total: number } | null {
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
export async function postgresCpu(url: string): Promise<Map<number, number> | null> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const byPid = new Map<number, number>();
    for (const { pid } of rows) {
      const v = cpuSeconds(pid);
      if (v === null) return null;
      byPid.set(pid, v);
    }
    return byPid;
  });
}

/**
 * CPU seconds used between two snapshots: backends present in both count their difference, backends
 * opened in between (the pools replace idle connections) count in full; backends that ended in
 * between are missed, so this is a lower bound.
 */
export function postgresDelta(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let sum = 0;
  for (const [pid, w] of after) sum += w - (before.get(pid) ?? 0);
  return sum;
}

/**
 * CPU in cores (CPU seconds per second of the phase): each server, the PostgreSQL backends of
 * the bench database (a lower bound, see postgresDelta), the benchmark process, and the whole
 * machine (everything else running on it included).
 */
export interface CpuUse {
  serverSecondsPerSecond: { pid: number; role: string; value: number | null }[];
  postgresSecondsPerSecond: number | null;
  clientSecondsPerSecond: number;
  machineBusyCores: number | null;
  loadAverage1m: { start: number; end: number };
}

export interface MeteredPhase<T> {
  value: T;
  seconds: number;
  cpu: CpuUse;
  /** Event-loop delay of this process during the phase. */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
}

/** Runs `phase` and measures what it costs the servers, the database `databaseUrl`, this process and the machine. */
export async function meterPhase<T>(servers: { pid: number; role: string }[], databaseUrl: string, phase: () => Promise<T>): Promise<MeteredPhase<T>> {
  const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
  const pgBefore = await postgresCpu(databaseUrl);
  const machineBefore = machineCpu();
  const loadStart = os.loadavg()[0]!;
  const clientBefore = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const phaseStart = performance.now();
  const value = await phase();
  const phaseSeconds = (performance.now() - phaseStart) / 1000;
  loop.disable();
  const clientUsage = process.cpuUsage(clientBefore);
  const cpuAfter = servers.map((s) => cpuSeconds(s.pid));
  const machineAfter = machineCpu();
  const pgAfter = await postgresCpu(databaseUrl);
  const loadEnd = os.loadavg()[0]!;
  const pgUsed = postgresDelta(pgBefore, pgAfter);
  return {
    value,
    seconds: phaseSeconds,
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
    eventLoopDelayMs: {
      p50: round(loop.percentile(50) / 1e6),
      p99: round(loop.percentile(99) / 1e6),
      max: round(loop.max / 1e6),
    },
  };
}
