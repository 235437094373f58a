import { Building2, Lock, LogIn } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { products } from "~/domain/catalogue";
import { useLocalizedHref, useMessages } from "~/lib/i18n";

export type AccessState = "anonymous" | "not-factory" | "no-factory";

/**
 * The screens of the factory-only pages (docs/product.md, "The factory's workspace") for someone
 * who cannot use them yet: a visitor is asked to sign in (and comes back), a buyer is told the
 * page is for factories, a factory without its record is sent to fill in the profile.
 */
export function AccessNotice({
  state,
  path,
  loginTitle,
  loginText,
  restrictedText,
}: {
  state: AccessState;
  /** This page without its language ('/factory-products'), for the way back after signing in. */
  path: string;
  loginTitle: string;
  loginText: string;
  restrictedText: string;
}) {
  const m = useMessages({ products });
  const href = useLocalizedHref();
  const p = m.products;
  const screen = {
    anonymous: {
      icon: LogIn,
      title: loginTitle,
      text: loginText,
      href: `/login?redirectTo=${encodeURIComponent(href(path))}`,
      action: p.login,
    },
    "not-factory": {
      icon: Lock,
      title: p.accessRestricted,
      text: restrictedText,
      href: "/factories",
      action: p.goToFactories,
    },
    "no-factory": {
      icon: Building2,
      title: p.noFactory,
      text: p.noFactoryText,
      href: "/profile",
      action: p.createFactory,
    },
  }[state];
  const Icon = screen.icon;
  return (
    <div className="bg-slate-50 flex flex-1">
      <section className="mx-auto flex w-full max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {screen.title}
        </h1>
        <p className="mt-3 text-slate-600 leading-7">{screen.text}</p>
        <Link
          to={screen.href}
          className={buttonVariants({ variant: "primary", className: "mt-7" })}
        >
          {screen.action}
        </Link>
      </section>
    </div>
  );
}
