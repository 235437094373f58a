import { matchRoutes, type RouteObject } from "react-router";

/**
 * The app's routes as a table of path patterns, built from the route manifest React Router
 * works with (the server build's `routes`, or app/routes.ts for tests): which routes a path
 * reaches, ranked and matched as React Router's own matcher does, and every page with its full
 * pattern. Pure; the routes' facts come from their handles (route-facts.ts), looked up by id.
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

/**
 * One way through the route tree, as React Router ranks them (its `flattenRoutes` and
 * `rankRouteBranches`): a route that has a path or is an index, with the routes it sits in.
 */
interface Branch {
  /** The full pattern (`/en/factory/:id`). */
  pattern: string;
  /** The ids of the routes, outermost first. */
  chain: readonly string[];
  score: number;
  /** Each route's place among its siblings, outermost first (ties between siblings). */
  order: readonly number[];
  /** The pattern as a regular expression, compiled once. */
  matcher: RegExp;
}

/**
 * A full pattern (without optional segments) as the regular expression React Router's
 * `matchPath` compiles for it on every call, with `end: true`, not case-sensitive: a parameter
 * is one segment, a splat anything (or nothing) after a slash, trailing slashes are allowed.
 */
function patternMatcher(pattern: string): RegExp {
  const splat = pattern.endsWith("*");
  const body = pattern
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:[\w-]+/g, "/([^\\/]+)");
  const tail = !splat
    ? "\\/*$"
    : pattern === "*" || pattern === "/*"
      ? "(.*)$"
      : "(?:\\/(.+)|\\/*)$";
  return new RegExp(`^${body}${tail}`, "i");
}

// React Router's ranking (lib/router/utils.ts `computeScore`): more segments first, a static
// segment over a parameter over an empty one, an index route over its layout, a splat last.
const SEGMENT_SCORE = { static: 10, dynamic: 3, partialDynamic: 3.5, empty: 1 } as const;
const INDEX_BONUS = 2;
const SPLAT_PENALTY = -2;

function branchScore(pattern: string, index: boolean): number {
  const segments = pattern.split("/");
  let score = segments.length;
  if (segments.includes("*")) score += SPLAT_PENALTY;
  if (index) score += INDEX_BONUS;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment)
      ? SEGMENT_SCORE.dynamic
      : /^:[\w-]+/.test(segment)
        ? SEGMENT_SCORE.partialDynamic
        : segment === ""
          ? SEGMENT_SCORE.empty
          : SEGMENT_SCORE.static;
  }
  return score;
}

/** Siblings keep their order; branches that are not siblings tie (React Router's `compareIndexes`). */
function compareOrder(a: readonly number[], b: readonly number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? (a.at(-1) ?? 0) - (b.at(-1) ?? 0) : 0;
}

/** A path's segments decoded, an encoded slash kept (React Router's `decodePath`). */
function decodeSegments(path: string): string {
  try {
    return path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    // A malformed escape: React Router matches the path as it is.
    return path;
  }
}

const joinPaths = (paths: string[]) => paths.join("/").replace(/\/\/+/g, "/");

export class RouteTable {
  readonly #tree: RouteObject[];
  readonly #pages: RoutePage[] = [];
  /**
   * The ranked branches, computed once: React Router's `matchRoutes` flattens and ranks the
   * whole tree again on every call (several milliseconds for this app, on every request).
   * Null when a route has an optional segment (`?`): then React Router's matcher is asked.
   */
  readonly #branches: Branch[] | null;

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
    this.#branches = list.some((entry) => entry.path?.includes("?")) ? null : this.#rank();
  }

  #rank(): Branch[] {
    const branches: Branch[] = [];
    const flatten = (
      routes: RouteObject[],
      parentPath: string,
      chain: string[],
      order: number[],
    ) => {
      routes.forEach((route, index) => {
        let relative = route.path ?? "";
        // An absolute child path repeats its parent's (React Router allows it).
        if (relative.startsWith("/") && relative.startsWith(parentPath)) {
          relative = relative.slice(parentPath.length);
        }
        const pattern = joinPaths([parentPath, relative]);
        const inner = [...chain, route.id as string];
        const places = [...order, index];
        if (route.children?.length) flatten(route.children, pattern, inner, places);
        if (route.path == null && !route.index) return;
        branches.push({
          pattern,
          chain: inner,
          score: branchScore(pattern, route.index === true),
          order: places,
          matcher: patternMatcher(pattern),
        });
      });
    };
    flatten(this.#tree, "", [], []);
    // A stable sort, as React Router's.
    return branches.sort((a, b) =>
      a.score !== b.score ? b.score - a.score : compareOrder(a.order, b.order),
    );
  }

  /** The ids of the routes a path reaches, outermost first, or null when none does. */
  match(pathname: string): string[] | null {
    const path = pagePath(pathname);
    if (!this.#branches) {
      const matches = matchRoutes(this.#tree, path);
      return matches ? matches.map((match) => match.route.id as string) : null;
    }
    const decoded = decodeSegments(path);
    for (const branch of this.#branches) {
      if (branch.matcher.test(decoded)) return [...branch.chain];
    }
    return null;
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
