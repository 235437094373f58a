import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` is used; migrations are applied by scripts/db-migrate.ts and on
// start (drizzle-kit migrate cannot open PGlite; see docs/architecture.md, "Pitfalls").
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
