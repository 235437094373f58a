import { Building2, Package, UserRound } from "lucide-react";
import { Link } from "~/components/ui/link";
import { legacy, messagesFor } from "~/domain/catalogue";
import { pathWithoutLocale } from "~/domain/locale";
import { legacyMeta } from "~/features/legacy/components/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/features/legacy/components/legacy-notice";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { localeOf } from "~/platform/locale.server";
import type { Route } from "./+types/legacy.seller-dashboard";

/** /clothing-seller-dashboard and /textile-seller-dashboard. */
/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export function loader({ request }: Route.LoaderArgs) {
  const m = messagesFor(localeOf(request), { legacy });
  const textile = pathWithoutLocale(new URL(request.url).pathname).startsWith("/textile");
  return {
    path: textile ? "/textile-seller-dashboard" : "/clothing-seller-dashboard",
    title: textile ? m.legacy.dashboard.textileTitle : m.legacy.dashboard.clothingTitle,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) =>
  legacyMeta(
    matches[0]?.loaderData?.site,
    location.pathname,
    (m) => ({
      title: loaderData?.title ?? m.meta.dashboard,
      description: m.legacy.updatedText,
      path: loaderData?.path,
    }),
    { notice: true },
  );

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  const m = useMessages({ legacy });
  const t = m.legacy.dashboard;
  const links = [
    { to: "/factories", label: t.factories, icon: Building2 },
    { to: "/profile", label: t.profile, icon: UserRound },
  ];
  return (
    <LegacyPage title={loaderData.title}>
      <LegacyNotice />
      <div className="grid gap-4 sm:grid-cols-2">
        <div
          data-testid="legacy-product-count"
          className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5"
        >
          <span className="grid size-11 place-items-center rounded-xl bg-slate-100 text-slate-600">
            <Package aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="text-slate-600 text-sm">{t.productsCount}</p>
            <p className="font-extrabold text-3xl text-slate-900">0</p>
          </div>
        </div>
        <nav
          aria-labelledby="legacy-quick-links"
          className="rounded-2xl border border-slate-200 bg-white p-5"
        >
          <h2 id="legacy-quick-links" className="font-semibold text-slate-900">
            {t.quickLinks}
          </h2>
          <ul className="mt-2 grid gap-1">
            {links.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="-mx-2 flex min-h-11 items-center gap-2 rounded-lg px-2 font-medium text-brand-700 hover:bg-brand-50"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </LegacyPage>
  );
}
