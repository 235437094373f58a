import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { CHECKED_FORM, checkAttributesOf } from "~/components/ui/browser-checks";
import { buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { resetPassword } from "~/features/accounts/accounts.server";
import { AuthCard, AuthSubmit, NewPasswordInputs } from "~/features/accounts/components/auth-card";
import { accountProblemTexts } from "~/features/accounts/problems";
import { resetPasswordSchema } from "~/features/accounts/schema";
import { refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { redirectWithToast } from "~/http/toast.server";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { localeOf } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/reset-password";

// HTML-first, and private: the link's one-time token is never kept by the page cache or a shared
// cache (route-facts.ts), nor shown to search engines.
export const handle = routeFacts({ htmlFirst: true, private: true });

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
  if (!read.ok) return refusedBody(read);
  const outcome = await resetPassword(requestOf(context).runtime, request, { form: read.form });
  return reply(outcome, {
    locale,
    texts: accountProblemTexts(m, "other", outcome.ok ? {} : outcome),
    form: read.form,
    hide: ["password", "confirmPassword"],
    done: () =>
      redirectWithToast(localizedHref("/login", locale), {
        type: "success",
        description: m.auth.reset.success,
      }),
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
  const m = useMessages({ auth, common });
  const t = m.auth.reset;
  const schema = resetPasswordSchema(locale);
  const [form, fields] = useSchemaForm(schema, actionData?.result, {
    defaultValue: { token: loaderData.token ?? "" },
  });
  const checks = checkAttributesOf(schema, locale);
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
      <Form method="post" className="space-y-5" {...getFormProps(form)} {...CHECKED_FORM}>
        <FormAlert message={form.errors?.[0]} />
        <input {...getInputProps(fields.token, { type: "hidden" })} key={fields.token.key} />
        <NewPasswordInputs
          password={fields.password}
          confirm={fields.confirmPassword}
          passwordLabel={t.newPasswordLabel}
          confirmLabel={t.confirmPasswordLabel}
          checks={checks}
        />
        <AuthSubmit busy={busy} busyLabel={m.common.saving}>
          {t.newSubmit}
        </AuthSubmit>
      </Form>
    </AuthCard>
  );
}
