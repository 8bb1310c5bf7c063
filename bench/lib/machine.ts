import os from "node:os";
import { round } from "./stats";

/** What a benchmark ran on, recorded with its figures (they only compare within one machine). */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  platform: string;
  node: string;
  postgres: string;
}

export function machineInfo(postgres: string): MachineInfo {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "?",
    memoryGiB: round(os.totalmem() / 1024 ** 3, 1),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    postgres,
  };
}
