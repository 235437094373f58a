import { ArrowRight, Globe2, Handshake, Inbox, Lock, LogIn, Plus, UserPlus } from "lucide-react";
import { data, useLocation, useNavigate } from "react-router";
import { useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormDialog } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { messagesFor, meta as metaMessages, nav, tenders } from "~/domain/catalogue";
import { formatDateTime } from "~/domain/format";
import { MAX_TENDER_FORM_FILES as TENDER_FILES } from "~/domain/limits";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { loadProfileContacts } from "~/features/factories/profiles.server";
import { TenderForm } from "~/features/tenders/components/tender-form";
import { placeTender } from "~/features/tenders/tender-actions.server";
import type { TenderLimitFailure } from "~/features/tenders/tenders.server";
import { problemReply, refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { signedInContext } from "~/http/workspace-access.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/place-tender";

export const handle = routeFacts({
  // A visitor gets the app (the page's sign-in offer); a signed-in buyer the light page (036).
  htmlFirstSignedIn: true,
  visitorCache: true,
  sitemap: true,
  // Photos and the tech pack's files in one post; a PDF is the largest file (docs/decisions/031).
  body: { files: TENDER_FILES, of: "pdf" },
});

const PATH = "/place-tender";
/** The address that opens the form (works without JavaScript). */
const FORM_HREF = `${PATH}?new=1`;

/** Seconds until `at`, at least 1, for Retry-After. */
const retryAfter = (at: Date) => String(Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000)));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request);
  if (!user) return { signedIn: false, contacts: null };
  // A new tender starts with the contacts of the buyer's profile.
  const { db } = requestOf(context).runtime;
  return { signedIn: true, contacts: await loadProfileContacts(db, user) };
}

/** The posting limit, said with its numbers in the form, and when to try again. */
function limitReached(failure: TenderLimitFailure, form: FormData, locale: Locale) {
  const t = messagesFor(locale, { tenders }).tenders;
  const when = formatDateTime(failure.nextAt, { locale });
  const refused = problemReply(failure, {
    locale,
    form,
    texts: { "too-many-tenders": t.tooManyTenders(failure.limit, when) },
  });
  return data(refused.data, {
    status: refused.init?.status,
    headers: { "Retry-After": retryAfter(failure.nextAt) },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, runtime } = requestOf(context);
  const t = messagesFor(locale, { tenders }).tenders;
  // An expired session: nothing is read or stored.
  const signedIn = await signedInContext(context);
  if (!signedIn.ok) return problemReply(signedIn, { locale, texts: t.problems, toast: true });
  const read = await readForm(request);
  if (!read.ok) {
    return refusedBody(read, {
      toast: true,
      title: t.photoUploadFailed,
      text: read.problem === "too-large" ? t.photoTooLarge : undefined,
    });
  }
  const placed = await placeTender(signedIn.value, {
    form: read.form,
    limited: runtime.env.AUTH_RATE_LIMIT,
  });
  if (!placed.ok && placed.problem === "too-many-tenders") {
    return limitReached(placed, read.form, locale);
  }
  return reply(placed, {
    locale,
    texts: t.problems,
    form: read.form,
    done: () =>
      redirectWithToast(localizedHref("/my-tenders", locale), {
        type: "success",
        description: t.placed,
      }),
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { meta: metaMessages });
  return seo(matches[0]?.loaderData?.site, {
    title: m.meta.placeTender,
    description: m.meta.placeTenderDescription,
    path: PATH,
    locale,
  });
};

const BENEFIT_ICONS = [Inbox, Handshake, Globe2] as const;

export default function PlaceTender({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn } = loaderData;
  const m = useMessages({ tenders, nav });
  const t = m.tenders;
  const href = useLocalizedHref();
  const reply = actionData;
  useToast(reply?.toast);
  const location = useLocation();
  const navigate = useNavigate();
  const open = signedIn && new URLSearchParams(location.search).has("new");
  const p = t.place;

  return (
    <div className="flex-1 bg-slate-50">
      <section className="border-slate-200 border-b bg-white">
        <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:items-center lg:px-8">
          <div>
            <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">
              {m.nav.placeTender}
            </p>
            <h1 className="mt-2 font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">
              {t.subtitle}
            </h1>
            <p className="mt-4 max-w-2xl text-lg text-slate-600 leading-8">{p.intro}</p>
            {/* A refusal before the form was read (signed out, a body too large) says it here. */}
            {reply?.toast && (
              <div className="mt-6 max-w-xl">
                <FormAlert message={reply.toast.description} />
              </div>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              {signedIn ? (
                <Link
                  to={FORM_HREF}
                  preventScrollReset
                  className={buttonVariants({ size: "lg" })}
                  data-testid="open-tender-form"
                >
                  <Plus aria-hidden="true" />
                  {p.open}
                </Link>
              ) : (
                <Button size="lg" disabled data-testid="open-tender-form">
                  <Lock aria-hidden="true" />
                  {p.authRequired}
                </Button>
              )}
              <Link to="/tenders" className={buttonVariants({ variant: "secondary", size: "lg" })}>
                {p.viewAll}
                <ArrowRight aria-hidden="true" />
              </Link>
            </div>
          </div>

          {!signedIn && (
            <aside className="rounded-2xl border border-brand-100 bg-brand-50/60 p-5 sm:p-6">
              <p className="font-semibold text-slate-900">{p.loggedOut}</p>
              <div className="mt-4 grid gap-3 sm:grid-cols-2">
                <Link to="/register" className={buttonVariants({ variant: "primary" })}>
                  <UserPlus aria-hidden="true" />
                  {p.register}
                </Link>
                <Link
                  to={`/login?redirectTo=${encodeURIComponent(href(PATH))}`}
                  className={buttonVariants({ variant: "secondary" })}
                >
                  <LogIn aria-hidden="true" />
                  {p.login}
                </Link>
              </div>
            </aside>
          )}
        </div>
      </section>

      <section
        aria-labelledby="tender-benefits"
        className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8"
      >
        <h2
          id="tender-benefits"
          className="font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl"
        >
          {p.benefitsTitle}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {p.benefits.map((benefit, index) => {
            const Icon = BENEFIT_ICONS[index] ?? Inbox;
            return (
              <li
                key={benefit.title}
                className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
              >
                <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-bold text-slate-900">{benefit.title}</h3>
                <p className="mt-1.5 text-slate-600 text-sm leading-6">{benefit.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <FormDialog
        open={open}
        title={t.form.createTitle}
        closeHref={href(PATH)}
        onClose={() => navigate(href(PATH), { replace: true, preventScrollReset: true })}
      >
        <TenderForm
          tender={null}
          contacts={loaderData.contacts}
          lastResult={reply?.result}
          action={FORM_HREF}
          busyPath={PATH}
          cancelHref={PATH}
        />
      </FormDialog>
    </div>
  );
}
