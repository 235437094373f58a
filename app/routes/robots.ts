import { LOCALES, localizedHref } from "~/domain/locale";
import { requestOf } from "~/http/request-context.server";
import type { Route } from "./+types/robots";

/** Private or personal pages, in every language: nothing there for a search engine. */
const PRIVATE_PAGES = [
  "/profile",
  "/admin",
  "/my-tenders",
  "/factory-products$",
  "/factory-dashboard",
  "/reset-password",
];
const DISALLOW = [
  ...LOCALES.flatMap((locale) => PRIVATE_PAGES.map((path) => localizedHref(path, locale))),
  "/api",
  "/language",
  // The health checks of app/platform/health.server.ts: for load balancers, not for search.
  "/healthz",
  "/readyz",
];

// /robots.txt: everything public may be crawled; the sitemap's absolute address from BASE_URL.
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = requestOf(context).runtime;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOW.map((path) => `Disallow: ${path}`),
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
