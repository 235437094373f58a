import {
  ArrowRight,
  CheckCircle2,
  Circle,
  ExternalLink,
  MapPin,
  Package,
  PackagePlus,
  UserRoundPen,
} from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { AccessNotice } from "~/components/workspace/access-notice";
import {
  dashboard,
  messagesFor,
  meta as metaMessages,
  verification as verificationMessages,
} from "~/domain/catalogue";
import { MAX_VERIFICATION_DOCUMENTS } from "~/domain/limits";
import { localizedHref, ownText } from "~/domain/locale";
import { certificateCounts } from "~/features/certificates/certificates.server";
import { CertificatesSummary } from "~/features/certificates/components/certificates-summary";
import { ActionCard } from "~/features/dashboards/components/action-card";
import { DashboardFigures } from "~/features/dashboards/components/dashboard-figures";
import { dashboardFigures } from "~/features/dashboards/dashboards.server";
import { DirectoryNotice } from "~/features/factories/components/directory-notice";
import { FactoryLogo } from "~/features/factories/components/factory-logo";
import {
  directoryGaps,
  PROFILE_CHECKS,
  profileGaps,
} from "~/features/factories/factory-workspace.server";
import { ReceivedInvitations } from "~/features/invitations/components/received-invitations";
import { receivedInvitations } from "~/features/invitations/invitations.server";
import { VerificationPanel } from "~/features/verification/components/verification-panel";
import {
  ownVerification,
  sendVerificationRequest,
  verificationGate,
} from "~/features/verification/verification.server";
import { dispatchIntent } from "~/http/intents.server";
import { problemReply, refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, factoryAccess } from "~/http/workspace-access.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/factory-dashboard";

export const handle = routeFacts({
  private: true,
  htmlFirstSignedIn: true,
  body: { files: MAX_VERIFICATION_DOCUMENTS, of: "pdf" },
});

const PATH = "/factory-dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const access = await factoryAccess(context);
  if (!access.ok) return access.reply;
  const gaps = new Set(profileGaps(access.factory));
  const checklist = PROFILE_CHECKS.map((check) => ({ check, done: !gaps.has(check) }));
  const verification = await ownVerification(access.db, access.user);
  const certificates = await certificateCounts(access.db, access.factory.id);
  // Issue 29: the tenders its buyers invited the factory to (the page shows without them on failure).
  const invited = await receivedInvitations(access.db, access.user).catch(() => []);
  // Issue 30: the orders' and quotes' figures (the page shows without them on failure).
  const figures = await dashboardFigures(access.db, access.user).catch((error) => {
    console.error("[dashboard] figures failed:", error);
    return null;
  });
  return {
    invited,
    figures,
    state: "ready" as const,
    factory: access.factory,
    checklist,
    directory: directoryGaps(access.factory),
    verification,
    certificates,
  };
}

