import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * One chunk per namespace of the message catalogue (its Russian and English texts and the
 * module that pairs them): a page loads the texts it imports, not every shared namespace at once.
 */
const CATALOGUE_MODULE = /app\/domain\/(?:messages\/(?:en\/)?|catalogue\/)([a-z-]+)\.ts$/;
const CATALOGUE_HELPERS = new Set(["shape", "plural", "shared", "localized"]);

function catalogueChunk(id: string): string | null {
  const name = CATALOGUE_MODULE.exec(id)?.[1];
  return name && !CATALOGUE_HELPERS.has(name) ? `messages-${name}` : null;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { host: "127.0.0.1" },
  build: {
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: catalogueChunk, test: CATALOGUE_MODULE }] } },
    },
  },
});
