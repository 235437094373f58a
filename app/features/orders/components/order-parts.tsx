/**
 * The pieces of the order pages (/orders, /orders/{id}): the state badge, a list row, the terms,
 * the stages with planned and actual dates, the history with its files, and the forms of the
 * viewer's next step and of cancelling. Every form is a plain multipart post (works without
 * JavaScript); the server checks everything again.
 */
import { getFormProps } from "@conform-to/react";
import { AlertTriangle, CircleCheck, Clock, FileText, XCircle } from "lucide-react";
import { Form } from "react-router";
import { AttachmentInput } from "~/components/attachment-input";
import { FileLabel } from "~/components/file-label";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { FormAlert } from "~/components/ui/field";
import { TextareaField, TextField } from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { type LastResult, useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { type Attachment, attachmentFile } from "~/domain/attachments";
import { attachments, orders } from "~/domain/catalogue";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import type { OrderAction, OrderListState } from "~/domain/orders";
import type { OrderListItem, OrderView } from "~/features/orders/orders.server";
import { MAX_ORDER_FILES, orderStepSchema } from "~/features/orders/schema";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import type { OrderEventKind } from "~db/schema";
import { HistoryByline } from "./history-byline";
import { DisputeHistoryItem, ProposalHistoryItem } from "./terms-parts";

const STATE_STYLE: Record<OrderListState, string> = {
  "in-progress": "bg-brand-50 text-brand-800 ring-brand-200",
  late: "bg-red-50 text-red-800 ring-red-200",
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
};
const STATE_ICON = {
  "in-progress": Clock,
  late: AlertTriangle,
  delivered: CircleCheck,
  cancelled: XCircle,
} as const;

export function OrderStateBadge({ state }: { state: OrderListState }) {
  const m = useMessages({ orders });
  const Icon = STATE_ICON[state];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 font-semibold text-xs ring-1",
        STATE_STYLE[state],
      )}
      data-testid="order-state"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {m.orders.states[state]}
    </span>
  );
}

/** Where an order's file is served (to its parties and admins only). */
export function orderFileHref(orderId: string, file: Pick<Attachment, "url">): string {
  return `/order-files/${encodeURIComponent(orderId)}/${encodeURIComponent(attachmentFile(file))}`;
}

/** One order in a list: the tender, the other side, the state, the next step and whose it is. */
export function OrderRow({ item, side }: { item: OrderListItem; side: "buyer" | "factory" }) {
  const m = useMessages({ orders });
  const t = m.orders;
  const locale = useLocale();
  return (
    <li className="relative rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-300 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-bold text-lg text-slate-900">
          <Link
            to={`/orders/${item.id}`}
            className="break-words outline-none after:absolute after:inset-0 hover:underline focus-visible:underline"
            aria-label={t.list.open(item.tenderTitle)}
          >
            <span data-user-content>{item.tenderTitle}</span>
          </Link>
        </h2>
        <OrderStateBadge state={item.state} />
      </div>
      <p className="mt-1 text-slate-600 text-sm">
        {side === "buyer" ? t.list.factory : t.list.buyer}:{" "}
        {item.otherSide === null ? (
          t.page.deletedUser
        ) : (
          <span data-user-content>{item.otherSide}</span>
        )}
        <span aria-hidden="true"> · </span>
        {formatNumber(item.quantity, locale)} × {formatMoney(item.unitPrice, item.currency, locale)}
      </p>
      <p className="mt-2 text-sm">
        <span className="text-slate-500">{t.list.next}: </span>
        <span className="font-semibold text-slate-900">{t.next[item.step]}</span>
        {item.owes && (
          <span
            className={cn(
              "ml-2 rounded-md px-1.5 py-0.5 font-semibold text-xs",
              item.mine ? "bg-accent-500/20 text-slate-900" : "bg-slate-100 text-slate-600",
            )}
          >
            {item.mine ? t.owes.you : t.owes[item.owes]}
          </span>
        )}
        {item.plannedAt && (
          <span className="ml-2 text-slate-500">
            {t.list.planned(formatDate(item.plannedAt, { locale }))}
          </span>
        )}
      </p>
    </li>
  );
}

