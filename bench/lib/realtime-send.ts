// The realtime benchmark's sends: POST /api/conversations/{id}/messages at RATE per second,
// round-robin over the users, without waiting for answers.
import { performance } from "node:perf_hooks";
import { sleep } from "./async";
import { partner, RATE, SENDER_GAP_MS, USERS } from "./realtime-config";

export interface Send {
  k: number;
  sender: number;
  recipient: number;
  /** performance.now() just before the request. */
  start: number;
  /** performance.now() when the answer's body was read. */
  answered: number;
  messageId: string | null;
  status: number;
  error?: string;
  warmup: boolean;
}

/** The last send time of every user across both phases (keeps each under 5 per minute). */
const lastSent = new Map<number, number>();
let roundRobin = 0;

async function sendMessage(baseUrl: string, cookie: string, conversationId: string): Promise<{ status: number; id: string | null; error?: string }> {
  const form = new FormData();
  form.set("text", `Benchmark-Nachricht ${roundRobin}`);
  const res = await fetch(`${baseUrl}/api/conversations/${conversationId}/messages?view=service`, {
    method: "POST",
    body: form,
    headers: { Origin: baseUrl, Cookie: cookie, Accept: "application/json" },
  });
  const text = await res.text();
  try {
    // The API answers { ok: true, sent } or { ok: false, reason, message }.
    const body = JSON.parse(text) as { ok?: boolean; sent?: { id?: string }; reason?: string; message?: unknown };
    if (res.ok && body.ok && body.sent?.id) return { status: res.status, id: body.sent.id };
    const error = [body.reason, typeof body.message === "string" ? body.message : undefined].filter(Boolean).join(": ");
    return { status: res.status, id: null, error: error || text.slice(0, 120) };
  } catch {
    return { status: res.status, id: null, error: text.slice(0, 120) };
  }
}

/**
 * Sends at RATE messages per second for `seconds`, round-robin over the users, without waiting for answers;
 * the sends of the first `warmupSeconds` are marked as warm-up.
 */
export async function sendPhase(baseUrl: string, cookies: string[], conversations: string[], seconds: number, warmupSeconds: number): Promise<Send[]> {
  const count = Math.round(seconds * RATE);
  const interval = 1000 / RATE;
  const sends: Send[] = [];
  const pending: Promise<void>[] = [];
  const t0 = performance.now() + 50;
  for (let j = 0; j < count; j++) {
    const sender = roundRobin++ % USERS;
    const due = Math.max(t0 + j * interval, (lastSent.get(sender) ?? -Infinity) + SENDER_GAP_MS);
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    lastSent.set(sender, performance.now());
    const send: Send = {
      k: roundRobin,
      sender,
      recipient: partner(sender),
      start: performance.now(),
      answered: 0,
      messageId: null,
      status: 0,
      warmup: j < warmupSeconds * RATE,
    };
    sends.push(send);
    pending.push(
      sendMessage(baseUrl, cookies[sender]!, conversations[sender]!).then(
        (r) => {
          send.answered = performance.now();
          send.status = r.status;
          send.messageId = r.id;
          send.error = r.error;
        },
        (error: unknown) => {
          send.answered = performance.now();
          send.error = error instanceof Error ? error.message : String(error);
        },
      ),
    );
  }
  await Promise.all(pending);
  return sends;
}
