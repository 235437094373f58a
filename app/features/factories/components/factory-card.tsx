import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { locationText } from "~/components/user-content";
import { capabilityProfile, common, factories } from "~/domain/catalogue";
import { ownText } from "~/domain/locale";
import { categoryLabel } from "~/domain/reference";
import { FactoryLogo } from "~/features/factories/components/factory-logo";
import { VerifiedBadge } from "~/features/factories/components/verified-badge";
import type { FactoryCard as FactoryRow } from "~/features/factories/factories.server";
import { CardRating } from "~/features/reviews/components/review-parts";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";

/** Specialisation tags shown on a card before '+N' (docs/product.md, "Constants"). */
export const CARD_TAGS = 3;

/** A factory on a card: the directory's row, whose English texts and mark may be missing. */
export type FactoryCardData = Omit<FactoryRow, "nameEn" | "excerptEn" | "verified"> &
  Partial<Pick<FactoryRow, "nameEn" | "excerptEn" | "verified">>;

/**
 * A factory in the directory. The factory's name is the one link to /factory/{id}, described by
 * its location, and stretched over the whole card, so a click anywhere opens it while the link's
 * name stays the name people see and say (WCAG 2.5.3) and the rest of the card is read as text.
 * The 'Подробнее' button is only its look, so nothing interactive is nested in the link.
 */
export function FactoryCard({
  factory: source,
  eager = false,
}: {
  factory: FactoryCardData;
  eager?: boolean;
}) {
  const locale = useLocale();
  const factory = {
    ...source,
    name: ownText(source.name, source.nameEn, locale),
    excerpt: ownText(source.excerpt, source.excerptEn, locale),
  };
  const m = useMessages({ factories, common, capabilityProfile });
  const t = m.factories.card;
  const facts = [
    factory.minOrder ? m.capabilityProfile.card.minOrder(factory.minOrder) : null,
    factory.leadTimeDays ? m.capabilityProfile.card.leadTime(factory.leadTimeDays) : null,
  ].filter((fact): fact is string => fact !== null);
  const metaId = `factory-${factory.id}-meta`;
  const location = locationText(factory.country, factory.city, locale);
  const shown = factory.categories.slice(0, CARD_TAGS);
  const rest = factory.categories.slice(CARD_TAGS);
  return (
    <article
      data-testid="factory-card"
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-brand-300 hover:shadow-md hover:shadow-slate-200/60 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-brand-600 has-[a:focus-visible]:outline-offset-2 sm:p-5"
    >
      <div className="flex items-start gap-4">
        <FactoryLogo
          url={factory.logoUrl}
          name={factory.name}
          alt=""
          size={64}
          loading={eager ? "eager" : "lazy"}
        />
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 font-bold text-lg text-slate-900 leading-snug group-hover:text-brand-800">
            <Link
              to={`/factory/${factory.id}`}
              aria-describedby={metaId}
              className="outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
              data-user-content
            >
              {factory.name}
            </Link>
          </h2>
          <p id={metaId} className="mt-1 flex items-start gap-1.5 text-slate-600 text-sm">
            <SpriteIcon name="map-pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            <span>{location || t.noLocation}</span>
          </p>
          {factory.verified && <VerifiedBadge className="mt-2" />}
          <CardRating rating={factory.rating} count={factory.reviewCount} />
        </div>
      </div>
      {factory.excerpt && (
        <p className="mt-4 line-clamp-3 text-slate-600 text-sm leading-6" data-user-content>
          {factory.excerpt}
        </p>
      )}
      {facts.length > 0 && (
        <p className="mt-3 font-medium text-slate-800 text-sm" data-testid="factory-card-facts">
          {facts.join(" · ")}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5">
          {shown.map((slug) => (
            <li
              key={slug}
              className="rounded-full bg-brand-50 px-2.5 py-1 font-medium text-brand-800 text-xs ring-1 ring-brand-100 ring-inset"
            >
              {categoryLabel(slug, locale)}
            </li>
          ))}
          {rest.length > 0 && (
            <li
              title={t.moreCategories(rest.map((slug) => categoryLabel(slug, locale)).join(", "))}
              className="rounded-full bg-accent-100 px-2.5 py-1 font-semibold text-accent-700 text-xs"
            >
              {m.common.moreCount(rest.length)}
            </li>
          )}
        </ul>
      )}
      <div className="mt-auto pt-5">
        <span
          aria-hidden="true"
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "w-full group-hover:border-brand-300 group-hover:bg-brand-50 group-hover:text-brand-800",
          )}
        >
          {t.details}
          <SpriteIcon name="arrow-right" />
        </span>
      </div>
    </article>
  );
}
