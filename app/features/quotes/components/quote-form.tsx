import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FileText, ImageIcon, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { AttachmentInput } from "~/components/attachment-input";
import { FileLabel } from "~/components/file-label";
import { MoneyFields } from "~/components/money-fields";
import { type ToastMessage, useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { allErrorsOf, NumberField, TextareaField, TextField } from "~/components/ui/form-fields";
import { UploadForm } from "~/components/ui/upload-form";
import { UploadProgressBar } from "~/components/ui/upload-progress";
import { useSchemaForm } from "~/components/use-schema-form";
import { type Attachment, attachmentHref } from "~/domain/attachments";
import { attachments, common, quoteForm, quotes } from "~/domain/catalogue";
import { formatNumber } from "~/domain/format";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { pathWithoutLocale } from "~/domain/locale";
import { DEFAULT_CURRENCY } from "~/domain/reference";
import type { QuoteDto } from "~/features/quotes/quotes.server";
import { dateInputValue, MAX_VALIDITY_DAYS, quoteSchema } from "~/features/quotes/schema";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

type LastResult = Parameters<typeof useSchemaForm>[1];

/** The factory's own quote as the form needs it (dates may arrive as strings). */
export type OwnQuoteView = Pick<
  QuoteDto,
  | "id"
  | "unitPrice"
  | "currency"
  | "quantity"
  | "minOrder"
  | "leadTimeDays"
  | "sampleAvailable"
  | "samplePrice"
  | "sampleDays"
  | "message"
  | "attachments"
  | "status"
> & { validUntil: Date | string };

const DAY = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' `days` after the date input value `day`. */
function addDays(day: string, days: number): string {
  return dateInputValue(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY));
}

const text = (value: number | null | undefined) => (value == null ? "" : String(value));

/** The id of the form that removes one attached file (its buttons sit inside the quote form). */
const REMOVE_FORM_ID = "quote-remove-attachment";

/**
 * The quote form, one for both modes: a new quote, or the factory's own submitted quote with its
 * values. The same Zod schema runs in the browser (Conform) and on the server; without
 * JavaScript it is a plain multipart form post and every field, the sample's included, is shown.
 * Chosen files go with the save; attached ones are removed one by one, at once.
 */
