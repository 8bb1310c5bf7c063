// The realtime benchmark's clients: one GET /api/events stream per (user, tab), read with plain
// node:http (not EventSource), recording when each message.created event arrives on which tab.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { pool } from "./async";
import { OPEN_CONCURRENCY, READY_TIMEOUT_MS, TABS, USERS } from "./realtime-config";

export interface Receipt {
  tab: number;
  at: number;
}

export interface Tab {
  index: number;
  user: number;
  request?: http.ClientRequest;
  ready: boolean;
  /** Closed by the server or the network while it should have been open. */
  dropped: boolean;
  closing: boolean;
}

export class StreamSet {
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
