import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/vite-icon-sprite";

const reactRouterDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/** The packages every page runs: one long-cached file. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//;
/** Small shared modules (UI primitives, helpers) that go with the shell when all they import is light too. */
const SHARED = /\/app\/(components\/ui|lib)\/[^?]*$|\/node_modules\/(clsx|tailwind-merge|class-variance-authority)\//;

/**
 * Groups for the catalogue's public pages (/, /services, a service page), each the static imports
 * of its roots that are not framework or shell. Rollup gives a module a file of its own for each
 * set of pages that import it, and the catalogue's small modules (the card, its image helpers, the
 * categories, the filter constants; a few hundred bytes each) were five to seven files: over
 * HTTP/1.1 a phone fetches six at a time, so each one costs a round trip on the way to the first
 * paint. "cards": what a card needs, which a service page also shows (its provider's other
 * services); "catalogue": what the start page and the list share besides, which a service page
 * does not load.
 */
const GROUPS: [name: string, roots: RegExp][] = [
  ["cards", /\/app\/features\/services\/components\/service-card\.tsx$/],
  // What a service page shares with a few other pages (the report link with chats, profiles and
  // comments; the favourite and delete buttons with the dashboard; the reviews' anchors): four
  // files of 35 to 1,000 bytes each, one file together.
  ["detail", /\/app\/features\/(moderation\/components\/report-link\.tsx|favorites\/components\/favorite-button\.tsx|services\/components\/delete-service-dialog\.tsx|reviews\/anchors\.ts)$/],
  ["catalogue", /\/app\/features\/services\/(components\/(service-grid|search-suggest)\.tsx|categories\.ts|listing-facts\.ts)$|\/app\/i18n\/saved-searches\.de\.ts$/],
];

type ModuleGraph = { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => { importedIds: readonly string[] } | null };

/**
 * The browser build's files: fewer, larger chunks (each file of a first visit is a request, and
 * small files compress badly). Every page loads React and React Router ("framework") and the
 * shell: what the root route imports statically, with the small UI primitives and helpers the
 * pages share. The rest is split by Rollup per route as before; what only dynamic imports reach
 * (dialogs, popovers, sonner) stays out of both. Setting the output replaces React Router's, so
 * its names for route modules are kept here.
 */
const clientOutput = {
  manualChunks(id: string, graph: ModuleGraph) {
    if (FRAMEWORK.test(id)) return "framework";
    let chunks = builds.get(graph.getModuleInfo);
    if (!chunks) builds.set(graph.getModuleInfo, (chunks = chunkModules(graph)));
    return chunks.get(id);
  },
  entryFileNames: ({ moduleIds }: { moduleIds: string[] }) => {
    // React Router's route chunks (v8_splitRouteModules) carry their export's name, as its default names do.
    const chunk = moduleIds.map((id) => /\?route-chunk=(clientAction|clientLoader|clientMiddleware|HydrateFallback)(?:&|$)/.exec(id)?.[1]).find(Boolean);
    const suffix = chunk ? `-${chunk.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : "";
    return `assets/[name]${suffix}-[hash].js`;
  },
};
/** Each module's named chunk, worked out once per build (Rollup passes the same module graph functions). */
const builds = new WeakMap<ModuleGraph["getModuleInfo"], Map<string, string>>();

function chunkModules(graph: ModuleGraph): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const id of shellModules(graph)) chunks.set(id, "shell");
  const ids = [...graph.getModuleIds()];
  for (const [name, roots] of GROUPS) {
    const queue = ids.filter((id) => roots.test(id));
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (chunks.has(id) || FRAMEWORK.test(id) || id.includes("?")) continue;
      chunks.set(id, name);
      queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
  }
  return chunks;
}

function shellModules({ getModuleIds, getModuleInfo }: ModuleGraph) {
  const ids = [...getModuleIds()];
  const imports = (id: string) => getModuleInfo(id)?.importedIds ?? [];
  // Everything the root route imports statically, directly or not.
  const modules = new Set<string>();
  const queue = ids.filter((id) => id.split("?")[0]!.endsWith("/app/root.tsx"));
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (modules.has(id) || FRAMEWORK.test(id)) continue;
    modules.add(id);
    queue.push(...imports(id));
  }
  // Shared helpers whose imports all are framework, shell or light shared modules themselves.
  const light = new Map<string, boolean>();
  const isLight = (id: string): boolean => {
    if (FRAMEWORK.test(id) || modules.has(id)) return true;
    if (!SHARED.test(id)) return false;
    if (!light.has(id)) {
      light.set(id, true); // an import cycle does not make a module heavy
      light.set(id, imports(id).every(isLight));
    }
    return light.get(id)!;
  };
  for (const id of ids) if (SHARED.test(id) && isLight(id)) modules.add(id);
  return modules;
}

export default defineConfig(({ command }) => {
  // React Router's package exports always resolve to its development build (dev warnings on: extra
  // checks per render and their texts in the bundle). A production build uses its production build
  // instead, in the browser and on the server; the server bundles React Router (and the adapters
  // that import it) so that one copy of it is loaded. tests/e2e/server.spec.ts checks the result.
  const production = command === "build";
  return {
    // The server bundle's entry is the Express app (server/app.ts), which imports
    // the React Router build; the plain-JS host in server/index.js loads it.
    // (Vite's environment API, React Router's v8 build: the server is the "ssr" environment.)
    environments: {
      ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node20" } },
      client: { build: { rollupOptions: { output: clientOutput } } },
    },
    plugins: [tailwindcss(), reactRouter(), iconSprite()],
    resolve: {
      alias: [
        { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
        ...(production
          ? [
              { find: /^react-router$/, replacement: reactRouterDist("index.mjs") },
              { find: /^react-router\/dom$/, replacement: reactRouterDist("dom-export.mjs") },
            ]
          : []),
      ],
    },
    ssr: {
      // Native or WebAssembly packages stay external so they load from node_modules.
      external: ["@electric-sql/pglite", "pg", "sharp"],
      noExternal: production ? ["react-router", "@react-router/node", "@react-router/express"] : [],
    },
  };
});
