import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useInputControl,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { AlertTriangle } from "lucide-react";
import { data, Form } from "react-router";
import { CategoryCheckboxes } from "~/components/category-checkboxes";
import { EnglishTexts } from "~/components/english-texts";
import { FormInput } from "~/components/form-input";
import { ImageUpload } from "~/components/image-upload";
import { LocationSelect } from "~/components/location-select";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Field, FormAlert, inputClass } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-auth-form";
import {
  common,
  deletion,
  images,
  messagesFor,
  profile as profileMessages,
} from "~/domain/catalogue";
import { formatWhatsapp, handleOf } from "~/domain/contacts";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { buyerProfileSchema, factoryProfileSchema } from "~/domain/schemas/profile";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { removeStoredFiles } from "~/server/attachments.server";
import { SESSION_COOKIES } from "~/server/cache-policy.server";
import { localeOf } from "~/server/locale.server";
import {
  type AccountHoldings,
  accountHoldings,
  deleteAccount,
  loadOwnProfile,
  saveBuyerProfile,
  saveFactoryProfile,
  setProfileImage,
} from "~/server/profiles.server";
import { readForm, refusalReply } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import { requireUser } from "~/server/session.server";
import {
  removeImages,
  saveUpload,
  storageFor,
  type UploadRejection,
  uploadErrorMessage,
} from "~/server/storage.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/profile";

