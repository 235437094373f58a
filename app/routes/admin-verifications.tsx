import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck, Users } from "lucide-react";
import { useLocation } from "react-router";
import { ListPagination } from "~/components/pagination";
import { buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { messagesFor, verification } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { VerificationRequestCard } from "~/features/verification/components/verification-request-card";
import { verificationDecisionSchema } from "~/features/verification/schema";
import { decideVerification, listVerifications } from "~/features/verification/verification.server";
import { dispatchIntent } from "~/http/intents.server";
import { requestOf } from "~/http/request-context.server";
import { requireAdmin } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm, refusalText } from "~/platform/request-body.server";
import type { Route } from "./+types/admin-verifications";

export const handle = routeFacts({ private: true });

// The admins' queue of factories' verification requests (oldest first, with their documents and
// the decision form) and the history of decisions (newest first, paged). The role is checked
// again by every service call (app/features/verification/verification.server.ts).

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
  const actor = await requireAdmin(request);
  const { locale, runtime } = requestOf(context);
  const t = messagesFor(locale, { verification }).verification;
  const back = localizedHref(backTo(request), locale);
  const read = await readForm(request);
  if (!read.ok) return redirectWithToast(back, { type: "error", description: refusalText(read) });
  const failed = (description: string) => redirectWithToast(back, { type: "error", description });
  return dispatchIntent(
    read.form.get("intent"),
    {
      decide: async () => {
        const submission = parseWithZod(read.form, {
          schema: verificationDecisionSchema(locale),
          error: formErrorMap(locale),
        });
        if (submission.status !== "success") {
          const errors = submission.error ?? {};
          const first = errors.note?.[0] ?? Object.values(errors).flat()[0] ?? t.problems.failed;
          return failed(errors.requestId || errors.decision ? t.problems["not-found"] : first);
        }
        const outcome = await decideVerification(runtime.db, actor, submission.value);
        if (!outcome.ok) {
          return failed(
            outcome.problem === "invalid" ? t.problems.failed : t.problems["not-found"],
          );
        }
        return redirectWithToast(back, {
          type: "success",
          description: outcome.value.decision === "verified" ? t.admin.verified : t.admin.refused,
        });
      },
    },
    { locale, reply: failed },
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
