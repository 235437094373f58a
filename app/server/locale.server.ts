/**
 * The language of a request, for loaders, actions and middleware: the language of its address
 * (`/en/…`, and `/en.data`, `/en/tenders.data` for React Router's data requests).
 */
import { createContext, redirect } from "react-router";
import { DEFAULT_LOCALE, type Locale, localeOfPath, localizedHref } from "~/domain/locale";

export function localeOf(request: Request): Locale {
  const { pathname } = new URL(request.url);
  return localeOfPath(pathname.replace(/\.data$/, ""));
}

/** Set by the root middleware for every request: `context.get(localeContext)`. */
export const localeContext = createContext<Locale>(DEFAULT_LOCALE);

/** A redirect to a site address in the request's language. */
export function localizedRedirect(request: Request, href: string, init?: number | ResponseInit) {
  return redirect(localizedHref(href, localeOf(request)), init);
}
