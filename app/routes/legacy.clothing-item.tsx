import { LegacyNotice, LegacyPage } from "~/components/legacy/legacy-notice";
import { legacy, messagesFor } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { htmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/legacy.clothing-item";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

// Answered with 200: the page is the notice itself (old links land on it), marked noindex.
export const meta: Route.MetaFunction = ({ matches, params, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { legacy });
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: m.legacy.clothingItem,
      description: m.legacy.updatedText,
      path: `/clothing/${encodeURIComponent(params.id)}`,
      locale,
    }),
    { name: "robots", content: "noindex, follow" },
  ];
};

export default function ClothingItem() {
  const m = useMessages({ legacy });
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
