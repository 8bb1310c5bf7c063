import { afterAll, vi } from "vitest";

// The environment of the unit and integration tests. Vitest exposes Vite's BASE_URL ("/") in
// process.env, which the app's configuration refuses; code that builds absolute links (mails)
// reads it. A fixed secret keeps env() from writing one into ./data.
if (!process.env.BASE_URL || process.env.BASE_URL === "/") process.env.BASE_URL = "http://localhost:3000";
process.env.AUTH_SECRET ??= "unit-tests-secret-unit-tests-secret-0123456789";

// The files of the "shared" project (vitest.config.ts) run one after another in one module world;
// the process's caches of lists, counts and limits start empty for each, as in a file of its own.
for (const name of ["__catalogCounts", "__sharedLists", "__marketCache", "__transparencyCache", "__suggestionLimit"]) {
  delete (globalThis as Record<string, unknown>)[name];
}
// A file that left fake timers on would hand them to the next one.
afterAll(() => {
  vi.useRealTimers();
});
