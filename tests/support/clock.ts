/**
 * Resolves once the clock has passed `ms`: for tests of values stamped with the time (a version
 * in a URL, `updated_at`) that must differ from the last one. Waits for that, not for a time.
 */
export async function clockPast(ms: number): Promise<void> {
  while (Date.now() <= ms) await new Promise((resolve) => setImmediate(resolve));
}
