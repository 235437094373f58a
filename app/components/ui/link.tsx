/**
 * React Router's Link and NavLink that stay in the page's language: `to="/factories"` on an
 * English page goes to `/en/factories`. Use these for every link inside the site.
 */
import type { ComponentProps } from "react";
import { Link as RouterLink, NavLink as RouterNavLink, type To } from "react-router";
import type { Locale } from "~/domain/locale";
import { localizedHref } from "~/domain/locale";
import { useLocale } from "~/lib/i18n";

function localizedTo(to: To, locale: Locale): To {
  if (typeof to === "string") return localizedHref(to, locale);
  return to.pathname ? { ...to, pathname: localizedHref(to.pathname, locale) } : to;
}

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  return <RouterLink to={localizedTo(to, useLocale())} {...props} />;
}

export function NavLink({ to, ...props }: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink to={localizedTo(to, useLocale())} {...props} />;
}
