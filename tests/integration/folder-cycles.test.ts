// The repository's areas depend on each other one way (docs/architecture.md, "Layout and
// layers"): the imports between them, type-only ones included, form a graph without a cycle. An
// area is a folder of app/ (app/domain, app/server, ...), app/'s own modules (root.tsx, routes.ts),
// or a top-level folder (db, scripts, tests, bench). A cycle is named with one import per step.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Folders without sources of ours: packages, builds, generated types, data, reports, assets. */
const NOT_SOURCES =
  /^(node_modules|\.\w.*|build|build-.*|data|test-results.*|playwright-report|public)$/;
const SOURCE = /\.(ts|tsx|js|mjs)$/;
/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`. */
const IMPORT =
  /^\s*(?:import|export)\s(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCES.test(entry.name) ? [] : sources(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

/** The area of a file or of a module path. */
function areaOf(file: string): string {
  const [top = "", second, third, fourth] = path.relative(root, file).split(path.sep);
  // Each feature folder is an area of its own (app/features/quotes, app/features/tenders, ...).
  if (top === "app" && second === "features" && fourth !== undefined)
    return `app/features/${third}`;
  if (top === "app") return third === undefined ? "app" : `app/${second}`;
  return second === undefined ? "." : top;
}

/** The file a module specifier names, or null for a package (or React Router's generated types). */
function target(from: string, specifier: string): string | null {
  const bare = specifier.split("?")[0] ?? "";
  if (bare.includes("/+types/")) return null;
  if (bare.startsWith("~/")) return path.join(root, "app", bare.slice(2));
  if (bare.startsWith("~db/")) return path.join(root, "db", bare.slice(4));
  if (bare.startsWith(".")) return path.resolve(path.dirname(from), bare);
  return null;
}

/** area → the areas it imports, each with one import that shows it. */
function areaGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(root)) {
    const from = areaOf(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? "";
      const resolved = target(file, specifier);
      const to = resolved && areaOf(resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(root, file)} imports ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The file a resolved module path names: itself, with .ts or .tsx, or its folder's index.ts. */
function fileOf(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * Each file of app/ → the files of app/ it imports (type-only imports included: a type import
 * back is still a circle to read through), each with the import that shows it.
 */
function appFileGraph(): Map<string, Map<string, string>> {
  const app = path.join(root, "app");
  const graph = new Map<string, Map<string, string>>();
  for (const file of sources(app)) {
    const edges = new Map<string, string>();
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? "";
      const resolved = target(file, specifier);
      const to = resolved && fileOf(resolved);
      if (!to?.startsWith(`${app}${path.sep}`) || to === file) continue;
      edges.set(path.relative(root, to), `imports ${specifier}`);
    }
    graph.set(path.relative(root, file), edges);
  }
  return graph;
}

/** The shortest way back from `start` to itself, as its steps, or null. */
function shortestCycle(graph: Map<string, Map<string, string>>, start: string): string[] | null {
  const cameFrom = new Map<string, string>();
  let frontier = [start];
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const area of frontier) {
      for (const to of graph.get(area)?.keys() ?? []) {
        if (cameFrom.has(to)) continue;
        cameFrom.set(to, area);
        if (to === start) {
          const steps: string[] = [];
          let at = start;
          do {
            const previous = cameFrom.get(at) as string;
            steps.unshift(`${previous} → ${at} (${graph.get(previous)?.get(at)})`);
            at = previous;
          } while (at !== start);
          return steps;
        }
        next.push(to);
      }
    }
    frontier = next;
  }
  return null;
}

/** One cycle for every area that lies on one, each named once. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const named = new Map<string, string>();
  for (const area of [...graph.keys()].sort()) {
    const steps = shortestCycle(graph, area);
    if (!steps) continue;
    const key = steps
      .map((step) => step.split(" ")[0])
      .sort()
      .join(" ");
    if (!named.has(key)) named.set(key, steps.join("\n  "));
  }
  return [...named.values()];
}

describe("imports between the repository's areas", () => {
  it("are read from the sources", () => {
    const graph = areaGraph();
    expect(graph.get("app/routes")?.has("app/features/quotes")).toBe(true);
    expect(graph.get("app/features/quotes")?.has("app/platform")).toBe(true);
    expect(graph.get("app/platform")?.has("db")).toBe(true);
    expect(graph.get("tests")?.has("app/platform")).toBe(true);
  });

  it("form no cycle", () => {
    expect(cycles(areaGraph())).toEqual([]);
  });

  it("form no cycle between the files of app/ either", () => {
    const graph = appFileGraph();
    // Read as it should be: the root imports the request context, a route its service.
    expect(graph.get("app/root.tsx")?.has("app/http/request-context.server.ts")).toBe(true);
    expect(graph.get("app/routes/tenders.tsx")?.has("app/features/tenders/tenders.server.ts")).toBe(
      true,
    );
    expect(cycles(graph)).toEqual([]);
  });

  it("would name a cycle with the imports that make it", () => {
    const graph = new Map([
      ["a", new Map([["b", "a.ts imports ./b"]])],
      ["b", new Map([["c", "b.ts imports ./c"]])],
      ["c", new Map([["a", "c.ts imports ./a"]])],
    ]);
    expect(cycles(graph)).toEqual([
      "a → b (a.ts imports ./b)\n  b → c (b.ts imports ./c)\n  c → a (c.ts imports ./a)",
    ]);
  });
});
