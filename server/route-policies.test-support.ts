import type { ServerBuild } from "react-router";
import type { RoutePolicy } from "~/lib/route-policy";

/** A route table like the build's: a root route with the given child paths and their policies. */
export function fakeBuild(routes: Record<string, RoutePolicy | undefined>): Pick<ServerBuild, "routes"> {
  const table: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const [path, policy] of Object.entries(routes)) {
    table[path] = { id: path, parentId: "root", path, module: policy ? { handle: { policy } } : {} };
  }
  return { routes: table as ServerBuild["routes"] };
}
