import { ExternalLink, Trash2 } from "lucide-react";
import { data } from "react-router";
import { useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { messagesFor, saved } from "~/domain/catalogue";
import { factoriesHref } from "~/domain/factory-filters";
import { formatDate } from "~/domain/format";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import type { saved as savedRu } from "~/domain/messages/saved";
import type { Outcome } from "~/domain/outcome";
import { categoryLabel, countryLabel, formatLocation } from "~/domain/reference";
import { safeRedirect } from "~/features/accounts/schema";
import type { SavedProblem } from "~/features/saved/problems";
import {
  isBuyer,
  listSavedFactories,
  listSavedSearches,
  noteSavedFactory,
  removeSearch,
  type SavedSearch,
  saveFactory,
  saveSearch,
  setSearchLetters,
  unsaveFactory,
} from "~/features/saved/saved.server";
import { dispatchIntent } from "~/http/intents.server";
import { type ActionReply, problemReply, refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext } from "~/http/workspace-access.server";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import type { Route } from "./+types/saved-factories";

type SavedTexts = typeof savedRu;

// A buyer's saved factories (each with a private note) and saved directory searches; also where
// the 'Сохранить' forms of the factory page and the directory post (they work without JavaScript:
// a form's `back` says where to return, on this site only).

export const handle = routeFacts({ private: true });

const PATH = "/saved-factories";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, actor } = await actorContext(request, context);
  if (!isBuyer(actor)) return data({ buyer: false as const }, { status: 403 });
  const [factories, searches] = await Promise.all([
    listSavedFactories(db, actor),
    listSavedSearches(db, actor),
  ]).catch(unavailableWhenUnreachable);
  return { buyer: true as const, factories, searches };
}

/** After a success: back where the form was (a path of this site), else this page. */
function done(form: FormData, locale: Locale, text: (m: SavedTexts) => string) {
  const back = form.get("back");
  const to = safeRedirect(typeof back === "string" ? back : null, localizedHref(PATH, locale));
  return () =>
    redirectWithToast(to, {
      type: "success",
      description: text(messagesFor(locale, { saved }).saved),
    });
}

