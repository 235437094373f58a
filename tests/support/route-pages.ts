/**
 * The app's pages with their route facts (app/lib/route-facts.ts), for end-to-end specs and
 * benchmarks that go through pages: read from the built server (BUILD_DIR, default `build`), whose
 * routes carry their modules' handles, so a list of pages is never written out by hand again.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type PageFacts, pageFactsOf } from "../../app/lib/route-facts";
import { type RouteEntry, RouteTable } from "../../app/lib/route-table";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ListedRoute {
  /** The full pattern, e.g. `/en/factory/:id`. */
  pattern: string;
  facts: PageFacts;
}

interface BuiltRoute extends RouteEntry {
  module: { handle?: unknown };
}

/** Every page of the built app, in the route table's order. */
export async function routePages(): Promise<ListedRoute[]> {
  const entry = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");
  const build = (await import(pathToFileURL(entry).href)) as {
    routes: Record<string, BuiltRoute>;
  };
  const table = new RouteTable(Object.values(build.routes));
  return table.pages().map((page) => ({
    pattern: page.pattern,
    facts: pageFactsOf(page.chain.map((id) => ({ id, handle: build.routes[id]?.module.handle }))),
  }));
}

/** The pages a visitor gets as HTML alone (no parameters to fill in), in every language. */
export async function htmlFirstPages(): Promise<string[]> {
  return (await routePages())
    .filter((page) => page.facts.htmlFirst && !/[:*]/.test(page.pattern))
    .map((page) => page.pattern);
}
