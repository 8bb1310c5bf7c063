import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/browser";

// Production builds everywhere (issue #16): the browser gets React's and React Router's production
// builds, and the server bundle carries React Router's production build (its package exports always
// point at the development build; vite.config.ts aliases it for builds).
const root = path.resolve(import.meta.dirname, "..", "..");
// Texts only the development builds contain.
const REACT_ROUTER_DEV = "You rendered descendant <Routes>";
const REACT_DEV = 'unique "key" prop';

async function scriptsOf(pagePath: string): Promise<Map<string, string>> {
  const html = await (await fetch(`${baseUrl()}${pagePath}`)).text();
  const urls = new Set([...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!));
  const inline = [...html.matchAll(/import\s*\(?\s*"([^"]+\.js)"/g)].map((m) => m[1]!);
  for (const url of inline) urls.add(url);
  const scripts = new Map<string, string>();
  for (const url of urls) scripts.set(url, await (await fetch(new URL(url, baseUrl()))).text());
  return scripts;
}

describe("production builds", () => {
  it("public pages load no development build of React or React Router", async () => {
    const services = await (await fetch(`${baseUrl()}/services`)).text();
    const detail = services.match(/href="(\/services\/[0-9a-f-]{36})"/)?.[1];
    expect(detail).toBeDefined();
    for (const page of ["/", "/services", detail!]) {
      const scripts = await scriptsOf(page);
      expect(scripts.size, page).toBeGreaterThan(0);
      for (const [url, code] of scripts) {
        expect(code.includes(REACT_ROUTER_DEV), `${page}: ${url} holds React Router's development build`).toBe(false);
        expect(code.includes(REACT_DEV), `${page}: ${url} holds React's development build`).toBe(false);
      }
    }
  });

  it("the server bundle carries React Router's production build and loads no other copy", () => {
    const bundle = fs.readFileSync(path.join(root, "build", "server", "index.js"), "utf8");
    expect(bundle.includes(REACT_ROUTER_DEV)).toBe(false);
    expect(bundle).not.toMatch(/from\s*"(@react-router\/[a-z]+|react-router)(\/[a-z-]+)?"/);
    // React itself is loaded from node_modules and picks its production build from NODE_ENV, which
    // the entry sets before the host (server/serve.js, in every worker) loads the bundle.
    expect(fs.readFileSync(path.join(root, "server", "index.js"), "utf8")).toMatch(/process\.env\.NODE_ENV \?\?= development \? "development" : "production";[\s\S]*await import\("\.\/serve\.js"\)/);
    expect(fs.readFileSync(path.join(root, "server", "serve.js"), "utf8")).toMatch(/await import\(path\.join\(root, "build", "server", "index\.js"\)\)/);
  });
});
