// One virtual user of the load benchmark: signs in (or stays anonymous), keeps its event stream
// open, and loops over the mix of load-config.ts with a think time between steps. What its
// browser tab would do on an event (re-read the chat, fetch an attachment, refresh the counts)
// runs beside the loop, as a tab's JavaScript does.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { sleep } from "./async";
import { MIX, PASSWORD, SEARCH_TERMS, pick, seeded, type LoadConfig, type RouteClass } from "./load-config";
import type { LoadData, LoadService } from "./load-data";
import { userEmail } from "./load-data";
import { decoded, multipart, request, text, type Answer, type Recorder } from "./load-http";
import type { RoundRobinProxy } from "./load-proxy";
import { UserStream } from "./load-streams";
import { SERVICE_CATEGORIES } from "~/features/services/categories";

export interface SentMessage {
  id: string;
  sender: number;
  recipient: number;
  conversationId: string;
  withFile: boolean;
  /** performance.now() before the request, and when its answer was read. */
  start: number;
  answered: number;
  /** The app process that stored it. */
  via: string | undefined;
}

export interface Arrival {
  at: number;
  /** The app process whose stream carried it. */
  process: string | undefined;
}

/** Every message sent, and where its message.created events arrived (first arrival per user). */
export class MessageLog {
  readonly sent = new Map<string, SentMessage>();
  readonly arrivals = new Map<string, Map<number, Arrival>>();
  duplicates = 0;
  /** Sends answered with an error (not messages: nothing was stored). */
  failedSends = 0;

  arrive(user: number, messageId: string, arrival: Arrival): void {
    let byUser = this.arrivals.get(messageId);
    if (!byUser) this.arrivals.set(messageId, (byUser = new Map()));
    if (byUser.has(user)) this.duplicates++;
    else byUser.set(user, arrival);
  }

  /** Messages whose recipient has had its event (what the drain waits for). */
  delivered(): number {
    let n = 0;
    for (const m of this.sent.values()) if (this.arrivals.get(m.id)?.has(m.recipient)) n++;
    return n;
  }
}

/** What every user shares: where to send requests, the data, the records, the stop signal. */
export interface World {
  base: URL;
  config: LoadConfig;
  data: LoadData;
  recorder: Recorder;
  proxy: RoundRobinProxy;
  messages: MessageLog;
  stopping: () => boolean;
  /** Chats start once every signed-in user's stream is open (a message to a user without one could not arrive). */
  chatsOpen: () => boolean;
}

const ORIGIN_OK = new Set([200, 201, 204]);

/** A file to attach: a small PDF or a plain-text file of 5–100 KB. */
function attachment(random: () => number, k: number): { field: string; name: string; type: string; data: Buffer } {
  const size = 5_000 + Math.floor(random() * 95_000);
  if (k % 2 === 0) {
    const head = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
    const tail = "trailer\n<< /Root 1 0 R >>\n%%EOF\n";
    const filler = `% ${"Angebot ".repeat(Math.ceil(size / 8))}`.slice(0, Math.max(0, size - head.length - tail.length - 1));
    return { field: "file", name: `Angebot ${k}.pdf`, type: "application/pdf", data: Buffer.from(`${head}${filler}\n${tail}`, "latin1") };
  }
  const line = "Leistungsbeschreibung, Termine und Preise wie besprochen.\n";
  return { field: "file", name: `Notizen ${k}.txt`, type: "text/plain", data: Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size), "utf8") };
}