/**
 * The factory asks to be verified (sendVerificationRequest): the form is checked in the request's
 * language, the documents are stored as private attachments, then the request is written.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const use = await actorContext(request, context);
  const { locale } = use;
  const t = messagesFor(locale, { verification: verificationMessages }).verification;
  const gate = verificationGate(use);
  if (!gate.ok) return problemReply(gate, { locale, texts: t.problems });
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      "request-verification": async () =>
        reply(await sendVerificationRequest(use, { form }), {
          locale,
          texts: t.problems,
          form,
          done: () =>
            redirectWithToast(localizedHref(`${PATH}#verification`, locale), {
              type: "success",
              description: t.form.sent,
            }),
        }),
    },
    { locale },
  );
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { meta: metaMessages }).meta.factoryDashboard,
);

export default function FactoryDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const m = useMessages({ dashboard });
  const t = m.dashboard;
  if (loaderData.state !== "ready") {
    return <AccessNotice state={loaderData.state} path={PATH} texts={t} />;
  }
  const { factory, checklist, directory, verification, certificates } = loaderData;
  const where = locationText(factory.country, factory.city, locale);
  const name = ownText(factory.name, factory.nameEn, locale);
  const done = checklist.filter((item) => item.done).length;
  const total = checklist.length;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <header>
          <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">
            {t.factoryTitle}
          </h1>
          <p className="mt-1.5 text-slate-600">{t.factoryText}</p>
        </header>

        {directory.length > 0 && (
          <div className="mt-8">
            <DirectoryNotice gaps={directory} fillLink />
          </div>
        )}

        <div className="mt-8 grid gap-5 lg:grid-cols-3">
          <section className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:p-6 lg:col-span-2">
            <div className="flex min-w-0 flex-1 items-center gap-4">
              <FactoryLogo url={factory.logoUrl} name={name} alt="" size={64} loading="eager" />
              <div className="min-w-0">
                <h2 className="font-bold text-lg text-slate-900 sm:text-xl" data-user-content>
                  {name}
                </h2>
                {where && (
                  <p className="mt-1 inline-flex items-center gap-1.5 text-slate-600 text-sm">
                    <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                    {where}
                  </p>
                )}
              </div>
            </div>
            <Link
              to={`/factory-products/${factory.id}`}
              className={buttonVariants({ variant: "secondary", className: "shrink-0" })}
            >
              <ExternalLink aria-hidden="true" />
              {t.viewPortfolio}
            </Link>
          </section>

          <section
            aria-labelledby="products-count-label"
            className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
          >
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-100 text-accent-700">
              <Package className="size-6" aria-hidden="true" />
            </span>
            <div>
              <p id="products-count-label" className="text-slate-600 text-sm">
                {t.productsCount}
              </p>
              <p
                className="font-extrabold text-3xl text-slate-900"
                data-testid="dashboard-products"
              >
                {factory.productCount}
              </p>
            </div>
          </section>
        </div>

        {loaderData.figures && (
          <div className="mt-8">
            <DashboardFigures figures={loaderData.figures} />
          </div>
        )}

        <ReceivedInvitations items={loaderData.invited} />

        <section aria-labelledby="quick-actions" className="mt-10">
          <h2 id="quick-actions" className="font-bold text-lg text-slate-900">
            {t.quickActions}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            <ActionCard
              to="/factory-products#product-form"
              icon={PackagePlus}
              title={t.addProduct}
              text={`${t.addProductText} · ${t.products(factory.productCount)}`}
            />
            <ActionCard to="/profile" icon={UserRoundPen} title={t.profile} text={t.profileText} />
          </ul>
        </section>

        <section
          aria-labelledby="checklist"
          className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="checklist" className="font-bold text-lg text-slate-900">
              {done === total ? t.checklistDone : t.checklistTitle}
            </h2>
            <p className="text-slate-600 text-sm">{t.checklistProgress(done, total)}</p>
          </div>
          <div
            className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-labelledby="checklist"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
          >
            <div
              className="h-full rounded-full bg-brand-600"
              style={{ width: `${(done / total) * 100}%` }}
            />
          </div>
          {done === total && <p className="mt-4 text-slate-600 text-sm">{t.checklistDoneText}</p>}
          <ul className="mt-4 divide-y divide-slate-100">
            {checklist.map(({ check, done: complete }) => {
              const open = !complete;
              return (
                <li key={check} className="flex items-center gap-3 py-3">
                  {open ? (
                    <Circle className="size-5 shrink-0 text-slate-300" aria-hidden="true" />
                  ) : (
                    <CheckCircle2 className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900 text-sm">
                      {t.checks[check]}
                    </span>
                    <span
                      className={cn("block text-sm", open ? "text-slate-600" : "text-brand-700")}
                    >
                      {open ? t.gaps[check] : t.checkDone}
                    </span>
                  </span>
                  {open && (
                    <Link
                      to="/profile"
                      aria-label={`${t.fill}: ${t.gaps[check]}`}
                      className={buttonVariants({
                        variant: "secondary",
                        size: "sm",
                        className: "shrink-0",
                      })}
                    >
                      {t.fill}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>

        {verification && (
          <VerificationPanel
            view={verification}
            action={PATH}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          />
        )}
        <CertificatesSummary counts={certificates} />
      </div>
    </div>
  );
}
