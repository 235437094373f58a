import { Construction } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { ARTICLES_PAGE } from "~/content/static-pages";
import { common, landing } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/articles";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  return seo(matches[0]?.loaderData?.site, {
    title: ARTICLES_PAGE[locale].title,
    description: ARTICLES_PAGE[locale].description,
    path: "/articles",
    locale,
  });
};

export default function Articles() {
  const m = useMessages({ landing, common });
  const page = ARTICLES_PAGE[useLocale()];
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-accent-100 text-accent-700">
        <Construction className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 font-extrabold text-3xl text-slate-900 tracking-tight">{page.title}</h1>
      <p className="mt-4 text-slate-600 leading-7">{page.text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/factories" className={buttonVariants({ variant: "primary" })}>
          {m.landing.categories.viewAllFactories}
        </Link>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          {m.common.home}
        </Link>
      </div>
    </section>
  );
}
