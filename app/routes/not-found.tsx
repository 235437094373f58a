import { data } from "react-router";
import { common, messagesFor, meta as metaMessages, notFound } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { ErrorScreen } from "~/root";
import type { Route } from "./+types/not-found";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

// Any path no other route claims: HTTP 404 with the path and a link home.
export function loader({ request }: Route.LoaderArgs) {
  return data({ path: decodeURIComponent(new URL(request.url).pathname) }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const m = messagesFor(localeOfPath(location.pathname), { common, meta: metaMessages });
  return [
    {
      title: m.common.pageTitle(
        m.meta.notFound,
        matches[0]?.loaderData?.site.siteName ?? "Fabricum",
      ),
    },
    { name: "robots", content: "noindex" },
  ];
};

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const m = useMessages({ notFound });
  return (
    <ErrorScreen status={404} title={m.notFound.title} text={m.notFound.text(loaderData.path)} />
  );
}
