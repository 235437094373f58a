import { requestOf } from "~/http/request-context.server";
import { disallowRules } from "~/lib/route-table";
import { listPages } from "~/platform/route-table.server";
import type { Route } from "./+types/robots";

/** Endpoints that are no pages: nothing there for a search engine. */
const ENDPOINTS = [
  "/api",
  "/language",
  // The health checks of app/platform/health.server.ts: for load balancers, not for search.
  "/healthz",
  "/readyz",
];

/** The rules, worked out once: the routes and their facts do not change while the server runs. */
let rules: { pages: Awaited<ReturnType<typeof listPages>>; lines: string[] } | null = null;

async function disallowLines(): Promise<string[]> {
  const pages = await listPages();
  if (rules?.pages !== pages) {
    rules = {
      pages,
      lines: [...disallowRules(pages), ...ENDPOINTS].map((path) => `Disallow: ${path}`),
    };
  }
  return rules.lines;
}

// /robots.txt: everything public may be crawled, every private page (its route facts,
// app/lib/route-facts.ts) in every language may not; the sitemap's absolute address from
// BASE_URL.
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = requestOf(context).runtime;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...(await disallowLines()),
    "",
    `Sitemap: ${env.BASE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
