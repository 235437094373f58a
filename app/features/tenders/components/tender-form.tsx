import { CategoryCheckboxes } from "~/components/category-checkboxes";
import { LocationSelect } from "~/components/location-select";
import { MoneyFields } from "~/components/money-fields";
import {
  FormWithPictures,
  NewPicturesPicker,
  PictureListManager,
  type PictureRules,
} from "~/components/picture-list";
import { checkAttributesOf } from "~/components/ui/browser-checks";
import { Button, buttonVariants } from "~/components/ui/button";
import {
  allErrorsOf,
  NumberField,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/ui/form-fields";
import { Link } from "~/components/ui/link";
import {
  type LastResult,
  textOf,
  useIsSubmitting,
  useRequiredText,
  useSchemaForm,
  valuesOf,
} from "~/components/use-schema-form";
import { common, tenders } from "~/domain/catalogue";
import { handleOf, shownPhone } from "~/domain/contacts";
import { MAX_TENDER_PHOTOS } from "~/domain/limits";
import type { Locale } from "~/domain/locale";
import { DEFAULT_CURRENCY, TENDER_GENDER_OPTIONS, tenderGenderLabel } from "~/domain/reference";
import { ContactFields } from "~/features/factories/components/contact-fields";
import { PrivateTenderCheckbox } from "~/features/invitations/components/private-tender-checkbox";
import {
  MAX_TENDER_CATEGORIES,
  MAX_TENDER_PHOTO_BYTES,
  photoProblem,
  TENDER_PHOTO_TYPES,
  tenderSchema,
} from "~/features/tenders/schema";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { TechPackFields } from "./tech-pack";
import type { TenderView } from "./tender-card";

/** What both photo pickers take: the limit, the types offered, the grid and the check. */
const photoRules = (locale: Locale): PictureRules => ({
  max: MAX_TENDER_PHOTOS,
  accept: TENDER_PHOTO_TYPES.join(","),
  gridClass: "sm:grid-cols-5",
  problem: (file) => photoProblem(file, locale),
  checks: {
    maxBytes: MAX_TENDER_PHOTO_BYTES,
    types: TENDER_PHOTO_TYPES,
    tooLarge: tenders[locale].photoTooLarge,
    badType: tenders[locale].photoTypeNotSupported,
  },
});

/**
 * The tender form, one for both modes. Create: empty, the chosen photos go with the first save
 * (one request; nothing is stored if anything is refused). Edit: filled with the tender; its
 * photos are managed above the form and change at once ('Фото загружено' / 'Фото удалено').
 */
export function TenderForm({
  tender,
  contacts = null,
  lastResult,
  action,
  busyPath,
  cancelHref,
}: {
  tender: TenderView | null;
  /** For a new tender: the profile's contacts, offered as its contacts. */
  contacts?: TenderView["contacts"];
  lastResult: LastResult;
  /** Where the form posts (the page, with its query); put into the page's language. */
  action: string;
  /** The page's path, for the busy state. */
  busyPath: string;
  cancelHref: string;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ tenders, common });
  const f = m.tenders.form;
  const editing = tender !== null;
  const [form, fields] = useSchemaForm(tenderSchema(locale), lastResult, {
    id: editing ? `tender-form-${tender.id}` : "tender-form-new",
    defaultValue: tender
      ? {
          title: tender.title,
          description: tender.description ?? "",
          category: tender.category ?? "",
          quantity: tender.quantity == null ? "" : String(tender.quantity),
          requirements: tender.requirements ?? "",
          phone: shownPhone(tender.contacts?.phone),
          whatsapp: shownPhone(tender.contacts?.whatsapp),
          telegram: handleOf(tender.contacts?.telegram),
          budget: tender.budget == null ? "" : String(tender.budget),
          currency: tender.currency ?? DEFAULT_CURRENCY,
          categories: tender.categories,
          country: tender.country ?? "",
          city: tender.city ?? "",
          private: tender.private ? "on" : "",
        }
      : {
          currency: DEFAULT_CURRENCY,
          phone: shownPhone(contacts?.phone),
          whatsapp: shownPhone(contacts?.whatsapp),
          telegram: handleOf(contacts?.telegram),
        },
  });
  const title = useRequiredText(fields.title);
  const busy = useIsSubmitting(busyPath);
  // On a light page (decision 036) the page script checks the fields by the schema's rules when
  // the form is sent, and the button waits for a title.
  const lightPage = useHtmlFirst();
  const checks = lightPage ? checkAttributesOf(tenderSchema(locale), locale) : {};

  return (
    <FormWithPictures
      form={form}
      action={href(action)}
      intent={editing ? "save" : "create"}
      rowFields={editing ? { tenderId: tender.id } : undefined}
      manager={editing && <TenderPhotosManager tender={tender} />}
      busy={busy}
      checked={lightPage}
    >
      <TextField
        field={fields.title}
        label={f.title}
        onChange={(event) => title.change(event.target.value)}
        placeholder={f.titlePlaceholder}
        autoComplete="off"
        {...checks.title}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField field={fields.category} label={f.category} placeholder={f.categoryPlaceholder}>
          {TENDER_GENDER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {tenderGenderLabel(option.value, locale)}
            </option>
          ))}
        </SelectField>
        <NumberField field={fields.quantity} label={f.quantity} {...checks.quantity} />
      </div>

      <TextareaField
        field={fields.description}
        label={f.description}
        rows={4}
        placeholder={f.descriptionPlaceholder}
      />

      <CategoryCheckboxes
        id={fields.categories.id}
        name={fields.categories.name}
        key={fields.categories.key}
        legend={f.categories}
        hint={f.categoriesHint(MAX_TENDER_CATEGORIES)}
        // What was sent when the server refused the form, else the tender's own.
        defaultValue={valuesOf(fields.categories.initialValue)}
        max={MAX_TENDER_CATEGORIES}
        errors={allErrorsOf(fields.categories)}
      />

      <LocationSelect
        inForm
        idPrefix={editing ? `tender-${tender.id}` : "tender-new"}
        defaultCountry={textOf(fields.country.initialValue)}
        defaultCity={textOf(fields.city.initialValue)}
        countryErrors={fields.country.errors}
        cityErrors={fields.city.errors}
        labels={{ country: f.country, city: f.city }}
      />

      <TextareaField
        field={fields.requirements}
        label={f.requirements}
        rows={3}
        placeholder={f.requirementsPlaceholder}
      />

      <MoneyFields
        amount={fields.budget}
        currency={fields.currency}
        amountLabel={f.budget}
        amountHint={f.budgetHint}
        currencyLabel={f.currency}
        amountChecks={checks.budget}
      />

      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 font-semibold text-slate-900 text-sm">{f.contactsTitle}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <ContactFields
            fields={{ phone: fields.phone, whatsapp: fields.whatsapp, telegram: fields.telegram }}
            labels={f}
            checks={checks}
          />
        </div>
      </fieldset>

      <PrivateTenderCheckbox
        name={fields.private.name}
        defaultChecked={textOf(fields.private.initialValue) === "on"}
      />

      <TechPackFields
        files={editing ? (tender.techPack ?? []) : null}
        errors={allErrorsOf(fields.techPack)}
      />

      {!editing && (
        // Photos of a new tender: chosen files are checked at once (size and type, with the
        // messages of docs/product.md, "Validation"), shown, and sent with the first save.
        <NewPicturesPicker
          name={fields.photos.name}
          errors={allErrorsOf(fields.photos)}
          label={f.photos}
          addLabel={f.addPhoto}
          removeLabel={f.removeSelected}
          hint={<PhotosHint when={f.photosWithSave} />}
          rules={photoRules(locale)}
          tooMany={m.tenders.photosTooMany(MAX_TENDER_PHOTOS)}
        />
      )}

      <div className="flex flex-col-reverse gap-3 border-slate-100 border-t pt-5 sm:flex-row sm:justify-end">
        <Link to={cancelHref} replace className={buttonVariants({ variant: "secondary" })}>
          {f.cancel}
        </Link>
        <Button
          type="submit"
          disabled={title.blank || busy}
          className="sm:min-w-48"
          data-needs-text={lightPage ? fields.title.id : undefined}
          data-busy={lightPage ? (editing ? m.common.saving : f.submittingCreate) : undefined}
        >
          {busy
            ? editing
              ? m.common.saving
              : f.submittingCreate
            : editing
              ? f.submitEdit
              : f.submitCreate}
        </Button>
      </div>
    </FormWithPictures>
  );
}

// ---------------------------------------------------------------------------------------------
// Photos of an existing tender: each upload and each removal is its own request (fetcher),
// answered with a toast; without JavaScript the same forms post normally.

function TenderPhotosManager({ tender }: { tender: TenderView }) {
  const locale = useLocale();
  const m = useMessages({ tenders });
  const f = m.tenders.form;
  return (
    <PictureListManager
      titleId="tender-photos-title"
      title={f.photos}
      urls={tender.photos}
      rowName={tender.title}
      rowFields={{ tenderId: tender.id }}
      removeLabel={f.removePhoto}
      addLabel={f.addPhoto}
      inputLabel={f.addPhoto}
      uploadLabel={f.addPhoto}
      emptyText={f.noPhotos}
      hint={<PhotosHint when={f.photosNow} />}
      rules={photoRules(locale)}
      failedTitle={m.tenders.photoUploadFailed}
    />
  );
}

/** The photos' hint: the types and sizes taken, the limit, then when they are stored. */
function PhotosHint({ when }: { when: string }) {
  const f = useMessages({ tenders }).tenders.form;
  return (
    <>
      {f.photosHint}, {f.photosLimit(MAX_TENDER_PHOTOS)}. {when}
    </>
  );
}
