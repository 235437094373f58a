import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { data, Form, redirect, useSearchParams } from "react-router";
import { FormInput } from "~/components/form-input";
import { CHECKED_FORM, checkAttributesOf } from "~/components/ui/browser-checks";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { withUserText } from "~/components/user-content";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { resendConfirmation, signIn } from "~/features/accounts/accounts.server";
import {
  AuthCard,
  AuthFooterLink,
  AuthSubmit,
  EmailInput,
} from "~/features/accounts/components/auth-card";
import {
  type AccountOutcome,
  type AccountProblem,
  accountProblemTexts,
} from "~/features/accounts/problems";
import { loginSchema, safeRedirect } from "~/features/accounts/schema";
import {
  type ActionReply,
  problemReply,
  problemText,
  refusedBody,
  reply,
  STATUS_OF_KIND,
} from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { toastCookie } from "~/http/toast.server";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { workspaceFor } from "~/platform/actor.server";
import { localeOf, localizedRedirect } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/login";

export const handle = routeFacts({ htmlFirst: true, visitorCache: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (user) throw localizedRedirect(request, workspaceFor(user));
  return null;
}

/**
 * What the sign-in page is told besides its form's state: an unconfirmed account's letters (the
 * address, whether this sign-in sent a new letter, when the next may go) and the resend's answer.
 */
interface LoginReply extends ActionReply {
  unconfirmed?: string;
  letterSent?: boolean;
  nextLetterIn?: number;
  resent?: string;
  resendError?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const read = await readForm(request);
  if (!read.ok) return refusedBody<LoginReply>(read);
  const { runtime } = requestOf(context);
  const m = messagesFor(locale, { auth, common });
  if (read.form.get("intent") === "resend-confirmation") {
    return resend(await resendConfirmation(runtime, request, { form: read.form }), m, locale);
  }
  const outcome = await signIn(runtime, request, { form: read.form });
  const how = {
    locale,
    texts: accountProblemTexts(m, "login", outcome.ok ? {} : outcome),
    form: read.form,
    hide: ["password"],
  };
  if (!outcome.ok) {
    // An unconfirmed account is told whether this sign-in sent a new letter, and offered the
    // next one once it may go.
    const refused = problemReply<AccountProblem, LoginReply>(outcome, how);
    if (outcome.problem !== "email-not-confirmed") return refused;
    const { email: unconfirmed, letterSent, nextLetterIn } = outcome;
    return data<LoginReply>(
      { ...refused.data, unconfirmed, letterSent, nextLetterIn },
      refused.init ?? undefined,
    );
  }
  return reply(outcome, {
    ...how,
    done: async (signedIn): Promise<Response | LoginReply> => {
      const headers = signedIn.cookies;
      headers.append(
        "Set-Cookie",
        await toastCookie({ type: "success", description: m.auth.login.success }),
      );
      const fallback = localizedHref(workspaceFor(signedIn), locale);
      return redirect(safeRedirect(signedIn.redirectTo, fallback), { headers });
    },
  });
}

/**
 * The confirmation letter again, for the address that just tried to sign in unconfirmed; its
 * problem is said beside the button (an address that is not one has no button to show).
 */
function resend(
  outcome: AccountOutcome<{ email: string }>,
  m: Parameters<typeof accountProblemTexts>[0],
  locale: Locale,
) {
  if (outcome.ok) return data<LoginReply>({ resent: outcome.value.email });
  const texts = accountProblemTexts(m, "other", outcome);
  return data<LoginReply>(
    {
      unconfirmed: outcome.email,
      nextLetterIn: outcome.problem === "resend-wait" ? outcome.seconds : undefined,
      resendError: problemText(outcome, { locale, texts }),
    },
    { status: STATUS_OF_KIND[outcome.kind] },
  );
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
  const schema = loginSchema(locale);
  const [form, fields] = useSchemaForm(schema, actionData?.result, {
    defaultValue: { redirectTo },
  });
  const checks = checkAttributesOf(schema, locale);
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
      <Form method="post" className="space-y-5" {...getFormProps(form)} {...CHECKED_FORM}>
        <FormAlert message={form.errors?.[0]} />
        <input
          {...getInputProps(fields.redirectTo, { type: "hidden" })}
          key={fields.redirectTo.key}
        />
        <EmailInput field={fields.email} checks={checks.email} />
        <FormInput
          field={fields.password}
          label={m.auth.passwordLabel}
          type="password"
          autoComplete="current-password"
          {...checks.password}
        />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 text-sm hover:underline"
          >
            {t.forgotPassword}
          </Link>
        </div>
        <AuthSubmit busy={busy} busyLabel={t.submitting}>
          {t.submit}
        </AuthSubmit>
      </Form>
      <ResendConfirmation reply={actionData} />
    </AuthCard>
  );
}

/**
 * After a sign-in refused for an unconfirmed address: what happened to the letter (this sign-in
 * sent a new one, or one went a short while ago), and the button for the next, which says when
 * it may go and is pressable from then on.
 */
function ResendConfirmation({ reply }: { reply: Route.ComponentProps["actionData"] }) {
  const m = useMessages({ auth });
  const c = m.auth.confirm;
  const sending = useIsSubmitting("/login");
  const waiting = useCountdown(reply?.nextLetterIn);
  // On an HTML-first page the button waits by the page script (`data-wait`); without JavaScript
  // it can be pressed, and a press that came too early is told so.
  const scriptFree = useHtmlFirst();
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
    <Form method="post" className="mt-5 space-y-3" {...CHECKED_FORM}>
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
        disabled={!scriptFree && (sending || waiting > 0)}
        aria-describedby={waiting > 0 ? hintId : undefined}
        data-busy={c.resending}
        data-wait={scriptFree && waiting > 0 ? waiting : undefined}
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
