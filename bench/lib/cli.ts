// What both benchmark entry points share: their options, logging, and how they stop.

export const log = (line = "") => console.log(line);

/**
 * The options of the command line as a set. An option outside `known` prints the list and exits
 * with 2; `--help` prints `help` and exits with 0.
 */
export function parseOptions(known: readonly string[], help: string): Set<string> {
  return parseOptionsWithValues(known, [], help).flags;
}

/**
 * Like parseOptions, plus options that take a value (`--users 50` or `--users=50`), returned by
 * name in `values`. A valued option without its value prints the list and exits with 2.
 */
export function parseOptionsWithValues(
  known: readonly string[],
  valued: readonly string[],
  help: string,
): { flags: Set<string>; values: Map<string, string> } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const argv = process.argv.slice(2);
  const all = [...known, ...valued.map((v) => `${v} <value>`)].join(" ");
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf("=");
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (valued.includes(name)) {
      const value = eq > 0 ? a.slice(eq + 1) : argv[++i];
      if (value === undefined || value === "") {
        console.error(`Option ${name} needs a value. Options: ${all}`);
        process.exit(2);
      }
      values.set(name, value);
    } else if (known.includes(a)) {
      flags.add(a);
    } else {
      console.error(`Unknown option ${a}. Options: ${all}`);
      process.exit(2);
    }
  }
  if (flags.has("--help")) {
    console.log(help);
    process.exit(0);
  }
  return { flags, values };
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
