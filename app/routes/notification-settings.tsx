import { getFormProps, getInputProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { data, Form } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { FieldError, FormAlert } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { messagesFor, notifications } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import { TENDER_ALERT_CHOICES } from "~/domain/notifications";
import {
  ensureNotificationSettings,
  saveNotificationSettings,
  settingsAudience,
} from "~/features/notifications/notifications.server";
import { notificationSettingsSchema } from "~/features/notifications/schema";
import { dispatchIntent } from "~/http/intents.server";
import { type ActionReply, refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, signedIn } from "~/http/workspace-access.server";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/notification-settings";

export const handle = routeFacts({ private: true });

const PATH = "/notification-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, viewer: user } = await signedIn(request, context);
  const { db } = runtime;
  const settings = await ensureNotificationSettings(db, user.id).catch(unavailableWhenUnreachable);
  return {
    audience: settingsAudience(user),
    settings: {
      emailEvents: settings.emailEvents,
      tenderAlerts: settings.tenderAlerts,
      alertsOwnCountry: settings.alertsOwnCountry,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const useCase = await actorContext(request, context);
  const { locale } = useCase;
  const m = messagesFor(locale, { notifications }).notifications;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const form = read.form;

  return dispatchIntent(
    form.get("intent"),
    {
      save: async () =>
        reply(await saveNotificationSettings(useCase, { form }), {
          locale,
          texts: {},
          form,
          done: () =>
            redirectWithToast(localizedHref(PATH, locale), {
              type: "success",
              description: m.settings.saved,
            }),
        }),
    },
    {
      locale,
      text: m.page.unknownAction,
      // A form-level error of the settings form (shown above it).
      reply: (text) =>
        data<ActionReply>({ result: { status: "error", error: { "": [text] } } }, { status: 400 }),
    },
  );
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { notifications }).notifications.settings.title,
);

const choice =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-3 text-sm hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50";
const box = "mt-0.5 size-4 shrink-0 accent-brand-700";

export default function NotificationSettings({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const t = useMessages({ notifications }).notifications.settings;
  const { audience, settings } = loaderData;
  const busy = useIsSubmitting(PATH);
  const [form, fields] = useSchemaForm(
    notificationSettingsSchema(locale, audience),
    actionData?.result,
    {
      id: "notification-settings",
      defaultValue: {
        emailEvents: settings.emailEvents ? "on" : "",
        tenderAlerts: settings.tenderAlerts,
        alertsOwnCountry: settings.alertsOwnCountry ? "on" : "",
      },
    },
  );
  const alertsHintId = `${fields.tenderAlerts.id}-hint`;
  const alertsErrorId = `${fields.tenderAlerts.id}-error`;

  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
        <BackLink to="/notifications">{t.back}</BackLink>
        <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight">{t.title}</h1>
        <p className="mt-1.5 text-slate-600">{t.subtitle}</p>

        <Form method="post" action={href(PATH)} className="mt-8 space-y-5" {...getFormProps(form)}>
          <FormAlert message={form.errors?.[0]} />
          <CardSection id="events-heading" title={t.eventsHeading}>
            <div className="mt-3">
              <Checkbox
                {...getInputProps(fields.emailEvents, { type: "checkbox" })}
                key={fields.emailEvents.key}
                label={t.emailEvents}
                hint={t.emailEventsHint}
              />
            </div>
          </CardSection>

          {audience === "factory" && (
            <CardSection id="alerts-heading" title={t.alertsHeading}>
              <fieldset
                className="mt-3"
                aria-describedby={fields.tenderAlerts.errors ? alertsErrorId : alertsHintId}
                aria-invalid={fields.tenderAlerts.errors ? true : undefined}
              >
                <legend className="font-medium text-slate-800 text-sm">{t.alertsLegend}</legend>
                <p id={alertsHintId} className="mt-1 text-slate-500 text-xs">
                  {t.alertsHint}
                </p>
                <div className="mt-3 grid gap-2">
                  {TENDER_ALERT_CHOICES.map((mode) => {
                    // The group (fieldset) carries the hint and the error, not each radio.
                    const {
                      "aria-invalid": _invalid,
                      "aria-describedby": _described,
                      ...radio
                    } = getInputProps(fields.tenderAlerts, { type: "radio", value: mode });
                    return (
                      <label key={mode} className={choice}>
                        <input
                          {...radio}
                          key={`${fields.tenderAlerts.key}-${mode}`}
                          id={`${fields.tenderAlerts.id}-${mode}`}
                          className={box}
                        />
                        <span className="text-slate-900">{t.alerts[mode]}</span>
                      </label>
                    );
                  })}
                </div>
                <FieldError id={alertsErrorId} errors={fields.tenderAlerts.errors} />
              </fieldset>
              <div className="mt-4">
                <Checkbox
                  {...getInputProps(fields.alertsOwnCountry, { type: "checkbox" })}
                  key={fields.alertsOwnCountry.key}
                  label={t.ownCountry}
                  hint={t.ownCountryHint}
                />
              </div>
            </CardSection>
          )}

          <Button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            className="w-full sm:w-auto"
          >
            {busy ? t.saving : t.save}
          </Button>
        </Form>
      </div>
    </div>
  );
}

/** A checkbox with its label and a hint under the label; the whole card is clickable. */
function Checkbox({
  label,
  hint,
  className,
  ...input
}: ComponentProps<"input"> & { label: ReactNode; hint?: ReactNode }) {
  const hintId = hint ? `${input.id}-hint` : undefined;
  return (
    <label className={cn(choice, className)}>
      <input {...input} type="checkbox" aria-describedby={hintId} className={box} />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        {hint && (
          <span id={hintId} className="mt-0.5 block text-slate-500 text-xs">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}
