// The signed-in users' event streams: one GET /api/events per user through the proxy, open for
// the whole run, read with plain node:http. A stream the server or the network closes is opened
// again after the `retry` the server asked for (1 s), as the browser's EventSource would.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { sleep } from "./async";
import type { Recorder } from "./load-http";
import type { RoundRobinProxy } from "./load-proxy";

export interface StreamHandlers {
  /** A message.created event reached this user's stream. */
  messageCreated(user: number, conversationId: string, messageId: string, at: number): void;
  /** A `counts` event (the browser re-reads its badges). */
  counts(user: number): void;
}

export const eventCounts: Record<string, number> = {};

export class UserStream {
  /** The app process the current connection went to. */
  process: string | undefined;
  connects = 0;
  /** Closed by the server or the network while it should have stayed open. */
  drops = 0;
  errors: string[] = [];
  private request: http.ClientRequest | undefined;
  private closing = false;
  private retryMs = 1000;

  constructor(
    private readonly user: number,
    private readonly base: URL,
    private readonly cookie: string,
    private readonly recorder: Recorder,
    private readonly proxy: RoundRobinProxy,
    private readonly handlers: StreamHandlers,
    private readonly timeoutMs: number,
  ) {}

  /** Connects and resolves once the stream has sent `ready` (rejects if the first connect fails). */
  async open(): Promise<void> {
    await this.connect();
  }

  private connect(): Promise<void> {
    const started = performance.now();
    this.connects++;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      let settled = false;
      let over = false;
      /** The connection ended (close or error, whichever comes first): a drop, or a failed connect. */
      const ended = (why: string, network = false) => {
        if (over || this.closing) return;
        over = true;
        if (!settled) {
          this.recorder.failure("events-connect", network ? `network: ${why}` : why);
          settle(new Error(`stream of user ${this.user}: ${why}`));
          return;
        }
        this.drops++;
        if (this.errors.length < 5) this.errors.push(`stream of user ${this.user} on ${this.process}: ${why}`);
        void this.reconnect();
      };
      const settle = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const timer = setTimeout(() => {
        over = true;
        this.recorder.failure("events-connect", `no ready within ${this.timeoutMs} ms`);
        request.destroy();
        settle(new Error(`stream of user ${this.user}: no ready within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: "/api/events",
          method: "GET",
          agent: false,
          headers: { Accept: "text/event-stream", Cookie: this.cookie, "Cache-Control": "no-cache" },
        },
        (response) => {
          this.process = this.proxy.backendOf(response.socket.localPort);
          if (response.statusCode !== 200 || !String(response.headers["content-type"]).includes("text/event-stream")) {
            over = true;
            response.resume();
            const ms = performance.now() - started;
            this.recorder.answer("events-connect", { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.alloc(0), ms, localPort: undefined }, false, this.process);
            settle(new Error(`stream of user ${this.user} answered ${response.statusCode}`));
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
              const kind = this.handle(block, at);
              if (kind === "ready" && !ready) {
                ready = true;
                const ms = at - started;
                this.recorder.answer("events-connect", { status: 200, headers: response.headers, body: Buffer.alloc(0), ms, localPort: undefined }, true, this.process);
                settle();
              }
            }
          });
          response.on("close", () => ended(ready ? "closed by the server or the network" : "closed before ready"));
        },
      );
      request.on("error", (error) => ended(error.message, true));
      request.end();
      this.request = request;
    });
  }

  /** Reconnects after the retry delay until it holds again (or the run ends). */
  private async reconnect(): Promise<void> {
    while (!this.closing) {
      await sleep(this.retryMs);
      if (this.closing) return;
      try {
        await this.connect();
        return;
      } catch {
        // counted by connect(); try again
      }
    }
  }

  /** One event block; returns its kind. */
  private handle(block: string, at: number): string {
    let event = "message";
    let data = "";
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data += line.slice(6);
      else if (line.startsWith("retry: ")) this.retryMs = Number(line.slice(7)) || this.retryMs;
      else if (line.startsWith(":")) event = "ping";
    }
    if (event !== "message") {
      eventCounts[event] = (eventCounts[event] ?? 0) + 1;
      return event;
    }
    let parsed: { type?: string; messageId?: string; conversationId?: string };
    try {
      parsed = JSON.parse(data) as typeof parsed;
    } catch {
      if (this.errors.length < 5) this.errors.push(`stream of user ${this.user}: unparsable data ${data.slice(0, 80)}`);
      return "invalid";
    }
    const type = parsed.type ?? "?";
    eventCounts[type] = (eventCounts[type] ?? 0) + 1;
    if (type === "message.created" && parsed.messageId && parsed.conversationId) this.handlers.messageCreated(this.user, parsed.conversationId, parsed.messageId, at);
    else if (type === "counts") this.handlers.counts(this.user);
    return type;
  }

  close(): void {
    this.closing = true;
    this.request?.destroy();
  }
}
