/**
 * The notification settings form (/notification-settings): emails about quotes and messages on or
 * off, and for a factory how tender alerts come (never, at once, a daily digest) and whether only
 * from its own country. Run by Conform in the browser and on the server, and again by
 * `saveNotificationSettings` before it writes.
 */
import { z } from "zod";
import { messagesFor, notifications } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { TENDER_ALERT_CHOICES } from "~/domain/notifications";
import { asList, blankToUndefined, perLocale } from "~/domain/schemas/base";

/** Whom the form is for: a factory also chooses tender alerts; any other account does not. */
export type SettingsAudience = "factory" | "account";

/** A checkbox: sent ('on') when ticked, absent otherwise. */
const checkbox = z.preprocess((value) => {
  const first = asList(value)[0];
  return first === "on" || first === "true" || first === true;
}, z.boolean());

const schemas = perLocale((locale: Locale) => {
  const t = messagesFor(locale, { notifications }).notifications.settings.errors;
  const shape = z.object({
    emailEvents: checkbox,
    tenderAlerts: z.preprocess(
      blankToUndefined,
      z.enum(TENDER_ALERT_CHOICES, { message: t.alertsInvalid }).optional(),
    ),
    alertsOwnCountry: checkbox,
  });
  return {
    factory: shape.superRefine((value, ctx) => {
      if (value.tenderAlerts === undefined) {
        ctx.addIssue({ code: "custom", path: ["tenderAlerts"], message: t.alertsRequired });
      }
    }),
    account: shape.superRefine((value, ctx) => {
      if (value.tenderAlerts !== undefined || value.alertsOwnCountry) {
        ctx.addIssue({ code: "custom", path: [], message: t.factoriesOnly });
      }
    }),
  };
});

export function notificationSettingsSchema(locale: Locale, audience: SettingsAudience) {
  return schemas(locale)[audience];
}

export type NotificationSettingsFields = z.infer<ReturnType<typeof notificationSettingsSchema>>;
