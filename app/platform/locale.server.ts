/**
 * The language of a request, for loaders, actions and middleware: the language of its address
 * (`/en/…`, and `/en.data`, `/en/tenders.data` for React Router's data requests).
 */
import { redirect } from "react-router";
import {
  isLocale,
  type Locale,
  localeOfPath,
  localizedHref,
  preferredLocale,
} from "~/domain/locale";

/** What these functions read of a request (a Fetch Request, or the page cache's early look). */
export interface RequestLike {
  url: string;
  headers: { get(name: string): string | null };
}

export function localeOf(request: RequestLike): Locale {
  const { pathname } = new URL(request.url);
  return localeOfPath(pathname.replace(/\.data$/, ""));
}

/** A redirect to a site address in the request's language. */
export function localizedRedirect(request: Request, href: string, init?: number | ResponseInit) {
  return redirect(localizedHref(href, localeOf(request)), init);
}

/** The cookie that remembers the language a person chose (a year; not a secret). */
export const LANGUAGE_COOKIE = "fabricum_lang";

/** The language a person chose earlier (the switcher sets the cookie), or null. */
export function chosenLocale(request: RequestLike): Locale | null {
  const cookie = request.headers.get("cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookie);
  return match && isLocale(match[1]) ? match[1] : null;
}

export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The language to offer a first-time visitor on a page of another language: their browser's
 * first language of ours, when they have not chosen one yet. Never a redirect: a shared link
 * and a search engine get the language of the address.
 */
export function localeToOffer(request: RequestLike): Locale | null {
  if (chosenLocale(request)) return null;
  const wanted = preferredLocale(request.headers.get("accept-language"));
  return wanted && wanted !== localeOf(request) ? wanted : null;
}
