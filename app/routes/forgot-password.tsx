import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { emailInputAttributes, FormInput } from "~/components/form-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-auth-form";
import { auth } from "~/domain/messages/auth";
import { meta as metaMessages } from "~/domain/messages/meta";
import { forgotPasswordSchema } from "~/domain/schemas/auth";
import { seo } from "~/lib/seo";
import { requestPasswordReset } from "~/server/accounts.server";
import { readForm, refusalReply } from "~/server/request-body.server";
import { getRuntime } from "~/server/runtime.server";
import type { Route } from "./+types/forgot-password";

const m = { auth, meta: metaMessages } as const;

const t = m.auth.reset;

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ result: refusalReply(read), sent: false }, { status: read.status });
  const submission = parseWithZod(read.form, { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const reply = await requestPasswordReset(await getRuntime(), request, submission.value.email);
  if (!reply.ok) {
    const result = reply.field
      ? submission.reply({ fieldErrors: { [reply.field]: [reply.message] } })
      : submission.reply({ formErrors: [reply.message] });
    return data({ result, sent: false }, { status: reply.status });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches[0]?.loaderData?.site, { title: m.meta.forgotPassword, path: "/forgot-password" });

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const [form, fields] = useSchemaForm(forgotPasswordSchema, actionData?.result);
  const busy = useIsSubmitting("/forgot-password");
  return (
    <AuthCard
      title={t.requestTitle}
      subtitle={t.requestText}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t.backToLogin}
        </Link>
      }
    >
      {actionData?.sent ? (
        <FormAlert tone="success" message={t.requestSent} />
      ) : (
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          <FormAlert message={form.errors?.[0]} />
          <FormInput field={fields.email} label={m.auth.emailLabel} {...emailInputAttributes} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t.requestSubmitting : t.requestSubmit}
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