export async function action({ request, context }: Route.ActionArgs) {
  const use: UseCaseContext = await actorContext(request, context);
  const { locale } = use;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { toast: true });
  const { form } = read;
  const texts = messagesFor(locale, { saved }).saved.problems;
  const adapt = <T,>(
    outcome: Promise<Outcome<T, SavedProblem>>,
    text: (m: SavedTexts) => string,
    inForm = false,
  ) =>
    outcome.then((value) =>
      reply(value, {
        locale,
        texts,
        form,
        toast: !inForm,
        done: done(form, locale, text),
      }),
    );
  return dispatchIntent(
    form.get("intent"),
    {
      save: () => adapt(saveFactory(use, form), (m) => m.toasts.factorySaved),
      unsave: () => adapt(unsaveFactory(use, form), (m) => m.toasts.factoryRemoved),
      note: () => adapt(noteSavedFactory(use, form), (m) => m.toasts.noteSaved),
      "save-search": () => adapt(saveSearch(use, form), (m) => m.toasts.searchSaved),
      "remove-search": () => adapt(removeSearch(use, form), (m) => m.toasts.searchRemoved),
      letters: () =>
        adapt(setSearchLetters(use, form), (m) =>
          form.get("letters") === "on" ? m.toasts.lettersOn : m.toasts.lettersOff,
        ),
    },
    {
      locale,
      text: messagesFor(locale, { saved }).saved.toasts.unknownIntent,
      reply: (text) =>
        problemReply(
          { ok: false, problem: "unknown", kind: "refused" },
          { locale, texts: { unknown: text }, toast: true },
        ),
    },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: messagesFor(locale, { saved }).saved.meta.title,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

/** A saved search in words: its text, category, country and 'verified only'. */
function searchWords(search: SavedSearch, locale: Locale, t: SavedTexts["page"]): string {
  const { q, category, country, city, verified } = search.filters;
  const parts = [
    q ? t.query(q) : "",
    category ? categoryLabel(category, locale) : "",
    country ? (formatLocation(country, city ?? null, locale) ?? countryLabel(country, locale)) : "",
    verified ? t.verifiedOnly : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : t.wholeDirectory;
}

export default function SavedFactories({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ saved }).saved;
  const locale = useLocale();
  const href = useLocalizedHref();
  useToast((actionData as ActionReply | undefined)?.toast);
  if (!loaderData.buyer) {
    return (
      <HeadedPage compact title={m.page.title} subtitle={m.problems["not-a-buyer"]}>
        <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
          <Link to="/factories" className={buttonVariants({ variant: "secondary" })}>
            {m.page.toDirectory}
          </Link>
        </div>
      </HeadedPage>
    );
  }
  const { factories, searches } = loaderData;
  const action = href(PATH);
  return (
    <HeadedPage compact title={m.page.title} subtitle={m.page.intro}>
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6 sm:py-8">
        <CardSection id="saved-factories" title={m.page.factoriesTitle} bodyClassName="mt-4">
          {factories.length === 0 ? (
            <div className="grid justify-items-start gap-3">
              <p className="text-slate-600">{m.page.noFactories}</p>
              <Link to="/factories" className={buttonVariants({ variant: "secondary" })}>
                {m.page.toDirectory}
              </Link>
            </div>
          ) : (
            <ul className="grid gap-4">
              {factories.map((factory) => {
                const name = locale === "en" && factory.nameEn ? factory.nameEn : factory.name;
                const place = formatLocation(factory.country, factory.city, locale);
                const noteId = `note-${factory.factoryId}`;
                return (
                  <li
                    key={factory.factoryId}
                    className="rounded-xl border border-slate-200 p-4"
                    data-testid="saved-factory"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <Link
                          to={`/factory/${factory.factoryId}`}
                          className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                          data-user-content
                        >
                          {name}
                        </Link>
                        {place && <p className="text-slate-600 text-sm">{place}</p>}
                        <p className="text-slate-500 text-xs">
                          {m.page.savedOn(formatDate(factory.savedAt, { locale }))}
                        </p>
                      </div>
                      <form method="post" action={action}>
                        <input type="hidden" name="intent" value="unsave" />
                        <input type="hidden" name="factoryId" value={factory.factoryId} />
                        <button
                          type="submit"
                          aria-label={m.page.removeFactory(name)}
                          className={buttonVariants({ variant: "secondary", size: "sm" })}
                        >
                          <Trash2 aria-hidden="true" />
                          {m.page.remove}
                        </button>
                      </form>
                    </div>
                    <form method="post" action={action} className="mt-3 grid gap-2">
                      <input type="hidden" name="intent" value="note" />
                      <input type="hidden" name="factoryId" value={factory.factoryId} />
                      <label htmlFor={noteId} className="font-medium text-slate-800 text-sm">
                        {m.page.note}{" "}
                        <span className="font-normal text-slate-500">{m.page.noteHint}</span>
                      </label>
                      <textarea
                        id={noteId}
                        name="note"
                        rows={2}
                        maxLength={1000}
                        defaultValue={factory.note}
                        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900"
                        data-user-content
                      />
                      <div>
                        <button
                          type="submit"
                          className={buttonVariants({ variant: "secondary", size: "sm" })}
                        >
                          {m.page.saveNote}
                        </button>
                      </div>
                    </form>
                  </li>
                );
              })}
            </ul>
          )}
        </CardSection>

        <CardSection id="saved-searches" title={m.page.searchesTitle} bodyClassName="mt-4">
          {searches.length === 0 ? (
            <p className="text-slate-600">{m.page.noSearches}</p>
          ) : (
            <ul className="grid gap-3">
              {searches.map((search) => {
                const words = searchWords(search, locale, m.page);
                return (
                  <li
                    key={search.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4"
                    data-testid="saved-search"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900" data-user-content>
                        {words}
                      </p>
                      <p className="text-slate-600 text-sm">
                        {search.letters ? m.page.lettersOn : m.page.lettersOff}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={factoriesHref(search.filters)}
                        className={buttonVariants({ variant: "secondary", size: "sm" })}
                      >
                        <ExternalLink aria-hidden="true" />
                        {m.page.open}
                      </Link>
                      <form method="post" action={action}>
                        <input type="hidden" name="intent" value="letters" />
                        <input type="hidden" name="searchId" value={search.id} />
                        <input type="hidden" name="letters" value={search.letters ? "off" : "on"} />
                        <button
                          type="submit"
                          className={buttonVariants({ variant: "secondary", size: "sm" })}
                        >
                          {search.letters ? m.page.switchOff : m.page.switchOn}
                        </button>
                      </form>
                      <form method="post" action={action}>
                        <input type="hidden" name="intent" value="remove-search" />
                        <input type="hidden" name="searchId" value={search.id} />
                        <button
                          type="submit"
                          aria-label={m.page.removeSearch(words)}
                          className={buttonVariants({ variant: "secondary", size: "sm" })}
                        >
                          <Trash2 aria-hidden="true" />
                          {m.page.remove}
                        </button>
                      </form>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </CardSection>
      </div>
    </HeadedPage>
  );
}
