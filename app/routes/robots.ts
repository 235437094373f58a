import { getRuntime } from "~/server/runtime.server";

/** Private or personal pages: nothing there for a search engine. */
const DISALLOW = [
  "/profile",
  "/admin",
  "/my-tenders",
  "/factory-products$",
  "/factory-dashboard",
  "/reset-password",
  "/api",
];

// /robots.txt: everything public may be crawled; the sitemap's absolute address from BASE_URL.
export async function loader() {
  const { env } = await getRuntime();
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
