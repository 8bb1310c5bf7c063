// The Express host: compression, static assets with long-lived caching, the
// application module, and graceful shutdown. Plain JavaScript so that it runs
// with `node` directly; everything else is TypeScript bundled by Vite.
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const development = process.argv.includes("--dev");

const host = express();
host.disable("x-powered-by");
host.set("trust proxy", "loopback");
// Once the listener is closing, every answer ends its connection: a client that keeps sending on a
// kept-alive connection (a load balancer, a health check every few ms) would otherwise hold the
// server open until the forced exit.
let closing = false;
host.use((_req, res, next) => {
  if (closing) res.setHeader("Connection", "close");
  next();
});
host.use(
  compression({
    // Server-Sent Events must reach the client as they are written.
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
  }),
);

let appModule;
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ root, server: { middlewareMode: true } });
  host.use(viteServer.middlewares);
  appModule = await viteServer.ssrLoadModule("./server/app.ts");
  host.use(async (req, res, next) => {
    try {
      const fresh = await viteServer.ssrLoadModule("./server/app.ts");
      return fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const clientDir = path.join(root, "build", "client");
  // Hashed file names never change their content: cache them for a year.
  host.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  // The other public files (favicon, ...) by name: asking the disk for every page's path first
  // cost a failed stat and an error object with a stack trace per request.
  const publicEntries = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets"));
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  host.use((req, res, next) => (publicEntries.has(req.path.split("/")[1] ?? "") ? publicFiles(req, res, next) : next()));
  appModule = await import(path.join(root, "build", "server", "index.js"));
  host.use(appModule.app);
}

const { log } = appModule;
let config;
try {
  config = await appModule.startup();
} catch (error) {
  // A configuration error is one clear line for the operator, not a log record; other start-up errors are logged with their stack.
  if (error instanceof Error && error.name === "ConfigError") console.error(error.message);
  else log.fatal({ err: error }, "Start-up failed");
  process.exit(1);
}

const server = host.listen(config.port, () => {
  log.info(`Marktplatz läuft auf ${config.baseUrl} (Port ${config.port}, Datenbank: ${config.engine}${cluster.isWorker ? `, Prozess ${process.pid}` : ""})`);
});
// A load balancer keeps idle connections to the app open and reuses them (AWS ALB: 60 s). If the
// app closed them first (Node's default: after 5 s), a request sent at that moment would fail
// with a 502. So the app waits longer than any common balancer; headersTimeout must exceed it.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("error", (error) => {
  if (error.code === "EADDRINUSE") log.fatal(`Port ${config.port} is already in use (set PORT to use another).`);
  else log.fatal({ err: error }, "The server could not listen");
  process.exit(1);
});

let stopping = false;
let endDelay = () => {};
async function stop(signal) {
  if (stopping) {
    // A second signal (e.g. Ctrl-C while waiting) skips the rest of the delay.
    endDelay();
    return;
  }
  stopping = true;
  // An orchestrator sends SIGTERM and keeps routing here until its readiness probe fails:
  // say 503 on /readyz first and keep serving for SHUTDOWN_DELAY_SECONDS, then close.
  // Ctrl-C (SIGINT) stops at once.
  const delay = signal === "SIGTERM" ? config.shutdownDelaySeconds : 0;
  appModule.notReady();
  log.info(delay > 0 ? `${signal} received: not ready any more; stopping in ${delay} s.` : `${signal} received: finishing open requests, then stopping.`);
  if (delay > 0) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, delay * 1000);
      endDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  const force = setTimeout(() => {
    log.error("Shutdown took longer than 10 s; exiting.");
    process.exit(1);
  }, 10_000);
  force.unref();
  // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
  closing = true;
  const closed = new Promise((resolve) => server.close(resolve));
  // close() ends the connections idle at this moment; one whose request finishes later (or a
  // client that ignores "Connection: close") is idle afterwards and ended on the next round.
  server.closeIdleConnections();
  const idleSweep = setInterval(() => server.closeIdleConnections(), 200);
  idleSweep.unref();
  await appModule.drain(); // ends long-lived streams so that they do not hold the server open
  await closed; // every in-flight request has been answered
  await appModule.shutdown(); // closes the database
  process.exit(0);
}
if (cluster.isWorker) {
  // A worker stops when the primary says so (server/workers.js); the same signal sent to the whole
  // process group must not count as a second one.
  process.on("message", (message) => {
    if (message?.type === "stop") void stop(message.signal);
  });
  process.on("SIGTERM", () => {});
  process.on("SIGINT", () => {});
} else {
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