export function OrderTerms({ order }: { order: OrderView }) {
  const m = useMessages({ orders });
  const t = m.orders.page;
  const locale = useLocale();
  const rows: [string, string][] = [
    [t.price, formatMoney(order.unitPrice, order.currency, locale)],
    [t.quantity, formatNumber(order.quantity, locale)],
    [t.total, formatMoney(order.unitPrice * order.quantity, order.currency, locale)],
    [t.leadTime, t.days(formatNumber(order.leadTimeDays, locale))],
    [
      t.sample,
      order.sampleAvailable
        ? t.sampleTerms(
            order.samplePrice
              ? formatMoney(order.samplePrice, order.currency, locale)
              : t.samplePriceFree,
            order.sampleDays ? t.days(formatNumber(order.sampleDays, locale)) : "—",
          )
        : t.noSample,
    ],
  ];
  return (
    <CardSection title={t.terms} subtitle={undefined}>
      <p className="mt-1 text-slate-500 text-sm">{t.termsNote}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-slate-100 border-b pb-1.5">
            <dt className="text-slate-600 text-sm">{label}</dt>
            <dd className="text-right font-semibold text-slate-900 text-sm">{value}</dd>
          </div>
        ))}
      </dl>
    </CardSection>
  );
}

type StageKey = "sample" | "production" | "quality" | "shipping" | "delivery";
const STAGE_DONE_BY: Record<StageKey, OrderEventKind> = {
  sample: "sample-approved",
  production: "production-started",
  quality: "quality-passed",
  shipping: "shipped",
  delivery: "delivered",
};
const STAGE_OF_STEP: Partial<Record<OrderView["step"], StageKey>> = {
  "sample-send": "sample",
  "sample-review": "sample",
  production: "production",
  quality: "quality",
  shipping: "shipping",
  delivery: "delivery",
};

export function OrderStages({ order }: { order: OrderView }) {
  const m = useMessages({ orders });
  const t = m.orders.page;
  const locale = useLocale();
  const stages: StageKey[] = order.sampleAvailable
    ? ["sample", "production", "quality", "shipping", "delivery"]
    : ["production", "quality", "shipping", "delivery"];
  const current = STAGE_OF_STEP[order.step];
  return (
    <CardSection title={t.stages}>
      <ol className="mt-3 grid gap-2">
        {stages.map((stage) => {
          const planned = order.planned[stage];
          const done = order.done[STAGE_DONE_BY[stage]];
          const isCurrent = current === stage;
          const late = isCurrent && order.state === "late";
          return (
            <li
              key={stage}
              className={cn(
                "flex flex-wrap items-center justify-between gap-2 rounded-xl px-3 py-2 ring-1",
                done
                  ? "bg-emerald-50/60 ring-emerald-200"
                  : isCurrent
                    ? late
                      ? "bg-red-50 ring-red-200"
                      : "bg-brand-50 ring-brand-200"
                    : "bg-white ring-slate-200",
              )}
              aria-current={isCurrent ? "step" : undefined}
            >
              <span className="font-semibold text-slate-900">
                {t.stageNames[stage]}
                {late && (
                  <span className="ml-2 rounded-md bg-red-600 px-1.5 py-0.5 text-white text-xs">
                    {t.late}
                  </span>
                )}
              </span>
              <span className="text-slate-600 text-sm">
                {t.planned}: {planned ? formatDate(planned, { locale }) : t.notYet}
                <span aria-hidden="true"> · </span>
                {t.actual}: {done ? formatDate(done, { locale }) : t.notYet}
              </span>
            </li>
          );
        })}
      </ol>
    </CardSection>
  );
}

