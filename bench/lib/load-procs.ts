// What each process of the load benchmark costs: CPU time and memory sampled from /proc once a
// second (Linux; null elsewhere), plus the whole machine's CPU and the load average.
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { cpuSeconds, machineCpu } from "./meter";
import { round } from "./stats";

/** Resident memory now and at its peak (VmHWM), in MiB, from /proc/{pid}/status. */
export function memoryMiB(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
  } catch {
    return null;
  }
}

export interface ProcessUse {
  name: string;
  pid: number;
  /** CPU seconds (user + system) over the measured window. */
  cpuSeconds: number | null;
  /** The same per second of the window: cores in use on average (1 = one core busy all the time). */
  cpuCores: number | null;
  /** The busiest 10 s of the window (10–11 s between two samples), in cores. */
  cpuCoresPeak10s: number | null;
  rssMiB: { start: number | null; end: number | null; max: number | null };
  /** RSS (MiB) every 30 s of the window, to tell growth that levels off from growth that does not. */
  rssEvery30s: (number | null)[];
}

interface Sample {
  t: number;
  cpu: number | null;
  rss: number | null;
  peak: number | null;
}

/** Samples the given processes every second from start() to stop(). */
export class ProcessSampler {
  private readonly samples = new Map<number, Sample[]>();
  private timer: NodeJS.Timeout | undefined;
  private started = 0;
  private machineStart: { busy: number; total: number } | null = null;
  private loadStart = 0;

  constructor(private readonly processes: { name: string; pid: number }[]) {}

  private sample() {
    const t = performance.now();
    for (const { pid } of this.processes) {
      const mem = memoryMiB(pid);
      let list = this.samples.get(pid);
      if (!list) this.samples.set(pid, (list = []));
      list.push({ t, cpu: cpuSeconds(pid), rss: mem?.rss ?? null, peak: mem?.peak ?? null });
    }
  }

  start(): void {
    this.started = performance.now();
    this.machineStart = machineCpu();
    this.loadStart = os.loadavg()[0]!;
    this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }

  stop(): { processes: ProcessUse[]; seconds: number; machineBusyCores: number | null; loadAverage1m: { start: number; end: number } } {
    clearInterval(this.timer);
    this.sample();
    const seconds = (performance.now() - this.started) / 1000;
    const machineEnd = machineCpu();
    const processes = this.processes.map(({ name, pid }) => {
      const list = (this.samples.get(pid) ?? []).filter((s) => s.cpu !== null);
      const first = list[0];
      const last = list[list.length - 1];
      const cpu = first && last ? last.cpu! - first.cpu! : null;
      let peak: number | null = null;
      // Over each span of at least 10 s that starts at a sample (the shortest such span ending at each sample).
      for (let i = 0, j = 0; i < list.length; i++) {
        while (j + 1 < i && list[i]!.t - list[j + 1]!.t >= 10_000) j++;
        const span = (list[i]!.t - list[j]!.t) / 1000;
        if (span >= 10) peak = Math.max(peak ?? 0, (list[i]!.cpu! - list[j]!.cpu!) / span);
      }
      const rss = (this.samples.get(pid) ?? []).map((s) => s.rss).filter((v): v is number => v !== null);
      const hwm = (this.samples.get(pid) ?? []).map((s) => s.peak).filter((v): v is number => v !== null);
      const all = this.samples.get(pid) ?? [];
      const every30s: (number | null)[] = [];
      for (let due = 0, k = 0; k < all.length; k++) {
        if (all[k]!.t - this.started >= due) {
          every30s.push(all[k]!.rss === null ? null : round(all[k]!.rss!, 0));
          due += 30_000;
        }
      }
      return {
        name,
        pid,
        cpuSeconds: cpu === null ? null : round(cpu, 1),
        cpuCores: cpu === null ? null : round(cpu / seconds),
        cpuCoresPeak10s: peak === null ? null : round(peak),
        rssMiB: {
          start: rss.length ? round(rss[0]!, 0) : null,
          end: rss.length ? round(rss[rss.length - 1]!, 0) : null,
          max: rss.length || hwm.length ? round(Math.max(...rss, ...hwm), 0) : null,
        },
        rssEvery30s: every30s,
      };
    });
    return {
      processes,
      seconds: round(seconds, 1),
      machineBusyCores: this.machineStart && machineEnd ? round((machineEnd.busy - this.machineStart.busy) / seconds) : null,
      loadAverage1m: { start: round(this.loadStart), end: round(os.loadavg()[0]!) },
    };
  }
}
