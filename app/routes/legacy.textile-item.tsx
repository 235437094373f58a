import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { buttonVariants } from "~/components/ui/button";
import { legacy } from "~/domain/messages/legacy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.textile-item";

const m = { legacy } as const;

// Rendered at once (no loading screen) and answered with 200, marked noindex.
export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...seo(matches[0]?.loaderData?.site, {
    title: m.legacy.textileItem,
    description: m.legacy.updatedText,
    path: `/textile/${encodeURIComponent(params.id)}`,
  }),
  { name: "robots", content: "noindex, follow" },
];

export default function TextileItem() {
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
