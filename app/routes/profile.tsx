import type { data } from "react-router";
import { ImageUpload } from "~/components/image-upload";
import { deletion, images, messagesFor, profile as profileMessages } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import { CapabilityLink } from "~/features/factories/components/capability-form";
import { DangerZone } from "~/features/factories/components/danger-zone";
import { DirectoryNotice } from "~/features/factories/components/directory-notice";
import {
  BuyerProfileForm,
  FactoryProfileForm,
} from "~/features/factories/components/profile-forms";
import { directoryGaps } from "~/features/factories/factory-workspace.server";
import {
  accountHoldings,
  deleteOwnAccount,
  loadOwnProfile,
  profileGate,
  removeProfileImage,
  saveProfile,
  uploadProfileImage,
} from "~/features/factories/profiles.server";
import { dispatchIntent } from "~/http/intents.server";
import { type ActionReply, problemReply, refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { SESSION_COOKIES } from "~/platform/cache-policy.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/profile";

export const handle = routeFacts({
  private: true,
  htmlFirstSignedIn: true,
  body: { files: 1, of: "picture" },
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { db } = requestOf(context).runtime;
  const [own, holdings] = await Promise.all([loadOwnProfile(db, user), accountHoldings(db, user)]);
  const isFactory = user.userType === "factory";
  // What keeps the factory out of the directory (before its first save it has no record yet).
  const directory = isFactory
    ? directoryGaps(own.factory ?? { name: own.profile.name, country: null, categories: [] })
    : [];
  return { ...own, holdings, isFactory, directory };
}

export async function action({ request, context }: Route.ActionArgs) {
  const use = await actorContext(request, context);
  const { locale } = use;
  const m = messagesFor(locale, { profile: profileMessages, images, deletion });
  const texts = m.profile.problems;
  const gate = profileGate(use);
  if (!gate.ok) return problemReply(gate, { locale, texts });
  const read = await readForm(request);
  if (!read.ok) {
    return read.problem === "too-large"
      ? refusedBody(read, {
          toast: true,
          title: m.images.uploadFailed,
          text: m.images.fileTooLarge,
        })
      : refusedBody(read);
  }
  const form = read.form;
  const here = localizedHref("/profile", locale);
  /** A picture's change: a refused file in a toast, as the picture's upload failing. */
  const picture = { locale, texts, toast: true, title: m.images.uploadFailed };

  return dispatchIntent<Response | ReturnType<typeof data<ActionReply>>>(
    form.get("intent"),
    {
      "upload-image": async () =>
        reply(await uploadProfileImage(use, { form }), {
          ...picture,
          // Post/Redirect/Get: the next page's header shows the new picture too (decision 036).
          done: () => redirectWithToast(here, { type: "success", description: m.images.uploaded }),
        }),
      "remove-image": async () =>
        reply(await removeProfileImage(use), {
          ...picture,
          done: () => redirectWithToast(here, { type: "success", description: m.images.removed }),
        }),
      "delete-account": async () => {
        const deleted = await deleteOwnAccount(use);
        // A failed deletion is said on the profile page it came from (no form holds it).
        if (!deleted.ok) {
          return redirectWithToast(here, { type: "error", description: texts[deleted.problem] });
        }
        // The session went with the account; the browser's cookie is cleared too.
        const headers = new Headers();
        for (const name of SESSION_COOKIES) {
          headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
        }
        return redirectWithToast(
          localizedHref("/", locale),
          { type: "success", description: m.deletion.success },
          { headers },
        );
      },
      save: async () =>
        reply(await saveProfile(use, { form }), {
          locale,
          texts,
          form,
          done: () => redirectWithToast(here, { type: "success", description: m.profile.saved }),
        }),
    },
    { locale },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { profile: profileMessages }).profile;
  return [
    ...seo(matches[0]?.loaderData?.site, {
      title: loaderData?.isFactory ? t.factoryTitle : t.buyerTitle,
      locale,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const t = useMessages({ profile: profileMessages }).profile;
  const { profile, factory, isFactory } = loaderData;
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">
          {isFactory ? t.factoryTitle : t.buyerTitle}
        </h1>
        <p className="mt-2 text-slate-600 text-sm" data-user-content>
          {profile.email}
        </p>
        {loaderData.directory.length > 0 && (
          <div className="mt-6">
            <DirectoryNotice gaps={loaderData.directory} />
          </div>
        )}
        <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
          <ImageUpload
            imageUrl={isFactory ? (factory?.logoUrl ?? profile.avatarUrl) : profile.avatarUrl}
            label={isFactory ? t.factory.logo : t.buyer.avatar}
            uploadLabel={isFactory ? t.factory.uploadLogo : t.buyer.uploadAvatar}
            round={!isFactory}
          />
          <div className="mt-8">
            {isFactory ? (
              <FactoryProfileForm profile={profile} factory={factory} lastResult={lastResult} />
            ) : (
              <BuyerProfileForm profile={profile} lastResult={lastResult} />
            )}
          </div>
        </section>
        {isFactory && factory && <CapabilityLink />}
        <DangerZone holdings={loaderData.holdings} />
      </div>
    </div>
  );
}
