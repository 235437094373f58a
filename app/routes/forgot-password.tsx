import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { FormAlert } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { requestPasswordReset } from "~/features/accounts/accounts.server";
import {
  AuthCard,
  AuthFooterLink,
  AuthSubmit,
  EmailInput,
} from "~/features/accounts/components/auth-card";
import { forgotPasswordSchema } from "~/features/accounts/schema";
import { requestOf } from "~/http/request-context.server";
import { accountProblemText } from "~/lib/account-problems";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { localeOf } from "~/platform/locale.server";
import { readForm, refusalReply } from "~/platform/request-body.server";
import type { Route } from "./+types/forgot-password";

export const handle = routeFacts({ visitorCache: true });

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const read = await readForm(request);
  if (!read.ok) return data({ result: refusalReply(read), sent: false }, { status: read.status });
  const submission = parseWithZod(read.form, {
    schema: forgotPasswordSchema(locale),
    error: formErrorMap(locale),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const reply = await requestPasswordReset(
    requestOf(context).runtime,
    request,
    submission.value.email,
  );
  if (!reply.ok) {
    const m = messagesFor(locale, { auth, common });
    const message = accountProblemText(reply.problem, m, "other");
    const result = reply.field
      ? submission.reply({ fieldErrors: { [reply.field]: [message] } })
      : submission.reply({ formErrors: [message] });
    return data({ result, sent: false }, { status: reply.status });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
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
  const [form, fields] = useSchemaForm(forgotPasswordSchema(locale), actionData?.result);
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
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          <FormAlert message={form.errors?.[0]} />
          <EmailInput field={fields.email} />
          <AuthSubmit busy={busy}>{busy ? t.requestSubmitting : t.requestSubmit}</AuthSubmit>
        </Form>
      )}
    </AuthCard>
  );
}
