import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { CHECKED_FORM, checkAttributesOf } from "~/components/ui/browser-checks";
import { FormAlert } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { requestPasswordReset } from "~/features/accounts/accounts.server";
import {
  AuthCard,
  AuthFooterLink,
  AuthSubmit,
  EmailInput,
} from "~/features/accounts/components/auth-card";
import { accountProblemTexts } from "~/features/accounts/problems";
import { forgotPasswordSchema } from "~/features/accounts/schema";
import { type ActionReply, refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { localeOf } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/forgot-password";

export const handle = routeFacts({ htmlFirst: true, visitorCache: true });

/** After the request: the page says a letter is on its way (whether or not there is an account). */
interface Requested extends ActionReply {
  sent?: boolean;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const read = await readForm(request);
  if (!read.ok) return refusedBody<Requested>(read);
  const outcome = await requestPasswordReset(requestOf(context).runtime, request, {
    form: read.form,
  });
  return reply(outcome, {
    locale,
    texts: accountProblemTexts(
      messagesFor(locale, { auth, common }),
      "other",
      outcome.ok ? {} : outcome,
    ),
    form: read.form,
    fields: { "email-invalid": "email" },
    done: (): Requested => ({ sent: true }),
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return seo(matches[0]?.loaderData?.site, {
    title: m.meta.forgotPassword,
    path: "/forgot-password",
    locale,
  });
};

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const m = useMessages({ auth });
  const t = m.auth.reset;
  const schema = forgotPasswordSchema(locale);
  const [form, fields] = useSchemaForm(schema, actionData?.result);
  const checks = checkAttributesOf(schema, locale);
  const busy = useIsSubmitting("/forgot-password");
  return (
    <AuthCard
      title={t.requestTitle}
      subtitle={t.requestText}
      footer={<AuthFooterLink to="/login">{t.backToLogin}</AuthFooterLink>}
    >
      {actionData?.sent ? (
        <FormAlert tone="success" message={t.requestSent} />
      ) : (
        <Form method="post" className="space-y-5" {...getFormProps(form)} {...CHECKED_FORM}>
          <FormAlert message={form.errors?.[0]} />
          <EmailInput field={fields.email} checks={checks.email} />
          <AuthSubmit busy={busy} busyLabel={t.requestSubmitting}>
            {t.requestSubmit}
          </AuthSubmit>
        </Form>
      )}
    </AuthCard>
  );
}
