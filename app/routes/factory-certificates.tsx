import { FileBadge } from "lucide-react";
import { useToast } from "~/components/toasts";
import { BackLink } from "~/components/ui/back-link";
import { EmptyState } from "~/components/ui/empty-state";
import { HeadedPage } from "~/components/ui/headed-page";
import { AccessNotice } from "~/components/workspace/access-notice";
import { capabilities, certificates, dashboard, messagesFor } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import {
  addCertificate,
  ownCertificates,
  removeCertificate,
  replaceCertificateFile,
} from "~/features/certificates/certificates.server";
import {
  AddCertificateForm,
  OwnCertificateCard,
} from "~/features/certificates/components/own-certificates";
import { dispatchIntent } from "~/http/intents.server";
import { refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, factoryAccess } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/factory-certificates";

export const handle = routeFacts({ private: true, body: { files: 1, of: "pdf" } });

// The factory's certificates (issue 29): each certification it added with its file, its state
// (under review, verified, rejected with the admin's note) and the history of decisions; the form
// that adds one, a form per certificate that replaces its file (back to review), and removal.
// Private; the rules are in the use cases (app/features/certificates/certificates.server.ts).

const PATH = "/factory-dashboard/certificates";

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { certificates }).certificates.meta.title,
);

export async function loader({ context }: Route.LoaderArgs) {
  const access = await factoryAccess(context);
  if (!access.ok) return access.reply;
  const own = await ownCertificates(access.db, access.user).catch(unavailableWhenUnreachable);
  return { state: "ready" as const, items: own?.items ?? [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const useCase = await actorContext(request, context);
  const { locale } = useCase;
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const m = messagesFor(locale, { certificates, capabilities });
  const t = m.certificates;
  const back = localizedHref(PATH, locale);
  const form = read.form;
  return dispatchIntent(
    form.get("intent"),
    {
      add: async () =>
        reply(await addCertificate(useCase, { form }), {
          locale,
          texts: t.problems,
          form,
          done: () => redirectWithToast(back, { type: "success", description: t.toasts.added }),
        }),
      replace: async () =>
        reply(await replaceCertificateFile(useCase, { form }), {
          locale,
          texts: t.problems,
          toast: true,
          done: () => redirectWithToast(back, { type: "success", description: t.toasts.replaced }),
        }),
      remove: async () =>
        reply(await removeCertificate(useCase, { form }), {
          locale,
          texts: t.problems,
          toast: true,
          done: () => redirectWithToast(back, { type: "success", description: t.toasts.removed }),
        }),
    },
    { locale },
  );
}

export default function FactoryCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ certificates, dashboard });
  const t = m.certificates.own;
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  if (loaderData.state !== "ready") {
    return <AccessNotice state={loaderData.state} path={PATH} texts={m.dashboard} />;
  }
  const { items } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <HeadedPage title={t.title} subtitle={t.subtitle} compact gutter>
      <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-6 sm:px-6 lg:px-8">
        <BackLink to="/factory-dashboard">{t.back}</BackLink>
        <AddCertificateForm
          action={PATH}
          taken={items.map((item) => item.certification)}
          lastResult={lastResult}
        />
        {items.length > 0 ? (
          <ul className="grid gap-4" aria-label={t.title}>
            {items.map((item) => (
              <OwnCertificateCard key={item.id} certificate={item} action={PATH} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={FileBadge} title={t.emptyTitle} text={t.emptyText} />
        )}
      </div>
    </HeadedPage>
  );
}
