import { type FieldMetadata, type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { CategoryCheckboxes } from "~/components/category-checkboxes";
import { EnglishTextFields } from "~/components/english-text-fields";
import { LocationSelect } from "~/components/location-select";
import {
  CHECKED_FORM,
  type CheckAttributes,
  checkAttributesOf,
} from "~/components/ui/browser-checks";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { allErrorsOf, TextareaField, TextField } from "~/components/ui/form-fields";
import {
  type LastResult,
  textOf,
  useIsSubmitting,
  useRequiredText,
  useSchemaForm,
  valuesOf,
} from "~/components/use-schema-form";
import { profile as profileMessages } from "~/domain/catalogue";
import { handleOf, shownPhone } from "~/domain/contacts";
import { ContactFields } from "~/features/factories/components/contact-fields";
import type { loadOwnProfile } from "~/features/factories/profiles.server";
import { buyerProfileSchema, factoryProfileSchema } from "~/features/factories/schema";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";

type OwnProfile = Awaited<ReturnType<typeof loadOwnProfile>>;

/** The factory's profile: its public card (name, contacts, place, categories, texts). */
export function FactoryProfileForm({
  profile,
  factory,
  lastResult,
}: {
  profile: OwnProfile["profile"];
  factory: OwnProfile["factory"];
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const t = useMessages({ profile: profileMessages }).profile;
  const labels = t.factory;
  const schema = factoryProfileSchema(locale);
  const checks = useLightChecks(schema);
  const [form, fields] = useSchemaForm(schema, lastResult, {
    id: "factory-profile",
    defaultValue: {
      name: factory?.name ?? profile.name ?? "",
      email: factory?.email ?? "",
      phone: shownPhone(factory?.phone ?? profile.phone),
      website: factory?.website ?? "",
      address: factory?.address ?? "",
      instagramUrl: handleOf(factory?.instagramUrl),
      telegramUrl: handleOf(factory?.telegramUrl),
      whatsappNumber: shownPhone(factory?.whatsappNumber),
      description: factory?.description ?? "",
      nameEn: factory?.nameEn ?? "",
      descriptionEn: factory?.descriptionEn ?? "",
      country: factory?.country ?? "",
      city: factory?.city ?? "",
      categories: factory?.categories ?? [],
    },
  });
  return (
    <ProfileForm
      form={form}
      name={fields.name}
      nameLabel={labels.name}
      nameAttributes={{ placeholder: labels.namePlaceholder, autoComplete: "organization" }}
      checks={checks}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          field={fields.email}
          label={labels.email}
          autoComplete="email"
          inputMode="email"
          {...checks.email}
        />
        <ContactFields fields={{ phone: fields.phone }} labels={labels} checks={checks} />
        <TextField
          field={fields.website}
          label={labels.website}
          inputMode="url"
          placeholder={t.placeholders.website}
          {...checks.website}
        />
        <ContactFields fields={messengersOf(fields)} labels={labels} checks={checks} />
      </div>
      <LocationSelect
        inForm
        idPrefix="factory"
        // After a refused save, what was sent (not what is stored).
        defaultCountry={textOf(fields.country.initialValue)}
        defaultCity={textOf(fields.city.initialValue)}
        countryErrors={fields.country.errors}
        cityErrors={fields.city.errors}
      />
      <TextField
        field={fields.address}
        label={labels.address}
        autoComplete="street-address"
        {...checks.address}
      />
      <CategoryCheckboxes
        id={fields.categories.id}
        name={fields.categories.name}
        legend={labels.categories}
        defaultValue={valuesOf(fields.categories.initialValue)}
        errors={allErrorsOf(fields.categories)}
      />
      <TextareaField
        field={fields.description}
        label={labels.description}
        rows={6}
        placeholder={labels.descriptionPlaceholder}
      />
      <EnglishTextFields fields={fields} labels={labels} />
    </ProfileForm>
  );
}

/** A buyer's profile: name, contacts and a few words about them. */
export function BuyerProfileForm({
  profile,
  lastResult,
}: {
  profile: OwnProfile["profile"];
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const labels = useMessages({ profile: profileMessages }).profile.buyer;
  const schema = buyerProfileSchema(locale);
  const checks = useLightChecks(schema);
  const [form, fields] = useSchemaForm(schema, lastResult, {
    id: "buyer-profile",
    defaultValue: {
      name: profile.name ?? "",
      phone: shownPhone(profile.phone),
      whatsappNumber: shownPhone(profile.whatsappNumber),
      telegramUrl: handleOf(profile.telegramUrl),
      instagramUrl: handleOf(profile.instagramUrl),
      aboutMe: profile.aboutMe ?? "",
    },
  });
  return (
    <ProfileForm
      form={form}
      name={fields.name}
      nameLabel={labels.name}
      nameAttributes={{ autoComplete: "name" }}
      checks={checks}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields
          fields={{ phone: fields.phone, ...messengersOf(fields) }}
          labels={labels}
          checks={checks}
        />
      </div>
      <TextareaField
        field={fields.aboutMe}
        label={labels.aboutMe}
        rows={5}
        placeholder={labels.aboutMePlaceholder}
      />
    </ProfileForm>
  );
}

/**
 * The frame of both profile forms: the form-level error, the name first (the save button waits
 * for it), the form's own fields, and the save button.
 */
function ProfileForm<Shape extends Record<string, unknown>>({
  form,
  name,
  nameLabel,
  nameAttributes,
  checks,
  children,
}: {
  form: FormMetadata<Shape>;
  name: FieldMetadata<string>;
  nameLabel: string;
  nameAttributes: { placeholder?: string; autoComplete: string };
  checks: Readonly<Record<string, CheckAttributes>>;
  children: ReactNode;
}) {
  const t = useMessages({ profile: profileMessages }).profile;
  const busy = useIsSubmitting(useLocalizedHref()("/profile"));
  const nameInput = useRequiredText(name);
  // On a light page (decision 036) the page script checks the fields when the form is sent and
  // keeps the button disabled while the name is blank.
  const lightPage = useHtmlFirst();
  return (
    <Form
      method="post"
      className="space-y-6"
      {...getFormProps(form)}
      {...(lightPage && CHECKED_FORM)}
    >
      <FormAlert message={form.errors?.[0]} />
      <TextField
        field={name}
        label={nameLabel}
        onChange={(event) => nameInput.change(event.target.value)}
        {...nameAttributes}
        {...checks.name}
      />
      {children}
      <Button
        type="submit"
        name="intent"
        value="save"
        disabled={nameInput.blank || busy}
        className="w-full sm:w-auto"
        // Busy by the workspace's script, after the form's fields are taken: the checks' busy
        // label (data-busy) would disable the button first, and its intent would not be sent.
        data-needs-text={lightPage ? name.id : undefined}
      >
        {busy ? t.saving : t.save}
      </Button>
    </Form>
  );
}

/** A form's browser checks by field name on a light page (none in the app, which has Conform). */
function useLightChecks(schema: z.ZodType): Readonly<Record<string, CheckAttributes>> {
  const locale = useLocale();
  return useHtmlFirst() ? checkAttributesOf(schema, locale) : {};
}

/** The messengers both profiles list, under their names in the contact fields. */
const messengersOf = (
  fields: Record<"whatsappNumber" | "telegramUrl" | "instagramUrl", FieldMetadata<unknown>>,
) => ({
  whatsapp: fields.whatsappNumber,
  telegram: fields.telegramUrl,
  instagram: fields.instagramUrl,
});
