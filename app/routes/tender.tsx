import {
  ArrowLeft,
  ArrowRight,
  Award,
  Inbox,
  Lock,
  LogIn,
  type LucideIcon,
  SearchX,
  Send,
  Share2,
} from "lucide-react";
import { data, type MetaDescriptor, useRouteLoaderData } from "react-router";
import { CopyButton } from "~/components/copy-button";
import {
  formatBudget,
  formatQuantity,
  GenderBadge,
  StatusBadge,
} from "~/components/tenders/tender-card";
import { TenderDetails } from "~/components/tenders/tender-dialog";
import { buttonVariants } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { errors, messagesFor, tenders } from "~/domain/catalogue";
import { truncate } from "~/domain/format";
import { type Locale, localeOfPath } from "~/domain/locale";
import { categoryLabel, formatLocation } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { htmlFirst } from "~/lib/html-first";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import { unavailableWhenUnreachable } from "~/server/db.server";
import { requestOf } from "~/server/request-context.server";
import { findTenderPage, type TenderDto } from "~/server/tenders.server";
import type { Route } from "./+types/tender";

// A tender's own page, /tenders/{id} (and /en/tenders/{id}): rendered on the server with its Open
// Graph tags, so a link shared in a messenger previews well. It shows what the /tenders dialog
// shows, the number of quotes (never their content) and what the viewer can do next.

/** A 503 during a database outage says when to come back. */
/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

export const headers = keepRetryAfter;

/** Who is looking, for the action area: the service says who owns the tender. */
type Audience = "owner" | "factory" | "other" | "visitor";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { runtime, user } = requestOf(context);
  const viewer = await user();
  const found = await findTenderPage(runtime.db, viewer, params.id).catch(
    unavailableWhenUnreachable,
  );
  if (!found) return data({ found: false as const }, { status: 404 });
  const audience: Audience = found.own
    ? "owner"
    : viewer === null
      ? "visitor"
      : viewer.userType === "factory"
        ? "factory"
        : "other";
  return { found: true as const, tender: found.tender, quoteCount: found.quoteCount, audience };
}

type TenderFacts = Pick<
  TenderDto,
  "status" | "quantity" | "country" | "city" | "budget" | "currency" | "categories" | "description"
>;

/**
 * The preview text of a shared link: the status when it takes no quotes, then quantity,
 * location, budget and production categories, then as much of the description as fits.
 */
function tenderSummary(tender: TenderFacts, locale: Locale): string {
  const m = messagesFor(locale, { tenders });
  const d = m.tenders.detail;
  const location = formatLocation(tender.country, tender.city, locale);
  const facts = [
    tender.quantity != null ? `${d.quantity}: ${formatQuantity(tender.quantity, locale)}` : null,
    location ? `${d.location}: ${location}` : null,
    tender.budget != null ? `${d.budget}: ${formatBudget(tender, locale)}` : null,
    tender.categories.length > 0
      ? `${d.categories}: ${tender.categories.map((slug) => categoryLabel(slug, locale)).join(", ")}`
      : null,
  ].filter((fact): fact is string => fact !== null);
  const status = tender.status === "active" ? null : m.tenders.statuses[tender.status];
  const description = tender.description?.replace(/\s+/g, " ").trim();
  const parts = [status, facts.join(" · "), description].filter(Boolean);
  return truncate(parts.join(". "), 200);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { tenders });
  const site = matches[0]?.loaderData?.site;
  if (!loaderData?.found) {
    return [
      ...seo(site, { title: m.tenders.page.notFound, locale }),
      { name: "robots", content: "noindex" },
    ];
  }
  const { tender } = loaderData;
  const description = tenderSummary(tender, locale) || tender.title;
  const tags = seo(site, {
    title: tender.title,
    description,
    path: `/tenders/${tender.id}`,
    image: tender.photos[0],
    type: "website",
    locale,
  });
  const image = tags.find(
    (tag) => "property" in tag && tag.property === "og:image",
  ) as MetaDescriptor & { content: string };
  return [
    // The page's title names the site; a preview names the tender alone (og:site_name says where).
    ...tags.map((tag) =>
      "property" in tag && tag.property === "og:title" ? { ...tag, content: tender.title } : tag,
    ),
    { name: "twitter:title", content: tender.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image.content },
    // Closed and awarded tenders stay reachable by their link but leave the search engines.
    ...(tender.status === "active" ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export default function TenderPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <TenderNotFound />;
  return (
    <Tender
      tender={loaderData.tender}
      quoteCount={loaderData.quoteCount}
      audience={loaderData.audience}
    />
  );
}

function TenderNotFound() {
  const m = useMessages({ tenders, errors });
  const p = m.tenders.page;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-5 font-bold text-brand-700 text-sm tracking-widest">{m.errors.code(404)}</p>
      <h1 className="mt-2 font-extrabold text-3xl text-slate-900 tracking-tight">{p.notFound}</h1>
      <p className="mt-3 text-slate-600">{p.notFoundText}</p>
      <Link to="/tenders" className={buttonVariants({ variant: "primary", className: "mt-7" })}>
        <ArrowLeft aria-hidden="true" />
        {p.otherTenders}
      </Link>
    </section>
  );
}

type TenderData = Extract<Route.ComponentProps["loaderData"], { found: true }>;

