// The virtual users' HTTP: plain node:http requests through the proxy on a keep-alive agent per
// user (a browser's own connections), and the record of every answer by route class.
import http from "node:http";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { ROUTE_CLASSES, type RouteClass } from "./load-config";
import { summarize, type LatencySummary } from "./stats";

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as received (possibly gzip-compressed: see `text`). */
  body: Buffer;
  ms: number;
  /** The local port of the connection it came on (to ask the proxy which process answered). */
  localPort: number | undefined;
  /** Sent a second time after its reused connection closed before any answer (see request). */
  retried?: boolean;
}

/** The body, decompressed if the server compressed it. */
export function decoded(answer: Answer): Buffer {
  const encoding = String(answer.headers["content-encoding"] ?? "");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body);
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body);
  if (encoding === "deflate") return zlib.inflateSync(answer.body);
  return answer.body;
}

/** The body as text, decompressed if the server compressed it. */
export function text(answer: Answer): string {
  return decoded(answer).toString("utf8");
}

export interface RequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs: number;
}

/**
 * One request; rejects on a network error or after `timeoutMs` (the whole exchange). A GET whose
 * reused keep-alive connection was closed by the other end before any answer (the server closed it
 * as idle while the request was on its way: "socket hang up") is sent once more on a new
 * connection, as browsers do and as Node's documentation suggests (`req.reusedSocket`); the answer
 * says so (`retried`), its time includes both attempts.
 */
export async function request(agent: http.Agent, base: URL, path: string, options: RequestOptions): Promise<Answer> {
  const started = performance.now();
  try {
    return await attempt(agent, base, path, options, started);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((options.method ?? "GET") !== "GET" || code !== "ECONNRESET" || !(error as { reusedSocket?: boolean }).reusedSocket) throw error;
    return { ...(await attempt(agent, base, path, options, started)), retried: true };
  }
}

function attempt(agent: http.Agent, base: URL, path: string, options: RequestOptions, started: number): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    let localPort: number | undefined;
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? "GET",
        agent,
        headers: {
          // What a browser sends: the server compresses pages and JSON (not event streams).
          "Accept-Encoding": "gzip",
          ...(options.body !== undefined ? { "Content-Length": String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started, localPort });
        });
        res.on("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    const remaining = options.timeoutMs - (performance.now() - started);
    const timer = setTimeout(() => req.destroy(new Error(`timeout after ${options.timeoutMs} ms`)), remaining);
    req.on("socket", (socket) => {
      if (socket.localPort !== undefined) localPort = socket.localPort;
      else socket.once("connect", () => (localPort = socket.localPort));
    });
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(Object.assign(error, { reusedSocket: req.reusedSocket }));
    });
    req.end(options.body);
  });
}

/** A multipart/form-data body (fields, then at most one file), as a browser's FormData posts it. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----benchload${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

interface ClassRecord {
  requests: number;
  retried: number;
  samples: number[];
  errors: number;
  statuses: Record<string, number>;
  /** The first few errors, for the report. */
  examples: string[];
  /** Answers by app process (from the proxy), for the requests it could attribute. */
  byProcess: Record<string, number>;
}

export interface ClassSummary {
  name: RouteClass;
  what: string;
  requests: number;
  errors: number;
  /** Requests sent a second time after a keep-alive race (not errors: a browser does the same). */
  retried: number;
  statuses: Record<string, number>;
  byProcess: Record<string, number>;
  /** Latency of every answer of the class, errors included (network errors and timeouts have none). */
  latency: LatencySummary;
  errorExamples: string[];
}

/** Every answer by route class: latency, status, and errors (an unexpected status, a network error or a timeout). */
export class Recorder {
  private readonly classes = new Map<RouteClass, ClassRecord>();
  private record(name: RouteClass): ClassRecord {
    let r = this.classes.get(name);
    if (!r) this.classes.set(name, (r = { requests: 0, retried: 0, samples: [], errors: 0, statuses: {}, examples: [], byProcess: {} }));
    return r;
  }

  /** Records an answer; `ok` says whether its status was the expected one. */
  answer(name: RouteClass, answer: Answer, ok: boolean, process: string | undefined, detail?: string): void {
    const r = this.record(name);
    r.requests++;
    if (answer.retried) r.retried++;
    r.samples.push(answer.ms);
    r.statuses[answer.status] = (r.statuses[answer.status] ?? 0) + 1;
    if (process) r.byProcess[process] = (r.byProcess[process] ?? 0) + 1;
    if (!ok) {
      r.errors++;
      if (r.examples.length < 8) r.examples.push(`${answer.status} via ${process ?? "?"}${detail ? `: ${detail}` : ""}`);
    }
  }

  /** Records a request that got no answer (network error, timeout) or an answer of the wrong kind. */
  failure(name: RouteClass, message: string, ms?: number): void {
    const r = this.record(name);
    r.requests++;
    if (ms !== undefined) r.samples.push(ms);
    r.errors++;
    r.statuses.error = (r.statuses.error ?? 0) + 1;
    if (r.examples.length < 8) r.examples.push(message);
  }

  summary(): ClassSummary[] {
    return (Object.keys(ROUTE_CLASSES) as RouteClass[])
      .filter((name) => this.classes.has(name))
      .map((name) => {
        const r = this.classes.get(name)!;
        return {
          name,
          what: ROUTE_CLASSES[name],
          requests: r.requests,
          errors: r.errors,
          retried: r.retried,
          statuses: { ...r.statuses },
          byProcess: { ...r.byProcess },
          latency: summarize(r.samples),
          errorExamples: [...r.examples],
        };
      });
  }
}
