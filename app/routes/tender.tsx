import { data, type MetaDescriptor, useRouteLoaderData } from "react-router";
import { NotFoundScreen } from "~/components/ui/not-found-screen";
import { messagesFor, tenders } from "~/domain/catalogue";
import { truncate } from "~/domain/format";
import { type Locale, localeOfPath } from "~/domain/locale";
import { categoryLabel, formatLocation } from "~/domain/reference";
import { InvitationPanelForFactory } from "~/features/invitations/components/invitation-panel";
import { markInvitationSeen, ownInvitations } from "~/features/invitations/invitations.server";
import { TenderActions, type TenderAudience } from "~/features/quotes/components/tender-actions";
import { TechPackList } from "~/features/tenders/components/tech-pack";
import { formatBudget, formatQuantity } from "~/features/tenders/components/tender-card";
import { TenderDetails } from "~/features/tenders/components/tender-dialog";
import { ChosenNotice, TenderStatusNotice } from "~/features/tenders/components/tender-notice";
import { TenderPageHeader } from "~/features/tenders/components/tender-page-header";
import { TenderShare } from "~/features/tenders/components/tender-share";
import { techPackFor } from "~/features/tenders/tech-pack.server";
import { findTenderPage, type TenderDto } from "~/features/tenders/tenders.server";
import { requestOf } from "~/http/request-context.server";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { pageTags } from "~/lib/page-tags";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/tender";

// A tender's own page, /tenders/{id} (and /en/tenders/{id}): rendered on the server with its Open
// Graph tags, so a link shared in a messenger previews well. It shows what the /tenders dialog
// shows, the number of quotes (never their content) and what the viewer can do next.

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  // The tender and its quotes' count.
  shows: ({ params }) => [pageTags.tender(params.id ?? "")],
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const { runtime, user } = requestOf(context);
  const viewer = await user();
  const found = await findTenderPage(runtime.db, viewer, params.id).catch(
    unavailableWhenUnreachable,
  );
  if (!found) return data({ found: false as const }, { status: 404 });
  // Issue 29: an invited factory opening the tender makes its invitation 'seen'.
  const invitation = (await ownInvitations(runtime.db, viewer, [found.tender.id]))[found.tender.id];
  if (invitation === "sent") await markInvitationSeen(runtime.db, viewer, found.tender.id);
  // Who is looking, for the action area: the service says who owns the tender.
  const audience: TenderAudience = found.own
    ? "owner"
    : viewer === null
      ? "visitor"
      : viewer.userType === "factory"
        ? "factory"
        : "other";
  // The tech pack for its owner and factories only (docs/decisions/031); a visitor's data has no
  // such key at all, so the visitor's cached page stays as it was.
  const techPack = await techPackFor(runtime.db, viewer, found.tender.id);
  return {
    found: true as const,
    tender: found.tender,
    quoteCount: found.quoteCount,
    audience,
    myQuote: found.myQuote,
    buyer: found.buyer,
    invitation: invitation ?? null,
    ...(techPack ? { techPack } : {}),
  };
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
  return <Tender {...loaderData} />;
}

function TenderNotFound() {
  const p = useMessages({ tenders }).tenders.page;
  return (
    <NotFoundScreen
      title={p.notFound}
      text={p.notFoundText}
      backTo="/tenders"
      backLabel={p.otherTenders}
    />
  );
}

type TenderData = Extract<Route.ComponentProps["loaderData"], { found: true }>;

function Tender({ tender, quoteCount, audience, myQuote, buyer, invitation, ...rest }: TenderData) {
  const techPack = "techPack" in rest ? rest.techPack : undefined;
  const locale = useLocale();
  const href = useLocalizedHref();
  const p = useMessages({ tenders }).tenders.page;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const path = href(`/tenders/${tender.id}`);
  const loginHref = `/login?redirectTo=${encodeURIComponent(path)}`;
  const active = tender.status === "active";
  const chosen = myQuote?.status === "accepted" && tender.status === "awarded" ? myQuote : null;

  return (
    <div className="flex-1 bg-slate-50">
      <TenderPageHeader
        back={{ to: "/tenders", label: p.back }}
        status={tender.status}
        gender={tender.category}
        title={tender.title}
        className="pb-7 sm:pb-8"
      >
        <p className="mt-1.5 font-bold text-lg text-slate-900">{formatBudget(tender, locale)}</p>
        {chosen ? (
          <ChosenNotice quoteId={chosen.id} buyer={buyer} />
        ) : (
          !active && <TenderStatusNotice awarded={tender.status === "awarded"} />
        )}
      </TenderPageHeader>

      <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:items-start lg:px-8">
        {/* What one can do here comes first; on wide screens it sits beside the details. */}
        {invitation && (
          <InvitationPanelForFactory
            tenderId={tender.id}
            state={invitation === "sent" ? "seen" : invitation}
            active={active}
          />
        )}
        <TenderActions
          tenderId={tender.id}
          quoteCount={quoteCount}
          myQuote={myQuote}
          active={active}
          audience={audience}
          loginHref={loginHref}
        />

        <section
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6 lg:col-start-1 lg:row-span-2 lg:row-start-1"
          data-testid="tender-details"
        >
          <TenderDetails
            tender={tender}
            loginHref={loginHref}
            contacts={active || chosen !== null}
            headingLevel={2}
          />
        </section>

        {techPack && <TechPackList tenderId={tender.id} files={techPack} />}

        <TenderShare url={`${root?.site.baseUrl ?? ""}${path}`} />
      </div>
    </div>
  );
}
