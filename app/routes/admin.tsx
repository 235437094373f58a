import { FileBadge, RefreshCw, ShieldAlert, ShieldCheck, UserX } from "lucide-react";
import { data, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { pageHref } from "~/components/page-href";
import { ListPagination } from "~/components/pagination";
import { useToast } from "~/components/toasts";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { HeadedPage } from "~/components/ui/headed-page";
import { Link } from "~/components/ui/link";
import { admin, certificates, messagesFor, orders, verification } from "~/domain/catalogue";
import { localeOfPath, localizedHref, pathWithoutLocale } from "~/domain/locale";
import {
  ADMIN_PAGE_SIZE,
  type AdminUserList,
  type AdminUserType,
  adminTypeOf,
  blockUser,
  getUserDetail,
  listUsers,
  setFactoryVerified,
  unblockUser,
} from "~/features/admin/admin.server";
import { UserDialog } from "~/features/admin/components/user-dialog";
import { UserFilters } from "~/features/admin/components/user-filters";
import { UserTable } from "~/features/admin/components/user-table";
import { pendingCertificateCount } from "~/features/certificates/certificates.server";
import { openDisputeCount } from "~/features/orders/terms.server";
import { openVerificationCount } from "~/features/verification/verification.server";
import { dispatchIntent } from "~/http/intents.server";
import { refusedBody, reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { requireAdmin } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext } from "~/http/workspace-access.server";
import { cn } from "~/lib/cn";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { databaseUnavailable } from "~/platform/db.server";
import { emptyPage } from "~/platform/pagination.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/admin";

export const handle = routeFacts({ private: true });

// The admin's list of users (filtered by type, searched by name or email) with a dialog per user
// (`?user=<id>`) to verify a factory or block an account. The role is checked again by every
// service call (app/features/admin/admin.server.ts).

const PATH = "/admin";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { admin }).admin;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.title, path: PATH, locale }),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const { locale, runtime } = requestOf(context);
  const t = messagesFor(locale, { admin }).admin;
  const url = new URL(request.url);
  const type = adminTypeOf(url.searchParams.get("type"));
  const q = (url.searchParams.get("q") ?? "").trim();
  let list: AdminUserList = { ...emptyPage(ADMIN_PAGE_SIZE), filters: { type, q } };
  let loadError: string | null = null;
  let openVerifications = 0;
  let pendingCertificates = 0;
  let openDisputes = 0;
  try {
    list = await listUsers(runtime.db, actor, { type, q, page: url.searchParams.get("page") });
    openVerifications = await openVerificationCount(runtime.db, actor);
    pendingCertificates = await pendingCertificateCount(runtime.db);
    openDisputes = await openDisputeCount(runtime.db);
  } catch (error) {
    // A failure is told on the page; a response thrown on purpose (not an Error) goes on.
    if (!(error instanceof Error)) throw error;
    console.error("[admin] list failed:", error);
    loadError = t.unavailable;
  }
  const userId = url.searchParams.get("user");
  const detail = userId ? await getUserDetail(runtime.db, actor, userId) : null;
  const stamp = Date.now();
  const toast = loadError
    ? { id: `admin-failed-${stamp}`, type: "error" as const, description: t.loadFailed(loadError) }
    : list.total === 0
      ? { id: `admin-empty-${stamp}`, type: "info" as const, description: t.empty }
      : null;
  return data(
    {
      list,
      loadError,
      detail,
      toast,
      actorId: actor.id,
      openVerifications,
      pendingCertificates,
      openDisputes,
    },
    loadError ? databaseUnavailable() : undefined,
  );
}

