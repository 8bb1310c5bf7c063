// One scenario of the realtime benchmark: open all streams on one server, send through another
// (or the same), wait for the deliveries, and measure.
import { performance } from "node:perf_hooks";
import { sleep } from "./async";
import { log } from "./cli";
import type { RunningServer } from "./http";
import { meterPhase } from "./meter";
import { DRAIN_TIMEOUT_MS, RATE, SENDER_GAP_MS, TABS, USERS, type Timing } from "./realtime-config";
import { printScenario, type ScenarioResult } from "./realtime-report";
import { sendPhase } from "./realtime-send";
import { arrivedDeliveries, deliveryStats, expectedDeliveries, messageTimes } from "./realtime-stats";
import { StreamSet } from "./realtime-streams";
import { round } from "./stats";

export interface Scenario {
  databaseUrl: string;
  name: string;
  description: string;
  /** The process the streams are opened on. */
  streamServer: RunningServer;
  /** The process the messages are sent through. */
  sendServer: RunningServer;
  /** The session cookie of each user. */
  cookies: string[];
  /** The conversation of each user. */
  conversations: string[];
}

export async function runScenario(opts: Scenario, t: Timing): Promise<ScenarioResult> {
  const { streamServer, sendServer, cookies, conversations } = opts;
  log();
  log(`${opts.name}: ${opts.description}`);
  const streams = new StreamSet(streamServer.baseUrl, cookies);
  try {
    const openedMs = await streams.open();
    if (streams.ready !== USERS * TABS) throw new Error(`Only ${streams.ready} of ${USERS * TABS} streams are ready.`);
    log(`  ${streams.ready} streams ready in ${(openedMs / 1000).toFixed(1)} s`);
    await sleep(1000);

    const servers = [
      { pid: sendServer.pid, role: streamServer === sendServer ? "streams + sends" : "sends (A)" },
      ...(streamServer === sendServer ? [] : [{ pid: streamServer.pid, role: "streams (B)" }]),
    ];
    const phase = await meterPhase(servers, opts.databaseUrl, () => {
      log(`  sending ${Math.round(t.sendSeconds * RATE)} messages over ${t.sendSeconds} s (${RATE.toFixed(1)}/s, each user every ${SENDER_GAP_MS / 1000} s) ...`);
      return sendPhase(sendServer.baseUrl, cookies, conversations, t.sendSeconds, t.warmupSeconds);
    });
    const sends = phase.value;

    // Wait for the remaining deliveries (or the drain timeout: the missing ones are losses).
    const ok = sends.filter((s) => s.messageId);
    const expectedTotal = expectedDeliveries(streams, ok);
    const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
    while (arrivedDeliveries(streams, ok) < expectedTotal && performance.now() < drainUntil) await sleep(100);

    const createdAt = await messageTimes(opts.databaseUrl, ok.map((s) => s.messageId!));
    const stats = deliveryStats(streams, ok, createdAt);
    const failed = sends.filter((s) => !s.messageId);

    const result: ScenarioResult = {
      name: opts.name,
      description: opts.description,
      streams: USERS * TABS,
      users: USERS,
      tabsPerUser: TABS,
      streamsOpenedInMs: round(openedMs, 0),
      sendSeconds: round(phase.seconds, 1),
      messagesPerSecond: round(sends.length / phase.seconds, 1),
      messages: {
        sent: ok.length,
        failed: failed.length,
        failures: failed.slice(0, 5).map((s) => `user ${s.sender}: ${s.status} ${s.error ?? ""}`.trim()),
      },
      deliveries: stats.deliveries,
      latency: stats.latency,
      latencyIncludingWarmup: stats.latencyIncludingWarmup,
      latencyRecipientTabs: stats.latencyRecipientTabs,
      latencySenderTabs: stats.latencySenderTabs,
      sendRequest: stats.sendRequest,
      split: stats.split,
      fanoutSpread: stats.fanoutSpread,
      streamsDropped: streams.dropped,
      streamErrors: streams.errors.slice(0, 5),
      events: { ...streams.eventCounts },
      clientEventLoopDelayMs: phase.eventLoopDelayMs,
      cpu: phase.cpu,
    };
    printScenario(result, t.warmupSeconds);
    return result;
  } finally {
    streams.close();
  }
}
