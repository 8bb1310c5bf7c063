import { defineConfig } from "drizzle-kit";

// Migrations are generated from the schema (`npm run db:generate`) and committed;
// the app applies them on start, on PGlite and on PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/index.ts",
  out: "./drizzle",
  strict: true,
});
