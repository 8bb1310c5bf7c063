// What both benchmark entry points share: their options, logging, and how they stop.

export const log = (line = "") => console.log(line);

/**
 * The options of the command line as a set. An option outside `known` prints the list and exits
 * with 2; `--help` prints `help` and exits with 0.
 */
export function parseOptions(known: readonly string[], help: string): Set<string> {
  const args = new Set(process.argv.slice(2));
  for (const a of args) {
    if (!known.includes(a)) {
      console.error(`Unknown option ${a}. Options: ${known.join(" ")}`);
      process.exit(2);
    }
  }
  if (args.has("--help")) {
    console.log(help);
    process.exit(0);
  }
  return args;
}

/** On SIGINT or SIGTERM: says `what` ("stopping the server"), runs `cleanup`, exits with 130. */
export function cleanUpOnSignal(what: string, cleanup: () => Promise<void>): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: ${what}.`);
      void cleanup().finally(() => process.exit(130));
    });
  }
}

/**
 * Runs `main`, then exits with `process.exitCode` (0 unless main set it); on an error runs
 * `cleanup`, prints the error's message and exits with 1.
 */
export function runMain(main: () => Promise<void>, cleanup: () => Promise<void>): void {
  main().then(
    () => process.exit(process.exitCode ?? 0),
    async (error: unknown) => {
      await cleanup().catch(() => undefined);
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
