import { data } from "react-router";
import { ProsePage } from "~/components/prose-page";
import { type StaticPageKey, staticPageKeys, staticPages } from "~/content/static-pages";
import { localeOfPath, pathWithoutLocale } from "~/domain/locale";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { env } from "~/platform/env.server";
import { localeOf } from "~/platform/locale.server";
import type { Route } from "./+types/static-page";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  sitemap: true,
  shows: () => [],
});

// One module serves /about, /contact, /terms and /privacy (and their /en twins); the path picks
// the text.
export function loader({ request }: Route.LoaderArgs) {
  const pathname = pathWithoutLocale(new URL(request.url).pathname);
  const key = pathname.replace(/^\/+|\/+$/g, "") as StaticPageKey;
  if (!staticPageKeys.includes(key)) throw data(null, { status: 404 });
  return { key, page: staticPages(env().SUPPORT_EMAIL, localeOf(request))[key] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  loaderData
    ? seo(matches[0]?.loaderData?.site, {
        title: loaderData.page.title,
        description: loaderData.page.description,
        path: `/${loaderData.key}`,
        locale: localeOfPath(location.pathname),
      })
    : [];

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <ProsePage title={page.title}>
      {page.sections.map((section, i) => (
        <section key={section.heading ?? i}>
          {section.heading && (
            <h2 className="mb-3 font-bold text-slate-900 text-xl">{section.heading}</h2>
          )}
          <div className="space-y-4">
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </section>
      ))}
    </ProsePage>
  );
}
