import { defineConfig } from "vitest/config";

// Browser tests: the production build served on a free port with a fresh
// data directory (tests/e2e/global-setup.ts), driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.spec.ts"],
    globalSetup: ["./tests/e2e/global-setup.ts"],
    environment: "node",
    // One Chromium at a time: the machines have two cores.
    fileParallelism: false,
    // Worker threads end with the run even when a keep-alive socket is still open.
    pool: "threads",
    testTimeout: 60_000,
    // What a page does after hydration (a POST, a revalidation) can take a moment on a busy machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
