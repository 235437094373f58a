import { ArrowLeft, ArrowRight, Images, MapPin, Pencil } from "lucide-react";
import { data, isRouteErrorResponse } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { buttonVariants } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { common, errors, factories, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { pageOf } from "~/domain/filter-params";
import { truncate } from "~/domain/format";
import { localeOfPath, withOwnTexts } from "~/domain/locale";
import {
  categoryDescription,
  categoryLabel,
  cityLabel,
  countryLabel,
  formatLocation,
  isCategorySlug,
  isCityId,
} from "~/domain/reference";
import { publicCertifications } from "~/features/certificates/certificates.server";
import { PublicCertifications } from "~/features/certificates/components/public-certifications";
import { CapabilitySection } from "~/features/factories/components/capability-section";
import { FactoryContacts } from "~/features/factories/components/factory-contacts";
import { FactoryLogo } from "~/features/factories/components/factory-logo";
import { FactoryTitle } from "~/features/factories/components/verified-badge";
import { findFactory, ownsFactory } from "~/features/factories/factories.server";
import { FactoryReviewsSection } from "~/features/reviews/components/review-parts";
import { factoryReviews } from "~/features/reviews/reviews.server";
import { SaveFactoryButton } from "~/features/saved/components/save-factory";
import { savedAmong } from "~/features/saved/saved.server";
import { requestOf } from "~/http/request-context.server";
import { useLocale, useMessages } from "~/lib/i18n";
import { pageTags } from "~/lib/page-tags";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { ErrorScreen } from "~/root";
import type { Route } from "./+types/factory";

// One screen for /factory/{id} and /factories/{id}; the canonical address is /factory/{id}.

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  shows: ({ params }) => [pageTags.factory(params.id ?? "")],
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, user } = requestOf(context);
  const { db } = runtime;
  const factory = await findFactory(db, params.id).catch(unavailableWhenUnreachable);
  if (!factory) throw data(null, { status: 404 });
  // The owner looking at its own page is offered to edit it (a visitor's page stays cacheable).
  const viewer = await user();
  const own = await ownsFactory(db, viewer, factory.id).catch(unavailableWhenUnreachable);
  const certifications = await publicCertifications(db, factory.id).catch(
    unavailableWhenUnreachable,
  );
  const saved = await savedAmong(db, viewer, [factory.id]).catch(unavailableWhenUnreachable);
  // Its reviews (decision 033), ten a page: `?reviews=2` is the second page (a bad value: the first).
  const reviewsPage = pageOf(new URL(request.url).searchParams.get("reviews"));
  const reviews = await factoryReviews(db, factory.id, reviewsPage).catch(
    unavailableWhenUnreachable,
  );
  // Buyers keep saved factories (the button is theirs alone; a visitor's page stays the same).
  const buyer = viewer?.userType === "buyer" && !viewer.isAdmin;
  return { factory, own, certifications, saved: saved.has(factory.id), buyer, reviews };
}

const flat = (text: string) => text.replace(/\s+/g, " ").trim();

export const meta: Route.MetaFunction = ({ loaderData, matches, location: address }) => {
  const locale = localeOfPath(address.pathname);
  const m = messagesFor(locale, { factories, meta: metaMessages });
  const site = matches[0]?.loaderData?.site;
  if (!loaderData) {
    return [
      ...seo(site, { title: m.factories.notFound, locale }),
      { name: "robots", content: "noindex" },
    ];
  }
  const factory = withOwnTexts(loaderData.factory, locale);
  const location = formatLocation(factory.country, factory.city, locale);
  return seo(site, {
    title: factory.name,
    description: factory.description
      ? truncate(flat(location ? `${location}. ${factory.description}` : factory.description), 160)
      : m.meta.factoryDescription(factory.name, location),
    path: `/factory/${factory.id}`,
    image: factory.logoUrl ?? undefined,
    type: "profile",
    locale,
  });
};

