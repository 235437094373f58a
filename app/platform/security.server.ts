/**
 * HTTP hardening in one place:
 * - the Content-Security-Policy of every page: scripts only from our origin, with the page's
 *   per-request nonce (React Router's and React's inline scripts) or by the hash of one of our
 *   constant inline scripts; never 'unsafe-inline' for scripts; no framing;
 * - the headers every response carries (nosniff, referrer policy, no framing, HSTS on https);
 * - the refusal of cross-site form posts (a page on another site posting to our actions); React
 *   Router also refuses a post whose Origin differs, this answers first and also reads
 *   Sec-Fetch-Site.
 */
import { createHash, randomBytes } from "node:crypto";
import { errors } from "~/domain/catalogue";
import { DEFAULT_LOCALE, type Locale, localeOfPath, pathWithoutLocale } from "~/domain/locale";
import { escapeHtml } from "~/lib/escape-html";
import { INLINE_SCRIPTS } from "~/lib/inline-scripts";

const scriptHashes = INLINE_SCRIPTS.map(
  (script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`,
);

/** A fresh nonce for one page. */
export function createNonce(): string {
  return randomBytes(18).toString("base64");
}

const isHttps = (baseUrl: string) => baseUrl.startsWith("https://");

/**
 * The page's policy; `nonce` is the one given to this page's inline scripts (none for an
 * HTML-first page, whose only inline scripts are the constant ones allowed by their hashes).
 */
export function contentSecurityPolicy(nonce: string | undefined, baseUrl: string): string {
  return [
    "default-src 'self'",
    `script-src 'self'${nonce ? ` 'nonce-${nonce}'` : ""} ${scriptHashes.join(" ")}`,
    // Inline style attributes (React's style prop) and the toast library's injected styles.
    "style-src 'self' 'unsafe-inline'",
    // data: for tiny inline pictures, blob: for previews of photos picked in a form.
    "img-src 'self' data: blob:",
    // data: for the smallest font subsets, which the build inlines into the stylesheet.
    "font-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps(baseUrl) ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers for every response, pages, data, pictures and static files alike. */
export function securityHeaders(baseUrl: string): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(isHttps(baseUrl)
      ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
      : {}),
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Where a request says it comes from. */
export interface RequestSource {
  method: string;
  /** The Origin header. */
  origin: string | null;
  /** The Sec-Fetch-Site header. */
  fetchSite: string | null;
  /** The URL the request was sent to, as this server saw it (its own scheme, the Host header). */
  url: string;
  /**
   * The origin a trusted proxy (TRUST_PROXY) says the browser used, from X-Forwarded-Proto and
   * X-Forwarded-Host; null (or absent) when the request did not come through a trusted proxy.
   */
  forwardedOrigin?: string | null;
}

/** `new URL(value).origin`, or null for something that is not an absolute URL. */
function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origins a page of this site can have, as seen from this request: BASE_URL's (the public
 * address, whatever the proxy passes on), the one a trusted proxy forwards, and the one the
 * request itself was sent to (a direct visit; a proxy that passes Host and the scheme through).
 * A proxy that rewrites Host (nginx's default `$proxy_host`) or ends TLS makes the last one
 * differ from the browser's, which is why BASE_URL's is always among them.
 */
export function sameSiteOrigins(source: RequestSource, baseUrl: string): string[] {
  const origins = [originOf(baseUrl), originOf(source.forwardedOrigin), originOf(source.url)];
  return [...new Set(origins.filter((origin): origin is string => origin !== null))];
}

/**
 * True for a state-changing request that a browser sent from another site. Browsers say where
 * a request comes from in Sec-Fetch-Site and in Origin for every POST: either naming another
 * site refuses it. A request with neither did not come from a browser page, so it cannot be a
 * cross-site forgery.
 */
export function isFromAnotherSite(source: RequestSource, baseUrl: string): boolean {
  if (SAFE_METHODS.has(source.method.toUpperCase())) return false;
  if (source.fetchSite && source.fetchSite !== "same-origin" && source.fetchSite !== "none") {
    return true;
  }
  if (source.origin === null) return false;
  return !sameSiteOrigins(source, baseUrl).includes(source.origin);
}

/**
 * The origin of the URL the app's request handler is given. React Router refuses (a plain 400)
 * a post whose Origin header differs from the request URL's origin; behind a proxy the URL this
 * server sees (`http://upstream_name`) is not the one the browser used. So the handler gets the
 * browser's own origin when it is one of this site's (`sameSiteOrigins`), and otherwise
 * BASE_URL's (a trusted proxy's forwarded origin may carry the upstream's name as its host, when
 * the proxy passes X-Forwarded-Proto but not Host). A post from an origin that is none of these
 * has already been refused by `isFromAnotherSite`.
 */
export function publicOrigin(source: RequestSource, baseUrl: string): string {
  if (source.origin !== null && sameSiteOrigins(source, baseUrl).includes(source.origin)) {
    return source.origin;
  }
  return originOf(baseUrl) as string;
}

/**
 * The address of an email's one-click unsubscribe link (RFC 8058), in any language:
 * `/unsubscribe/{token}`, `/en/unsubscribe/{token}` (app/routes/unsubscribe.tsx).
 */
const UNSUBSCRIBE_PATH = /^\/unsubscribe\/[A-Za-z0-9_-]+$/;

/**
 * True for a POST to an unsubscribe link. A mail provider sends the one-click POST
 * (`List-Unsubscribe=One-Click`) from wherever it likes, without a session: the token in the
 * address alone says whose emails stop, so there is nothing to forge. The route itself takes only
 * the one-click body from another site (`isFromAnotherSite`), never its own form. (React Router's
 * own check still refuses a POST whose Origin header names another site; the providers' servers
 * send none, as RFC 8058 asks: no context with the request.)
 */
export function isOneClickUnsubscribe(source: Pick<RequestSource, "method" | "url">): boolean {
  if (source.method.toUpperCase() !== "POST") return false;
  return UNSUBSCRIBE_PATH.test(pathWithoutLocale(new URL(source.url).pathname));
}

/** A cross-site write that is refused: any but the one-click unsubscribe POST. */
export function isCrossSiteWrite(source: RequestSource, baseUrl: string): boolean {
  return isFromAnotherSite(source, baseUrl) && !isOneClickUnsubscribe(source);
}

/**
 * The answer to a cross-site write: 403 with a plain Russian page, before any action runs.
 * Null when the request may go on.
 */
export function crossSiteRefusal(source: RequestSource, baseUrl: string): string | null {
  if (!isCrossSiteWrite(source, baseUrl)) return null;
  console.warn(
    `[security] ${source.fetchSite === "same-origin" ? "origin not this site's (is BASE_URL the public address?): " : ""}cross-site ${source.method} ${new URL(source.url).pathname} refused (origin ${source.origin}, sec-fetch-site ${source.fetchSite})`,
  );
  const locale = localeOfPath(new URL(source.url).pathname);
  return plainErrorPage(403, baseUrl, errors[locale].crossSite, locale);
}

/**
 * A self-contained error page for answers the HTTP server gives before the app runs (a
 * cross-site post, a body over the route's limit), in the address's language: no scripts, no
 * styles from outside.
 */
export function plainErrorPage(
  status: 400 | 403 | 413,
  baseUrl: string,
  detail?: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const m = { errors: errors[locale] };
  const { title, text } = m.errors[status];
  const extra = detail ? `<p>${escapeHtml(detail)}</p>` : "";
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${extra}<p><a href="${escapeHtml(locale === DEFAULT_LOCALE ? baseUrl : `${baseUrl}/${locale}`)}">${escapeHtml(m.errors.home)}</a></p></body></html>`;
}
