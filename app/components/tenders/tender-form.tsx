import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useInputControl,
} from "@conform-to/react";
import { ImagePlus, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { RemovableImageTile } from "~/components/image-tile";
import { LocationSelect } from "~/components/location-select";
import { MoneyFields } from "~/components/money-fields";
import { showToast, type ToastMessage, useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { useReturnFocus } from "~/components/ui/dialog";
import { Field, FieldError, FormAlert, inputClass, Label } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-auth-form";
import { handleOf } from "~/domain/contacts";
import { common } from "~/domain/messages/common";
import { images } from "~/domain/messages/images";
import { profile } from "~/domain/messages/profile";
import { tenders } from "~/domain/messages/tenders";
import { DEFAULT_CURRENCY, TENDER_GENDER_OPTIONS } from "~/domain/reference";
import {
  MAX_TENDER_PHOTOS,
  photoProblem,
  TENDER_PHOTO_TYPES,
  tenderSchema,
} from "~/domain/schemas/tender";
import { cn } from "~/lib/cn";
import type { TenderView } from "./tender-card";

const m = { tenders, common, profile, images } as const;

const f = m.tenders.form;
const ACCEPT = TENDER_PHOTO_TYPES.join(",");

type LastResult = Parameters<typeof useSchemaForm>[1];

const errorsOf = (field: FieldMetadata<unknown>) => Object.values(field.allErrors ?? {}).flat();

/**
 * A dialog rendered in place (not in a portal), opened by the page's address (`?new=1`,
 * `?edit=<id>`), so the form is in the server's HTML and works without JavaScript. Closing is a
 * link back to the page without that parameter.
 */
export function FormDialog({
  open,
  title,
  subtitle,
  closeHref,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  subtitle?: string;
  closeHref: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {open && (
        <>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[1px]" />
          <Dialog.Content
            aria-describedby={undefined}
            onCloseAutoFocus={returnFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[94dvh] overflow-y-auto overscroll-contain rounded-t-2xl bg-white shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-3rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
          >
            <header className="sticky top-0 z-10 flex items-start justify-between gap-3 border-slate-100 border-b bg-white/95 px-5 py-4 backdrop-blur sm:px-6">
              <div className="min-w-0">
                <Dialog.Title className="font-extrabold text-slate-900 text-xl tracking-tight">
                  {title}
                </Dialog.Title>
                {subtitle && <p className="mt-0.5 truncate text-slate-600 text-sm">{subtitle}</p>}
              </div>
              <Link
                to={closeHref}
                replace
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  onClose();
                }}
                aria-label={m.common.close}
                className="grid size-10 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              >
                <X className="size-5" aria-hidden="true" />
              </Link>
            </header>
            <div className="px-5 py-5 sm:px-6">{children}</div>
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}

/**
 * The tender form, one for both modes. Create: empty, the chosen photos go with the first save
 * (one request; nothing is stored if anything is refused). Edit: filled with the tender; its
 * photos are managed above the form and change at once ('Фото загружено' / 'Фото удалено').
 */
export function TenderForm({
  tender,
  lastResult,
  action,
  busyPath,
  cancelHref,
}: {
  tender: TenderView | null;
  lastResult: LastResult;
  /** Where the form posts (the page, with its query). */
  action: string;
  /** The page's path, for the busy state. */
  busyPath: string;
  cancelHref: string;
}) {
  const editing = tender !== null;
  const [form, fields] = useSchemaForm(tenderSchema, lastResult, {
    id: editing ? `tender-form-${tender.id}` : "tender-form-new",
    defaultValue: (tender
      ? {
          title: tender.title,
          description: tender.description ?? "",
          category: tender.category ?? "",
          quantity: tender.quantity == null ? "" : String(tender.quantity),
          requirements: tender.requirements ?? "",
          phone: tender.contacts?.phone ?? "",
          whatsapp: tender.contacts?.whatsapp ?? "",
          telegram: handleOf(tender.contacts?.telegram),
          budget: tender.budget == null ? "" : String(tender.budget),
          currency: tender.currency ?? DEFAULT_CURRENCY,
        }
      : { currency: DEFAULT_CURRENCY }) as never,
  });
  const title = useInputControl(fields.title as FieldMetadata<string>);
  const busy = useIsSubmitting(busyPath);
  const titleBlank = !String(title.value ?? "").trim();

  return (
    <div className="space-y-6">
      {editing && <TenderPhotosManager tender={tender} />}
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="space-y-5"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value={editing ? "save" : "create"} />
        {editing && <input type="hidden" name="tenderId" value={tender.id} />}
        <FormAlert message={form.errors?.[0]} />

        <Field id={fields.title.id} label={f.title} errors={fields.title.errors}>
          {(control) => (
            <input
              {...getInputProps(fields.title as FieldMetadata<string>, { type: "text" })}
              {...control}
              key={fields.title.key}
              onChange={(event) => title.change(event.target.value)}
              placeholder={f.titlePlaceholder}
              autoComplete="off"
              className={inputClass}
            />
          )}
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fields.category.id} label={f.category} errors={fields.category.errors}>
            {(control) => (
              <select
                {...getSelectProps(fields.category as FieldMetadata<string>)}
                {...control}
                key={fields.category.key}
                className={inputClass}
              >
                <option value="">{f.categoryPlaceholder}</option>
                {TENDER_GENDER_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={fields.quantity.id} label={f.quantity} errors={fields.quantity.errors}>
            {(control) => (
              <input
                {...getInputProps(fields.quantity as FieldMetadata<string>, { type: "number" })}
                {...control}
                key={fields.quantity.key}
                min="1"
                step="1"
                inputMode="numeric"
                className={inputClass}
              />
            )}
          </Field>
        </div>

        <Field id={fields.description.id} label={f.description} errors={fields.description.errors}>
          {(control) => (
            <textarea
              {...getTextareaProps(fields.description as FieldMetadata<string>)}
              {...control}
              key={fields.description.key}
              rows={4}
              placeholder={f.descriptionPlaceholder}
              className={inputClass}
            />
          )}
        </Field>

        <LocationSelect
          idPrefix={editing ? `tender-${tender.id}` : "tender-new"}
          defaultCountry={tender?.country}
          defaultCity={tender?.city}
          countryErrors={fields.country.errors}
          cityErrors={fields.city.errors}
          labels={{ country: f.country, city: f.city }}
        />

        <Field
          id={fields.requirements.id}
          label={f.requirements}
          errors={fields.requirements.errors}
        >
          {(control) => (
            <textarea
              {...getTextareaProps(fields.requirements as FieldMetadata<string>)}
              {...control}
              key={fields.requirements.key}
              rows={3}
              placeholder={f.requirementsPlaceholder}
              className={inputClass}
            />
          )}
        </Field>

        <MoneyFields
          amount={fields.budget}
          currency={fields.currency}
          amountLabel={f.budget}
          amountHint={f.budgetHint}
          currencyLabel={f.currency}
        />

        <fieldset className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-900 text-sm">{f.contactsTitle}</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <ContactInput
              field={fields.phone}
              label={f.phone}
              placeholder={m.profile.placeholders.phone}
              type="tel"
              autoComplete="tel"
            />
            <ContactInput
              field={fields.whatsapp}
              label={f.whatsapp}
              placeholder={m.profile.placeholders.whatsapp}
              type="tel"
            />
            <ContactInput
              field={fields.telegram}
              label={f.telegram}
              placeholder={m.profile.placeholders.telegram}
            />
          </div>
        </fieldset>

        {!editing && <PhotoPicker name={fields.photos.name} errors={errorsOf(fields.photos)} />}

        <div className="flex flex-col-reverse gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:justify-end">
          <Link to={cancelHref} replace className={buttonVariants({ variant: "secondary" })}>
            {f.cancel}
          </Link>
          <Button type="submit" disabled={titleBlank || busy} className="sm:min-w-48">
            {busy
              ? editing
                ? m.common.saving
                : f.submittingCreate
              : editing
                ? f.submitEdit
                : f.submitCreate}
          </Button>
        </div>
      </Form>
    </div>
  );
}

function ContactInput({
  field,
  label,
  placeholder,
  type = "text",
  autoComplete,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  placeholder?: string;
  type?: "text" | "tel";
  autoComplete?: string;
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors}>
      {(control) => (
        <input
          {...getInputProps(field as FieldMetadata<string>, { type: "text" })}
          {...control}
          key={field.key}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          className={inputClass}
        />
      )}
    </Field>
  );
}

// ---------------------------------------------------------------------------------------------
// Photos of a new tender: chosen files are checked at once (size and type, SPEC.md's messages),
// shown, and sent with the first save.

function PhotoPicker({ name, errors }: { name: string; errors: string[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const previews = useMemo(
    () => files.map((file) => ({ file, url: URL.createObjectURL(file) })),
    [files],
  );
  useEffect(
    () => () => {
      for (const preview of previews) URL.revokeObjectURL(preview.url);
    },
    [previews],
  );
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  /** Puts `next` into the file input (what the form sends) and shows it. */
  const keep = (next: File[]) => {
    const transfer = new DataTransfer();
    for (const file of next) transfer.items.add(file);
    if (input.current) input.current.files = transfer.files;
    setFiles(next);
  };
  const full = files.length >= MAX_TENDER_PHOTOS;
  const shown = refused.length > 0 ? refused : errors;

  return (
    <div>
      <Label htmlFor={id}>{f.photos}</Label>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {previews.map(({ file, url }) => (
          <li
            key={url}
            className="relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
          >
            <img src={url} alt={file.name} className="size-full object-cover" />
            <button
              type="button"
              onClick={() => keep(files.filter((other) => other !== file))}
              aria-label={f.removeSelected(file.name)}
              className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-white/90 text-slate-700 shadow-sm hover:bg-white"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
        {/* Kept in the document when full: the input holds the files the form sends. */}
        <li className={full ? "hidden" : undefined}>
          <label className="flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 border-dashed bg-slate-50 px-2 text-center font-medium text-brand-800 text-xs hover:border-brand-400 hover:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
            <ImagePlus className="size-5" aria-hidden="true" />
            {f.addPhoto}
            <input
              ref={input}
              id={id}
              type="file"
              name={name}
              multiple
              accept={ACCEPT}
              aria-invalid={shown.length > 0 || undefined}
              aria-describedby={shown.length > 0 ? errorId : hintId}
              className="sr-only"
              onChange={(event) => {
                const chosen = Array.from(event.currentTarget.files ?? []);
                const problems: string[] = [];
                const accepted = chosen.filter((file) => {
                  const problem = photoProblem(file);
                  if (problem) problems.push(problem);
                  return !problem;
                });
                // A second choice adds to the first instead of replacing it.
                const known = new Set(files.map((x) => `${x.name}:${x.size}:${x.lastModified}`));
                const next = [
                  ...files,
                  ...accepted.filter((x) => !known.has(`${x.name}:${x.size}:${x.lastModified}`)),
                ];
                if (next.length > MAX_TENDER_PHOTOS) {
                  problems.push(m.tenders.photosTooMany(MAX_TENDER_PHOTOS));
                }
                keep(next.slice(0, MAX_TENDER_PHOTOS));
                const unique = [...new Set(problems)];
                setRefused(unique);
                for (const problem of unique) showToast({ type: "error", description: problem });
              }}
            />
          </label>
        </li>
      </ul>
      {shown.length > 0 ? (
        <FieldError id={errorId} errors={[shown.join(" ")]} />
      ) : (
        <p id={hintId} className="mt-1.5 text-slate-500 text-xs">
          {f.photosHint}, {f.photosLimit(MAX_TENDER_PHOTOS)}. {f.photosWithSave}
        </p>
      )}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Photos of an existing tender: each upload and each removal is its own request (fetcher),
// answered with a toast; without JavaScript the same forms post normally.

function TenderPhotosManager({ tender }: { tender: TenderView }) {
  const upload = useFetcher<{ toast?: ToastMessage }>();
  useToast(upload.data?.toast);
  const busy = upload.state !== "idle";
  const full = tender.photos.length >= MAX_TENDER_PHOTOS;
  return (
    <section aria-labelledby="tender-photos-title">
      <h3 id="tender-photos-title" className="font-medium text-slate-800 text-sm">
        {f.photos}
      </h3>
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {tender.photos.map((url, index) => (
          <RemovableImageTile
            key={url}
            fields={{ intent: "remove-photo", tenderId: tender.id }}
            removeLabel={f.removePhoto}
            url={url}
            alt={m.common.photoAlt(tender.title, index + 1)}
          />
        ))}
        {!full && (
          <li>
            <upload.Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="add-photos" />
              <input type="hidden" name="tenderId" value={tender.id} />
              <label
                className={cn(
                  "flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 border-dashed bg-slate-50 px-2 text-center font-medium text-brand-800 text-xs hover:border-brand-400 hover:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                  busy && "pointer-events-none opacity-50",
                )}
              >
                <ImagePlus className="size-5" aria-hidden="true" />
                {busy ? m.images.uploading : f.addPhoto}
                <input
                  type="file"
                  name="photos"
                  multiple
                  accept={ACCEPT}
                  disabled={busy}
                  aria-label={f.addPhoto}
                  className="sr-only"
                  onChange={(event) => {
                    const input = event.currentTarget;
                    const chosen = Array.from(input.files ?? []);
                    if (chosen.length === 0) return;
                    const problem = chosen.map(photoProblem).find(Boolean);
                    if (problem) {
                      showToast({
                        type: "error",
                        title: m.tenders.photoUploadFailed,
                        description: problem,
                      });
                      input.value = "";
                      return;
                    }
                    upload.submit(input.form);
                  }}
                />
              </label>
              <noscript>
                <button
                  type="submit"
                  className={buttonVariants({
                    variant: "secondary",
                    size: "sm",
                    className: "mt-2",
                  })}
                >
                  {f.addPhoto}
                </button>
              </noscript>
            </upload.Form>
          </li>
        )}
      </ul>
      <p className="mt-1.5 text-slate-500 text-xs">
        {tender.photos.length === 0 ? `${f.noPhotos}. ` : ""}
        {f.photosHint}, {f.photosLimit(MAX_TENDER_PHOTOS)}. {f.photosNow}
      </p>
    </section>
  );
}