/** Paragraphs of a description: blank lines separate them, single line breaks stay. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

function BackToFactories() {
  const m = useMessages({ factories });
  return <BackLink to="/factories">{m.factories.detail.backToList}</BackLink>;
}

export default function FactoryPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const factory = withOwnTexts(loaderData.factory, locale);
  const m = useMessages({ common, factories });
  const t = m.factories.detail;
  const location = locationText(factory.country, factory.city, locale);
  const paragraphs = factory.description ? paragraphsOf(factory.description) : [];
  const place: [string, string][] = (
    [
      [t.country, countryLabel(factory.country, locale)],
      [t.city, cityLabel(factory.city, locale)],
      [t.address, factory.address ?? ""],
    ] as [string, string][]
  ).filter(([, value]) => value);

  return (
    <div className="flex-1 bg-slate-50/60">
      <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 sm:py-8">
        <BackToFactories />
        <header className="mt-3 flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-start sm:gap-8 sm:p-8">
          <FactoryLogo
            url={factory.logoUrl}
            name={factory.name}
            alt={m.common.logoAlt(factory.name)}
            size={112}
            large
            loading="eager"
            className="rounded-2xl"
          />
          <div className="min-w-0 flex-1">
            <FactoryTitle factory={factory} />
            {location && (
              <p className="mt-2 flex items-start gap-1.5 text-slate-600">
                <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0 text-slate-400" />
                {location}
              </p>
            )}
            {factory.categories.length > 0 && (
              <ul aria-label={t.categories} className="mt-4 flex flex-wrap gap-1.5">
                {factory.categories.map((slug) => (
                  <li
                    key={slug}
                    className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800 text-sm ring-1 ring-brand-100 ring-inset"
                  >
                    {categoryLabel(slug, locale)}
                  </li>
                ))}
              </ul>
            )}
            <PublicCertifications items={loaderData.certifications} className="mt-5" />
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link
                to={`/factory-products/${factory.id}`}
                className={buttonVariants({ variant: "primary", size: "lg" })}
              >
                <Images aria-hidden="true" />
                {t.viewPortfolio}
                <ArrowRight aria-hidden="true" />
              </Link>
              <SaveFactoryButton
                buyer={loaderData.buyer}
                factoryId={factory.id}
                name={factory.name}
                saved={loaderData.saved}
              />
              {loaderData.own && (
                <Link
                  to="/profile"
                  className={buttonVariants({ variant: "secondary", size: "lg" })}
                >
                  <Pencil aria-hidden="true" />
                  {t.editOwn}
                </Link>
              )}
            </div>
          </div>
        </header>

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <aside className="grid gap-6 lg:col-start-2 lg:row-start-1">
            <FactoryContacts factory={factory} />
            {place.length > 0 && (
              <CardSection id="factory-location" title={t.location} bodyClassName="mt-4">
                <dl className="grid gap-3">
                  {place.map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-slate-500 text-xs">{label}</dt>
                      <dd
                        className="font-medium text-slate-900"
                        data-user-content={
                          label === t.address ||
                          (label === t.city && !isCityId(factory.city)) ||
                          undefined
                        }
                      >
                        {value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </CardSection>
            )}
          </aside>
          <div className="grid gap-6 lg:col-start-1 lg:row-start-1">
            <CardSection id="factory-about" title={t.about} bodyClassName="mt-4">
              {paragraphs.length > 0 ? (
                <div className="space-y-4 text-slate-700 leading-7">
                  {paragraphs.map((paragraph, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
                    <p key={i} className="whitespace-pre-line break-words" data-user-content>
                      {paragraph}
                    </p>
                  ))}
                </div>
              ) : (
                <p className="text-slate-500">{t.noDescription}</p>
              )}
            </CardSection>
            <CapabilitySection value={factory.capabilities} />
            <FactoryReviewsSection
              data={loaderData.reviews}
              hrefFor={(page) =>
                `/factory/${factory.id}${page > 1 ? `?reviews=${page}` : ""}#factory-reviews`
              }
            />
            {factory.categories.length > 0 && (
              <CardSection id="factory-categories" title={t.categories} bodyClassName="mt-4">
                <ul className="grid gap-3 sm:grid-cols-2">
                  {factory.categories.map((slug) => (
                    <li key={slug} className="rounded-xl bg-slate-50 p-4">
                      <p className="font-semibold text-slate-900">{categoryLabel(slug, locale)}</p>
                      {isCategorySlug(slug) && (
                        <p className="mt-1 text-slate-600 text-sm">
                          {categoryDescription(slug, locale)}
                        </p>
                      )}
                    </li>
                  ))}
                </ul>
              </CardSection>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** 'Фабрика не найдена' with a way back to the directory (HTTP 404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const m = useMessages({ factories, errors });
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const screen = m.errors[status === 503 ? 503 : 500];
    return <ErrorScreen status={status} title={screen.title} text={screen.text} />;
  }
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p className="font-bold text-brand-700 text-sm tracking-widest">{m.errors.code(404)}</p>
      <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
        {m.factories.notFound}
      </h1>
      <p className="mt-4 text-slate-600">{m.factories.notFoundText}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/factories" className={buttonVariants({ variant: "primary" })}>
          <ArrowLeft aria-hidden="true" />
          {m.factories.backToFactories}
        </Link>
        <Link to="/" className={buttonVariants({ variant: "secondary" })}>
          {m.errors.home}
        </Link>
      </div>
    </section>
  );
}
