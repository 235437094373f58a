import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { ImageUpload } from "~/components/image-upload";
import {
  common,
  deletion,
  images,
  messagesFor,
  profile as profileMessages,
} from "~/domain/catalogue";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import { isCityOf } from "~/domain/reference";
import { formErrorMap } from "~/domain/schemas/base";
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
  deleteAccount,
  loadOwnProfile,
  saveBuyerProfile,
  saveFactoryProfile,
  setProfileImage,
} from "~/features/factories/profiles.server";
import { buyerProfileSchema, factoryProfileSchema } from "~/features/factories/schema";
import { removeStoredFiles } from "~/features/quotes/attachments.server";
import { requestOf } from "~/http/request-context.server";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { useMessages } from "~/lib/i18n";
import { seo } from "~/lib/seo";
import type { CurrentUser } from "~/platform/actor.server";
import { SESSION_COOKIES } from "~/platform/cache-policy.server";
import type { Db } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { readForm, refusalReply } from "~/platform/request-body.server";
import {
  removeImages,
  saveUpload,
  storageFor,
  type UploadRejection,
  uploadErrorMessage,
} from "~/platform/storage.server";
import type { Route } from "./+types/profile";

const uploadFailed = (locale: Locale, reason: UploadRejection) => ({
  id: crypto.randomUUID(),
  type: "error" as const,
  title: images[locale].uploadFailed,
  description: uploadErrorMessage(reason, locale),
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
  const locale = localeOf(request);
  const m = messagesFor(locale, { profile: profileMessages, images, common, deletion });
  const t = m.profile;
  const user = await requireUser(request);
  const runtime = requestOf(context).runtime;
  const { db, env } = runtime;
  // Sign-up makes an account and its profile together; an account without one changes nothing.
  if (!user.profile) throw data(null, { status: 403 });
  const read = await readForm(request);
  if (!read.ok) {
    if (read.problem === "too-large") {
      return data({ toast: uploadFailed(locale, "too-large") }, { status: read.status });
    }
    return data({ result: refusalReply(read) }, { status: read.status });
  }
  const formData = read.form;
  const intent = formData.get("intent");

  if (intent === "upload-image") {
    const storage = storageFor(env);
    const saved = await saveUpload(storage, formData.get("image"), {
      folder: user.userType === "factory" ? "logos" : "avatars",
    });
    if (!saved.ok) return data({ toast: uploadFailed(locale, saved.reason) }, { status: 400 });
    let previous: string | null;
    try {
      previous = await setProfileImage(db, user, saved.url);
    } catch (error) {
      await removeImages(storage, [saved.url]);
      throw error;
    }
    if (previous) await removeImages(storage, [previous]);
    return {
      toast: { id: crypto.randomUUID(), type: "success" as const, description: m.images.uploaded },
    };
  }

  if (intent === "remove-image") {
    const previous = await setProfileImage(db, user, null);
    if (previous) await removeImages(storageFor(env), [previous]);
    return {
      toast: { id: crypto.randomUUID(), type: "success" as const, description: m.images.removed },
    };
  }

  if (intent === "delete-account") {
    try {
      const files = await deleteAccount(db, user);
      await removeStoredFiles(storageFor(env), files).catch((error) =>
        console.error("[profile] files left after deletion:", error),
      );
    } catch (error) {
      // The database's own words (its SQL, its parameters) stay in the log.
      console.error("[profile] deletion failed:", error);
      return redirectWithToast(localizedHref("/profile", locale), {
        type: "error",
        description: m.deletion.failed(m.deletion.nothingDeleted),
      });
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
  }

  /** Saves the form of `schema` with `store`; refused fields go back to the form. */
  const save = async <Schema extends z.ZodType>(
    schema: Schema,
    store: (value: z.output<Schema>) => Promise<unknown>,
  ) => {
    const submission = parseWithZod(formData, { schema, error: formErrorMap(locale) });
    if (submission.status !== "success") {
      return data({ result: submission.reply() }, { status: 400 });
    }
    try {
      await store(submission.value);
    } catch (error) {
      console.error("[profile] save failed:", error);
      return data({ result: submission.reply({ formErrors: [t.saveFailed] }) }, { status: 500 });
    }
    return redirectWithToast(localizedHref("/profile", locale), {
      type: "success",
      description: t.saved,
    });
  };
  if (user.userType === "factory") await dropLeftBehindCity(db, user, formData);
  return user.userType === "factory"
    ? save(factoryProfileSchema(locale), (value) => saveFactoryProfile(db, user, value))
    : save(buyerProfileSchema(locale), (value) => saveBuyerProfile(db, user, value));
}

/**
 * Changing the country clears the city (the app does it as the country is chosen). Without
 * JavaScript the city select keeps the stored city of the old country; that city is dropped here
 * rather than refused, so the change of country saves at once. A city chosen anew is checked.
 */
async function dropLeftBehindCity(db: Db, user: CurrentUser, form: FormData) {
  const country = form.get("country");
  const city = form.get("city");
  if (typeof city !== "string" || !city || typeof country !== "string") return;
  if (isCityOf(country, city)) return;
  const { factory } = await loadOwnProfile(db, user);
  if (factory?.city === city && factory.country !== country) form.set("city", "");
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
