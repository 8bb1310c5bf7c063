import { openDatabase } from "~/lib/db.server";
import { listServices } from "~/features/services/services.server";
import { parseServiceFilters } from "~/features/services/schema";
import { captureStatements, explain } from "../lib/sql";
const handle = await openDatabase({ engine: "postgres", url: "postgres://postgres@127.0.0.1:5432/bench_catalog", max: 2 });
for (const q of (process.argv[2] ?? "page=417").split(",")) {
  const caps = await captureStatements(handle.pool!, () => listServices(handle.db, parseServiceFilters(new URLSearchParams(q))));
  for (const c of caps) { const plan = await explain(handle.pool!, c); console.log("==", q, c.values, "\n" + plan.split("\n").filter((l) => /Scan|Sort|Execution|Limit/.test(l)).join("\n")); }
}
await handle.close();
