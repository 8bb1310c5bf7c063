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
  const roots = routeTree(build);
  const cache = new Map<string, RoutePolicy>();
  return (req) => {
    const path = pagePath(req);
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

/**
 * The id of the route React Router serves a request with (the deepest match, e.g.
 * `routes/services.$id`), for log lines; undefined when no route matches.
 */
export function routeIds(build: Pick<ServerBuild, "routes">): (req: Request) => string | undefined {
  const roots = routeTree(build);
  const cache = new Map<string, string | undefined>();
  return (req) => {
    const path = pagePath(req);
    if (cache.has(path)) return cache.get(path);
    const id = matchRoutes(roots, path)?.at(-1)?.route.id;
    if (cache.size > 5_000) cache.clear();
    cache.set(path, id);
    return id;
  };
}

/** React Router's data requests (`/x.data`, `/_root.data`) belong to the page they load. */
function pagePath(req: Request): string {
  const path = routedPath(req);
  if (path === "/_root.data") return "/";
  if (path.endsWith(".data")) return path.slice(0, -".data".length);
  return path;
}

function routeTree(build: Pick<ServerBuild, "routes">): RouteObject[] {
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
  return roots;
}
