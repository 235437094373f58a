import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Award, X } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { DialogFormActions, FormDialog } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/form-fields";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { withUserText } from "~/components/user-content";
import { tenderQuotes } from "~/domain/catalogue";
import { ownText } from "~/domain/locale";
import { declineSchema } from "~/features/quotes/schema";
import { useLocale, useMessages } from "~/lib/i18n";
import type { TenderQuote } from "./tender-quote-facts";
import type { QuoteDecision } from "./tender-quotes-href";

// The buyer's decisions on a quote, each in a dialog opened by the page's address (?accept= /
// ?decline=), so they work without JavaScript: accepting awards the tender and declines the
// other quotes; declining may give the factory a reason.

/** Each decision's words (keys of the catalogue) and its confirming button's icon and style. */
const DECISIONS = {
  accept: {
    title: "acceptTitle",
    text: "acceptText",
    confirm: "acceptConfirm",
    icon: Award,
    variant: "primary",
  },
  decline: {
    title: "declineTitle",
    text: "declineText",
    confirm: "declineConfirm",
    icon: X,
    variant: "destructive",
  },
} as const;

/** The dialog of one decision; closed while `quote` is undefined. */
export function DecisionDialog({
  decision,
  quote,
  closeHref,
  onClose,
  lastResult,
}: {
  decision: QuoteDecision;
  quote: TenderQuote | undefined;
  closeHref: string;
  onClose: () => void;
  /** The server's answer to a refused decline (its reason too long). */
  lastResult?: SubmissionResult<string[]>;
}) {
  const locale = useLocale();
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const name = quote ? ownText(quote.factory.name, quote.factory.nameEn, locale) : "";
  return (
    <FormDialog
      open={quote !== undefined}
      title={t[DECISIONS[decision].title]}
      subtitle={name}
      closeHref={closeHref}
      onClose={onClose}
    >
      {quote &&
        (decision === "accept" ? (
          <DecisionForm decision="accept" quote={quote} name={name} closeHref={closeHref} />
        ) : (
          <DeclineForm
            key={quote.id}
            quote={quote}
            name={name}
            closeHref={closeHref}
            lastResult={lastResult}
          />
        ))}
    </FormDialog>
  );
}

interface FormProps {
  quote: TenderQuote;
  /** The factory's name in the page's language. */
  name: string;
  closeHref: string;
}

function DeclineForm({
  lastResult,
  ...props
}: FormProps & { lastResult: SubmissionResult<string[]> | undefined }) {
  const locale = useLocale();
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const [form, fields] = useSchemaForm(declineSchema(locale), lastResult, {
    id: `decline-${props.quote.id}`,
  });
  return (
    <DecisionForm decision="decline" formProps={getFormProps(form)} {...props}>
      <TextareaField
        field={fields.reason}
        label={t.declineReason}
        hint={t.declineReasonHint}
        rows={3}
      />
    </DecisionForm>
  );
}

/** A decision's form: what it does in words, its fields, 'Отмена' and the confirming button. */
function DecisionForm({
  decision,
  quote,
  name,
  closeHref,
  formProps,
  children,
}: FormProps & {
  decision: QuoteDecision;
  formProps?: ReturnType<typeof getFormProps>;
  children?: ReactNode;
}) {
  const location = useLocation();
  const t = useMessages({ tenderQuotes }).tenderQuotes;
  const busy = useIsSubmitting(location.pathname);
  const { text, confirm, icon: Icon, variant } = DECISIONS[decision];
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      className="space-y-5"
      {...formProps}
    >
      <input type="hidden" name="quoteId" value={quote.id} />
      <p className="text-slate-700 text-sm leading-6">{withUserText(t[text], name)}</p>
      {children}
      <DialogFormActions cancelHref={closeHref}>
        <Button type="submit" name="intent" value={decision} variant={variant} disabled={busy}>
          <Icon aria-hidden="true" />
          {busy ? t.busy : t[confirm]}
        </Button>
      </DialogFormActions>
    </Form>
  );
}
