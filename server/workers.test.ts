import { describe, expect, it } from "vitest";
import { workerCount } from "./workers.js";

const pg = { DATABASE_URL: "postgres://db/marktplatz" };

describe("WEB_CONCURRENCY", () => {
  it("is one process per core by default with PostgreSQL, or the number given", () => {
    expect(workerCount(pg, 2)).toEqual({ count: 2 });
    expect(workerCount({ ...pg, WEB_CONCURRENCY: "3" }, 2)).toEqual({ count: 3 });
    expect(workerCount({ ...pg, WEB_CONCURRENCY: " 1 " }, 8)).toEqual({ count: 1 });
  });

  it("is always one process with the embedded database, and says so when more were asked for", () => {
    expect(workerCount({}, 4)).toEqual({ count: 1, embedded: false });
    expect(workerCount({ WEB_CONCURRENCY: "4" }, 4)).toEqual({ count: 1, embedded: true });
  });

  it.each(["0", "65", "2.5", "-1", "zwei", "1e1"])("refuses %s with a clear line", (value) => {
    expect(workerCount({ ...pg, WEB_CONCURRENCY: value }, 2)).toEqual({
      error: `Invalid configuration: WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}")`,
    });
  });
});
