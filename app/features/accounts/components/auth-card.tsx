import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { emailInputAttributes, FormInput } from "~/components/form-input";
import { type CheckAttributes, checkAttributes } from "~/components/ui/browser-checks";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { auth } from "~/domain/catalogue";
import { REPEATED_FIELD, repeatMessage } from "~/features/accounts/schema";
import { useLocale, useMessages } from "~/lib/i18n";

// The sign-in, registration and password screens: their card and the pieces their forms share.

/** The centred card of the sign-in, registration and password screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-50 px-4 py-10 sm:items-center sm:py-16">
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-extrabold text-2xl text-slate-900 tracking-tight">{title}</h1>
        {subtitle && <p className="mt-2 text-slate-600 text-sm">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && (
          <div className="mt-6 border-slate-100 border-t pt-5 text-center text-sm">{footer}</div>
        )}
      </section>
    </div>
  );
}

/** The link under a card's form to the neighbouring screen ('Уже есть аккаунт? Войти'). */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-semibold text-brand-700 hover:underline">
      {children}
    </Link>
  );
}

/** The email field of an account form, with the browser's checks of its schema. */
export function EmailInput({
  field,
  checks,
}: {
  field: FieldMetadata<unknown>;
  checks?: CheckAttributes;
}) {
  const locale = useLocale();
  const m = useMessages({ auth });
  return (
    <FormInput
      field={field}
      label={m.auth.emailLabel}
      {...emailInputAttributes(locale)}
      {...checks}
    />
  );
}

/**
 * A new password with its rule, and the same password again (registration, a reset), with the
 * browser's checks of the form's schema (`checks`, by field name) and of the repeat.
 */
export function NewPasswordInputs({
  password,
  confirm,
  passwordLabel,
  confirmLabel,
  checks,
}: {
  password: FieldMetadata<unknown>;
  confirm: FieldMetadata<unknown>;
  passwordLabel: string;
  confirmLabel: string;
  checks: Readonly<Record<string, CheckAttributes>>;
}) {
  const locale = useLocale();
  const m = useMessages({ auth });
  const repeat = checkAttributes(undefined, { id: password.id, message: repeatMessage(locale) });
  return (
    <>
      <FormInput
        field={password}
        label={passwordLabel}
        hint={m.auth.register.passwordHint}
        type="password"
        autoComplete="new-password"
        {...checks[REPEATED_FIELD.of]}
      />
      <FormInput
        field={confirm}
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        {...checks[REPEATED_FIELD.field]}
        {...repeat}
      />
    </>
  );
}

/**
 * The full-width submit button of an account form, disabled while the form is being sent: by the
 * app (`busy`), or on an HTML-first page by its script, which shows `busyLabel` meanwhile.
 */
export function AuthSubmit({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={busy} data-busy={busyLabel}>
      {busy ? busyLabel : children}
    </Button>
  );
}
