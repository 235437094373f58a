import { ShieldCheck, Users } from "lucide-react";
import { useLocation } from "react-router";
import { ListPagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { messagesFor, verification } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { decideVerification } from "~/features/admin/admin.server";
import { VerificationRequestCard } from "~/features/verification/components/verification-request-card";
import { listVerifications } from "~/features/verification/verification.server";
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
import type { Route } from "./+types/admin-verifications";

export const handle = routeFacts({ private: true });

// The admins' queue of factories' verification requests (oldest first, with their documents and
// the decision form) and the history of decisions (newest first, paged). The role is checked
// again by every service call (app/features/admin/admin.server.ts, app/features/verification/).

const PATH = "/admin/verifications";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { verification }).verification.admin;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.title, path: PATH, locale }),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const { runtime } = requestOf(context);
  const page = new URL(request.url).searchParams.get("page");
  const list = await listVerifications(runtime.db, actor, { page }).catch(
    unavailableWhenUnreachable,
  );
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
  const t = messagesFor(locale, { verification }).verification;
  const back = localizedHref(backTo(request), locale);
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { back });
  return dispatchIntent(
    read.form.get("intent"),
    {
      decide: async () =>
        reply(await decideVerification(useCase, { form: read.form }), {
          locale,
          texts: { "not-found": t.problems["not-found"] },
          back,
          done: ({ decision }) =>
            redirectWithToast(back, {
              type: "success",
              description: decision === "verified" ? t.admin.verified : t.admin.refused,
            }),
        }),
    },
    {
      locale,
      reply: (description) => redirectWithToast(back, { type: "error", description }),
    },
  );
}

export default function AdminVerifications({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const t = useMessages({ verification }).verification.admin;
  const href = useLocalizedHref();
  const { search } = useLocation();
  const action = href(`${PATH}${search}`);
  return (
    <HeadedPage
      title={t.title}
      subtitle={t.subtitle}
      compact
      gutter
      action={
        <Link
          to="/admin"
          className={buttonVariants({ variant: "secondary", className: "max-sm:w-full" })}
        >
          <Users aria-hidden="true" />
          {t.usersLink}
        </Link>
      }
    >
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 lg:px-8">
        <section aria-labelledby="verification-open">
          <h2 id="verification-open" className="font-bold text-lg text-slate-900">
            {t.openCount(list.openCount)}
          </h2>
          {list.open.length > 0 ? (
            <ul className="mt-4 grid gap-4">
              {list.open.map((item) => (
                <VerificationRequestCard key={item.id} request={item} action={action} />
              ))}
            </ul>
          ) : (
            <EmptyState
              icon={ShieldCheck}
              title={t.emptyTitle}
              text={t.emptyText}
              className="mt-4"
            />
          )}
        </section>

        <section aria-labelledby="verification-history" className="mt-10">
          <h2 id="verification-history" className="font-bold text-lg text-slate-900">
            {t.history}
          </h2>
          {list.history.items.length > 0 ? (
            <ul className="mt-4 grid gap-4">
              {list.history.items.map((item) => (
                <VerificationRequestCard key={item.id} request={item} action={action} />
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-slate-600 text-sm">{t.historyEmpty}</p>
          )}
          <ListPagination className="mt-6" list={list.history} path={PATH} />
        </section>
      </div>
    </HeadedPage>
  );
}
