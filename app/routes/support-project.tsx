import { Clock, Heart, Landmark, Wallet } from "lucide-react";
import { CopyButton } from "~/components/copy-button";
import { loadSupportMethods, type SupportMethodId } from "~/content/support.server";
import { type Messages, messagesFor, meta as metaMessages, support } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { env } from "~/platform/env.server";
import { localeOf } from "~/platform/locale.server";
import type { Route } from "./+types/support-project";

/** A method's default title ('Bank transfer (KGS)', 'E-wallet 1') in one language. */
function defaultTitle(id: SupportMethodId, t: Messages<typeof support>): string {
  if (id === "bank-kgs") return t.bankKgs;
  if (id === "bank-usd") return t.bankUsd;
  return t.wallet(Number(id.slice(-1)));
}

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({ htmlFirst: true, visitorCache: true, shows: () => [] });

export async function loader({ request }: Route.LoaderArgs) {
  const { support: t } = messagesFor(localeOf(request), { support });
  // A missing or broken file is logged and every method shows 'soon' (never a 500).
  const methods = await loadSupportMethods(env().SUPPORT_CONFIG);
  return {
    // A title the operator set is shown as written; the others are the methods' own names.
    methods: methods.map((method) => ({
      ...method,
      title: method.title ?? defaultTitle(method.id, t),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return seo(matches[0]?.loaderData?.site, {
    title: m.meta.supportProject,
    description: m.meta.supportProjectDescription,
    path: "/support-project",
    locale,
  });
};

export default function SupportProject({ loaderData }: Route.ComponentProps) {
  const { methods } = loaderData;
  const m = useMessages({ support });
  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
          <span className="grid size-12 place-items-center rounded-2xl bg-accent-100 text-accent-700">
            <Heart aria-hidden="true" className="size-6" />
          </span>
          <h1 className="mt-4 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            {m.support.title}
          </h1>
          <p className="mt-2 max-w-2xl text-slate-600 leading-7">{m.support.intro}</p>
        </div>
      </header>
      <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
        <ul className="grid gap-4 md:grid-cols-2">
          {methods.map((method) => {
            const Icon = method.kind === "bank" ? Landmark : Wallet;
            return (
              <li
                key={method.id}
                data-testid={`support-method-${method.id}`}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5"
              >
                <h2 className="flex items-center gap-3 font-bold text-slate-900" data-user-content>
                  <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  {method.title}
                </h2>
                {method.details.length > 0 ? (
                  <dl className="mt-4 grid gap-3">
                    {method.details.map((detail) => (
                      // A group of a term and its descriptions only (the copy button is one).
                      <div
                        key={detail.label}
                        className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 rounded-lg bg-slate-50 px-3 py-2"
                      >
                        <dt
                          className="col-start-1 row-start-1 text-slate-500 text-xs"
                          data-user-content
                        >
                          {detail.label}
                        </dt>
                        <dd
                          className="col-start-1 row-start-2 break-all font-mono text-slate-900 text-sm"
                          data-user-content
                        >
                          {detail.value}
                        </dd>
                        <dd className="col-start-2 row-span-2 row-start-1">
                          <CopyButton value={detail.value} label={detail.label} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <p className="mt-4 flex items-start gap-2 text-slate-600 text-sm">
                    <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                    {m.support.comingSoon}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-slate-600">{m.support.thanks}</p>
      </div>
    </div>
  );
}