function Tender({
  tender,
  quoteCount,
  audience,
}: {
  tender: TenderData["tender"];
  quoteCount: number;
  audience: Audience;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ tenders });
  const t = m.tenders;
  const p = t.page;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const path = href(`/tenders/${tender.id}`);
  const shareUrl = `${root?.site.baseUrl ?? ""}${path}`;
  const loginHref = `/login?redirectTo=${encodeURIComponent(path)}`;
  const active = tender.status === "active";

  return (
    <div className="flex-1 bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-7 sm:px-6 sm:pb-8 lg:px-8">
          <Link
            to="/tenders"
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {p.back}
          </Link>
          <div className="mt-4 flex flex-wrap items-center gap-1.5">
            <StatusBadge status={tender.status} />
            <GenderBadge gender={tender.category} />
          </div>
          <h1
            className="mt-2 max-w-4xl break-words font-extrabold text-2xl text-slate-900 leading-tight tracking-tight sm:text-3xl"
            data-user-content
          >
            {tender.title}
          </h1>
          <p className="mt-1.5 font-bold text-lg text-slate-900">{formatBudget(tender, locale)}</p>
          {!active && (
            <StatusNotice
              icon={tender.status === "awarded" ? Award : Lock}
              title={tender.status === "awarded" ? p.awarded : p.closed}
              text={tender.status === "awarded" ? p.awardedText : p.closedText}
              tone={tender.status === "awarded" ? "sky" : "slate"}
            />
          )}
        </div>
      </header>

      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start lg:px-8">
        {/* What one can do here comes first; on wide screens it sits beside the details. */}
        <section
          aria-labelledby="tender-quote-count"
          className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-start-2 lg:row-start-1"
          data-testid="tender-actions"
        >
          <h2
            id="tender-quote-count"
            className="flex items-center gap-2 font-extrabold text-slate-900 text-xl"
            data-testid="tender-quote-count"
          >
            <Inbox className="size-5 text-slate-400" aria-hidden="true" />
            {p.quoteCount(quoteCount)}
          </h2>
          <Actions tenderId={tender.id} active={active} audience={audience} loginHref={loginHref} />
        </section>

        <section
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:col-start-1 lg:row-span-2 lg:row-start-1"
          data-testid="tender-details"
        >
          <TenderDetails tender={tender} loginHref={loginHref} contacts={active} headingLevel={2} />
        </section>

        <section
          aria-labelledby="tender-share-title"
          className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-start-2 lg:row-start-2"
        >
          <h2
            id="tender-share-title"
            className="flex items-center gap-2 font-semibold text-slate-900 text-sm"
          >
            <Share2 className="size-4 text-slate-400" aria-hidden="true" />
            {p.share}
          </h2>
          <label htmlFor="tender-link" className="sr-only">
            {p.link}
          </label>
          <div className="mt-3 flex gap-2">
            <input
              id="tender-link"
              type="url"
              readOnly
              value={shareUrl}
              onFocus={(event) => event.currentTarget.select()}
              className={cn(inputClass, "min-w-0 flex-1 text-slate-600 text-sm")}
            />
            <CopyButton value={shareUrl} label={p.link} />
          </div>
        </section>
      </div>
    </div>
  );
}

/** What the viewer can do: quote (a factory), sign in (a visitor), read the quotes (the owner). */
function Actions({
  tenderId,
  active,
  audience,
  loginHref,
}: {
  tenderId: string;
  active: boolean;
  audience: Audience;
  loginHref: string;
}) {
  const m = useMessages({ tenders });
  const p = m.tenders.page;
  const hint = (text: string) => <p className="mt-3 text-slate-600 text-sm leading-6">{text}</p>;
  const wide = "mt-4 w-full";
  if (audience === "owner") {
    return (
      <>
        {hint(p.ownHint)}
        <Link
          to={`/my-tenders/${tenderId}`}
          className={buttonVariants({ variant: "primary", className: wide })}
        >
          <Inbox aria-hidden="true" />
          {p.ownQuotes}
        </Link>
      </>
    );
  }
  // A closed or awarded tender takes no quotes: its notice says so.
  if (!active) return null;
  if (audience === "factory") {
    return (
      <>
        {hint(p.quoteHint)}
        <Link
          to={`/tenders/${tenderId}/quote`}
          className={buttonVariants({ variant: "primary", className: wide })}
        >
          <Send aria-hidden="true" />
          {p.quote}
        </Link>
      </>
    );
  }
  if (audience === "visitor") {
    return (
      <>
        {hint(p.visitorHint)}
        <Link to={loginHref} className={buttonVariants({ variant: "primary", className: wide })}>
          <LogIn aria-hidden="true" />
          {p.signInToQuote}
        </Link>
      </>
    );
  }
  return hint(p.buyerHint);
}

function StatusNotice({
  icon: Icon,
  title,
  text,
  tone,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  tone: "sky" | "slate";
}) {
  const m = useMessages({ tenders });
  return (
    <div
      className={cn(
        "mt-5 flex max-w-3xl items-start gap-3 rounded-2xl border px-5 py-4",
        tone === "sky"
          ? "border-sky-200 bg-sky-50 text-sky-950"
          : "border-slate-300 bg-slate-100 text-slate-900",
      )}
      data-testid="tender-status-notice"
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-bold">{title}</p>
        <p className="mt-0.5 text-sm leading-6 opacity-90">{text}</p>
        <Link
          to="/tenders"
          className="mt-2 inline-flex items-center gap-1 font-semibold text-brand-700 text-sm hover:text-brand-900 hover:underline"
        >
          {m.tenders.page.otherTenders}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
