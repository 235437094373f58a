import { BackLink } from "~/components/ui/back-link";
import { AccessNotice } from "~/components/workspace/access-notice";
import { capabilityProfile, messagesFor } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { loadOwnCapabilities, saveCapabilities } from "~/features/factories/capabilities.server";
import { CAPABILITIES_PATH, CapabilityForm } from "~/features/factories/components/capability-form";
import { refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, factoryAccess } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/profile-capabilities";

export const handle = routeFacts({ private: true });

// The factory's capability profile (issue 29): minimum order, capacity, lead times, services,
// materials, staff, year founded, export markets and languages. Its own page beside /profile, so
// that the long profile form stays as it is; the profile links here.

export async function loader({ context }: Route.LoaderArgs) {
  const access = await factoryAccess(context);
  if (!access.ok) return access.reply;
  const value = await loadOwnCapabilities(access.db, access.user).catch(unavailableWhenUnreachable);
  if (!value) return { state: "no-factory" as const };
  return { state: "ready" as const, value };
}

export async function action({ request, context }: Route.ActionArgs) {
  const useCase = await actorContext(request, context);
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read);
  const texts = messagesFor(useCase.locale, { capabilityProfile }).capabilityProfile;
  const outcome = await saveCapabilities(useCase, { form: read.form });
  return reply(outcome, {
    locale: useCase.locale,
    texts: texts.problems,
    form: read.form,
    done: () =>
      redirectWithToast(localizedHref(CAPABILITIES_PATH, useCase.locale), {
        type: "success",
        description: texts.saved,
      }),
  });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { capabilityProfile }).capabilityProfile;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.title, locale }),
    { name: "robots", content: "noindex" },
  ];
};

export default function ProfileCapabilities({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages({ capabilityProfile }).capabilityProfile;
  if (loaderData.state !== "ready") {
    return <AccessNotice state={loaderData.state} path={CAPABILITIES_PATH} texts={t.access} />;
  }
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <BackLink to="/profile">{t.backToProfile}</BackLink>
        <h1 className="mt-3 font-extrabold text-3xl text-slate-900 tracking-tight">{t.title}</h1>
        <p className="mt-2 text-slate-600 text-sm">{t.intro}</p>
        <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
          <CapabilityForm value={loaderData.value} lastResult={lastResult} />
        </section>
      </div>
    </div>
  );
}
