import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy } from "~/domain/messages/legacy";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.clothing-item";

const m = { legacy } as const;

// Answered with 200: the page is the notice itself (old links land on it), marked noindex.
export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...seo(matches[0]?.loaderData?.site, {
    title: m.legacy.clothingItem,
    description: m.legacy.updatedText,
    path: `/clothing/${encodeURIComponent(params.id)}`,
  }),
  { name: "robots", content: "noindex, follow" },
];

export default function ClothingItem() {
  return (
    <LegacyPage title={m.legacy.clothingItem}>
      <LegacyNotice
        actions={[
          { to: "/factories", label: m.legacy.goToFactories },
          { to: "/clothing", label: m.legacy.backToClothing },
        ]}
      />
    </LegacyPage>
  );
}