function OrderFiles({ orderId, files }: { orderId: string; files: Attachment[] }) {
  const m = useMessages({ attachments, orders });
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={m.orders.page.files}>
      {files.map((file) =>
        file.kind === "image" ? (
          <li key={file.url}>
            <a
              href={orderFileHref(orderId, file)}
              target="_blank"
              rel="noopener"
              className="block overflow-hidden rounded-lg ring-1 ring-slate-200 hover:ring-brand-400"
            >
              <img
                src={`${orderFileHref(orderId, file)}?size=thumb`}
                alt={file.name}
                data-user-content
                loading="lazy"
                className="size-20 bg-slate-100 object-cover"
              />
            </a>
          </li>
        ) : (
          <li key={file.url}>
            <a
              href={orderFileHref(orderId, file)}
              download={file.name}
              aria-label={m.attachments.download(file.name)}
              className="flex min-w-0 items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200 hover:ring-brand-400"
            >
              <FileLabel
                icon={FileText}
                name={file.name}
                size={file.size}
                kind={m.attachments.pdf}
                iconClassName="text-red-600"
                nameClassName="font-medium text-brand-800"
              />
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

export function OrderHistory({ order }: { order: OrderView }) {
  const m = useMessages({ orders });
  const t = m.orders;
  // The steps, the proposed changes of terms and the disputes, in the order they happened.
  const timeline = [
    ...order.events.map((event) => ({ at: event.createdAt, event }) as const),
    ...order.agreement.proposals.map((proposal) => ({ at: proposal.createdAt, proposal }) as const),
    ...order.agreement.disputes.map((dispute) => ({ at: dispute.createdAt, dispute }) as const),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <CardSection title={t.page.history}>
      {timeline.length === 0 ? (
        <p className="mt-2 text-slate-600 text-sm">{t.page.noHistory}</p>
      ) : (
        <ol className="mt-3 grid gap-3" data-testid="order-history">
          {timeline.map((item) => {
            if ("proposal" in item) {
              return (
                <ProposalHistoryItem
                  key={item.proposal.id}
                  proposal={item.proposal}
                  currency={order.currency}
                />
              );
            }
            if ("dispute" in item) {
              return <DisputeHistoryItem key={item.dispute.id} dispute={item.dispute} />;
            }
            const event = item.event;
            return (
              <li key={event.id} className="rounded-xl border border-slate-200 p-3">
                <p className="font-semibold text-slate-900">{t.events[event.kind]}</p>
                <HistoryByline name={event.actorName} at={event.createdAt} />
                {event.carrier && (
                  <p className="mt-1 text-sm">
                    {t.page.carrier}: <span data-user-content>{event.carrier}</span>
                  </p>
                )}
                {event.trackingNumber && (
                  <p className="mt-1 text-sm">
                    {t.page.tracking}: <span data-user-content>{event.trackingNumber}</span>
                  </p>
                )}
                {event.comment && (
                  <p className="mt-1 whitespace-pre-line break-words text-slate-800 text-sm">
                    {event.kind === "cancelled" ? t.page.reason : t.page.comment}:{" "}
                    <span data-user-content>{event.comment}</span>
                  </p>
                )}
                <OrderFiles orderId={order.id} files={event.attachments} />
              </li>
            );
          })}
        </ol>
      )}
    </CardSection>
  );
}

/** The last reply, when it answered the form of `intent`. */
function resultFor(intent: string, lastResult: LastResult): LastResult {
  const values = (lastResult as { initialValue?: Record<string, unknown> } | null | undefined)
    ?.initialValue;
  return values?.intent === intent ? lastResult : undefined;
}

const FIELDS_OF: Record<
  OrderAction | "cancel",
  { comment?: boolean; carrier?: boolean; tracking?: boolean; files?: boolean }
> = {
  "sample-sent": { comment: true, tracking: true, files: true },
  "sample-approved": { comment: true },
  "sample-returned": { comment: true, files: true },
  "production-started": { comment: true },
  "quality-passed": { comment: true, files: true },
  shipped: { carrier: true, tracking: true, comment: true, files: true },
  delivered: { comment: true },
  cancel: { comment: true },
};

/** The form of one action the viewer may take now. */
export function OrderStepForm({
  orderId,
  intent,
  lastResult,
}: {
  orderId: string;
  intent: OrderAction | "cancel";
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const m = useMessages({ orders });
  const t = m.orders;
  const [form, fields] = useSchemaForm(orderStepSchema(locale), resultFor(intent, lastResult), {
    id: `order-${intent}`,
  });
  const action = useLocalizedHref()(`/orders/${orderId}`);
  const busy = useIsSubmitting(action);
  const shape = FIELDS_OF[intent];
  const texts = intent === "cancel" ? null : t.forms[intent];
  const title = texts ? texts.title : t.page.cancelTitle;
  const text = texts ? texts.text : t.page.cancelText;
  const submit = texts ? texts.submit : t.page.cancel;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      className={cn(
        "grid gap-3 rounded-2xl border bg-white p-4 sm:p-5",
        intent === "cancel" ? "border-red-200" : "border-brand-200",
      )}
      aria-label={title}
    >
      <input type="hidden" name="intent" value={intent} />
      <div>
        <h3 className="font-bold text-slate-900">{title}</h3>
        <p className="text-slate-600 text-sm">{text}</p>
      </div>
      <FormAlert message={form.errors?.[0]} />
      {shape.carrier && <TextField field={fields.carrier} label={t.fields.carrier} />}
      {shape.tracking && (
        <TextField field={fields.trackingNumber} label={t.fields.trackingNumber} />
      )}
      {shape.comment && (
        <TextareaField
          field={fields.comment}
          label={intent === "cancel" ? t.fields.reason : t.fields.comment}
          rows={3}
        />
      )}
      {shape.files && (
        <AttachmentInput
          name="attachments"
          label={intent === "quality-passed" ? t.fields.report : t.fields.files}
          hint={t.fields.filesHint(MAX_ORDER_FILES)}
          max={MAX_ORDER_FILES}
          errors={form.allErrors.attachments ?? null}
          removeLabel={t.fields.removeFile}
          chosenLabel={t.fields.chosen}
        />
      )}
      <div>
        <Button
          type="submit"
          variant={
            intent === "cancel"
              ? "destructive"
              : intent === "sample-returned"
                ? "secondary"
                : "primary"
          }
          disabled={busy}
        >
          {busy ? t.sending : submit}
        </Button>
      </div>
    </Form>
  );
}
