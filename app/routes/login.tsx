import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, redirect, useSearchParams } from "react-router";
import { FormInput } from "~/components/form-input";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { withUserText } from "~/components/user-content";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { formErrorMap } from "~/domain/schemas/base";
import { resendConfirmation, signIn } from "~/features/accounts/accounts.server";
import {
  AuthCard,
  AuthFooterLink,
  AuthSubmit,
  EmailInput,
} from "~/features/accounts/components/auth-card";
import { loginSchema, safeRedirect } from "~/features/accounts/schema";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { toastCookie } from "~/http/toast.server";
import { accountProblemText } from "~/lib/account-problems";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { workspaceFor } from "~/platform/actor.server";
import { localeOf, localizedRedirect } from "~/platform/locale.server";
import { readForm, refusalReply } from "~/platform/request-body.server";
import type { Runtime } from "~/server/runtime.server";
import type { Route } from "./+types/login";

export const handle = routeFacts({ visitorCache: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw localizedRedirect(request, workspaceFor(user));
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
    const problem = result.problem;
    const unverified = problem.code === "email-not-confirmed";
    return data(
      {
        result: submission.reply({
          formErrors: [accountProblemText(problem, m, "login")],
          hideFields: ["password"],
        }),
        // An unconfirmed account is told whether this sign-in sent a new letter, and offered
        // the next one once it may go.
        unconfirmed: unverified ? submission.value.email : undefined,
        letterSent: unverified ? problem.letterSent : undefined,
        nextLetterIn: unverified ? problem.nextLetterIn : undefined,
      },
      { status: unverified ? 403 : problem.code === "sign-in-locked" ? 429 : 401 },
    );
  }
  const headers = result.cookies;
  headers.append(
    "Set-Cookie",
    await toastCookie({ type: "success", description: m.auth.login.success }),
  );
  const fallback = localizedHref(workspaceFor(result), locale);
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
    const wait = sent.problem.code === "resend-wait" ? sent.problem.seconds : undefined;
    return data(
      {
        result: undefined,
        unconfirmed: email.data,
        nextLetterIn: wait,
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

/** What the action answers about an unconfirmed account's letters. */
type LetterReply = {
  result?: unknown;
  unconfirmed?: string;
  letterSent?: boolean;
  nextLetterIn?: number;
  resent?: string;
  resendError?: string;
};

/**
 * After a sign-in refused for an unconfirmed address: what happened to the letter (this sign-in
 * sent a new one, or one went a short while ago), and the button for the next, which says when
 * it may go and is pressable from then on.
 */
function ResendConfirmation({ reply }: { reply: LetterReply | undefined }) {
  const m = useMessages({ auth });
  const c = m.auth.confirm;
  const sending = useIsSubmitting("/login");
  const waiting = useCountdown(reply?.nextLetterIn);
  if (reply?.resent) {
    return (
      <p role="status" className="mt-5 rounded-lg bg-brand-50 px-4 py-3 text-slate-800 text-sm">
        {withUserText(c.resent, reply.resent)}
      </p>
    );
  }
  if (!reply?.unconfirmed) return null;
  const hintId = "resend-hint";
  return (
    <Form method="post" className="mt-5 space-y-3">
      {reply.letterSent !== undefined && (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-slate-800 text-sm">
          {withUserText(reply.letterSent ? c.sentOnSignIn : c.sentRecently, reply.unconfirmed)}
        </p>
      )}
      <input type="hidden" name="intent" value="resend-confirmation" />
      <input type="hidden" name="email" value={reply.unconfirmed} />
      {reply.nextLetterIn === undefined && <FormAlert message={reply.resendError} />}
      <Button
        type="submit"
        variant="secondary"
        className="w-full"
        disabled={sending || waiting > 0}
        aria-describedby={waiting > 0 ? hintId : undefined}
      >
        {sending ? c.resending : c.resend}
      </Button>
      {waiting > 0 && (
        // A press that came too early is told so as an alert; otherwise it is the button's hint.
        <p
          id={hintId}
          role={reply.resendError ? "alert" : undefined}
          className="text-center text-slate-600 text-sm"
        >
          {reply.resendError ? c.resendWait(waiting) : c.resendAvailableIn(waiting)}
        </p>
      )}
    </Form>
  );
}

/** Seconds left of a wait that began when the answer came, counting down in the browser. */
function useCountdown(seconds: number | undefined): number {
  const [left, setLeft] = useState(seconds ?? 0);
  useEffect(() => {
    setLeft(seconds ?? 0);
    if (!seconds) return;
    const ends = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const rest = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}
