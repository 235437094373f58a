import { ArrowLeft, MessageSquare } from "lucide-react";
import { data } from "react-router";
import { useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { Link } from "~/components/ui/link";
import { messagesFor, orders, reviews } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { localeOfPath, localizedHref } from "~/domain/locale";
import {
  OrderHistory,
  OrderStages,
  OrderStateBadge,
  OrderStepForm,
  OrderTerms,
} from "~/features/orders/components/order-parts";
import {
  DisputePanel,
  OpenProposal,
  ProposeTermsForm,
} from "~/features/orders/components/terms-parts";
import { doOrderStep, mayActOnOrder, openOrder } from "~/features/orders/orders.server";
import { DISPUTE_INTENT, ORDER_INTENTS, type TERMS_INTENTS } from "~/features/orders/schema";
import { doAnswerProposal, doFlagDispute, doProposeTerms } from "~/features/orders/terms.server";
import { OrderReviewSection } from "~/features/reviews/components/review-parts";
import { REVIEW_USE_CASES, reviewOfOrder } from "~/features/reviews/reviews.server";
import { REVIEW_INTENTS } from "~/features/reviews/schema";
import { dispatchIntent } from "~/http/intents.server";
import { problemReply, refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, signedIn } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/order";

export const handle = routeFacts({
  private: true,
  htmlFirstSignedIn: true,
  body: { files: MAX_ATTACHMENTS, of: "pdf" },
});

// One order (decision 032): its terms, stages with planned and actual dates, history with files,
// the viewer's next step and cancelling, and the way to the quote's conversation. For its two
// parties and an admin (read-only); anybody else gets 404.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { runtime, viewer } = await signedIn(request, context);
  const order = await openOrder(runtime.db, viewer, params.id).catch(unavailableWhenUnreachable);
  if (!order) throw data(null, { status: 404 });
  const review = await reviewOfOrder(runtime.db, viewer, order.id).catch(
    unavailableWhenUnreachable,
  );
  return { order, review };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = await actorContext(request, context);
  const { locale } = ctx;
  const texts = messagesFor(locale, { orders, reviews });
  const t = texts.orders;
  // Who may act is decided before the body is read: a stranger's post is refused unread, and so
  // is an admin's, except that an admin may hide a review (hideReview checks it again).
  const may = await mayActOnOrder(ctx, params.id);
  if (!may.ok && !(may.problem === "read-only" && ctx.actor.isAdmin)) {
    return problemReply(may, { locale, texts: t.problems });
  }
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const form = read.form;
  const step = async () =>
    reply(await doOrderStep(ctx, { orderId: params.id, form }), {
      locale,
      texts: t.problems,
      form,
      done: ({ kind }) =>
        redirectWithToast(localizedHref(`/orders/${params.id}`, locale), {
          type: "success",
          description: t.done[kind === "cancelled" ? "cancel" : kind],
        }),
    });
  const review = (intent: (typeof REVIEW_INTENTS)[number]) => async () =>
    reply(await REVIEW_USE_CASES[intent](ctx, { orderId: params.id, form }), {
      locale,
      texts: texts.reviews.problems,
      form,
      done: () =>
        redirectWithToast(localizedHref(`/orders/${params.id}`, locale), {
          type: "success",
          description: texts.reviews.done[intent],
        }),
    });
  const back = localizedHref(`/orders/${params.id}`, locale);
  const agreed =
    (
      use: (
        c: typeof ctx,
        input: { orderId: string | undefined; form: FormData },
      ) => ReturnType<typeof doFlagDispute> | ReturnType<typeof doAnswerProposal>,
    ) =>
    async () =>
      reply(await use(ctx, { orderId: params.id, form }), {
        locale,
        texts: t.problems,
        form,
        done: () => {
          const intent = String(form.get("intent")) as
            | (typeof TERMS_INTENTS)[number]
            | typeof DISPUTE_INTENT;
          return redirectWithToast(back, { type: "success", description: t.done[intent] });
        },
      });
  return dispatchIntent(
    form.get("intent"),
    {
      ...Object.fromEntries(ORDER_INTENTS.map((intent) => [intent, step])),
      ...Object.fromEntries(REVIEW_INTENTS.map((intent) => [intent, review(intent)])),
      "propose-terms": agreed(doProposeTerms),
      "accept-terms": agreed(doAnswerProposal),
      "decline-terms": agreed(doAnswerProposal),
      "withdraw-terms": agreed(doAnswerProposal),
      [DISPUTE_INTENT]: agreed(doFlagDispute),
    },
    { locale },
  );
}

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { orders }).orders;
  const title = loaderData?.order.tenderTitle;
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: title ? t.meta.order(title) : t.meta.title,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const m = useMessages({ orders });
  const t = m.orders;
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const mySide = order.party === "admin" ? null : order.party;
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto grid w-full max-w-4xl gap-5 px-4 py-6 sm:px-6 sm:py-10">
        <Link
          to="/orders"
          className="inline-flex items-center gap-1 text-brand-700 text-sm hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.page.back}
        </Link>
        <header className="grid gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="break-words font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl">
              <span data-user-content>{order.tenderTitle}</span>
            </h1>
            <OrderStateBadge state={order.state} />
          </div>
          <p className="text-slate-600 text-sm">
            {t.page.buyer}:{" "}
            {order.buyerName === null ? (
              t.page.deletedUser
            ) : (
              <span data-user-content>{order.buyerName}</span>
            )}
            <span aria-hidden="true"> · </span>
            {t.page.factory}:{" "}
            {order.factoryName === null ? (
              t.page.deletedUser
            ) : (
              <span data-user-content>{order.factoryName}</span>
            )}
          </p>
          <p className="text-sm">
            <span className="text-slate-500">{t.list.next}: </span>
            <span className="font-semibold text-slate-900" data-testid="order-next">
              {t.next[order.step]}
            </span>
            {order.owes && (
              <span className="ml-2 rounded-md bg-slate-100 px-1.5 py-0.5 font-semibold text-slate-700 text-xs">
                {order.owes === mySide ? t.owes.you : t.owes[order.owes]}
              </span>
            )}
          </p>
        </header>
        {order.party === "admin" && (
          <p className="rounded-2xl bg-slate-100 px-4 py-3 text-slate-700 text-sm" role="note">
            {t.page.adminReadOnly}
          </p>
        )}
        {order.agreement.openDispute && <DisputePanel order={order} />}
        {order.agreement.open && <OpenProposal order={order} />}
        {order.actions.length > 0 && (
          <section aria-label={t.page.yourStep} className="grid gap-3 sm:grid-cols-2">
            {order.actions.map((intent) => (
              <OrderStepForm
                key={intent}
                orderId={order.id}
                intent={intent}
                lastResult={lastResult}
              />
            ))}
          </section>
        )}
        {loaderData.review && (
          <OrderReviewSection
            orderId={order.id}
            factoryId={order.factoryId}
            part={loaderData.review}
            lastResult={lastResult}
          />
        )}
        <OrderStages order={order} />
        <OrderTerms order={order} />
        {order.agreement.mayPropose && <ProposeTermsForm order={order} lastResult={lastResult} />}
        <OrderHistory order={order} />
        <CardSection title={t.page.conversation}>
          {order.quoteId ? (
            <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
              <p className="text-slate-600 text-sm">{t.page.conversationText}</p>
              <Link
                to={`/quotes/${order.quoteId}`}
                className={buttonVariants({ variant: "secondary" })}
              >
                <MessageSquare aria-hidden="true" />
                {t.page.openConversation}
              </Link>
            </div>
          ) : (
            <p className="mt-2 text-slate-600 text-sm">{t.page.conversationGone}</p>
          )}
        </CardSection>
        {order.agreement.mayFlag && <DisputePanel order={order} lastResult={lastResult} />}
        {order.mayCancel && (
          <OrderStepForm orderId={order.id} intent="cancel" lastResult={lastResult} />
        )}
      </div>
    </div>
  );
}
