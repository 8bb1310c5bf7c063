import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is the Express app (server/app.ts), which imports
  // the React Router build; the plain-JS host in server/index.js loads it.
  // (Vite's environment API, React Router's v8 build: the server is the "ssr" environment.)
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" }, target: "node20" } } },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  ssr: {
    // Native or WebAssembly packages stay external so they load from node_modules.
    external: ["@electric-sql/pglite", "pg", "sharp"],
  },
});
