/**
 * The order page's parts for changing the terms by agreement and for disputes (decision 034):
 * the proposal form, the open proposal with its answers, the dispute panel (its state, or the
 * form flagging one), and the history entries of proposals and disputes. Plain posts to the
 * order's action (no JavaScript needed); the server checks everything again.
 */
import { getFormProps } from "@conform-to/react";
import { FilePen, ShieldAlert, ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { FormAlert } from "~/components/ui/field";
import { NumberField, SelectField, TextareaField, TextField } from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import { type LastResult, useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { orders } from "~/domain/catalogue";
import { formatDate, formatMoney, formatNumber } from "~/domain/format";
import type { Locale } from "~/domain/locale";
import { isPlannedDateField } from "~/domain/orders";
import { CURRENCY_CODES } from "~/domain/reference";
import type { OrderView } from "~/features/orders/orders.server";
import {
  disputeSchema,
  MAX_DISPUTE_REASON,
  orderTermsSchema,
  plannedDateValue,
} from "~/features/orders/schema";
import type { DisputeView, ProposalView } from "~/features/orders/terms.server";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import type { OrderTermField, TermsChanges, TermValue } from "~db/schema";
import { HistoryByline } from "./history-byline";

/** The last reply, when it answered the form of `intent`. */
function resultFor(intent: string, lastResult: LastResult): LastResult {
  const values = (lastResult as { initialValue?: Record<string, unknown> } | null | undefined)
    ?.initialValue;
  return values?.intent === intent ? lastResult : undefined;
}

/** A term's value in words: money in the order's currency, days, a date. */
function termText(
  field: OrderTermField,
  value: TermValue,
  currency: string,
  locale: Locale,
  t: { free: string; none: string; days: (n: string) => string },
): string {
  if (value === null) return field === "samplePrice" ? t.free : t.none;
  if (isPlannedDateField(field)) return formatDate(String(value), { locale });
  if (field === "unitPrice" || field === "samplePrice") {
    return formatMoney(Number(value), currency, locale);
  }
  if (field === "leadTimeDays" || field === "sampleDays") {
    return t.days(formatNumber(Number(value), locale));
  }
  if (field === "quantity") return formatNumber(Number(value), locale);
  return String(value);
}

/** What a proposal changes, one line per term: «Цена за штуку: 500 ₽ → 450 ₽». */
export function TermsChangesList({
  changes,
  currency,
}: {
  changes: TermsChanges;
  currency: string;
}) {
  const m = useMessages({ orders });
  const t = m.orders;
  const locale = useLocale();
  const words = { free: t.terms.free, none: t.terms.none, days: t.page.days };
  // Money before and after is said in the currency of its own side of the change.
  const fromCurrency = String(changes.currency?.from ?? currency);
  const toCurrency = String(changes.currency?.to ?? currency);
  return (
    <ul className="mt-2 grid gap-1 text-sm" data-testid="terms-changes">
      {(Object.entries(changes) as [OrderTermField, { from: TermValue; to: TermValue }][]).map(
        ([field, change]) => (
          <li key={field}>
            <span className="text-slate-600">{t.terms.fields[field]}: </span>
            <span className="font-semibold text-slate-900">
              {t.terms.change(
                termText(field, change.from, fromCurrency, locale, words),
                termText(field, change.to, toCurrency, locale, words),
              )}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}

/** The form value of a term as the order has it now. */
function formValue(field: OrderTermField, value: TermValue): string {
  if (value === null) return field === "samplePrice" ? "0" : "";
  return isPlannedDateField(field) ? plannedDateValue(String(value)) : String(value);
}

/** Proposing a change of the terms open to change, prefilled with the terms as they are. */
export function ProposeTermsForm({
  order,
  lastResult,
}: {
  order: OrderView;
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const m = useMessages({ orders });
  const t = m.orders.terms;
  const { changeable, current } = order.agreement;
  const defaultValue = Object.fromEntries(
    changeable.map((field) => [field, formValue(field, current[field])]),
  );
  const [form, fields] = useSchemaForm(
    orderTermsSchema(locale),
    resultFor("propose-terms", lastResult),
    { id: "order-propose-terms", defaultValue },
  );
  const action = useLocalizedHref()(`/orders/${order.id}`);
  const busy = useIsSubmitting(action);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <CardSection title={t.proposeTitle}>
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        className="mt-2 grid gap-3"
        aria-label={t.proposeTitle}
      >
        <input type="hidden" name="intent" value="propose-terms" />
        <p className="text-slate-600 text-sm">{t.proposeText}</p>
        <FormAlert message={form.errors?.[0]} />
        <div className="grid gap-3 sm:grid-cols-2">
          {changeable.map((field) => {
            const bound = fields[field];
            const label = t.fields[field];
            if (field === "currency") {
              return (
                <SelectField key={field} field={bound} label={label}>
                  {CURRENCY_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </SelectField>
              );
            }
            if (isPlannedDateField(field)) {
              return <TextField key={field} field={bound} label={label} type="date" min={today} />;
            }
            const decimal = field === "unitPrice" || field === "samplePrice";
            return (
              <NumberField
                key={field}
                field={bound}
                label={label}
                decimal={decimal}
                min={field === "unitPrice" ? "0.01" : decimal ? "0" : "1"}
                hint={field === "samplePrice" ? t.samplePriceHint : undefined}
              />
            );
          })}
        </div>
        <TextareaField field={fields.comment} label={t.comment} rows={2} />
        <div>
          <Button type="submit" variant="secondary" disabled={busy}>
            <FilePen aria-hidden="true" />
            {busy ? m.orders.sending : t.propose}
          </Button>
        </div>
      </Form>
    </CardSection>
  );
}

/** A small form of one answer to the open proposal (accept, decline, withdraw). */
function AnswerForm({
  orderId,
  proposalId,
  intent,
  label,
  variant,
}: {
  orderId: string;
  proposalId: string;
  intent: "accept-terms" | "decline-terms" | "withdraw-terms";
  label: string;
  variant: "primary" | "secondary" | "destructive";
}) {
  const action = useLocalizedHref()(`/orders/${orderId}`);
  const busy = useIsSubmitting(action);
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="proposalId" value={proposalId} />
      <Button type="submit" variant={variant} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** The open proposal: what it changes, and the viewer's answer (or withdrawal). */
export function OpenProposal({ order }: { order: OrderView }) {
  const m = useMessages({ orders });
  const t = m.orders.terms;
  const open = order.agreement.open;
  if (!open) return null;
  const { proposal } = open;
  return (
    <section
      aria-label={t.openTitle}
      className="grid gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 className="flex items-center gap-2 font-bold text-slate-900">
        <FilePen className="size-5 text-amber-700" aria-hidden="true" />
        {t.openTitle}
      </h2>
      <p className="text-slate-700 text-sm">
        {open.mayWithdraw ? t.openByYou : t.openByOther(t.sides[proposal.side])}
      </p>
      <TermsChangesList changes={proposal.changes} currency={order.currency} />
      {proposal.comment && (
        <p className="whitespace-pre-line break-words text-slate-800 text-sm">
          {m.orders.page.comment}: <span data-user-content>{proposal.comment}</span>
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        {open.mayAnswer && (
          <>
            <AnswerForm
              orderId={order.id}
              proposalId={proposal.id}
              intent="accept-terms"
              label={t.accept}
              variant="primary"
            />
            <AnswerForm
              orderId={order.id}
              proposalId={proposal.id}
              intent="decline-terms"
              label={t.decline}
              variant="secondary"
            />
          </>
        )}
        {open.mayWithdraw && (
          <AnswerForm
            orderId={order.id}
            proposalId={proposal.id}
            intent="withdraw-terms"
            label={t.withdraw}
            variant="secondary"
          />
        )}
      </div>
    </section>
  );
}

/**
 * The dispute: while one is open, its state for both parties (and the admin's way to resolve
 * it); otherwise, for a party, the form flagging one.
 */
export function DisputePanel({ order, lastResult }: { order: OrderView; lastResult?: LastResult }) {
  const locale = useLocale();
  const m = useMessages({ orders });
  const t = m.orders.dispute;
  const [form, fields] = useSchemaForm(
    disputeSchema(locale),
    resultFor("flag-dispute", lastResult),
    {
      id: "order-flag-dispute",
    },
  );
  const action = useLocalizedHref()(`/orders/${order.id}`);
  const busy = useIsSubmitting(action);
  const open = order.agreement.openDispute;
  if (open) {
    return (
      <section
        aria-label={t.title}
        className="grid gap-1 rounded-2xl border border-red-300 bg-red-50 p-4 sm:p-5"
        data-testid="order-dispute"
      >
        <h2 className="flex items-center gap-2 font-bold text-red-900">
          <ShieldAlert className="size-5" aria-hidden="true" />
          {t.opened[open.side](formatDate(open.createdAt, { locale }))}
        </h2>
        <p className="whitespace-pre-line break-words text-slate-800 text-sm">
          {m.orders.page.reason}: <span data-user-content>{open.reason}</span>
        </p>
        <p className="text-slate-600 text-sm">{t.openNote}</p>
        {order.party === "admin" && (
          <p className="mt-1">
            <Link
              to={`/admin/disputes#dispute-${open.id}`}
              className="text-brand-700 text-sm underline"
            >
              {t.resolveOnList}
            </Link>
          </p>
        )}
      </section>
    );
  }
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      aria-label={t.flagTitle}
    >
      <input type="hidden" name="intent" value="flag-dispute" />
      <div>
        <h3 className="font-bold text-slate-900">{t.flagTitle}</h3>
        <p className="text-slate-600 text-sm">{t.flagText}</p>
      </div>
      <FormAlert message={form.errors?.[0]} />
      <TextareaField
        field={fields.reason}
        label={t.reason}
        rows={3}
        maxLength={MAX_DISPUTE_REASON}
      />
      <div>
        <Button type="submit" variant="secondary" disabled={busy}>
          <ShieldAlert aria-hidden="true" />
          {busy ? m.orders.sending : t.flag}
        </Button>
      </div>
    </Form>
  );
}

/** A proposal in the order's history: what it changed, who, when, and how it ended. */
export function ProposalHistoryItem({
  proposal,
  currency,
}: {
  proposal: ProposalView;
  currency: string;
}) {
  const m = useMessages({ orders });
  const t = m.orders;
  const locale = useLocale();
  const state = t.terms.states[proposal.state];
  return (
    <li className="rounded-xl border border-amber-200 bg-amber-50/40 p-3">
      <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        {t.terms.proposed}
        <span
          className={cn(
            "rounded-md px-1.5 py-0.5 font-semibold text-xs",
            proposal.state === "accepted"
              ? "bg-emerald-100 text-emerald-800"
              : proposal.state === "open"
                ? "bg-amber-100 text-amber-900"
                : "bg-slate-100 text-slate-700",
          )}
          data-testid="proposal-state"
        >
          {proposal.answeredAt
            ? t.terms.answered(state, formatDate(proposal.answeredAt, { locale }))
            : state}
        </span>
      </p>
      <HistoryByline name={proposal.proposerName} at={proposal.createdAt} />
      <TermsChangesList changes={proposal.changes} currency={currency} />
      {proposal.comment && (
        <p className="mt-1 whitespace-pre-line break-words text-slate-800 text-sm">
          {t.page.comment}: <span data-user-content>{proposal.comment}</span>
        </p>
      )}
    </li>
  );
}

/** A dispute in the order's history: flagged (who, why), and the admin's resolution. */
export function DisputeHistoryItem({ dispute }: { dispute: DisputeView }) {
  const m = useMessages({ orders });
  const t = m.orders;
  const locale = useLocale();
  return (
    <li className="rounded-xl border border-red-200 bg-red-50/40 p-3">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldAlert className="size-4 text-red-700" aria-hidden="true" />
        {t.dispute.flagged}
      </p>
      <HistoryByline name={dispute.raisedByName} at={dispute.createdAt} />
      <p className="mt-1 whitespace-pre-line break-words text-slate-800 text-sm">
        {t.page.reason}: <span data-user-content>{dispute.reason}</span>
      </p>
      {dispute.state === "resolved" && dispute.resolvedAt && (
        <div className="mt-2 border-red-100 border-t pt-2">
          <p className="flex items-center gap-2 font-semibold text-emerald-800 text-sm">
            <ShieldCheck className="size-4" aria-hidden="true" />
            {t.dispute.resolved(formatDate(dispute.resolvedAt, { locale }))}
          </p>
          {dispute.resolution && (
            <p className="whitespace-pre-line break-words text-slate-800 text-sm">
              {t.dispute.resolution}: <span data-user-content>{dispute.resolution}</span>
            </p>
          )}
        </div>
      )}
    </li>
  );
}
