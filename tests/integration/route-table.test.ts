// The route table ranks its branches once and must answer as React Router's own matcher does,
// which flattens and ranks the whole tree on every call: both are asked here for every page of
// the app (app/routes.ts, as the server build lists it) and for paths that no page has.
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { pagePath, type RouteEntry, RouteTable, samplePath } from "~/lib/route-table";
import { routeEntries } from "../support/route-source";

/** React Router's answer for the same entries: the tree built as RouteTable builds it. */
function reactRouterMatch(entries: RouteEntry[], pathname: string): string[] | null {
  const byParent = new Map<string | undefined, RouteEntry[]>();
  for (const entry of entries) {
    byParent.set(entry.parentId, [...(byParent.get(entry.parentId) ?? []), entry]);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((entry) =>
      entry.index
        ? { id: entry.id, index: true }
        : {
            id: entry.id,
            path: entry.path,
            children: byParent.has(entry.id) ? build(entry.id) : undefined,
          },
    );
  const matches = matchRoutes(build(undefined), pagePath(pathname));
  return matches ? matches.map((match) => match.route.id as string) : null;
}

describe("route table", () => {
  const { entries } = routeEntries();
  const table = new RouteTable(entries);

  const paths = table.pages().flatMap((page) => {
    const sample = samplePath(page.pattern);
    return [
      sample,
      `${sample}/`,
      `${sample}.data`,
      sample.toUpperCase(),
      `${sample}/extra`,
      `${sample}/extra/deeper`,
      sample.replace(/x/g, "%D0%B0%2F%20"),
    ];
  });
  const unusual = [
    "/",
    "",
    "/_root.data",
    "//",
    "/en",
    "/en/",
    "/EN/factories",
    "/nope",
    "/en/nope/deeper",
    "/factory/%E0%A4%A",
    "/factories/%",
    "/%2F",
    "/factory/a%2Fb",
    "/tenders/x/quote/",
    "/orders/x/y/z",
  ];

  it("answers as React Router's matcher for every page and for paths no page has", () => {
    expect(paths.length).toBeGreaterThan(100);
    for (const path of [...paths, ...unusual]) {
      expect(table.match(path), path).toEqual(reactRouterMatch(entries, path));
    }
  });

  it("ranks a static segment over a parameter, a parameter over a splat", () => {
    const ranked = new RouteTable([
      { id: "root", path: "" },
      { id: "splat", parentId: "root", path: "*" },
      { id: "param", parentId: "root", path: "things/:id" },
      { id: "static", parentId: "root", path: "things/new" },
      { id: "layout", parentId: "root", path: "admin" },
      { id: "admin-index", parentId: "layout", index: true },
      { id: "admin-users", parentId: "layout", path: "users" },
    ]);
    expect(ranked.match("/things/new")).toEqual(["root", "static"]);
    expect(ranked.match("/things/7")).toEqual(["root", "param"]);
    expect(ranked.match("/things/7/more")).toEqual(["root", "splat"]);
    expect(ranked.match("/admin")).toEqual(["root", "layout", "admin-index"]);
    expect(ranked.match("/admin/users")).toEqual(["root", "layout", "admin-users"]);
    expect(ranked.match("/admin/other")).toEqual(["root", "splat"]);
  });

  it("leaves optional segments to React Router's matcher", () => {
    const optional: RouteEntry[] = [
      { id: "root", path: "" },
      { id: "maybe", parentId: "root", path: ":lang?/about" },
    ];
    const withOptional = new RouteTable(optional);
    for (const path of ["/about", "/en/about", "/en/other"]) {
      expect(withOptional.match(path), path).toEqual(reactRouterMatch(optional, path));
    }
    expect(withOptional.match("/en/about")).toEqual(["root", "maybe"]);
  });
});