export function QuoteForm({
  tender,
  own,
  today,
  lastResult,
  action,
}: {
  tender: { id: string; quantity: number | null; currency: string | null };
  own: OwnQuoteView | null;
  /** Today's date input value (UTC), from the server, so both renders agree. */
  today: string;
  lastResult: LastResult;
  /** Where the form posts (the page's own address, without a language). */
  action: string;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ quoteForm, quotes, attachments, common });
  const f = m.quoteForm.form;
  const labels = m.quotes.fields;
  const editing = own !== null;
  // A withdrawn quote is sent again with its values; its files stay and cannot be removed.
  const resending = own?.status === "withdrawn";
  const [form, fields] = useSchemaForm(quoteSchema(locale), lastResult, {
    id: editing ? `quote-form-${own.id}` : `quote-form-new-${tender.id}`,
    defaultValue: own
      ? {
          unitPrice: text(own.unitPrice),
          currency: own.currency,
          quantity: text(own.quantity),
          minOrder: text(own.minOrder),
          leadTimeDays: text(own.leadTimeDays),
          sampleAvailable: own.sampleAvailable ? "on" : "",
          samplePrice: text(own.samplePrice),
          sampleDays: text(own.sampleDays),
          validUntil: dateInputValue(new Date(own.validUntil)),
          message: own.message ?? "",
        }
      : {
          currency: tender.currency ?? DEFAULT_CURRENCY,
          quantity: text(tender.quantity),
          validUntil: addDays(today, 30),
        },
  });
  const hydrated = useHydrated();
  const [sample, setSample] = useState(fields.sampleAvailable.initialValue === "on");
  // Without JavaScript the sample's fields are always there; with it they follow the checkbox
  // (disabled while hidden, so they are not sent).
  const sampleShown = !hydrated || sample;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "submit" &&
    pathWithoutLocale(navigation.formAction?.split("?")[0] ?? "") === action;
  const attached = own?.attachments ?? [];
  const room = Math.max(0, MAX_ATTACHMENTS - attached.length);

  return (
    <>
      <UploadForm
        form={form}
        action={href(action)}
        intent="submit"
        rowFields={own ? { quoteId: own.id } : undefined}
        className="space-y-6"
      >
        <CardSection title={f.offer} className="space-y-5">
          <MoneyFields
            amount={fields.unitPrice}
            currency={fields.currency}
            amountLabel={labels.unitPrice}
            currencyLabel={labels.currency}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField
              field={fields.quantity}
              label={labels.quantity}
              hint={
                tender.quantity != null
                  ? f.quantityHint(`${formatNumber(tender.quantity, locale)} ${m.common.pieces}`)
                  : undefined
              }
            />
            <NumberField field={fields.minOrder} label={labels.minOrder} hint={f.minOrderHint} />
          </div>
        </CardSection>

        <CardSection title={f.terms} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <NumberField field={fields.leadTimeDays} label={labels.leadTimeDays} />
            <TextField
              field={fields.validUntil}
              label={labels.validUntil}
              hint={f.validUntilHint}
              type="date"
              min={today}
              max={addDays(today, MAX_VALIDITY_DAYS)}
            />
          </div>
        </CardSection>

        <CardSection title={f.sample} className="space-y-5">
          <label className="flex cursor-pointer items-center gap-3 text-slate-800 text-sm">
            <input
              {...getInputProps(fields.sampleAvailable as FieldMetadata<string>, {
                type: "checkbox",
              })}
              key={fields.sampleAvailable.key}
              onChange={(event) => setSample(event.currentTarget.checked)}
              className="size-5 rounded border-slate-300 text-brand-700 accent-brand-700"
            />
            <span className="font-medium">{labels.sampleAvailable}</span>
          </label>
          <div className={sampleShown ? "grid gap-5 sm:grid-cols-2" : "hidden"}>
            <NumberField
              field={fields.samplePrice}
              label={labels.samplePrice}
              hint={f.samplePriceHint}
              decimal
              disabled={!sampleShown}
            />
            <NumberField
              field={fields.sampleDays}
              label={labels.sampleDays}
              disabled={!sampleShown}
            />
          </div>
        </CardSection>

        <CardSection title={f.details} className="space-y-5">
          <TextareaField
            field={fields.message}
            label={labels.message}
            rows={5}
            placeholder={f.messagePlaceholder}
          />

          {editing && (
            <div>
              <h3 className="font-medium text-slate-800 text-sm">{f.currentFiles}</h3>
              {attached.length === 0 ? (
                <p className="mt-1.5 text-slate-500 text-sm">{f.noFiles}</p>
              ) : (
                <ul className="mt-2 grid grid-cols-1 gap-2" data-testid="quote-attachments">
                  {attached.map((file) => (
                    <AttachedFile
                      key={file.url}
                      quoteId={own.id}
                      file={file}
                      removable={!resending}
                    />
                  ))}
                </ul>
              )}
            </div>
          )}

          {room > 0 ? (
            <AttachmentInput
              name={fields.attachments.name}
              label={labels.attachments}
              hint={`${m.attachments.hint(MAX_ATTACHMENTS)}. ${editing ? f.filesLeft(room) : ""}`.trim()}
              max={room}
              errors={allErrorsOf(fields.attachments)}
              removeLabel={f.removeChosen}
              chosenLabel={f.chosen}
            />
          ) : (
            <p className="text-slate-500 text-sm">{f.filesLeft(0)}</p>
          )}
        </CardSection>

        <div className="flex flex-col gap-3 border-slate-200 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
          <UploadProgressBar active={busy} />
          <Button type="submit" size="lg" disabled={busy} className="sm:min-w-56">
            {busy
              ? editing && !resending
                ? f.saving
                : f.sending
              : resending
                ? f.submitAgain
                : editing
                  ? f.submitEdit
                  : f.submitNew}
          </Button>
        </div>
      </UploadForm>
      {editing && !resending && <RemoveAttachmentForm quoteId={own.id} action={action} />}
    </>
  );
}

/**
 * One attached file: its link (a PDF downloads) and, when `removable`, a button that removes it
 * at once.
 */
function AttachedFile({
  quoteId,
  file,
  removable,
}: {
  quoteId: string;
  file: Attachment;
  removable: boolean;
}) {
  const m = useMessages({ quoteForm, attachments });
  const Icon = file.kind === "pdf" ? FileText : ImageIcon;
  return (
    <li className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
      <FileLabel
        icon={Icon}
        size={file.size}
        name={
          <a
            href={attachmentHref(quoteId, file)}
            download={file.kind === "pdf" ? file.name : undefined}
            className="font-medium text-brand-800 hover:underline"
          >
            {file.name}
          </a>
        }
      />
      {removable && (
        <button
          type="submit"
          form={REMOVE_FORM_ID}
          name="url"
          value={file.url}
          formNoValidate
          aria-label={m.quoteForm.form.removeFile(file.name)}
          className="-my-1 grid size-9 shrink-0 place-items-center rounded-full text-red-700 hover:bg-red-50"
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}

/**
 * The form the attached files' remove buttons submit (they name the file): a fetcher, so what
 * was typed into the quote form stays; without JavaScript a plain post that reloads the page.
 */
function RemoveAttachmentForm({ quoteId, action }: { quoteId: string; action: string }) {
  const href = useLocalizedHref();
  const remover = useFetcher<{ toast?: ToastMessage }>();
  useToast(remover.data?.toast);
  return (
    <remover.Form id={REMOVE_FORM_ID} method="post" action={href(action)} hidden>
      <input type="hidden" name="intent" value="remove-attachment" />
      <input type="hidden" name="quoteId" value={quoteId} />
    </remover.Form>
  );
}
