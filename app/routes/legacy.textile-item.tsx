import { ArrowLeft } from "lucide-react";
import { legacyItemMeta } from "~/components/legacy/legacy-meta";
import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { legacy } from "~/domain/catalogue";
import { htmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";
import type { Route } from "./+types/legacy.textile-item";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

// Rendered at once (no loading screen) and answered with 200, marked noindex.
export const meta: Route.MetaFunction = ({ matches, params, location }) =>
  legacyItemMeta(matches[0]?.loaderData?.site, location.pathname, "textile", params.id);

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
