// The part of autocannon's programmatic API the benchmarks use (autocannon ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  /** One request of a sequence; setupRequest may change it before each send (its path, say). */
  interface RequestSpec {
    path?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: RequestSpec, context: Record<string, unknown>) => RequestSpec | null | undefined | false;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
    title?: string;
  }

  /** Histogram summary: p50, p90, p97_5, p99, p99_9, ... plus average, mean, stddev, min, max, total. */
  type Histogram = Record<string, number>;

  interface Result {
    url: string;
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    resets: number;
    mismatches: number;
  }

  interface Instance extends EventEmitter {
    stop(): void;
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: "done", listener: (result: Result) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Instance;

  export type { Options, RequestSpec, Result, Histogram, Instance };
  export default autocannon;
}
