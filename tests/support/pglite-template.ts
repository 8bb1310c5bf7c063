// Global setup of the unit and integration tests on PGlite: one in-memory database migrated
// once per run and dumped to a temporary file, from which every test database starts
// (createTestDatabase). Migrating a fresh PGlite took 6–12 s of a busy machine's CPU per test
// file, loading the dump 2–3 s. On PostgreSQL (TEST_ENGINE=postgres) nothing is made.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/lib/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template's dump (a tar file), or "" when there is none. */
    pgliteTemplate: string;
  }
}

/**
 * The dump, made once per run: each test project (vitest.config.ts) runs this setup, each with a
 * module instance of its own, in the one main process.
 */
const once = globalThis as unknown as { __pgliteTemplate?: Promise<{ dir: string; file: string }> };

async function makeTemplate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "marktplatz-pglite-template-"));
  const file = path.join(dir, "template.tar");
  const handle = await openDatabase({ engine: "pglite" });
  try {
    const dump = await handle.pglite!.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  return { dir, file };
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_ENGINE === "postgres") {
    project.provide("pgliteTemplate", "");
    return;
  }
  const { dir, file } = await (once.__pgliteTemplate ??= makeTemplate());
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
