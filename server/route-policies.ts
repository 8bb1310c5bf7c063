import type { Request } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RoutePolicy } from "~/lib/route-policy";
import { routedPath } from "./routed-path";

/**
 * The policy each request's route declares (app/lib/route-policy.ts), found with React Router's
 * own matching over the build's route table. React Router's data requests (`/x.data`,
 * `/_root.data`) belong to the page they load.
 */
export function routePolicies(build: Pick<ServerBuild, "routes">): (req: Request) => RoutePolicy {
  const objects = new Map<string, RouteObject & { policy?: RoutePolicy }>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const policy = (route.module.handle as { policy?: RoutePolicy } | undefined)?.policy;
    objects.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, policy, children: [] } as never);
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const object = objects.get(route.id)!;
    const parent = route.parentId ? objects.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(object);
    else roots.push(object);
  }
  const cache = new Map<string, RoutePolicy>();
  return (req) => {
    let path = routedPath(req);
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    let policy = cache.get(path);
    if (policy) return policy;
    policy = {};
    for (const match of matchRoutes(roots, path) ?? []) {
      const declared = (match.route as { policy?: RoutePolicy }).policy;
      if (declared) policy = { ...policy, ...declared };
    }
    if (cache.size > 5_000) cache.clear();
    cache.set(path, policy);
    return policy;
  };
}
