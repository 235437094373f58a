import { matchRoutes, type RouteObject } from "react-router";

/**
 * The app's routes as a table of path patterns, built from the route manifest React Router
 * works with (the server build's `routes`, or app/routes.ts for tests): which routes a path
 * reaches, matched by React Router's own matcher, and every page with its full pattern. Pure;
 * the routes' facts come from their handles (route-facts.ts), looked up by id.
 */

/** One route of the manifest (the server build's shape, without its module). */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/** A page: a route without children, with its full pattern and the routes it sits in. */
export interface RoutePage {
  id: string;
  /** The full pattern, e.g. `/en/quotes/:id` or `/` (a splat ends in `*`). */
  pattern: string;
  /** The ids of the routes matched for it, outermost first (the root included). */
  chain: readonly string[];
}

/**
 * A route's path as the browser asks for it: `/login.data` (the app's data request) is `/login`,
 * `/_root.data` is `/`.
 */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\.data$/, "");
  return path === "/_root" ? "/" : path === "" ? "/" : path;
}

const join = (parent: string, path: string | undefined) =>
  path ? `${parent.replace(/\/$/, "")}/${path}` : parent;

export class RouteTable {
  readonly #tree: RouteObject[];
  readonly #pages: RoutePage[] = [];

  constructor(entries: Iterable<RouteEntry>) {
    const list = [...entries];
    const children = new Map<string | undefined, RouteEntry[]>();
    for (const entry of list) {
      const siblings = children.get(entry.parentId) ?? [];
      siblings.push(entry);
      children.set(entry.parentId, siblings);
    }
    const build = (parentId: string | undefined, base: string, chain: string[]): RouteObject[] =>
      (children.get(parentId) ?? []).map((entry) => {
        const pattern = join(base, entry.path);
        const inner = [...chain, entry.id];
        const kids = children.get(entry.id);
        if (!kids) this.#pages.push({ id: entry.id, pattern: pattern || "/", chain: inner });
        return entry.index
          ? { id: entry.id, index: true }
          : {
              id: entry.id,
              path: entry.path,
              children: kids ? build(entry.id, pattern, inner) : undefined,
            };
      });
    this.#tree = build(undefined, "", []);
  }

  /** The ids of the routes a path reaches, outermost first, or null when none does. */
  match(pathname: string): string[] | null {
    const matches = matchRoutes(this.#tree, pagePath(pathname));
    return matches ? matches.map((match) => match.route.id as string) : null;
  }

  /** Every page, in the route table's order. */
  pages(): readonly RoutePage[] {
    return this.#pages;
  }
}

/** A path that a pattern matches: each parameter (and a splat) given the value `x`. */
export function samplePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, "x").replace(/\*$/, "x");
}

/** True when a robots.txt rule (`*` for any characters, `$` at its end) covers `path`. */
export function ruleCovers(rule: string, path: string): boolean {
  const anchored = rule.endsWith("$");
  const parts = (anchored ? rule.slice(0, -1) : rule)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}${anchored ? "$" : ""}`).test(path);
}

// The robots.txt rules that keep search engines off the private pages and on every other:
// parameters at the end of a pattern become a prefix (`/quotes/:id` gives `/quotes/`), one inside
// it a `*` (`/tenders/:id/quote` gives `/tenders/*/quote`); a rule that would also cover a public
// page ends with `$` (`/factory-products$`, as `/factory-products/:id` is public); a rule that
// another one covers is left out (`/admin` covers `/admin/verifications`).
export function disallowRules(
  pages: readonly { pattern: string; facts: { private: boolean } }[],
): string[] {
  const publicPaths = pages.filter((page) => !page.facts.private).map((p) => samplePath(p.pattern));
  const rules: string[] = [];
  for (const page of pages) {
    if (!page.facts.private) continue;
    const prefix = page.pattern.replace(/(\/(:[^/]+|\*))+$/, "/");
    let rule = prefix.replace(/:[^/]+/g, "*");
    if (publicPaths.some((path) => ruleCovers(rule, path))) rule = `${rule}$`;
    if (!rules.includes(rule)) rules.push(rule);
  }
  return rules.filter(
    (rule) =>
      !rules.some(
        (other) =>
          other !== rule &&
          !other.endsWith("$") &&
          ruleCovers(other, rule.replace(/\$$/, "").replaceAll("*", "x")),
      ),
  );
}
