// `npm test`: every suite, in order — lint, types, unit + integration tests on
// PGlite and on PostgreSQL, the production build, and the browser tests.
// Ends with the plain line "N passed, N failed" (followed by ", N skipped" when tests were
// skipped). Without PostgreSQL its pass is skipped, which fails the run when CI=true.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const artifacts = path.join(root, "tests", ".artifacts");
fs.rmSync(artifacts, { recursive: true, force: true });
fs.mkdirSync(artifacts, { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// What a failed suite said about its failures, repeated at the end so a CI log that keeps only its
// tail still names them (a suite can fail without a failed test: an unhandled error, a timeout).
const failureDetails = [];
const ci = /^(true|1)$/i.test(process.env.CI ?? "");

/** Runs a command with its output shown as it comes and kept (the tail) for the summary. */
function spawnTee(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, ...env } });
    let output = "";
    const keep = (chunk, stream) => {
      stream.write(chunk);
      output = (output + chunk.toString("utf8")).slice(-400_000);
    };
    child.stdout.on("data", (chunk) => keep(chunk, process.stdout));
    child.stderr.on("data", (chunk) => keep(chunk, process.stderr));
    child.on("close", (status) => resolve({ status: status ?? 1, output }));
  });
}

/** Failed test names from a vitest JSON report, and vitest's "Unhandled Errors" block if any. */
function describeFailure(label, report, output) {
  const lines = [];
  if (report && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    for (const file of json.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const test of failedTests) lines.push(`  ✗ ${path.relative(root, file.name)} > ${test.fullName}`);
      if (!failedTests.length && file.status === "failed") lines.push(`  ✗ ${path.relative(root, file.name)}: ${(file.message ?? "failed").split("\n")[0]}`);
    }
  }
  const plain = stripVTControlCharacters(output);
  const unhandled = plain.indexOf("Unhandled Error");
  if (unhandled >= 0) lines.push(plain.slice(unhandled, unhandled + 3000).trimEnd());
  if (!lines.length) lines.push(plain.split("\n").slice(-25).join("\n"));
  failureDetails.push(`--- ${label}\n${lines.join("\n")}`);
}

async function run(label, command, args, { env = {}, report } = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = await spawnTee(command, args, env);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counted = false;
  let note = "";
  if (report && fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    // Skipped (it.skip, it.runIf on the other engine) and todo tests: reported, not hidden.
    const notRun = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    skipped += notRun;
    if (notRun) note = `, ${notRun} skipped`;
    counted = true;
  }
  if (result.status !== 0) {
    failures.push(label);
    if (!counted) failed += 1;
    describeFailure(label, report, result.output);
    console.log(`--- ${label}: FAILED (${seconds}s${note})`);
  } else {
    if (!counted) passed += 1;
    console.log(`--- ${label}: ok (${seconds}s${note})`);
  }
}

async function vitest(label, config, reportName, env) {
  const report = path.join(artifacts, `${reportName}.json`);
  await run(label, bin("vitest"), ["run", "--config", config, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
    env,
    report,
  });
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("timeout", () => (socket.destroy(), resolve(false)));
    socket.on("error", () => resolve(false));
  });
}

await run("lint", bin("eslint"), [".", "--max-warnings=0"]);
await run("typecheck", "sh", ["-c", `"${bin("react-router")}" typegen && "${bin("tsc")}"`]);
await vitest("unit + integration (PGlite)", "vitest.config.ts", "vitest-pglite", { TEST_ENGINE: "pglite" });

let postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl && (await reachable("127.0.0.1", 5432))) postgresUrl = "postgres://postgres@127.0.0.1:5432/postgres";
if (postgresUrl) {
  await vitest("integration (PostgreSQL)", "vitest.config.ts", "vitest-postgres", {
    TEST_ENGINE: "postgres",
    TEST_DATABASE_URL: postgresUrl,
  });
} else if (ci) {
  // On CI a missing database is a broken setup, not a reason to test one engine only.
  console.log("\n=== integration (PostgreSQL) ===\nSkipped: no PostgreSQL (set TEST_DATABASE_URL). CI=true: counted as a failure.");
  failures.push("integration (PostgreSQL)");
  failed += 1;
} else {
  console.log("\n=== integration (PostgreSQL) ===\nSkipped: set TEST_DATABASE_URL (no PostgreSQL on 127.0.0.1:5432).");
}

await run("build", bin("react-router"), ["build"], { env: { NODE_ENV: "production" } });
if (!failures.includes("build")) {
  await vitest("browser (Chromium)", "vitest.e2e.config.ts", "vitest-e2e", {});
} else {
  console.log("\n=== browser (Chromium) ===\nSkipped: the build failed.");
}

console.log("\n=== summary ===");
for (const detail of failureDetails) console.log(detail);
if (failures.length) console.log(`Failed suites: ${failures.join(", ")}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failures.length ? 1 : 0);
