import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useSearchParams } from "react-router";
import { AuthCard, AuthFooterLink, AuthSubmit, EmailInput } from "~/components/auth-card";
import { FormInput } from "~/components/form-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { withUserText } from "~/components/user-content";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { loginSchema, safeRedirect } from "~/domain/schemas/auth";
import { formErrorMap } from "~/domain/schemas/base";
import { accountProblemText } from "~/lib/account-problems";
import { useLocale, useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
import { resendConfirmation, signIn } from "~/server/accounts.server";
import { localeOf, localizedRedirect } from "~/server/locale.server";
import { readForm, refusalReply } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import type { Runtime } from "~/server/runtime.server";
import { getUser } from "~/server/session.server";
import { toastCookie } from "~/server/toast.server";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw localizedRedirect(request, user.isAdmin ? "/admin" : "/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const read = await readForm(request);
  if (!read.ok) return data({ result: refusalReply(read) }, { status: read.status });
  if (read.form.get("intent") === "resend-confirmation")
    return resend(request, read.form, requestOf(context).runtime);
  const submission = parseWithZod(read.form, {
    schema: loginSchema(locale),
    error: formErrorMap(locale),
  });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const result = await signIn(requestOf(context).runtime, request, submission.value);
  if (!result.ok) {
    const unverified = result.problem.code === "email-not-confirmed";
    return data(
      {
        result: submission.reply({
          formErrors: [accountProblemText(result.problem, m, "login")],
          hideFields: ["password"],
        }),
        // An unconfirmed account is offered the letter again.
        unconfirmed: unverified ? submission.value.email : undefined,
      },
      { status: unverified ? 403 : 401 },
    );
  }
  const headers = result.cookies;
  headers.append(
    "Set-Cookie",
    await toastCookie({ type: "success", description: m.auth.login.success }),
  );
  const fallback = localizedHref(result.isAdmin ? "/admin" : "/", locale);
  return redirect(safeRedirect(submission.value.redirectTo, fallback), { headers });
}

/** The confirmation letter again, for the address that just tried to sign in unconfirmed. */
async function resend(request: Request, form: FormData, runtime: Runtime) {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const email = loginSchema(locale).shape.email.safeParse(form.get("email"));
  if (!email.success) {
    return data({ result: undefined, resendError: m.auth.login.emailInvalid }, { status: 400 });
  }
  const sent = await resendConfirmation(runtime, request, email.data);
  if (!sent.ok) {
    return data(
      {
        result: undefined,
        unconfirmed: email.data,
        resendError: accountProblemText(sent.problem, m, "other"),
      },
      { status: 429 },
    );
  }
  return { result: undefined, resent: email.data };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return seo(matches[0]?.loaderData?.site, { title: m.meta.login, path: "/login", locale });
};

export default function Login({ actionData }: Route.ComponentProps) {
  const locale = useLocale();
  const m = useMessages({ auth });
  const t = m.auth.login;
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const [form, fields] = useSchemaForm(loginSchema(locale), actionData?.result, {
    defaultValue: { redirectTo },
  });
  const busy = useIsSubmitting("/login");
  const registerHref = redirectTo
    ? `/register?redirectTo=${encodeURIComponent(redirectTo)}`
    : "/register";

  return (
    <AuthCard
      title={t.title}
      subtitle={t.subtitle}
      footer={<AuthFooterLink to={registerHref}>{t.noAccount}</AuthFooterLink>}
    >
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <FormAlert message={form.errors?.[0]} />
        <input
          {...getInputProps(fields.redirectTo, { type: "hidden" })}
          key={fields.redirectTo.key}
        />
        <EmailInput field={fields.email} />
        <FormInput
          field={fields.password}
          label={m.auth.passwordLabel}
          type="password"
          autoComplete="current-password"
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 text-sm hover:underline"
          >
            {t.forgotPassword}
          </Link>
        </div>
        <AuthSubmit busy={busy}>{busy ? t.submitting : t.submit}</AuthSubmit>
      </Form>
      <ResendConfirmation reply={actionData} />
    </AuthCard>
  );
}

/** After a sign-in refused for an unconfirmed address: send the letter again, or say it went. */
function ResendConfirmation({
  reply,
}: {
  reply:
    | { result?: unknown; unconfirmed?: string; resent?: string; resendError?: string }
    | undefined;
}) {
  const m = useMessages({ auth });
  const c = m.auth.confirm;
  const sending = useIsSubmitting("/login");
  if (reply?.resent) {
    return (
      <p role="status" className="mt-5 rounded-lg bg-brand-50 px-4 py-3 text-slate-800 text-sm">
        {withUserText(c.resent, reply.resent)}
      </p>
    );
  }
  if (!reply?.unconfirmed) return null;
  return (
    <Form method="post" className="mt-5 space-y-3">
      <input type="hidden" name="intent" value="resend-confirmation" />
      <input type="hidden" name="email" value={reply.unconfirmed} />
      <FormAlert message={reply.resendError} />
      <Button type="submit" variant="secondary" className="w-full" disabled={sending}>
        {sending ? c.resending : c.resend}
      </Button>
    </Form>
  );
}
