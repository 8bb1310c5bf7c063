import type { RealtimeEvent, RealtimeHub } from "./realtime.server";

export interface EventStreamOptions {
  hub: RealtimeHub;
  userId: string;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** Whether the stream's session still exists; checked on every heartbeat and on 'session.ended'. */
  sessionValid: () => Promise<boolean>;
  heartbeatMs?: number;
  /**
   * Told when the stream opens, on each heartbeat and when it closes: presence (the user is
   * online while a stream is open; features/presence/presence.server.ts).
   */
  presence?: { opened(): void; beat(): void; closed(): void };
}

const encoder = new TextEncoder();

/**
 * One Server-Sent Events stream for one signed-in tab. It subscribes before anything is
 * written, so the browser's first 'ready' means every later event reaches it; the browser
 * re-reads what it shows on each 'ready' (first connect and reconnects alike).
 * The stream ends when its session is revoked (an 'end' event tells the browser not to retry).
 */
export function eventStreamResponse({ hub, userId, signal, sessionValid, heartbeatMs = 25_000, presence }: EventStreamOptions): Response {
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let seq = 0;
      const write = (chunk: string) => {
        if (closed) return;
        // A client that stopped reading gets its stream ended, not an ever-growing queue; it
        // reconnects and re-reads what it missed.
        if ((controller.desiredSize ?? 1) <= 0) return close();
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          close();
        }
      };
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        presence?.closed();
        unsubscribe();
        removeCloser();
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const end = (reason: string) => {
        write(`event: end\ndata: ${JSON.stringify({ reason })}\n\n`);
        close();
      };
      const checkSession = () => {
        sessionValid().then(
          (valid) => {
            if (!valid) end("session");
          },
          () => {},
        );
      };
      const send = (event: RealtimeEvent) => {
        if (event.type === "session.ended") return checkSession();
        seq++;
        write(`id: ${seq}\ndata: ${JSON.stringify(event)}\n\n`);
      };

      const unsubscribe = hub.subscribe(userId, send, () => end("limit"));
      const removeCloser = hub.onClose(() => end("shutdown"));
      const heartbeat = setInterval(() => {
        write(": ping\n\n");
        checkSession();
        presence?.beat();
      }, heartbeatMs);
      heartbeat.unref?.();
      signal.addEventListener("abort", close);
      cleanup = close;
      if (signal.aborted) return close();
      presence?.opened();
      write(`retry: 1000\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      cleanup();
    },
  }, new ByteLengthQueuingStrategy({ highWaterMark: 256 * 1024 }));
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
