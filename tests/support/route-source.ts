/**
 * The route table for tests (a vitest setup file): app/routes.ts gives every route's path, and a
 * route module is loaded only when its facts are asked (most tests have loaded it already), so a
 * test file pays nothing for routes it does not reach. The server gets the same from its build
 * (app/entry.server.tsx).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { RouteEntry } from "~/lib/route-table";
import { provideRoutes } from "~/platform/route-table.server";
import config from "../../app/routes";

const modules = import.meta.glob<{ handle?: unknown }>([
  "../../app/root.tsx",
  "../../app/routes/*.{ts,tsx}",
]);

/** The routes as the server build lists them: the root first, then depth first. */
export function routeEntries(): { entries: RouteEntry[]; files: Map<string, string> } {
  const entries: RouteEntry[] = [{ id: "root", path: "" }];
  const files = new Map([["root", "root.tsx"]]);
  const walk = (list: readonly RouteConfigEntry[], parentId: string) => {
    for (const route of list) {
      const id = route.id ?? route.file.replace(/\.[jt]sx?$/, "");
      entries.push({ id, parentId, path: route.path, index: route.index });
      files.set(id, route.file);
      walk(route.children ?? [], id);
    }
  };
  walk(config, "root");
  return { entries, files };
}

provideRoutes(() => {
  const { entries, files } = routeEntries();
  return {
    routes: entries,
    async handle(id) {
      const load = modules[`../../app/${files.get(id)}`];
      if (!load) throw new Error(`No module for route ${id}`);
      return (await load()).handle;
    },
  };
});