export class VirtualUser {
  readonly random: () => number;
  /**
   * A browser's connections: keep-alive, at most 6. The `timeout` makes Node's agent honour the
   * server's `Keep-Alive: timeout=5` (it then drops an idle connection 1 s before the server
   * would; without an agent timeout Node 20 ignores the hint and races the server's close).
   */
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 6, timeout: 30_000 });
  signedIn: boolean;
  cookie = "";
  stream: UserStream | undefined;
  steps = 0;
  private lastSend = Number.NEGATIVE_INFINITY;
  private sends = 0;
  /** Services this user chats about (their sellers are other signed-in users), and the conversation of each once opened. */
  private readonly partners: LoadService[];
  private readonly conversations = new Map<string, string>();
  private countsTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<Promise<void>>();
  /** The client address this user's requests come from (X-Forwarded-For through the proxy). */
  private readonly address: string;

  constructor(
    readonly index: number,
    private readonly world: World,
  ) {
    this.random = seeded(world.config.seed * 1000 + index + 1);
    this.signedIn = index < world.config.signedIn;
    this.address = `10.88.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    const others = world.data.services.filter((s) => s.owner !== index);
    this.partners = Array.from({ length: 3 }, () => others[Math.floor(this.random() * others.length)]!);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      "User-Agent": "bench-load",
      "X-Forwarded-For": this.address,
      ...(this.cookie ? { Cookie: this.cookie } : {}),
      ...extra,
    };
  }

  /** A request of `name`'s class; `ok` judges the answer. Returns the answer, or null after a network error. */
  private async call(
    name: RouteClass,
    path: string,
    options: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: Buffer | string },
    ok: (a: Answer) => boolean,
  ): Promise<Answer | null> {
    const started = performance.now();
    try {
      const a = await request(this.agent, this.world.base, path, { ...options, headers: this.headers(options.headers), timeoutMs: this.world.config.requestTimeoutMs });
      const good = ok(a);
      this.world.recorder.answer(name, a, good, this.world.proxy.backendOf(a.localPort), good ? undefined : `${options.method ?? "GET"} ${path} ${bodyHint(a)}`);
      return a;
    } catch (error) {
      this.world.recorder.failure(name, `${options.method ?? "GET"} ${path}: ${error instanceof Error ? error.message : String(error)}`, performance.now() - started);
      return null;
    }
  }

  private post(name: RouteClass, path: string, body: Buffer | string, contentType: string, ok: (a: Answer) => boolean, accept?: string) {
    const headers: Record<string, string> = { Origin: this.world.base.origin };
    if (contentType) headers["Content-Type"] = contentType;
    if (accept) headers.Accept = accept;
    return this.call(name, path, { method: "POST", body, headers }, ok);
  }

  /**
   * Signs in through the /auth form action (302 with the session cookie), then opens the event
   * stream. A user whose sign-in fails (an error of its class) goes on anonymously.
   */
  async start(): Promise<void> {
    if (!this.signedIn) return;
    try {
      await this.signIn();
    } catch (error) {
      this.signedIn = false;
      this.cookie = "";
      this.stream?.close();
      this.stream = undefined;
      this.startError = error instanceof Error ? error.message : String(error);
    }
  }

  /** Why start() fell back to anonymous, if it did. */
  startError: string | undefined;

  private async signIn(): Promise<void> {
    const body = new URLSearchParams({ intent: "signIn", redirectTo: "/services", email: userEmail(this.index), password: PASSWORD }).toString();
    const a = await this.post("sign-in", "/auth", body, "application/x-www-form-urlencoded", (x) => (x.status === 302 || x.status === 303) && sessionCookies(x).length > 0);
    const cookies = a ? sessionCookies(a) : [];
    if (cookies.length === 0) throw new Error(`User ${this.index} could not sign in (${a?.status ?? "network error"}).`);
    this.cookie = cookies.join("; ");
    this.stream = new UserStream(
      this.index,
      this.world.base,
      this.cookie,
      this.world.recorder,
      this.world.proxy,
      { messageCreated: (user, cid, mid, at) => this.onMessage(user, cid, mid, at), counts: () => this.refreshCounts() },
      this.world.config.requestTimeoutMs,
    );
    await this.stream.open();
  }

  /** The loop: a step, a think time, until the stop signal. */
  async run(): Promise<void> {
    while (!this.world.stopping()) {
      await this.step();
      this.steps++;
      await this.think();
    }
    await Promise.all(this.pending);
  }

  private think() {
    const { min, max } = this.world.config.thinkMs;
    return sleep(min + this.random() * (max - min));
  }

  private async step(): Promise<void> {
    let step: string = this.signedIn ? pick(MIX.signedIn, this.random) : pick(MIX.anonymous, this.random);
    if (step === "chat" && (!this.world.chatsOpen() || performance.now() - this.lastSend < this.world.config.senderGapMs)) step = "browse";
    switch (step) {
      case "browse":
        return this.browse();
      case "search":
        return void (await this.call("search", `/services?q=${encodeURIComponent(this.choose(SEARCH_TERMS))}`, {}, okStatus));
      case "detail":
        return this.detail(this.choose(this.world.data.services).id);
      case "favourite":
        return this.favourite();
      case "chat":
        return this.chat();
    }
  }

  private choose<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private browse() {
    const params = new URLSearchParams();
    const r = this.random();
    if (r < 0.25) params.set("category", this.choose(SERVICE_CATEGORIES));
    else if (r < 0.4) params.set("sort", this.choose(["rating", "price-low", "price-high", "views"]));
    const page = 1 + Math.floor(this.random() * this.random() * 5); // mostly the first pages
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return this.call("browse", `/services${query ? `?${query}` : ""}`, {}, okStatus).then(() => undefined);
  }

  /** The detail page, then the view count its script posts. */
  private async detail(id: string) {
    const page = await this.call("detail", `/services/${id}`, {}, okStatus);
    if (page?.status === 200) await this.post("view", `/services/${id}/view`, "", "", okStatus);
  }

  /** The detail page, then the favourite button (its fetcher posts to the route's data URL). */
  private async favourite() {
    const service = this.choose(this.world.data.services);
    await this.detail(service.id);
    await this.think();
    const body = new URLSearchParams({ intent: "favorite", on: this.random() < 0.6 ? "1" : "0" }).toString();
    await this.post("favourite", `/services/${service.id}.data`, body, "application/x-www-form-urlencoded", (a) => a.status === 200);
  }

  /** Opens the chat about one of the partner services (first time: POST /chats), reads the page, writes, sends. */
  private async chat() {
    const service = this.choose(this.partners);
    let conversationId = this.conversations.get(service.id);
    if (!conversationId) {
      const body = new URLSearchParams({ serviceId: service.id }).toString();
      const a = await this.post("chat-open", "/chats", body, "application/x-www-form-urlencoded", (x) => x.status === 302 && /\/chats\/[0-9a-f-]{36}$/.test(String(x.headers.location)));
      const id = a ? /\/chats\/([0-9a-f-]{36})$/.exec(String(a.headers.location ?? ""))?.[1] : undefined;
      if (!id) return;
      this.conversations.set(service.id, (conversationId = id));
    }
    await this.call("chat-page", `/chats/${conversationId}`, {}, okStatus);
    await this.think();
    if (this.world.stopping()) return;
    const k = ++this.sends;
    const withFile = this.random() < this.world.config.fileShare;
    const form = multipart({ text: `Hallo, ist die Leistung noch verfügbar? (${this.index}/${k})` }, withFile ? attachment(this.random, k) : undefined);
    this.lastSend = performance.now();
    const start = performance.now();
    let messageId: string | undefined;
    const a = await this.post(withFile ? "upload" : "send", `/api/conversations/${conversationId}/messages`, form.body, form.contentType, (x) => {
      if (x.status !== 200) return false;
      try {
        const parsed = JSON.parse(text(x)) as { ok?: boolean; sent?: { id?: string } };
        messageId = parsed.ok ? parsed.sent?.id : undefined;
      } catch {
        return false;
      }
      return Boolean(messageId);
    }, "application/json");
    if (!messageId) {
      this.world.messages.failedSends++;
      return;
    }
    this.world.messages.sent.set(messageId, {
      id: messageId,
      sender: this.index,
      recipient: service.owner,
      conversationId,
      withFile,
      start,
      answered: performance.now(),
      via: this.world.proxy.backendOf(a?.localPort),
    });
  }

  /** This user's stream carried a message.created: record it; as the recipient, read the chat as the open tab would. */
  private onMessage(user: number, conversationId: string, messageId: string, at: number): void {
    this.world.messages.arrive(user, messageId, { at, process: this.stream?.process });
    this.refreshCounts();
    const sent = this.world.messages.sent.get(messageId);
    // The sender's own tab already shows its message (the send's answer); the other participant re-reads.
    if (sent?.sender === this.index) return;
    this.track(this.readChat(conversationId, messageId));
  }

  private async readChat(conversationId: string, messageId: string) {
    const a = await this.call("chat-read", `/api/conversations/${conversationId}/messages?after=${messageId}`, { headers: { Accept: "application/json" } }, okStatus);
    if (a?.status !== 200) return;
    let file: { url: string; size: number } | null | undefined;
    try {
      const page = JSON.parse(text(a)) as { messages: { id: string; mine: boolean; file: { url: string; size: number } | null }[] };
      const message = page.messages.find((m) => m.id === messageId);
      if (message?.mine) return; // our own, from another of our tabs' point of view
      file = message?.file;
    } catch {
      this.world.recorder.failure("chat-read", `unparsable answer for ${conversationId}`);
      return;
    }
    if (file) {
      const size = file.size;
      await this.call("attachment", file.url, {}, (x) => x.status === 200 && decoded(x).length === size);
    }
  }

  /** Any event makes the tab re-read its badges (one request per burst, 50 ms after the last event). */
  private refreshCounts(): void {
    clearTimeout(this.countsTimer);
    this.countsTimer = setTimeout(() => {
      if (!this.world.stopping()) this.track(this.call("counts", "/api/counts", { headers: { Accept: "application/json" } }, okStatus).then(() => undefined));
    }, 50);
  }

  private track(p: Promise<void>) {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  close(): void {
    clearTimeout(this.countsTimer);
    this.stream?.close();
    this.agent.destroy();
  }
}

const okStatus = (a: Answer) => ORIGIN_OK.has(a.status);

function sessionCookies(a: Answer): string[] {
  const set = a.headers["set-cookie"] ?? [];
  const cookies = set.map((c) => c.split(";")[0]!);
  return cookies.some((c) => c.includes("session_token=")) ? cookies.filter((c) => !c.endsWith("=")) : [];
}

/** The start of an error answer's body, for the report. */
function bodyHint(a: Answer): string {
  try {
    return text(a).replace(/\s+/g, " ").slice(0, 160);
  } catch {
    return "";
  }
}
