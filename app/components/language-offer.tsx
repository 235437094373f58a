import { Languages } from "lucide-react";
import { useLocation } from "react-router";
import type { Messages, nav } from "~/domain/catalogue";
import { type Locale, localizedHref } from "~/domain/locale";

/**
 * A strip above the header for a first-time visitor whose browser prefers another of our
 * languages: it says, in that language, that the page exists in it. Both answers go through
 * /language, which remembers them, so the strip is not shown again. Never a redirect. Its texts
 * come with the page (the root loader): the browser has only the page's own language.
 */
export interface LanguageOfferProps {
  locale: Locale;
  texts: Messages<typeof nav>["languageOffer"];
}

export function LanguageOffer({ locale, texts: t }: LanguageOfferProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const choose = (to: string) => `/language?to=${encodeURIComponent(to)}`;
  return (
    <aside
      lang={locale}
      aria-label={t.label}
      className="border-brand-100 border-b bg-brand-50 px-4 py-2 text-brand-900 text-sm"
      data-testid="language-offer"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1">
        <p className="flex items-center gap-2">
          <Languages className="size-4 shrink-0" aria-hidden="true" />
          {t.text}
        </p>
        <a
          href={choose(localizedHref(here, locale))}
          hrefLang={locale}
          className="font-semibold underline underline-offset-2"
        >
          {t.accept}
        </a>
        <a href={choose(here)} className="text-brand-800 underline underline-offset-2">
          {t.decline}
        </a>
      </div>
    </aside>
  );
}
