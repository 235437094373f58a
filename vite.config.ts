import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * The browser's build gets no bundled message packs: each page loads its own language's texts
 * through its language layout route (app/domain/catalogue.ts), the server keeps them all.
 */
function messagesPerLanguage(): Plugin {
  const packs = fileURLToPath(new URL("./app/domain/catalogue-packs.ts", import.meta.url));
  return {
    name: "fabricum:messages-per-language",
    apply: "build",
    load(id) {
      if (id === packs && this.environment.config.consumer === "client") {
        return "export const bundledPacks = {};";
      }
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), messagesPerLanguage()],
  resolve: { tsconfigPaths: true },
  server: { host: "127.0.0.1" },
});
