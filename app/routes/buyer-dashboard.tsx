import { ClipboardList, FilePlus2, Heart } from "lucide-react";
import { AccessNotice } from "~/components/workspace/access-notice";
import { dashboard, messagesFor, meta as metaMessages, nav } from "~/domain/catalogue";
import { ActionCard } from "~/features/dashboards/components/action-card";
import { DashboardFigures } from "~/features/dashboards/components/dashboard-figures";
import { dashboardFigures } from "~/features/dashboards/dashboards.server";
import { buyerAccess } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import type { Route } from "./+types/buyer-dashboard";

export const handle = routeFacts({ private: true, htmlFirstSignedIn: true });

// The buyer's dashboard (issue 30, docs/decisions/035-dashboards.md): the buyer's orders by state,
// the late stages, the quotes received and accepted by month, how fast the buyer answers
// factories. For buyers only: a visitor is asked to sign in, anybody else is told it is a buyer's.

const PATH = "/buyer-dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const access = await buyerAccess(context);
  if (!access.ok) return access.reply;
  const figures = await dashboardFigures(access.db, access.user).catch(unavailableWhenUnreachable);
  return { state: "ready" as const, figures };
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { meta: metaMessages }).meta.buyerDashboard,
);

export default function BuyerDashboard({ loaderData }: Route.ComponentProps) {
  const m = useMessages({ dashboard, nav });
  const t = m.dashboard;
  if (loaderData.state !== "ready") {
    return (
      <AccessNotice
        state={loaderData.state}
        path={PATH}
        texts={{
          loginRequired: t.buyerLoginRequired,
          loginText: t.buyerLoginText,
          accessRestrictedText: t.buyerAccessRestrictedText,
        }}
      />
    );
  }
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header>
          <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">{t.buyerTitle}</h1>
          <p className="mt-1.5 text-slate-600">{t.buyerText}</p>
        </header>
        <div className="mt-8">
          <DashboardFigures figures={loaderData.figures} />
        </div>
        <section aria-labelledby="quick-actions" className="mt-10">
          <h2 id="quick-actions" className="font-bold text-lg text-slate-900">
            {t.figures.quickLinks}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            <ActionCard
              to="/place-tender"
              icon={FilePlus2}
              title={m.nav.placeTender}
              text={t.figures.placeTenderText}
            />
            <ActionCard
              to="/my-tenders"
              icon={ClipboardList}
              title={m.nav.myTenders}
              text={t.figures.myTendersText}
            />
            <ActionCard
              to="/saved-factories"
              icon={Heart}
              title={m.nav.savedFactories}
              text={t.figures.savedText}
            />
          </ul>
        </section>
      </div>
    </div>
  );
}
