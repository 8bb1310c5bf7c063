import type { Request } from "express";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import type { RoutePolicy } from "~/lib/route-policy";
import { routeIds, routePolicies } from "./route-policies";

interface Entry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: Entry[];
}

const ROUTE_MODULES = import.meta.glob(["../app/routes/*.ts", "../app/routes/*.tsx", "!../app/routes/*.test.ts"]);

/** The build's route table made from app/routes.ts and the real route modules (their declared handles). */
async function realRoutes(): Promise<Pick<ServerBuild, "routes">> {
  const table: Record<string, unknown> = { root: { id: "root", path: "", module: await import("~/root") } };
  const add = async (entries: Entry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      const load = ROUTE_MODULES[`../app/${entry.file}`];
      expect(load, entry.file).toBeDefined();
      const module = (await load!()) as object;
      table[id] = { id, parentId, path: entry.path, index: entry.index, module };
      await add(entry.children ?? [], id);
    }
  };
  await add(routes as Entry[], "root");
  return { routes: table as ServerBuild["routes"] };
}

let policyOf: (req: Request) => RoutePolicy;
let routeOf: (req: Request) => string | undefined;
const at = (url: string) => policyOf({ originalUrl: url } as Request);
const id = "3f1c2a4e-8b7d-4c6e-9a10-1234567890ab";

beforeAll(async () => {
  const build = await realRoutes();
  policyOf = routePolicies(build);
  routeOf = routeIds(build);
});

describe("the route a request is served with (for the request log)", () => {
  it("is the deepest matching route's id, for pages and their data requests; the not-found page for an unknown path", () => {
    const of = (url: string) => routeOf({ originalUrl: url } as Request);
    expect(of(`/services/${id}`)).toBe("routes/service-detail");
    expect(of(`/services/${id}.data`)).toBe("routes/service-detail");
    expect(of("/services?q=Logo")).toBe("routes/services");
    expect(of("/_root.data")).toBe(of("/"));
    expect(of("/nirgendwo/tief/unten")).toBe("routes/not-found");
  });
});

describe("what the routes declare about themselves (read by the HTTP host)", () => {
  it("the routes that receive files take uploads, pages and their data requests included; every other route takes forms", () => {
    for (const url of ["/profile/avatar", "/profile/gallery", `/api/conversations/${id}/messages`, "/chats", `/chats/${id}`, `/chats/${id}.data`, "/live-chat", `/live-chat/${id}.data`, "/support", "/support.data", `/support/${id}`, `/support/${id}.data`, "/create-service", "/create-service.data", `/services/${id}/edit`, `/services/${id}/edit.data`]) {
      expect(at(url).body, url).toBe("upload");
    }
    for (const url of ["/profile", `/services/${id}`, "/auth", `/api/conversations/${id}/read`, "/nirgendwo"]) {
      expect(at(url).body, url).toBeUndefined();
    }
  });

  it("only the catalogue and the start page are shared with signed-out visitors", () => {
    expect(at("/services").pageCache).toBe("shared");
    expect(at("/services?q=Logo").pageCache).toBe("shared");
    expect(at("/").pageCache).toBe("shared");
    for (const url of ["/dashboard", `/services/${id}`, "/u/anna"]) expect(at(url).pageCache, url).not.toBe("shared");
  });

  it("writes that change nothing the catalogue shows keep it; any other write clears it", () => {
    for (const url of [`/services/${id}/view`, `/api/profiles/${id}/view`, `/api/conversations/${id}/read`, `/api/conversations/${id}/messages`, "/api/notifications", "/support", "/support.data", `/chats/${id}.data`, "/live-chat.data"]) {
      expect(at(url).pageCache, url).toBe("unaffected");
    }
    for (const url of [`/services/${id}`, `/services/${id}.data`, "/create-service", `/services/${id}/edit`, "/dashboard", "/profile"]) {
      expect(at(url).pageCache, url).toBeUndefined();
    }
    // Written, it looks like a view counter; the router resolves the dot segment to /view (another route).
    expect(at("/services/%2e%2e/view").pageCache).toBeUndefined();
  });

  it("only the one-click unsubscribe takes a POST from another site (authorised by its signed token, not a cookie)", () => {
    expect(at("/unsubscribe?token=x").crossSitePost).toBe(true);
    expect(at("/unsubscribe.data?token=x").crossSitePost).toBe(true);
    expect(at("/unsubscribe").pageCache).toBe("unaffected");
    for (const url of ["/", "/profile", "/auth", "/api/auth/sign-in/email", "/reset-password", "/preferences", `/chats/${id}`, "/api/notifications", "/nirgendwo"]) {
      expect(at(url).crossSitePost, url).toBeUndefined();
    }
  });

  it("stored files bring their own content policy", () => {
    expect(at("/storage/avatars/u1/avatar.webp").ownContentPolicy).toBe(true);
    expect(at(`/api/attachments/${id}`).ownContentPolicy).toBe(true);
    expect(at("/services").ownContentPolicy).toBeUndefined();
  });
});
