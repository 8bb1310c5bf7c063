import type { ServerBuild } from "react-router";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/**
 * A React Router server build of just the given route modules (under a root module), for tests
 * that send requests through React Router's own request handler without building the app:
 * data requests (`.data`), resource routes and header merging behave as in the real server.
 * Documents are not rendered: the entry answers 200 with the headers React Router worked out.
 */
export function testServerBuild(root: object, routes: Record<string, { path: string; module: object }>): ServerBuild {
  // Route modules as the app exports them (their generated types are narrower than the build's).
  const manifest: ServerBuild["routes"] = { root: { id: "root", path: "", module: root as RouteModule } };
  for (const [id, route] of Object.entries(routes)) manifest[id] = { id, parentId: "root", path: route.path, module: route.module as RouteModule };
  return {
    entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response("<!DOCTYPE html>", { status, headers }) } },
    routes: manifest,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial" },
  } as unknown as ServerBuild;
}
