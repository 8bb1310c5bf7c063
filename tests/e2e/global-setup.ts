import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../support/app-processes";
import { logLeaks, requestLines } from "../support/log-leaks";

const root = path.resolve(import.meta.dirname, "..", "..");
/** The server's whole output (stdout and stderr) of the browser run, checked at the end. */
export const SERVER_LOG = path.join(root, "tests", ".artifacts", "server.log");
export const CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's build of Chromium's old headless mode (package chromium-headless-shell): the same
 * Blink, without the browser's windows and their WebUI. A new browser context costs about a
 * third of what it costs in `chromium --headless` (6 contexts: 1.4 s against 3.7 s), and the run
 * opens about 400. Used when installed; E2E_CHROMIUM names another binary.
 */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The Chromium binary the tests drive. */
    chromium: string;
  }
}

const chromiumBinary = () => process.env.E2E_CHROMIUM || [HEADLESS_SHELL, CHROMIUM].find((binary) => fs.existsSync(binary));

function ensureChromium(): string {
  const found = chromiumBinary();
  if (found && fs.existsSync(found)) return found;
  if (!process.env.E2E_CHROMIUM && process.getuid?.() === 0) {
    console.log("Installing Debian's chromium and chromium-headless-shell packages for the browser tests...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const result = spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "chromium-headless-shell"], { stdio: "inherit", env });
    const installed = chromiumBinary();
    if (result.status === 0 && installed) return installed;
  }
  throw new Error(`The browser tests need Chromium at ${HEADLESS_SHELL} or ${CHROMIUM} (or E2E_CHROMIUM): install it with "sudo apt-get install chromium chromium-headless-shell".`);
}

async function waitForServer(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer within 90 s:\n${output()}`);
}

export default async function setup(project: TestProject) {
  const chromium = ensureChromium();
  if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error('No production build: run "npm run build" first (npm test does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  let log = "";
  fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const logFile = fs.createWriteStream(SERVER_LOG);
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      // No message digest during a run: a long run could otherwise mail one to a demo user
      // whose newest mail a test opens (the digest has tests of its own).
      DIGEST_DELAY_MINUTES: "1440",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const capture = (chunk: Buffer) => {
    log += chunk;
    logFile.write(chunk);
  };
  child.stdout?.on("data", capture);
  child.stderr?.on("data", capture);
  await waitForServer(baseUrl, child, () => log);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("chromium", chromium);

  return async () => {
    // Graceful shutdown: SIGTERM must end the process cleanly.
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((r) => (timer = setTimeout(() => r("timeout"), 15_000)));
    const code = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    if (code === "timeout") child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    await new Promise((resolve) => logFile.end(resolve));
    // Vitest prints an error thrown here ("error during close") but exits 0: the exit code says it.
    const fail = (message: string) => {
      process.exitCode = 1;
      throw new Error(message);
    };
    if (code !== 0) fail(`The server did not shut down cleanly on SIGTERM (${code}):\n${log}`);
    // The issue's rule (README "Logs"): no cookie, password, token or e-mail address in the server log.
    const written = fs.readFileSync(SERVER_LOG, "utf8");
    // At least the start-up probe (waitForServer) was answered and logged: otherwise nothing was captured.
    if (requestLines(written) === 0) fail(`${SERVER_LOG} holds no request line: the server log was not captured`);
    const leaks = logLeaks(written);
    if (leaks.length > 0) {
      fail(`The server log (${SERVER_LOG}) holds what it must not:\n${leaks.map((leak) => `${leak.rule}: ${leak.line.slice(0, 400)}`).join("\n")}`);
    }
  };
}
