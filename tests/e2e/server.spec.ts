import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Vitest exposes Vite's env (BASE_URL="/", MODE, ...) in process.env; a real start has none of it.
const { BASE_URL: _base, MODE: _mode, DEV: _dev, PROD: _prod, SSR: _ssr, ...cleanEnv } = process.env;

// The real production server, started the way `npm start` starts it.
function startWith(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mp-config-"));
  try {
    return spawnSync(process.execPath, ["server/index.js"], {
      env: { ...cleanEnv, NODE_ENV: "production", DATA_DIR: dataDir, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("server start with a bad configuration", () => {
  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a port number (got "abc")'],
    [{ DATABASE_URL: "mysql://localhost/db" }, "Invalid configuration: DATABASE_URL must start with postgres:// or postgresql://"],
    [{ SEED_DEMO: "vielleicht" }, 'Invalid configuration: SEED_DEMO must be true or false (got "vielleicht")'],
    [{ WEB_CONCURRENCY: "zwei" }, 'Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 (got "zwei")'],
    // With PostgreSQL the first worker process finds the error; the whole server stops with it.
    [{ DATABASE_URL: "postgres://127.0.0.1:5432/x", WEB_CONCURRENCY: "2", PORT: "abc" }, 'Invalid configuration: PORT must be a port number (got "abc")'],
  ])("%o stops the process with one clear line", (env, line) => {
    const result = startWith(env);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(line);
  });
});
