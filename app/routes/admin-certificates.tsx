import { FileBadge, ShieldCheck } from "lucide-react";
import { useLocation } from "react-router";
import { ListPagination } from "~/components/pagination";
import { useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { certificates, messagesFor } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { decideCertificate, listCertificates } from "~/features/certificates/certificates.server";
import { AdminCertificateCard } from "~/features/certificates/components/admin-certificate-card";
import { dispatchIntent } from "~/http/intents.server";
import { refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { requireAdmin } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext } from "~/http/workspace-access.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/admin-certificates";

export const handle = routeFacts({ private: true });

// The admins' queue of factories' certificates (issue 29): the pending ones (oldest first) with
// their files and the decision form, then the decided ones (newest decision first, paged), each
// with its history. The role is checked by the guard and again by the use case.

const PATH = "/admin/certificates";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { certificates }).certificates;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.meta.adminTitle, path: PATH, locale }),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const { runtime } = requestOf(context);
  const page = new URL(request.url).searchParams.get("page");
  const list = await listCertificates(runtime.db, actor, { page }).catch(
    unavailableWhenUnreachable,
  );
  if (!list) throw new Response(null, { status: 403 });
  return { list };
}

/** Back to the page the form was sent from (its history page stays). */
function backTo(request: Request): string {
  const page = new URL(request.url).searchParams.get("page");
  return page ? `${PATH}?${new URLSearchParams({ page })}` : PATH;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const useCase = await actorContext(request, context);
  const { locale } = useCase;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { toast: true });
  const t = messagesFor(locale, { certificates }).certificates;
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      decide: async () =>
        reply(await decideCertificate(useCase, { form }), {
          locale,
          texts: t.problems,
          toast: true,
          done: ({ decision }) =>
            redirectWithToast(localizedHref(backTo(request), locale), {
              type: "success",
              description: decision === "verified" ? t.toasts.verified : t.toasts.rejected,
            }),
        }),
    },
    { locale },
  );
}

export default function AdminCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  const t = useMessages({ certificates }).certificates.admin;
  const href = useLocalizedHref();
  const { search } = useLocation();
  const action = href(`${PATH}${search}`);
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  return (
    <HeadedPage
      title={t.title}
      subtitle={t.subtitle}
      compact
      gutter
      action={
        <Link
          to="/admin/verifications"
          className={buttonVariants({ variant: "secondary", className: "max-sm:w-full" })}
        >
          <ShieldCheck aria-hidden="true" />
          {t.verificationsLink}
        </Link>
      }
    >
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
        <section aria-labelledby="certificates-pending">
          <h2 id="certificates-pending" className="font-bold text-lg text-slate-900">
            {t.pendingCount(list.pendingCount)}
          </h2>
          {list.pending.length > 0 ? (
            <ul className="mt-4 grid gap-4">
              {list.pending.map((item) => (
                <AdminCertificateCard key={item.id} certificate={item} action={action} />
              ))}
            </ul>
          ) : (
            <EmptyState icon={FileBadge} title={t.emptyTitle} text={t.emptyText} className="mt-4" />
          )}
        </section>
        <section aria-labelledby="certificates-decided" className="mt-10">
          <h2 id="certificates-decided" className="font-bold text-lg text-slate-900">
            {t.history}
          </h2>
          {list.decided.items.length > 0 ? (
            <ul className="mt-4 grid gap-4">
              {list.decided.items.map((item) => (
                <AdminCertificateCard key={item.id} certificate={item} action={action} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-slate-600 text-sm">{t.historyEmpty}</p>
          )}
          <ListPagination className="mt-6" list={list.decided} path={PATH} />
        </section>
      </div>
    </HeadedPage>
  );
}
