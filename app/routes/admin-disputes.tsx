import { getFormProps } from "@conform-to/react";
import { ShieldAlert, ShieldCheck, Users } from "lucide-react";
import { Form, useLocation } from "react-router";
import { ListPagination } from "~/components/pagination";
import { useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { TextareaField } from "~/components/ui/form-fields";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { type LastResult, useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { messagesFor, orders } from "~/domain/catalogue";
import { formatDate, formatDateTime } from "~/domain/format";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { MAX_DISPUTE_RESOLUTION, resolveDisputeSchema } from "~/features/orders/schema";
import {
  type DisputeListItem,
  doResolveDispute,
  listDisputes,
} from "~/features/orders/terms.server";
import { dispatchIntent } from "~/http/intents.server";
import { refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { requireAdmin } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext } from "~/http/workspace-access.server";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/admin-disputes";

export const handle = routeFacts({ private: true });

// The admins' list of flagged orders (decision 034): the open disputes first (newest first),
// then the resolved ones, each linking to its order (where an admin reads the order and its
// history) with the form resolving it with a note both sides read. The role is checked by the
// guard and again by the use case.

const PATH = "/admin/disputes";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { orders }).orders.disputes;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.title, path: PATH, locale }),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const { runtime } = requestOf(context);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1) || 1;
  const list = await listDisputes(runtime.db, actor, { page }).catch(unavailableWhenUnreachable);
  if (!list) throw new Response(null, { status: 403 });
  return { list };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const useCase = await actorContext(request, context);
  const { locale } = useCase;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const t = messagesFor(locale, { orders }).orders;
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      "resolve-dispute": async () =>
        reply(await doResolveDispute(useCase, { form }), {
          locale,
          texts: t.problems,
          form,
          done: () =>
            redirectWithToast(localizedHref(PATH, locale), {
              type: "success",
              description: t.done["resolve-dispute"],
            }),
        }),
    },
    { locale },
  );
}

function ResolveForm({
  dispute,
  action,
  lastResult,
}: {
  dispute: DisputeListItem;
  action: string;
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const t = useMessages({ orders }).orders;
  const mine =
    (lastResult as { initialValue?: Record<string, unknown> } | undefined)?.initialValue
      ?.disputeId === dispute.id;
  const [form, fields] = useSchemaForm(
    resolveDisputeSchema(locale),
    mine ? lastResult : undefined,
    {
      id: `resolve-${dispute.id}`,
    },
  );
  const busy = useIsSubmitting(action);
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="mt-3 grid gap-2"
      aria-label={t.disputes.resolve}
    >
      <input type="hidden" name="intent" value="resolve-dispute" />
      <input type="hidden" name="disputeId" value={dispute.id} />
      <FormAlert message={form.errors?.[0]} />
      <TextareaField
        field={fields.resolution}
        label={t.disputes.resolution}
        rows={2}
        maxLength={MAX_DISPUTE_RESOLUTION}
      />
      <div>
        <Button type="submit" disabled={busy}>
          <ShieldCheck aria-hidden="true" />
          {busy ? t.sending : t.disputes.resolve}
        </Button>
      </div>
    </Form>
  );
}

export default function AdminDisputes({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  const m = useMessages({ orders });
  const t = m.orders.disputes;
  const locale = useLocale();
  const href = useLocalizedHref();
  const { search } = useLocation();
  const action = href(`${PATH}${search}`);
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
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
        <h2 className="font-bold text-lg text-slate-900">{t.openCount(list.open)}</h2>
        {list.items.length === 0 ? (
          <EmptyState icon={ShieldCheck} title={t.empty} className="mt-4" />
        ) : (
          <ul className="mt-4 grid gap-4" aria-label={t.title}>
            {list.items.map((item) => (
              <li
                key={item.id}
                id={`dispute-${item.id}`}
                className={cn(
                  "rounded-2xl border bg-white p-4 sm:p-5",
                  item.state === "open" ? "border-red-200" : "border-slate-200",
                )}
              >
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="min-w-0 font-bold text-slate-900">
                    <Link
                      to={`/orders/${item.orderId}`}
                      className="break-words hover:underline"
                      aria-label={t.openOrder(item.tenderTitle)}
                    >
                      <span data-user-content>{item.tenderTitle}</span>
                    </Link>
                  </h3>
                  <span
                    className={cn(
                      "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1",
                      item.state === "open"
                        ? "bg-red-50 text-red-800 ring-red-200"
                        : "bg-emerald-50 text-emerald-800 ring-emerald-200",
                    )}
                  >
                    {item.state === "open" ? (
                      <ShieldAlert className="size-3.5" aria-hidden="true" />
                    ) : (
                      <ShieldCheck className="size-3.5" aria-hidden="true" />
                    )}
                    {item.state === "open" ? t.open : t.resolved}
                  </span>
                </div>
                <p className="mt-1 text-slate-600 text-sm">
                  {m.orders.page.buyer}:{" "}
                  {item.buyerName === null ? (
                    m.orders.page.deletedUser
                  ) : (
                    <span data-user-content>{item.buyerName}</span>
                  )}
                  <span aria-hidden="true"> · </span>
                  {m.orders.page.factory}:{" "}
                  {item.factoryName === null ? (
                    m.orders.page.deletedUser
                  ) : (
                    <span data-user-content>{item.factoryName}</span>
                  )}
                </p>
                <p className="mt-2 text-slate-500 text-xs">
                  {t.flaggedBy(
                    m.orders.terms.sides[item.side],
                    formatDateTime(item.createdAt, { locale }),
                  )}
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-800 text-sm">
                  {m.orders.page.reason}: <span data-user-content>{item.reason}</span>
                </p>
                {item.state === "resolved" && item.resolvedAt ? (
                  <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">
                    <span className="font-semibold text-emerald-800">
                      {m.orders.dispute.resolved(formatDate(item.resolvedAt, { locale }))}
                    </span>
                    {item.resolution && (
                      <>
                        {": "}
                        <span data-user-content>{item.resolution}</span>
                      </>
                    )}
                  </p>
                ) : (
                  <ResolveForm dispute={item} action={action} lastResult={lastResult} />
                )}
              </li>
            ))}
          </ul>
        )}
        <ListPagination className="mt-6" list={list} path={PATH} />
      </div>
    </HeadedPage>
  );
}
