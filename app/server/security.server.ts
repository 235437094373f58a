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
  /** The URL the request was sent to. */
  url: string;
}

/**
 * True for a state-changing request that a browser sent from another site. Browsers say where
 * a request comes from in Sec-Fetch-Site (and in Origin for every POST); a request with neither
 * did not come from a browser page, so it cannot be a cross-site forgery.
 */
export function isFromAnotherSite(source: RequestSource, baseUrl: string): boolean {
  if (SAFE_METHODS.has(source.method.toUpperCase())) return false;
  if (source.fetchSite) return source.fetchSite !== "same-origin" && source.fetchSite !== "none";
  if (source.origin === null) return false;
  return source.origin !== new URL(baseUrl).origin && source.origin !== new URL(source.url).origin;
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
    `[security] cross-site ${source.method} ${new URL(source.url).pathname} refused (origin ${source.origin}, sec-fetch-site ${source.fetchSite})`,
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
