import { CalendarDays, Check, Factory, MapPin, Package, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { ProductImage } from "~/components/product-visuals";
import * as Card from "~/components/ui/card";
import { locationText } from "~/components/user-content";
import { common, messagesFor, tenders } from "~/domain/catalogue";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import { categoryLabel, tenderGenderLabel } from "~/domain/reference";
import type { TenderDto } from "~/features/tenders/tenders.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";

/** What a card and the details dialog show of a tender: the service's, the dates as they arrive. */
export type TenderView = Omit<TenderDto, "createdAt" | "updatedAt"> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

export function formatQuantity(quantity: number | null, locale: Locale): string {
  const m = messagesFor(locale, { common });
  return quantity == null
    ? m.common.notSpecified
    : `${formatNumber(quantity, locale)} ${m.common.pieces}`;
}

export function formatBudget(
  tender: Pick<TenderView, "budget" | "currency">,
  locale: Locale,
): string {
  return tender.budget == null
    ? messagesFor(locale, { tenders }).tenders.list.noBudget
    : formatMoney(tender.budget, tender.currency, locale);
}

export function StatusBadge({ status }: { status: TenderView["status"] }) {
  const m = useMessages({ tenders });
  const t = m.tenders;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold text-xs",
        status === "active"
          ? "bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200"
          : status === "awarded"
            ? "bg-sky-50 text-sky-800 ring-1 ring-sky-200"
            : "bg-slate-100 text-slate-600 ring-1 ring-slate-200",
      )}
      data-testid="tender-status"
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          status === "active"
            ? "bg-emerald-500"
            : status === "awarded"
              ? "bg-sky-500"
              : "bg-slate-400",
        )}
      />
      {t.statuses[status]}
    </span>
  );
}

export function GenderBadge({ gender }: { gender: string | null }) {
  const locale = useLocale();
  if (!gender) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 font-semibold text-brand-800 text-xs ring-1 ring-brand-100">
      {tenderGenderLabel(gender, locale)}
    </span>
  );
}

function Fact({
  icon: Icon,
  wrap = false,
  children,
}: {
  icon: typeof MapPin;
  /** Up to two lines instead of one cut short (a list of names). */
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <li
      className={cn(
        "flex min-w-0 gap-2 text-slate-700 text-sm",
        wrap ? "items-start" : "items-center",
      )}
    >
      <Icon className={cn("size-4 shrink-0 text-slate-400", wrap && "mt-0.5")} aria-hidden="true" />
      <span className={cn("min-w-0", wrap ? "line-clamp-2 break-words" : "truncate")}>
        {children}
      </span>
    </li>
  );
}

/** 'Вы откликнулись' on the card of a tender the viewing factory quoted. */
export function QuotedBadge() {
  const t = useMessages({ tenders }).tenders;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-800 text-xs ring-1 ring-emerald-200"
      data-testid="tender-quoted"
    >
      <Check className="size-3.5" aria-hidden="true" />
      {t.list.quoted}
    </span>
  );
}

/**
 * A tender card: first photo (or placeholder), gender, title, quantity, production categories,
 * location, budget and date. With `href` the whole card opens the details dialog (a stretched link on the title);
 * `badge` adds the status, `actions` a footer (the owner's page).
 */
export function TenderCard({
  tender,
  badge,
  headingLevel = 2,
  ...card
}: { tender: TenderView; badge?: ReactNode } & Card.Options) {
  const locale = useLocale();
  const m = useMessages({ tenders });
  const t = m.tenders;
  const location = locationText(tender.country, tender.city, locale);
  return (
    <article
      className={cn(
        "relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-colors",
        card.href &&
          "hover:border-brand-300 has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-brand-600",
      )}
      data-testid="tender-card"
    >
      {/* Small screens: a thumbnail beside the text, so a list of 20 stays short. */}
      <div className="flex flex-1 max-sm:flex-row sm:flex-col">
        <div className="relative max-sm:w-28 max-sm:shrink-0">
          <ProductImage
            url={tender.photos[0]}
            alt={tender.title}
            eager={card.eager}
            className="max-sm:aspect-auto max-sm:h-full max-sm:min-h-32"
          />
          <Card.PictureCount count={tender.photos.length} label={t.list.photosCount} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col p-4">
          <div className="flex flex-wrap items-center gap-1.5">
            <GenderBadge gender={tender.category} />
            {badge}
          </div>
          <Card.Title card={card} level={headingLevel} className="mt-2">
            {tender.title}
          </Card.Title>
          <Card.Excerpt text={tender.description} max={200} />
          <ul className="mt-3 space-y-1.5">
            <Fact icon={Package}>{formatQuantity(tender.quantity, locale)}</Fact>
            {tender.categories.length > 0 && (
              <Fact icon={Factory} wrap>
                <span className="sr-only">{t.detail.categories}: </span>
                {tender.categories.map((slug) => categoryLabel(slug, locale)).join(", ")}
              </Fact>
            )}
            {location && <Fact icon={MapPin}>{location}</Fact>}
            <Fact icon={CalendarDays}>
              {t.detail.placedOn(formatDate(tender.createdAt, { locale }))}
            </Fact>
          </ul>
          <p
            className={cn(
              "mt-auto flex items-center gap-2 pt-3",
              tender.budget == null
                ? "font-medium text-slate-500 text-sm"
                : "font-bold text-slate-900",
            )}
          >
            <Wallet className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {formatBudget(tender, locale)}
          </p>
        </div>
      </div>
      <Card.Actions>{card.actions}</Card.Actions>
    </article>
  );
}
