import {
  ArrowRight,
  BadgeCheck,
  FileText,
  Globe2,
  Handshake,
  Images,
  MessagesSquare,
  PercentCircle,
  Rocket,
  Search,
  ShieldCheck,
  UserRound,
} from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { landing } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { COUNTRIES } from "~/domain/reference";
import { FactoriesIllustration } from "~/features/factories/components/factories-illustration";
import { landingStats } from "~/features/factories/stats.server";
import { requestOf } from "~/http/request-context.server";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import { pageTags } from "~/lib/page-tags";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import type { Route } from "./+types/home";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  sitemap: true,
  // The directory's count and the count of active tenders.
  shows: () => [pageTags.directory(), pageTags.tenders()],
});

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = requestOf(context).runtime;
  return { stats: await landingStats(db).catch(unavailableWhenUnreachable) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seo(matches[0]?.loaderData?.site, { path: "/", locale: localeOfPath(location.pathname) });

const capabilityIcons = [Search, MessagesSquare, Handshake, Globe2];
const advantageIcons = [PercentCircle, FileText, Images];
const whyIcons = [UserRound, ShieldCheck, Globe2, Rocket];

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-slate-600">{subtitle}</p>}
    </div>
  );
}

function FeatureCard({
  icon: Icon,
  title,
  text,
  tone = "brand",
}: {
  icon: typeof Search;
  title: string;
  text: string;
  tone?: "brand" | "accent";
}) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:block sm:p-6">
      <span
        className={cn(
          "grid size-11 shrink-0 place-items-center rounded-xl",
          tone === "brand" ? "bg-brand-50 text-brand-700" : "bg-accent-100 text-accent-700",
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div>
        <h3 className="font-bold text-slate-900 sm:mt-4">{title}</h3>
        <p className="mt-1.5 text-slate-600 text-sm leading-6 sm:mt-2">{text}</p>
      </div>
    </li>
  );
}

type Card = { readonly title: string; readonly text: string };

/** A landing section: a heading and a grid of icon cards. */
function FeatureSection({
  id,
  title,
  subtitle,
  cards,
  icons,
  tone = "brand",
  shaded = false,
  columns,
}: {
  id: string;
  title: string;
  subtitle?: string;
  cards: readonly Card[];
  icons: (typeof Search)[];
  tone?: "brand" | "accent";
  shaded?: boolean;
  columns: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("py-16 sm:py-20", shaded && "bg-slate-50")}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={id} title={title} subtitle={subtitle} />
        <ul className={cn("mt-10 grid gap-4", columns)}>
          {cards.map((card, i) => (
            <FeatureCard key={card.title} icon={icons[i] ?? Search} tone={tone} {...card} />
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const m = useMessages({ landing });
  const t = m.landing;
  return (
    <>
      <section
        aria-labelledby="hero-title"
        className="relative overflow-hidden bg-brand-950 text-white"
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_80%_20%,var(--color-brand-700),transparent_55%)] opacity-70"
        />
        <div className="relative mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center lg:px-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 font-medium text-brand-100 text-xs sm:text-sm">
              <BadgeCheck className="size-4 text-accent-500" aria-hidden="true" />
              {t.hero.eyebrow}
            </p>
            <h1
              id="hero-title"
              className="mt-5 font-extrabold text-4xl leading-tight tracking-tight sm:text-5xl"
            >
              {t.hero.title}
            </h1>
            <p className="mt-5 max-w-xl text-brand-100 text-lg leading-8">{t.hero.subtitle}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/register" className={buttonVariants({ variant: "accent", size: "lg" })}>
                {t.hero.seller}
              </Link>
              {/* A buyer comes to order: straight to placing a tender (decision 017). */}
              <Link
                to="/place-tender"
                className={buttonVariants({ variant: "outlineInverse", size: "lg" })}
              >
                {t.hero.buyer}
              </Link>
            </div>
          </div>
          <dl className="grid grid-cols-3 gap-3 rounded-2xl bg-white/5 p-4 ring-1 ring-white/10 sm:p-6">
            {[
              [t.stats.factories, stats.factories],
              [t.stats.countries, COUNTRIES.length],
              [t.stats.tenders, stats.activeTenders],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-brand-200 text-xs sm:text-sm">{label}</dt>
                <dd className="mt-1 font-extrabold text-2xl sm:text-4xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <FeatureSection
        id="capabilities"
        {...t.capabilities}
        icons={capabilityIcons}
        shaded
        columns="sm:grid-cols-2 lg:grid-cols-4"
      />
      <FeatureSection
        id="advantages"
        {...t.advantages}
        icons={advantageIcons}
        tone="accent"
        columns="md:grid-cols-3"
      />
      <FeatureSection
        id="why-us"
        {...t.whyUs}
        icons={whyIcons}
        shaded
        columns="sm:grid-cols-2 lg:grid-cols-4"
      />

      <section id="categories" aria-labelledby="categories-title" className="py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            id="categories-title"
            title={t.categories.title}
            subtitle={t.categories.subtitle}
          />
          <div className="mt-10 grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-stretch">
            <Link
              to="/factories"
              className="group grid overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-md sm:grid-cols-2"
            >
              <FactoriesIllustration className="aspect-[4/3] h-full w-full sm:aspect-auto" />
              <div className="flex flex-col justify-center p-6 sm:p-8">
                <h3 className="font-extrabold text-slate-900 text-xl">
                  {t.categories.factoriesTile}
                </h3>
                <p className="mt-2 text-slate-600 text-sm leading-6">
                  {t.categories.factoriesTileText}
                </p>
                <span className="mt-5 inline-flex items-center gap-2 font-semibold text-brand-700 text-sm">
                  {t.categories.goToCategory}
                  <ArrowRight
                    className="size-4 transition-transform group-hover:translate-x-1"
                    aria-hidden="true"
                  />
                </span>
              </div>
            </Link>
            <div className="flex flex-col justify-center gap-4 rounded-2xl bg-brand-50 p-6 sm:p-8">
              <p className="text-brand-900 text-sm leading-6">{t.categories.allText}</p>
              <Link to="/factories" className={buttonVariants({ variant: "primary" })}>
                {t.categories.viewAllFactories}
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8">
        <div className="mx-auto max-w-7xl rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="cta-title" className="font-extrabold text-2xl tracking-tight sm:text-3xl">
            {t.cta.title}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-brand-100">{t.cta.text}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonVariants({ variant: "inverse", size: "lg" })}>
              {t.cta.registerSupplier}
            </Link>
            <Link
              to="/factories"
              className={buttonVariants({ variant: "outlineInverse", size: "lg" })}
            >
              {t.cta.findManufacturer}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
