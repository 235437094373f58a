/**
 * Who may keep a copy of a response. A page or data answer that carries one person's data (the
 * request has a session, or the answer sets a cookie) is `private, no-store`: no shared cache
 * in front may hand it to someone else, and the browser does not keep it either. A visitor's
 * page is the same for every visitor with the same language settings, so it says a shared cache
 * may keep it briefly, when the route's facts say so (`visitorCache`, app/lib/route-facts.ts).
 * Both vary on Cookie and Accept-Language. Answers that declared their own policy (pictures,
 * sitemap, robots.txt) keep it unless they set a cookie.
 */
import type { PageFacts } from "~/lib/route-facts";

/** better-auth's session cookie, plain and with the `__Secure-` prefix (https). */
export const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];

/** How long a shared cache (a CDN in front) may keep a visitor's page. */
export const VISITOR_SHARED_MAX_AGE = 60;

export const PRIVATE = "private, no-store";
export const VISITOR_PAGE = `public, max-age=0, s-maxage=${VISITOR_SHARED_MAX_AGE}`;

/** True when the request carries a session cookie (valid or not). */
/**
 * The flash-toast cookie (app/http/toast.server.ts): a page that shows a toast is one person's,
 * so the page cache never keeps or serves it.
 */
export const TOAST_COOKIE = "__toast";

export function hasSessionCookie(request: {
  headers: { get(name: string): string | null };
}): boolean {
  const header = request.headers.get("cookie");
  if (!header) return false;
  return header
    .split(";")
    .some((pair) => SESSION_COOKIES.includes(pair.split("=", 1)[0]?.trim() ?? ""));
}

function addVary(headers: Headers, name: string) {
  const current = headers.get("Vary");
  const names = (current ?? "").split(",").map((value) => value.trim().toLowerCase());
  if (names.includes("*") || names.includes(name.toLowerCase())) return;
  headers.set("Vary", current ? `${current}, ${name}` : name);
}

/** What the policy needs of the page's facts (app/lib/route-facts.ts). */
export type CacheFacts = Pick<PageFacts, "private" | "visitorCache">;

/**
 * The Cache-Control (and Vary) the response should carry; sets them on its headers. A page whose
 * facts say it is private is one person's even for a visitor (a link with a token), and says so
 * to search engines too (`X-Robots-Tag: noindex`); a visitor's page is kept by shared caches only
 * when its facts allow it.
 */
export function applyCachePolicy(request: Request, response: Response, facts: CacheFacts): void {
  const { headers } = response;
  if (facts.private) headers.set("X-Robots-Tag", "noindex");
  const setsCookie = headers.getSetCookie().length > 0;
  const declared = headers.get("Cache-Control");
  if (declared && !setsCookie) return;
  const personal = setsCookie || facts.private || hasSessionCookie(request);
  const method = request.method.toUpperCase();
  const cacheable =
    facts.visitorCache && (method === "GET" || method === "HEAD") && response.status === 200;
  headers.set("Cache-Control", personal ? PRIVATE : cacheable ? VISITOR_PAGE : "no-store");
  addVary(headers, "Cookie");
  // A first visit may be offered the browser's language (locale.server.ts localeToOffer).
  addVary(headers, "Accept-Language");
}
