/**
 * The server's knowledge of its routes and their facts (app/lib/route-facts.ts), from the route
 * modules themselves: the app's entry (app/entry.server.tsx) provides the server build's route
 * manifest, whose modules carry each route's `handle`; tests provide app/routes.ts and load a
 * route's module when its facts are asked (tests/support/route-source.ts). Readers: the
 * request-body guard, robots.txt, the sitemap and the caches' policy.
 */
import { type PageFacts, pageFactsOf } from "~/lib/route-facts";
import { type RouteEntry, type RoutePage, RouteTable } from "~/lib/route-table";

export interface RouteSource {
  /** Every route of the app, in the route table's order. */
  routes: readonly RouteEntry[];
  /** A route module's `handle` (loaded first if need be). */
  handle(id: string): unknown;
}

let provider: (() => RouteSource) | null = null;
let current: {
  source: RouteSource;
  table: RouteTable;
  /** Every page with its facts, worked out once (they do not change while the server runs). */
  pages?: Promise<ListedPage[]>;
} | null = null;

/** Says where the routes come from; read on first use (the server build may still be loading). */
export function provideRoutes(source: () => RouteSource): void {
  provider = source;
  current = null;
}

function routes() {
  if (current) return current;
  if (!provider) {
    throw new Error("No route table: the app's entry (or the test setup) provides the routes");
  }
  const source = provider();
  current = { source, table: new RouteTable(source.routes) };
  return current;
}

async function factsOfChain(chain: readonly string[]): Promise<PageFacts> {
  const { source } = routes();
  // The root route's own facts are not asked (route-facts.ts): its module is not loaded for them.
  const routesOfPage = chain.filter((id) => id !== "root");
  const handles = await Promise.all(routesOfPage.map((id) => source.handle(id)));
  return pageFactsOf(routesOfPage.map((id, i) => ({ id, handle: handles[i] })));
}

/** The facts of the page at `pathname` (any language, `.data` too); the defaults for no route. */
export async function pageFactsAt(pathname: string): Promise<PageFacts> {
  return factsOfChain(routes().table.match(pathname) ?? []);
}

export interface ListedPage extends RoutePage {
  facts: PageFacts;
}

/** Every page of the app with its full pattern and facts, in the route table's order. */
export function listPages(): Promise<ListedPage[]> {
  const table = routes();
  table.pages ??= Promise.all(
    table.table.pages().map(async (page) => ({ ...page, facts: await factsOfChain(page.chain) })),
  );
  // A module that failed to load is asked again next time.
  table.pages.catch(() => {
    if (current === table) table.pages = undefined;
  });
  return table.pages;
}
