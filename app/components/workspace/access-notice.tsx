import { Building2, Lock, LogIn } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { NoticeScreen } from "~/components/ui/notice-screen";
import { products } from "~/domain/catalogue";
import { useLocalizedHref, useMessages } from "~/lib/i18n";

export type AccessState = "anonymous" | "not-factory" | "not-buyer" | "no-factory";

/** The page's own words on its screens (the catalogues of the pages name them so). */
export interface AccessTexts {
  loginRequired: string;
  loginText: string;
  /** Why a buyer (or, on a buyer's page, a factory) cannot use the page. */
  accessRestrictedText: string;
}

/**
 * The screens of the factory-only pages (docs/product.md, "The factory's workspace") and of the
 * buyer's dashboard for someone who cannot use them yet: a visitor is asked to sign in (and comes
 * back), a buyer is told the page is for factories (a factory that it is for buyers), a factory
 * without its record is sent to fill in the profile.
 */
export function AccessNotice({
  state,
  path,
  texts,
}: {
  state: AccessState;
  /** This page without its language ('/factory-products'), for the way back after signing in. */
  path: string;
  texts: AccessTexts;
}) {
  const m = useMessages({ products });
  const href = useLocalizedHref();
  const t = m.products;
  const screen = {
    anonymous: {
      icon: LogIn,
      title: texts.loginRequired,
      text: texts.loginText,
      href: `/login?redirectTo=${encodeURIComponent(href(path))}`,
      action: t.login,
    },
    "not-factory": {
      icon: Lock,
      title: t.accessRestricted,
      text: texts.accessRestrictedText,
      href: "/factories",
      action: t.goToFactories,
    },
    // A buyer's page for anybody else (a factory, an admin without a buyer's profile).
    "not-buyer": {
      icon: Lock,
      title: t.accessRestricted,
      text: texts.accessRestrictedText,
      href: "/factories",
      action: t.goToFactories,
    },
    "no-factory": {
      icon: Building2,
      title: t.noFactory,
      text: t.noFactoryText,
      href: "/profile",
      action: t.createFactory,
    },
  }[state];
  return (
    <NoticeScreen icon={screen.icon} title={screen.title} text={screen.text}>
      <Link to={screen.href} className={buttonVariants({ variant: "primary", className: "mt-7" })}>
        {screen.action}
      </Link>
    </NoticeScreen>
  );
}