/** Back to the page the form was sent from (the form posts to the address it is on). */
function backTo(request: Request): string {
  const params = new URL(request.url).searchParams;
  params.delete("index");
  params.delete("_data");
  const query = params.toString();
  return query ? `${PATH}?${query}` : PATH;
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request);
  const useCase = await actorContext(request, context);
  const { locale } = useCase;
  const t = messagesFor(locale, { admin }).admin;
  const back = localizedHref(backTo(request), locale);
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { back });
  const form = read.form;
  const how = { locale, texts: t.problems, back };
  const done = (description: string) => redirectWithToast(back, { type: "success", description });
  const setVerified = (verified: boolean) => async () =>
    reply(await setFactoryVerified(useCase, { verified, form }), {
      ...how,
      done: () => done(verified ? t.actions.verified : t.actions.revoked),
    });
  return dispatchIntent(
    form.get("intent"),
    {
      verify: setVerified(true),
      revoke: setVerified(false),
      block: async () =>
        reply(await blockUser(useCase, { form }), { ...how, done: () => done(t.actions.blocked) }),
      unblock: async () =>
        reply(await unblockUser(useCase, { form }), {
          ...how,
          done: () => done(t.actions.unblocked),
        }),
    },
    { locale, text: t.actions.failed },
  );
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const {
    list,
    loadError,
    detail,
    toast,
    actorId,
    openVerifications,
    pendingCertificates,
    openDisputes,
  } = loaderData;
  const m = useMessages({ admin, verification, certificates, orders });
  const t = m.admin;
  const href = useLocalizedHref();
  useToast(toast);
  // An intent the action does not know (400) is said here; every other reply is a redirect.
  useToast(actionData?.toast);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy =
    revalidator.state !== "idle" ||
    (navigation.state !== "idle" &&
      pathWithoutLocale(navigation.location?.pathname ?? "") === PATH);
  const closeHref = pageHref(PATH, location.search, list.page, ["user"]);
  const userHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("user", id);
    return `${PATH}?${params}`;
  };
  // Another type: the search stays, the list starts again from its first page.
  const typeHref = (type: AdminUserType) => {
    const params = new URLSearchParams(location.search);
    if (type === "all") params.delete("type");
    else params.set("type", type);
    return pageHref(PATH, params.toString(), 1, ["user"]);
  };

  return (
    <HeadedPage
      title={t.title}
      subtitle={t.subtitle}
      compact
      gutter
      action={
        <div className="flex flex-wrap gap-2 max-sm:w-full">
          <Link
            to="/admin/verifications"
            className={buttonVariants({ variant: "secondary", className: "max-sm:w-full" })}
          >
            <ShieldCheck aria-hidden="true" />
            {m.verification.admin.link(openVerifications)}
          </Link>
          <Link
            to="/admin/certificates"
            className={buttonVariants({ variant: "secondary", className: "max-sm:w-full" })}
          >
            <FileBadge aria-hidden="true" />
            {m.certificates.admin.certificatesLink(pendingCertificates)}
          </Link>
          <Link
            to="/admin/disputes"
            className={buttonVariants({ variant: "secondary", className: "max-sm:w-full" })}
          >
            <ShieldAlert aria-hidden="true" />
            {m.orders.disputes.link(openDisputes)}
          </Link>
          <Button
            type="button"
            variant="secondary"
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
            className="max-sm:w-full"
          >
            <RefreshCw className={cn(revalidator.state !== "idle" && "animate-spin")} />
            {t.refresh}
          </Button>
        </div>
      }
    >
      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <UserFilters type={list.filters.type} q={list.filters.q} typeHref={typeHref} />

        <section aria-labelledby="admin-count" aria-busy={busy || undefined} className="mt-6">
          <p
            id="admin-count"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="font-semibold text-slate-700"
          >
            {t.count(list.total)}
          </p>
          {loadError && (
            <div className="mt-4">
              <FormAlert message={t.loadFailed(loadError)} />
            </div>
          )}
          {list.items.length > 0 ? (
            <UserTable items={list.items} busy={busy} userHref={userHref} />
          ) : (
            !loadError && (
              <div className="mt-4 flex flex-col items-center gap-2 rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-12 text-center">
                <UserX className="size-8 text-slate-400" aria-hidden="true" />
                <p className="font-semibold text-slate-800">{t.empty}</p>
              </div>
            )
          )}
          <ListPagination className="mt-6" list={list} path={PATH} drop={["user"]} />
        </section>
      </div>

      <UserDialog
        user={detail}
        actorId={actorId}
        closeHref={closeHref}
        onClose={() => navigate(href(closeHref), { replace: true, preventScrollReset: true })}
      />
    </HeadedPage>
  );
}
