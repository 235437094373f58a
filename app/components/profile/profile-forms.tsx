import { type FieldMetadata, type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CategoryCheckboxes } from "~/components/category-checkboxes";
import { EnglishTexts } from "~/components/english-texts";
import { LocationSelect } from "~/components/location-select";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { allErrorsOf, TextareaField, TextField } from "~/components/ui/form-fields";
import {
  type LastResult,
  useIsSubmitting,
  useRequiredText,
  useSchemaForm,
} from "~/components/use-schema-form";
import { profile as profileMessages } from "~/domain/catalogue";
import { formatWhatsapp, handleOf } from "~/domain/contacts";
import { buyerProfileSchema, factoryProfileSchema } from "~/domain/schemas/profile";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import type { loadOwnProfile } from "~/server/profiles.server";

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
  const [form, fields] = useSchemaForm(factoryProfileSchema(locale), lastResult, {
    id: "factory-profile",
    defaultValue: {
      name: factory?.name ?? profile.name ?? "",
      email: factory?.email ?? "",
      phone: factory?.phone ?? profile.phone ?? "",
      website: factory?.website ?? "",
      address: factory?.address ?? "",
      instagramUrl: handleOf(factory?.instagramUrl),
      telegramUrl: handleOf(factory?.telegramUrl),
      whatsappNumber: factory?.whatsappNumber ? formatWhatsapp(factory.whatsappNumber) : "",
      description: factory?.description ?? "",
      nameEn: factory?.nameEn ?? "",
      descriptionEn: factory?.descriptionEn ?? "",
    },
  });
  return (
    <ProfileForm
      form={form}
      name={fields.name}
      nameLabel={labels.name}
      nameAttributes={{ placeholder: labels.namePlaceholder, autoComplete: "organization" }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          field={fields.email}
          label={labels.email}
          autoComplete="email"
          inputMode="email"
        />
        <PhoneField field={fields.phone} label={labels.phone} />
        <TextField
          field={fields.website}
          label={labels.website}
          inputMode="url"
          placeholder={t.placeholders.website}
        />
        <MessengerFields fields={fields} labels={labels} />
      </div>
      <LocationSelect
        idPrefix="factory"
        defaultCountry={factory?.country}
        defaultCity={factory?.city}
        countryErrors={fields.country.errors}
        cityErrors={fields.city.errors}
      />
      <TextField field={fields.address} label={labels.address} autoComplete="street-address" />
      <CategoryCheckboxes
        id={fields.categories.id}
        name={fields.categories.name}
        legend={labels.categories}
        defaultValue={factory?.categories ?? []}
        errors={allErrorsOf(fields.categories)}
      />
      <TextareaField
        field={fields.description}
        label={labels.description}
        rows={6}
        placeholder={labels.descriptionPlaceholder}
      />
      <EnglishTexts
        hint={labels.englishHint}
        name={<TextField field={fields.nameEn} label={labels.nameEn} lang="en" />}
        description={
          <TextareaField
            field={fields.descriptionEn}
            label={labels.descriptionEn}
            rows={4}
            lang="en"
          />
        }
      />
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
  const [form, fields] = useSchemaForm(buyerProfileSchema(locale), lastResult, {
    id: "buyer-profile",
    defaultValue: {
      name: profile.name ?? "",
      phone: profile.phone ?? "",
      whatsappNumber: profile.whatsappNumber ? formatWhatsapp(profile.whatsappNumber) : "",
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
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <PhoneField field={fields.phone} label={labels.phone} />
        <MessengerFields fields={fields} labels={labels} />
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
  children,
}: {
  form: FormMetadata<Shape>;
  name: FieldMetadata<string>;
  nameLabel: string;
  nameAttributes: { placeholder?: string; autoComplete: string };
  children: ReactNode;
}) {
  const t = useMessages({ profile: profileMessages }).profile;
  const busy = useIsSubmitting(useLocalizedHref()("/profile"));
  const nameInput = useRequiredText(name);
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <FormAlert message={form.errors?.[0]} />
      <TextField
        field={name}
        label={nameLabel}
        onChange={(event) => nameInput.change(event.target.value)}
        {...nameAttributes}
      />
      {children}
      <Button
        type="submit"
        name="intent"
        value="save"
        disabled={nameInput.blank || busy}
        className="w-full sm:w-auto"
      >
        {busy ? t.saving : t.save}
      </Button>
    </Form>
  );
}

/** The phone number, as both profiles ask for it. */
function PhoneField({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  const t = useMessages({ profile: profileMessages }).profile;
  return (
    <TextField
      field={field}
      label={label}
      type="tel"
      autoComplete="tel"
      placeholder={t.placeholders.phone}
    />
  );
}

/** WhatsApp, Telegram and Instagram, the messengers both profiles list. */
function MessengerFields({
  fields,
  labels,
}: {
  fields: Record<"whatsappNumber" | "telegramUrl" | "instagramUrl", FieldMetadata<unknown>>;
  labels: { whatsapp: string; telegram: string; instagram: string };
}) {
  const t = useMessages({ profile: profileMessages }).profile;
  return (
    <>
      <TextField
        field={fields.whatsappNumber}
        label={labels.whatsapp}
        type="tel"
        placeholder={t.placeholders.whatsapp}
      />
      <TextField
        field={fields.telegramUrl}
        label={labels.telegram}
        placeholder={t.placeholders.telegram}
      />
      <TextField
        field={fields.instagramUrl}
        label={labels.instagram}
        placeholder={t.placeholders.instagram}
      />
    </>
  );
}
