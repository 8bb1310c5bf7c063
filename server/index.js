// The production and development entry: `node server/index.js [--dev]`. With PostgreSQL the
// production server runs WEB_CONCURRENCY processes on one port (default: one per core); this
// process then only starts, watches and stops them (server/workers.js), and each of them runs
// server/serve.js. Otherwise, and always in development, this process is the server itself.
import cluster from "node:cluster";
import { runPrimary, workerCount } from "./workers.js";

const development = process.argv.includes("--dev");
process.env.NODE_ENV ??= development ? "development" : "production";

const workers = development || !cluster.isPrimary ? { count: 1 } : workerCount(process.env);
if (workers.error) {
  console.error(workers.error);
  process.exit(1);
}
if (workers.embedded) console.warn("WEB_CONCURRENCY is ignored with the embedded database: it runs in one process (set DATABASE_URL for more).");
if (workers.count > 1) runPrimary(workers.count);
else await import("./serve.js");
