// The realtime benchmark's figures: which deliveries were expected and arrived, and their latencies.
import { performance } from "node:perf_hooks";
import { withClient } from "./database";
import type { ScenarioResult } from "./realtime-report";
import type { Send } from "./realtime-send";
import type { StreamSet, Tab } from "./realtime-streams";
import { summarize } from "./stats";

/** The tabs a message must reach: all tabs of its recipient and of its sender. */
export const expectedTabs = (streams: StreamSet, s: Send): Tab[] => streams.tabs.filter((t) => t.user === s.recipient || t.user === s.sender);

/** How many (message, tab) deliveries the answered sends `ok` must make. */
export const expectedDeliveries = (streams: StreamSet, ok: Send[]): number => ok.reduce((n, s) => n + expectedTabs(streams, s).length, 0);

/** How many (message, tab) pairs of the sends `ok` have arrived so far (each tab counted once). */
export const arrivedDeliveries = (streams: StreamSet, ok: Send[]): number =>
  ok.reduce((n, s) => n + new Set((streams.receipts.get(s.messageId!) ?? []).map((r) => r.tab)).size, 0);

/** messages.created_at (ms since the epoch, microsecond precision) of the given messages. */
export async function messageTimes(url: string, ids: string[]): Promise<Map<string, number>> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string; t: string }>(
      "select id, (extract(epoch from created_at) * 1000)::float8 as t from messages where id = any($1::uuid[])",
      [ids],
    );
    return new Map(rows.map((r) => [r.id, Number(r.t)]));
  });
}

export type DeliveryStats = Pick<
  ScenarioResult,
  "deliveries" | "latency" | "latencyIncludingWarmup" | "latencyRecipientTabs" | "latencySenderTabs" | "sendRequest" | "split" | "fanoutSpread"
>;

/**
 * The deliveries of the answered sends `ok` (message ids set) on `streams`, with `createdAt` from
 * messageTimes: counts (lost, duplicates, events of messages not sent) and latency summaries
 * (nearest rank; warm-up sends only in the counts and latencyIncludingWarmup).
 */
export function deliveryStats(streams: StreamSet, ok: Send[], createdAt: Map<string, number>): DeliveryStats {
  const expectedTotal = expectedDeliveries(streams, ok);
  const toWall = (t: number) => performance.timeOrigin + t;
  const requestToTransaction: number[] = [];
  const transactionToArrival: number[] = [];
  const latency: number[] = [];
  const all: number[] = [];
  const recipientTabs: number[] = [];
  const senderTabs: number[] = [];
  const spreads: number[] = [];
  let received = 0;
  let duplicates = 0;
  for (const s of ok) {
    const receipts = streams.receipts.get(s.messageId!) ?? [];
    const seen = new Set<number>();
    const expected = new Set(expectedTabs(streams, s).map((t) => t.index));
    let first = Infinity;
    let last = -Infinity;
    const txStart = createdAt.get(s.messageId!);
    if (!s.warmup && txStart !== undefined) requestToTransaction.push(txStart - toWall(s.start));
    for (const r of receipts) {
      if (!expected.has(r.tab)) continue;
      if (seen.has(r.tab)) {
        duplicates++;
        continue;
      }
      seen.add(r.tab);
      received++;
      const ms = r.at - s.start;
      first = Math.min(first, r.at);
      last = Math.max(last, r.at);
      all.push(ms);
      if (s.warmup) continue;
      latency.push(ms);
      if (txStart !== undefined) transactionToArrival.push(toWall(r.at) - txStart);
      (streams.tabs[r.tab]!.user === s.recipient ? recipientTabs : senderTabs).push(ms);
    }
    if (seen.size > 1) spreads.push(last - first);
  }
  const sentIds = new Set(ok.map((s) => s.messageId!));
  let unexpected = 0;
  for (const [id, list] of streams.receipts) if (!sentIds.has(id)) unexpected += list.length;
  return {
    deliveries: { expected: expectedTotal, received, lost: expectedTotal - received, duplicates, unexpected },
    latency: summarize(latency),
    latencyIncludingWarmup: summarize(all),
    latencyRecipientTabs: summarize(recipientTabs),
    latencySenderTabs: summarize(senderTabs),
    sendRequest: summarize(ok.filter((s) => !s.warmup).map((s) => s.answered - s.start)),
    split: { requestToTransaction: summarize(requestToTransaction), transactionToArrival: summarize(transactionToArrival) },
    fanoutSpread: summarize(spreads),
  };
}
