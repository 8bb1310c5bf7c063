// Whether a figure was measured on a busy machine: the 1-minute load average before and after
// each result, against the number of cores. A result is "noisy" when the load average exceeded
// the core count at either point. The load average counts every runnable process on the machine,
// the benchmark's own (its client, the server, PostgreSQL backends) included, so a phase that
// saturates the cores by itself can raise the figure "after" on its own.
import os from "node:os";
import { round } from "./stats";

export interface LoadAverage {
  /** 1-minute load average when the measurement started and when it ended. */
  before: number;
  after: number;
  /** os.availableParallelism(): the cores this process may run on. */
  cores: number;
  noisy: boolean;
}

export const cores = (): number => os.availableParallelism();

export const loadNow = (): number => round(os.loadavg()[0]!);

export function loadAverage(before: number, after: number): LoadAverage {
  const n = cores();
  return { before: round(before), after: round(after), cores: n, noisy: before > n || after > n };
}

/** Runs `fn` and records the load average before and after it. */
export async function withLoad<T>(fn: () => Promise<T>): Promise<{ value: T; load: LoadAverage }> {
  const before = loadNow();
  const value = await fn();
  return { value, load: loadAverage(before, loadNow()) };
}

/** Several results as one: the first "before", the last "after", noisy if any was. */
export function combineLoads(loads: readonly LoadAverage[]): LoadAverage {
  if (loads.length === 0) return loadAverage(loadNow(), loadNow());
  return { ...loadAverage(loads[0]!.before, loads[loads.length - 1]!.after), noisy: loads.some((l) => l.noisy) };
}

/** " (noisy)" for a noisy result, else "". */
export const noisyMark = (load: LoadAverage | undefined | null): string => (load?.noisy ? " (noisy)" : "");

/** "load 1.2 → 3.4 of 2 cores (noisy)". */
export const describeLoad = (load: LoadAverage): string => `load ${load.before} → ${load.after} of ${load.cores} cores${noisyMark(load)}`;
