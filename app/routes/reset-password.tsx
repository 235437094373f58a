import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { resetPassword } from "~/features/accounts/accounts.server";
import { AuthCard, AuthSubmit, NewPasswordInputs } from "~/features/accounts/components/auth-card";
import { resetPasswordSchema } from "~/features/accounts/schema";
import { requestOf } from "~/http/request-context.server";
import { redirectWithToast } from "~/http/toast.server";
import { accountProblemText } from "~/lib/account-problems";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { localeOf } from "~/platform/locale.server";
import { readForm, refusalReply } from "~/platform/request-body.server";
import type { Route } from "./+types/reset-password";

export const handle = routeFacts({ private: true });

// better-auth's link lands here with ?token=… (or ?error=INVALID_TOKEN when it is stale).
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: url.searchParams.get("error") ? null : token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const read = await readForm(request);
  if (!read.ok) return data({ result: refusalReply(read) }, { status: read.status });
  const submission = parseWithZod(read.form, {
    schema: resetPasswordSchema(locale),
    error: formErrorMap(locale),
  });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    // The token is a hidden field: a bad one is said above the form.
    const formErrors = submission.error?.token ? [m.auth.reset.linkInvalid] : undefined;
    return data({ result: submission.reply({ hideFields, formErrors }) }, { status: 400 });
  }
  const reply = await resetPassword(requestOf(context).runtime, request, submission.value);
  if (!reply.ok) {
    return data(
      {
        result: submission.reply({
          formErrors: [accountProblemText(reply.problem, m, "other")],
          hideFields,
        }),
      },
      { status: 400 },
    );
  }
  return redirectWithToast(localizedHref("/login", locale), {
    type: "success",
    description: m.auth.reset.success,
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return [
    ...seo(matches[0]?.loaderData?.site, { title: m.meta.resetPassword, locale }),
    { name: "robots", content: "noindex" },
  ];
};

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const m = useMessages({ auth });
  const t = m.auth.reset;
  const [form, fields] = useSchemaForm(resetPasswordSchema(locale), actionData?.result, {
    defaultValue: { token: loaderData.token ?? "" },
  });
  const busy = useIsSubmitting("/reset-password");
  if (!loaderData.token) {
    return (
      <AuthCard title={t.newTitle}>
        <FormAlert message={t.linkInvalid} />
        <Link
          to="/forgot-password"
          className={`${buttonVariants({ variant: "primary" })} mt-6 w-full`}
        >
          {t.requestSubmit}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.newTitle}>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <FormAlert message={form.errors?.[0]} />
        <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
        <NewPasswordInputs
          password={fields.password}
          confirm={fields.confirmPassword}
          passwordLabel={t.newPasswordLabel}
          confirmLabel={t.confirmPasswordLabel}
        />
        <AuthSubmit busy={busy}>{t.newSubmit}</AuthSubmit>
      </Form>
    </AuthCard>
  );
}
