import { ArrowLeft } from "lucide-react";
import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { legacy, messagesFor } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { htmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.textile-item";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

// Rendered at once (no loading screen) and answered with 200, marked noindex.
export const meta: Route.MetaFunction = ({ matches, params, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { legacy });
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: m.legacy.textileItem,
      description: m.legacy.updatedText,
      path: `/textile/${encodeURIComponent(params.id)}`,
      locale,
    }),
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function TextileItem() {
  const m = useMessages({ legacy });
  return (
    <LegacyPage title={m.legacy.textileItem}>
      <Link
        to="/textile"
        className={buttonVariants({ variant: "ghost", className: "-ml-3 w-fit" })}
      >
        <ArrowLeft aria-hidden="true" />
        {m.legacy.backToTextile}
      </Link>
      <LegacyNotice
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          { to: "/textile", label: m.legacy.toTextile },
        ]}
      />
    </LegacyPage>
  );
}
