import { getFormProps } from "@conform-to/react";
import { Factory, type LucideIcon, MailCheck, ShoppingBag } from "lucide-react";
import { Form } from "react-router";
import { FormInput } from "~/components/form-input";
import { CHECKED_FORM, checkAttributesOf } from "~/components/ui/browser-checks";
import { buttonVariants } from "~/components/ui/button";
import { FieldError, FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import { withUserText } from "~/components/user-content";
import { auth, common, messagesFor, meta as metaMessages } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { register } from "~/features/accounts/accounts.server";
import {
  AuthCard,
  AuthFooterLink,
  AuthSubmit,
  EmailInput,
  NewPasswordInputs,
} from "~/features/accounts/components/auth-card";
import { accountProblemTexts } from "~/features/accounts/problems";
import { registerSchema, USER_TYPE_OPTIONS } from "~/features/accounts/schema";
import { type ActionReply, refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { toastCookie } from "~/http/toast.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { startPageFor } from "~/platform/actor.server";
import { localeOf, localizedRedirect } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/register";

export const handle = routeFacts({ htmlFirst: true, visitorCache: true });

export async function loader({ request }: Route.LoaderArgs) {
  // Signed in already ('Я Продавец' on the landing page): go to the first step instead.
  const user = await getUser(request);
  if (user) throw localizedRedirect(request, startPageFor(user));
  return null;
}

/** After a sign-up with email confirmation on: the address the letter went to. */
interface Registering extends ActionReply {
  confirmEmail?: string;
}

/** The passwords never come back to the page. */
const HIDE = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const read = await readForm(request);
  if (!read.ok) return refusedBody<Registering>(read);
  const outcome = await register(requestOf(context).runtime, request, { form: read.form });
  return reply(outcome, {
    locale,
    texts: accountProblemTexts(m, "register", outcome.ok ? {} : outcome),
    form: read.form,
    hide: HIDE,
    fields: {
      "email-taken": "email",
      "invalid-email-format": "email",
      "weak-password": "password",
    },
    done: async (registered): Promise<Response | Registering> => {
      if (registered.status === "confirm-email") {
        return { confirmEmail: registered.email };
      }
      const headers = registered.cookies;
      headers.append(
        "Set-Cookie",
        await toastCookie({ type: "success", description: m.auth.register.success }),
      );
      return localizedRedirect(request, "/", { headers });
    },
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return seo(matches[0]?.loaderData?.site, { title: m.meta.register, path: "/register", locale });
};

export default function Register({ actionData }: Route.ComponentProps) {
  if (actionData?.confirmEmail) return <ConfirmEmail email={actionData.confirmEmail} />;
  return <RegisterForm lastResult={actionData?.result} />;
}

function ConfirmEmail({ email }: { email: string }) {
  const m = useMessages({ auth });
  const c = m.auth.confirm;
  return (
    <AuthCard title={c.title}>
      <div className="flex flex-col items-center text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
          <MailCheck className="size-7" aria-hidden="true" />
        </span>
        <p className="mt-5 text-slate-800" role="status">
          {withUserText(c.sentTo, email)}
        </p>
        <p className="mt-2 text-slate-600 text-sm">{c.instructions}</p>
        <p className="mt-4 rounded-lg bg-accent-100 px-4 py-3 text-slate-800 text-sm">
          {c.spamHint}
        </p>
        <div className="mt-6 flex w-full flex-col gap-3">
          <Link to="/login" className={buttonVariants({ variant: "primary" })}>
            {c.goToLogin}
          </Link>
          <Link to="/register" className={buttonVariants({ variant: "secondary" })}>
            {c.registerAnother}
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}

/** The icon of each choice of the schema's user types. */
const USER_TYPE_ICONS: Record<(typeof USER_TYPE_OPTIONS)[number], LucideIcon> = {
  buyer: ShoppingBag,
  factory: Factory,
};

function RegisterForm({ lastResult }: { lastResult: Parameters<typeof useSchemaForm>[1] }) {
  const locale = useLocale();
  const m = useMessages({ auth });
  const t = m.auth.register;
  const schema = registerSchema(locale);
  const [form, fields] = useSchemaForm(schema, lastResult, { id: "register" });
  const checks = checkAttributesOf(schema, locale);
  const { required: typeRequired, ...typeChecks } = checks.userType ?? { "data-check": "" };
  const busy = useIsSubmitting("/register");
  const typeErrorId = `${fields.userType.id}-error`;

  return (
    <AuthCard
      title={t.title}
      subtitle={t.subtitle}
      footer={<AuthFooterLink to="/login">{t.haveAccount}</AuthFooterLink>}
    >
      <Form method="post" className="space-y-5" {...getFormProps(form)} {...CHECKED_FORM}>
        <FormAlert message={form.errors?.[0]} />
        <FormInput
          field={fields.name}
          label={t.nameLabel}
          autoComplete="organization"
          placeholder={t.namePlaceholder}
          {...checks.name}
        />
        <fieldset
          id={fields.userType.id}
          aria-describedby={fields.userType.errors ? typeErrorId : undefined}
          {...typeChecks}
        >
          <legend className="font-medium text-slate-800 text-sm">{t.userTypeLabel}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-3">
            {USER_TYPE_OPTIONS.map((value) => {
              const Icon = USER_TYPE_ICONS[value];
              return (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-slate-300 p-4 text-center font-medium text-slate-800 text-sm transition-colors hover:border-brand-400",
                    "has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                    // A wrong choice (said by the server, or by the page script) shows on the card.
                    "has-aria-invalid:border-red-400",
                  )}
                >
                  <input
                    type="radio"
                    name={fields.userType.name}
                    value={value}
                    defaultChecked={fields.userType.initialValue === value}
                    required={typeRequired}
                    aria-invalid={fields.userType.errors ? true : undefined}
                    className="sr-only"
                  />
                  <Icon className="size-6" aria-hidden="true" />
                  {t[value]}
                </label>
              );
            })}
          </div>
          <FieldError id={typeErrorId} errors={fields.userType.errors} />
        </fieldset>
        <EmailInput field={fields.email} checks={checks.email} />
        <NewPasswordInputs
          password={fields.password}
          confirm={fields.confirmPassword}
          passwordLabel={m.auth.passwordLabel}
          confirmLabel={t.confirmPasswordLabel}
          checks={checks}
        />
        <AuthSubmit busy={busy} busyLabel={t.submitting}>
          {t.submit}
        </AuthSubmit>
      </Form>
    </AuthCard>
  );
}
