/**
 * React Router's Link and NavLink that stay in the page's language: `to="/factories"` on an
 * English page goes to `/en/factories`. Use these for every link inside the site.
 */
import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, type To } from "react-router";
import type { Locale } from "~/domain/locale";
import { localizedHref } from "~/domain/locale";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale } from "~/lib/i18n";

function localizedTo(to: To, locale: Locale): To {
  if (typeof to === "string") return localizedHref(to, locale);
  return to.pathname ? { ...to, pathname: localizedHref(to.pathname, locale) } : to;
}

/** A target the browser resolves as React Router would: from the site's root or this page. */
const plainTarget = (to: To): to is string =>
  typeof to === "string" && (to.startsWith("/") || to.startsWith("?") || to.startsWith("#"));

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  const locale = useLocale();
  // A page without the app's JavaScript has nothing for React Router's link to do: a plain
  // link, without its hooks, costs the server less (a directory page has some fifty).
  const scriptFree = useHtmlFirst();
  if (scriptFree && plainTarget(to)) {
    const {
      prefetch: _prefetch,
      reloadDocument: _reloadDocument,
      replace: _replace,
      state: _state,
      preventScrollReset: _preventScrollReset,
      relative: _relative,
      viewTransition: _viewTransition,
      discover: _discover,
      ...anchor
    } = props;
    return <a href={localizedHref(to, locale)} {...anchor} />;
  }
  return <RouterLink to={localizedTo(to, locale)} {...props} />;
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localizedTo(to, useLocale())} {...props} />;
}
