import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/vite-icon-sprite";

const reactRouterDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

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
    environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node20" } } },
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