const uploadFailed = (locale: Locale, reason: UploadRejection) => ({
  id: crypto.randomUUID(),
  type: "error" as const,
  title: images[locale].uploadFailed,
  description: uploadErrorMessage(reason, locale),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = requestOf(context).runtime;
  const [own, holdings] = await Promise.all([loadOwnProfile(db, user), accountHoldings(db, user)]);
  return { ...own, holdings, isFactory: user.userType === "factory" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const m = messagesFor(locale, { profile: profileMessages, images, common, deletion });
  const t = m.profile;
  const user = await requireUser(request);
  const runtime = requestOf(context).runtime;
  const { db, env } = runtime;
  // Sign-up makes an account and its profile together; an account without one changes nothing.
  if (!user.profile) throw data(null, { status: 403 });
  const read = await readForm(request);
  if (!read.ok) {
    if (read.problem === "too-large") {
      return data({ toast: uploadFailed(locale, "too-large") }, { status: read.status });
    }
    return data({ result: refusalReply(read) }, { status: read.status });
  }
  const formData = read.form;
  const intent = formData.get("intent");

  if (intent === "upload-image") {
    const storage = storageFor(env);
    const saved = await saveUpload(storage, formData.get("image"), {
      folder: user.userType === "factory" ? "logos" : "avatars",
    });
    if (!saved.ok) return data({ toast: uploadFailed(locale, saved.reason) }, { status: 400 });
    let previous: string | null;
    try {
      previous = await setProfileImage(db, user, saved.url);
    } catch (error) {
      await removeImages(storage, [saved.url]);
      throw error;
    }
    if (previous) await removeImages(storage, [previous]);
    return {
      toast: { id: crypto.randomUUID(), type: "success" as const, description: m.images.uploaded },
    };
  }

  if (intent === "remove-image") {
    const previous = await setProfileImage(db, user, null);
    if (previous) await removeImages(storageFor(env), [previous]);
    return {
      toast: { id: crypto.randomUUID(), type: "success" as const, description: m.images.removed },
    };
  }

  if (intent === "delete-account") {
    try {
      const files = await deleteAccount(db, user);
      await removeStoredFiles(storageFor(env), files).catch((error) =>
        console.error("[profile] files left after deletion:", error),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : m.common.unknownError;
      return redirectWithToast(localizedHref("/profile", locale), {
        type: "error",
        description: m.deletion.failed(message),
      });
    }
    // The session went with the account; the browser's cookie is cleared too.
    const headers = new Headers();
    for (const name of SESSION_COOKIES) {
      headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    }
    return redirectWithToast(
      localizedHref("/", locale),
      { type: "success", description: m.deletion.success },
      { headers },
    );
  }

  const isFactory = user.userType === "factory";
  const submission = parseWithZod(formData, {
    schema: isFactory ? factoryProfileSchema(locale) : buyerProfileSchema(locale),
    error: formErrorMap(locale),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  try {
    if (isFactory) await saveFactoryProfile(db, user, submission.value as never);
    else await saveBuyerProfile(db, user, submission.value as never);
  } catch (error) {
    console.error("[profile] save failed:", error);
    return data({ result: submission.reply({ formErrors: [t.saveFailed] }) }, { status: 500 });
  }
  return redirectWithToast(localizedHref("/profile", locale), {
    type: "success",
    description: t.saved,
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { profile: profileMessages }).profile;
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: loaderData?.isFactory ? t.factoryTitle : t.buyerTitle,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages({ profile: profileMessages }).profile;
  const { profile, factory, isFactory } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">
          {isFactory ? t.factoryTitle : t.buyerTitle}
        </h1>
        <p className="mt-2 text-slate-600 text-sm" data-user-content>
          {profile.email}
        </p>
        <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
          <ImageUpload
            imageUrl={isFactory ? (factory?.logoUrl ?? profile.avatarUrl) : profile.avatarUrl}
            label={isFactory ? t.factory.logo : t.buyer.avatar}
            uploadLabel={isFactory ? t.factory.uploadLogo : t.buyer.uploadAvatar}
            round={!isFactory}
          />
          <div className="mt-8">
            {isFactory ? (
              <FactoryForm profile={profile} factory={factory} lastResult={lastResult} />
            ) : (
              <BuyerForm profile={profile} lastResult={lastResult} />
            )}
          </div>
        </section>
        <DangerZone holdings={loaderData.holdings} />
      </div>
    </div>
  );
}

type LastResult = Parameters<typeof useSchemaForm>[1];
type Loader = Route.ComponentProps["loaderData"];

function SaveButton({ disabled }: { disabled: boolean }) {
  const t = useMessages({ profile: profileMessages }).profile;
  const busy = useIsSubmitting(useLocalizedHref()("/profile"));
  // Without JavaScript the button stays enabled and the server says what is missing.
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      name="intent"
      value="save"
      disabled={(hydrated && disabled) || busy}
      className="w-full sm:w-auto"
    >
      {busy ? t.saving : t.save}
    </Button>
  );
}

function FactoryForm({
  profile,
  factory,
  lastResult,
}: {
  profile: Loader["profile"];
  factory: Loader["factory"];
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const t = useMessages({ profile: profileMessages }).profile;
  const f = t.factory;
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
    } as never,
  });
  const name = useInputControl(fields.name as FieldMetadata<string>);
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <FormAlert message={form.errors?.[0]} />
      <Field id={fields.name.id} label={f.name} errors={fields.name.errors}>
        {(control) => (
          <input
            {...getInputProps(fields.name, { type: "text" })}
            {...control}
            key={fields.name.key}
            onChange={(event) => name.change(event.target.value)}
            placeholder={f.namePlaceholder}
            autoComplete="organization"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInput field={fields.email} label={f.email} autoComplete="email" inputMode="email" />
        <FormInput
          field={fields.phone}
          label={f.phone}
          type="tel"
          autoComplete="tel"
          placeholder={t.placeholders.phone}
        />
        <FormInput
          field={fields.website}
          label={f.website}
          inputMode="url"
          placeholder={t.placeholders.website}
        />
        <FormInput
          field={fields.whatsappNumber}
          label={f.whatsapp}
          type="tel"
          placeholder={t.placeholders.whatsapp}
        />
        <FormInput
          field={fields.telegramUrl}
          label={f.telegram}
          placeholder={t.placeholders.telegram}
        />
        <FormInput
          field={fields.instagramUrl}
          label={f.instagram}
          placeholder={t.placeholders.instagram}
        />
      </div>
      <LocationSelect
        idPrefix="factory"
        defaultCountry={factory?.country}
        defaultCity={factory?.city}
        countryErrors={fields.country.errors}
        cityErrors={fields.city.errors}
      />
      <FormInput field={fields.address} label={f.address} autoComplete="street-address" />
      <CategoryCheckboxes
        id={fields.categories.id}
        name={fields.categories.name}
        legend={f.categories}
        defaultValue={factory?.categories ?? []}
        errors={Object.values(fields.categories.allErrors).flat()}
      />
      <Field id={fields.description.id} label={f.description} errors={fields.description.errors}>
        {(control) => (
          <textarea
            {...getTextareaProps(fields.description)}
            {...control}
            key={fields.description.key}
            rows={6}
            placeholder={f.descriptionPlaceholder}
            className={inputClass}
          />
        )}
      </Field>
      <EnglishTexts
        hint={f.englishHint}
        name={
          <Field id={fields.nameEn.id} label={f.nameEn} errors={fields.nameEn.errors}>
            {(control) => (
              <input
                {...getInputProps(fields.nameEn, { type: "text" })}
                {...control}
                key={fields.nameEn.key}
                lang="en"
                className={inputClass}
              />
            )}
          </Field>
        }
        description={
          <Field
            id={fields.descriptionEn.id}
            label={f.descriptionEn}
            errors={fields.descriptionEn.errors}
          >
            {(control) => (
              <textarea
                {...getTextareaProps(fields.descriptionEn)}
                {...control}
                key={fields.descriptionEn.key}
                rows={4}
                lang="en"
                className={inputClass}
              />
            )}
          </Field>
        }
      />
      <SaveButton disabled={!String(name.value ?? "").trim()} />
    </Form>
  );
}

function BuyerForm({
  profile,
  lastResult,
}: {
  profile: Loader["profile"];
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const t = useMessages({ profile: profileMessages }).profile;
  const b = t.buyer;
  const [form, fields] = useSchemaForm(buyerProfileSchema(locale), lastResult, {
    id: "buyer-profile",
    defaultValue: {
      name: profile.name ?? "",
      phone: profile.phone ?? "",
      whatsappNumber: profile.whatsappNumber ? formatWhatsapp(profile.whatsappNumber) : "",
      telegramUrl: handleOf(profile.telegramUrl),
      instagramUrl: handleOf(profile.instagramUrl),
      aboutMe: profile.aboutMe ?? "",
    } as never,
  });
  const name = useInputControl(fields.name as FieldMetadata<string>);
  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <FormAlert message={form.errors?.[0]} />
      <Field id={fields.name.id} label={b.name} errors={fields.name.errors}>
        {(control) => (
          <input
            {...getInputProps(fields.name, { type: "text" })}
            {...control}
            key={fields.name.key}
            onChange={(event) => name.change(event.target.value)}
            autoComplete="name"
            className={inputClass}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormInput
          field={fields.phone}
          label={b.phone}
          type="tel"
          autoComplete="tel"
          placeholder={t.placeholders.phone}
        />
        <FormInput
          field={fields.whatsappNumber}
          label={b.whatsapp}
          type="tel"
          placeholder={t.placeholders.whatsapp}
        />
        <FormInput
          field={fields.telegramUrl}
          label={b.telegram}
          placeholder={t.placeholders.telegram}
        />
        <FormInput
          field={fields.instagramUrl}
          label={b.instagram}
          placeholder={t.placeholders.instagram}
        />
      </div>
      <Field id={fields.aboutMe.id} label={b.aboutMe} errors={fields.aboutMe.errors}>
        {(control) => (
          <textarea
            {...getTextareaProps(fields.aboutMe)}
            {...control}
            key={fields.aboutMe.key}
            rows={5}
            placeholder={b.aboutMePlaceholder}
            className={inputClass}
          />
        )}
      </Field>
      <SaveButton disabled={!String(name.value ?? "").trim()} />
    </Form>
  );
}

function DangerZone({ holdings }: { holdings: AccountHoldings }) {
  const d = useMessages({ profile: profileMessages }).profile.dangerZone;
  return (
    <section
      aria-labelledby="danger-zone"
      className="mt-8 rounded-2xl border border-red-200 bg-white p-5 sm:p-8"
    >
      <h2 id="danger-zone" className="flex items-center gap-2 font-bold text-red-700">
        <AlertTriangle className="size-5" aria-hidden="true" />
        {d.title}
      </h2>
      <p className="mt-2 text-slate-600 text-sm">{d.text(holdings)}</p>
      <ConfirmDialog
        trigger={
          <Button variant="destructive" className="mt-5">
            {d.button}
          </Button>
        }
        title={d.dialogTitle}
        description={d.dialogText}
        cancel={d.cancel}
        confirm={
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="delete-account"
              variant="destructive"
              className="w-full"
            >
              {d.confirm}
            </Button>
          </Form>
        }
      />
    </section>
  );
}
