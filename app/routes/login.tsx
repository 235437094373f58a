import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { emailInputAttributes, FormInput } from "~/components/form-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { useIsSubmitting, useSchemaForm } from "~/components/use-auth-form";
import { auth } from "~/domain/messages/auth";
import { meta as metaMessages } from "~/domain/messages/meta";
import { loginSchema, safeRedirect } from "~/domain/schemas/auth";
import { seo } from "~/lib/seo";
import { signIn } from "~/server/accounts.server";
import { getRuntime } from "~/server/runtime.server";
import { getUser } from "~/server/session.server";
import { toastCookie } from "~/server/toast.server";
import type { Route } from "./+types/login";

const m = { auth, meta: metaMessages } as const;

const t = m.auth.login;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw redirect(user.isAdmin ? "/admin" : "/");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const result = await signIn(await getRuntime(), request, submission.value);
  if (!result.ok) {
    return data(
      { result: submission.reply({ formErrors: [result.message], hideFields: ["password"] }) },
      { status: result.unverified ? 403 : 401 },
    );
  }
  const headers = result.cookies;
  headers.append("Set-Cookie", await toastCookie({ type: "success", description: t.success }));
  const fallback = result.isAdmin ? "/admin" : "/";
  return redirect(safeRedirect(submission.value.redirectTo, fallback), { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches[0]?.loaderData?.site, { title: m.meta.login, path: "/login" });

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const [form, fields] = useSchemaForm(loginSchema, actionData?.result, {
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
      footer={
        <Link to={registerHref} className="font-semibold text-brand-700 hover:underline">
          {t.noAccount}
        </Link>
      }
    >
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        <FormAlert message={form.errors?.[0]} />
        <input
          {...getInputProps(fields.redirectTo, { type: "hidden" })}
          key={fields.redirectTo.key}
        />
        <FormInput field={fields.email} label={m.auth.emailLabel} {...emailInputAttributes} />
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
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
      </Form>
    </AuthCard>
  );
}
