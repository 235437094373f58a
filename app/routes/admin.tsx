import { Ban, CheckCircle2, RefreshCw, Search, ShieldCheck, UserX } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { data, Form, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { Pagination } from "~/components/pagination";
import { pageHref } from "~/components/products/page-href";
import { useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { DialogCloseLink, useReturnFocus } from "~/components/ui/dialog";
import { FormAlert, inputClass } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { locationText, withUserText } from "~/components/user-content";
import { VerifiedBadge } from "~/components/verified-badge";
import { admin, type Messages, messagesFor, users } from "~/domain/catalogue";
import { formatWhatsapp } from "~/domain/contacts";
import { formatDate } from "~/domain/format";
import { localeOfPath, localizedHref, pathWithoutLocale } from "~/domain/locale";
import { categoryLabel } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import {
  ADMIN_PAGE_SIZE,
  AdminActionError,
  type AdminUserDetail,
  type AdminUserList,
  adminTypeOf,
  blockUser,
  getUserDetail,
  listUsers,
  setFactoryVerified,
  unblockUser,
} from "~/server/admin.server";
import { databaseUnavailable } from "~/server/db.server";
import { localeOf } from "~/server/locale.server";
import { readForm, refusalText } from "~/server/request-body.server";
import { requestOf } from "~/server/request-context.server";
import { requireAdmin } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = ({ location }) => {
  const m = messagesFor(localeOfPath(location.pathname), { admin });
  return [
    { title: `${m.admin.title} — Fabricum` },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

/** A 503 during a database outage says when to come back. */
export const headers = keepRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdmin(request);
  const a = messagesFor(localeOf(request), { admin }).admin;
  const { db } = requestOf(context).runtime;
  const url = new URL(request.url);
  const type = adminTypeOf(url.searchParams.get("type"));
  const q = (url.searchParams.get("q") ?? "").trim();
  let list: AdminUserList = {
    items: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize: ADMIN_PAGE_SIZE,
    filters: { type, q },
  };
  let loadError: string | null = null;
  try {
    list = await listUsers(db, actor, { type, q, page: url.searchParams.get("page") });
  } catch (error) {
    if (error instanceof Response || (error as { type?: string })?.type === "DataWithResponseInit")
      throw error;
    console.error("[admin] list failed:", error);
    loadError = error instanceof Error ? error.message : String(error);
  }
  const userId = url.searchParams.get("user");
  const detail = userId ? await getUserDetail(db, actor, userId) : null;
  const stamp = Date.now();
  const toast = loadError
    ? { id: `admin-failed-${stamp}`, type: "error" as const, description: a.loadFailed(loadError) }
    : list.total === 0
      ? { id: `admin-empty-${stamp}`, type: "info" as const, description: a.empty }
      : null;
  return data(
    { list, loadError, detail, toast, actorId: actor.id },
    loadError ? databaseUnavailable() : undefined,
  );
}

/** Back to the page the form was sent from (the form posts to the address it is on). */
function backTo(request: Request): string {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("index");
  params.delete("_data");
  const query = params.toString();
  return query ? `/admin?${query}` : "/admin";
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request);
  const locale = localeOf(request);
  const a = messagesFor(locale, { admin }).admin;
  const { db } = requestOf(context).runtime;
  const back = localizedHref(backTo(request), locale);
  const read = await readForm(request);
  if (!read.ok) return redirectWithToast(back, { type: "error", description: refusalText(read) });
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  const userId = String(form.get("userId") ?? "");
  const t = a.actions;
  try {
    if (intent === "verify" || intent === "revoke") {
      const ok = await setFactoryVerified(
        db,
        actor,
        String(form.get("factoryId") ?? ""),
        intent === "verify",
        String(form.get("note") ?? ""),
      );
      if (!ok) return redirectWithToast(back, { type: "error", description: t.notFound });
      return redirectWithToast(back, {
        type: "success",
        description: intent === "verify" ? t.verified : t.revoked,
      });
    }
    if (intent === "block") {
      await blockUser(db, actor, userId, String(form.get("reason") ?? ""));
      return redirectWithToast(back, { type: "success", description: t.blocked });
    }
    if (intent === "unblock") {
      await unblockUser(db, actor, userId);
      return redirectWithToast(back, { type: "success", description: t.unblocked });
    }
  } catch (error) {
    if (error instanceof AdminActionError)
      return redirectWithToast(back, { type: "error", description: t[error.code] });
    if (error instanceof Error) {
      console.error("[admin] action failed:", error);
      return redirectWithToast(back, { type: "error", description: t.failed });
    }
    throw error;
  }
  return redirectWithToast(back, { type: "error", description: t.failed });
}

const FILTERS = [
  { type: "all", label: "filterAll" },
  { type: "buyer", label: "filterBuyers" },
  { type: "factory", label: "filterFactories" },
] as const;

/** The label of a profile type, as the admin list names it (admin.server.ts's userTypeLabel). */
function typeLabelOf(userType: string | null, u: Messages<typeof users>): string {
  switch (userType) {
    case "buyer":
      return u.buyer;
    case "factory":
      return u.factoriesGroup;
    case "clothing_seller":
      return u.clothingSeller;
    case "textile_seller":
      return u.textileSeller;
    default:
      return u.user;
  }
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { list, loadError, detail, toast, actorId } = loaderData;
  const locale = useLocale();
  const m = useMessages({ admin, users });
  const a = m.admin;
  const href = useLocalizedHref();
  useToast(toast);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const busy =
    revalidator.state !== "idle" ||
    (navigation.state !== "idle" &&
      pathWithoutLocale(navigation.location?.pathname ?? "") === "/admin");
  const { type, q } = list.filters;

  const hrefWith = (patch: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, value);
    }
    const query = params.toString();
    return query ? `/admin?${query}` : "/admin";
  };
  const closeHref = hrefWith({ user: null });

  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-slate-200 border-b bg-white">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-end justify-between gap-4 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
          <div className="min-w-0">
            <h1 className="font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl">
              {a.title}
            </h1>
            <p className="mt-1 text-slate-600">{a.subtitle}</p>
          </div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => revalidator.revalidate()}
            disabled={revalidator.state !== "idle"}
            className="max-sm:w-full"
          >
            <RefreshCw className={cn(revalidator.state !== "idle" && "animate-spin")} />
            {a.refresh}
          </Button>
        </div>
      </header>

      <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label={a.filterLabel} className="flex flex-wrap gap-2">
            {FILTERS.map((filter) => (
              <Link
                key={filter.type}
                to={hrefWith({
                  type: filter.type === "all" ? null : filter.type,
                  page: null,
                  user: null,
                })}
                aria-current={filter.type === type ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center rounded-full border px-4 font-semibold text-sm transition-colors",
                  filter.type === type
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                )}
              >
                {a[filter.label]}
              </Link>
            ))}
          </nav>
          <Form method="get" action={href("/admin")} role="search" className="flex gap-2 lg:w-96">
            {type !== "all" && <input type="hidden" name="type" value={type} />}
            <label htmlFor="admin-search" className="sr-only">
              {a.search}
            </label>
            <input
              key={q}
              id="admin-search"
              type="search"
              name="q"
              defaultValue={q}
              placeholder={a.search}
              maxLength={200}
              className={cn(inputClass, "min-w-0 flex-1")}
            />
            <Button type="submit" aria-label={a.searchSubmit}>
              <Search />
              <span className="max-sm:sr-only">{a.searchSubmit}</span>
            </Button>
          </Form>
        </div>

        <section aria-labelledby="admin-count" aria-busy={busy || undefined} className="mt-6">
          <p
            id="admin-count"
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="font-semibold text-slate-700"
          >
            {a.count(list.total)}
          </p>
          {loadError && (
            <div className="mt-4">
              <FormAlert message={a.loadFailed(loadError)} />
            </div>
          )}
          {list.items.length === 0 ? (
            !loadError && (
              <div className="mt-4 flex flex-col items-center gap-2 rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-12 text-center">
                <UserX className="size-8 text-slate-400" aria-hidden="true" />
                <p className="font-semibold text-slate-800">{a.empty}</p>
              </div>
            )
          ) : (
            <div
              className={cn(
                "mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white transition-opacity",
                busy && "opacity-60",
              )}
            >
              <table className="w-full text-left text-sm max-md:block">
                <thead className="bg-slate-50 text-slate-600 max-md:sr-only">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {a.columns.name}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {a.columns.email}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {a.columns.userType}
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      {a.columns.createdAt}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 max-md:block">
                  {list.items.map((user) => (
                    <tr key={user.id} className="max-md:block max-md:px-4 max-md:py-3">
                      <td className="px-4 py-3 max-md:block max-md:p-0">
                        <Link
                          to={hrefWith({ user: user.id })}
                          preventScrollReset
                          className="font-semibold text-brand-700 hover:underline max-md:text-base"
                          data-user-content
                        >
                          {user.name}
                        </Link>
                        {user.isAdmin && (
                          <span className="ml-2 inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 text-xs">
                            {m.users.admin}
                          </span>
                        )}
                        {user.blocked && (
                          <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700 text-xs">
                            <Ban className="size-3" aria-hidden="true" />
                            {a.blockedBadge}
                          </span>
                        )}
                      </td>
                      <td
                        className="break-all px-4 py-3 text-slate-700 max-md:block max-md:p-0 max-md:pt-1"
                        data-user-content
                      >
                        {user.email}
                      </td>
                      <td className="px-4 py-3 text-slate-700 max-md:inline-block max-md:p-0 max-md:pt-1 max-md:pr-3">
                        {typeLabelOf(user.userType, m.users)}
                      </td>
                      <td className="px-4 py-3 text-slate-500 tabular-nums max-md:inline-block max-md:p-0 max-md:pt-1">
                        <span className="md:sr-only">{a.columns.createdAt}: </span>
                        {formatDate(user.createdAt, { locale })}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            className="mt-6"
            page={list.page}
            pageCount={list.pageCount}
            hrefFor={(n) => href(pageHref("/admin", location.search, n, ["user"]))}
          />
        </section>
      </div>

      <UserDialog
        user={detail}
        actorId={actorId}
        closeHref={closeHref}
        onClose={() => navigate(href(closeHref), { replace: true, preventScrollReset: true })}
      />
    </div>
  );
}

/** A detail; `own` when the value is what the person wrote (their name, email, text). */
function Row({
  label,
  own = false,
  children,
}: {
  label: string;
  own?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 py-2">
      <dt className="font-medium text-slate-500 text-sm">{label}</dt>
      <dd
        className="min-w-0 whitespace-pre-line break-words text-slate-900 text-sm"
        data-user-content={(own && !!children) || undefined}
      >
        {children || "—"}
      </dd>
    </div>
  );
}

/**
 * The details of one user (`?user=<id>`), rendered in place like the product dialog, so the
 * server's HTML holds it and it works without JavaScript.
 */
function UserDialog({
  user,
  actorId,
  closeHref,
  onClose,
}: {
  user: AdminUserDetail | null;
  actorId: string;
  closeHref: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const m = useMessages({ admin, users });
  const d = m.admin.detail;
  const t = m.admin.actions;
  const factory = user?.factory ?? null;
  const returnFocus = useReturnFocus(user !== null);
  return (
    <Dialog.Root
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {user && (
        <>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto overscroll-contain rounded-t-2xl bg-white p-5 shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-3rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <Dialog.Title className="font-bold text-slate-900 text-xl" data-user-content>
                  {user.name}
                </Dialog.Title>
                <Dialog.Description className="mt-1 text-slate-600 text-sm">
                  {d.title} · {typeLabelOf(user.userType, m.users)}
                </Dialog.Description>
                <div className="mt-2 flex flex-wrap gap-2">
                  {factory?.verified && <VerifiedBadge />}
                  {user.blocked && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-1 font-medium text-red-700 text-xs">
                      <Ban className="size-3.5" aria-hidden="true" />
                      {d.blocked}
                    </span>
                  )}
                </div>
              </div>
              <DialogCloseLink href={closeHref} onClose={onClose} />
            </div>

            {user.blocked && user.banReason && (
              <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
                {withUserText(d.blockedReason, user.banReason)}
              </p>
            )}

            <dl className="mt-4 divide-y divide-slate-100">
              {user.userType === "factory" ? (
                factory ? (
                  <>
                    <Row label={d.description} own>
                      {factory.description}
                    </Row>
                    <Row label={d.phone}>{factory.phone}</Row>
                    <Row label={d.email} own>
                      {factory.email || user.email}
                    </Row>
                    <Row label={d.website}>{factory.website}</Row>
                    <Row label={d.instagram}>{factory.instagramUrl}</Row>
                    <Row label={d.whatsapp}>
                      {factory.whatsappNumber && formatWhatsapp(factory.whatsappNumber)}
                    </Row>
                    <Row label={d.location}>
                      {locationText(factory.country, factory.city, locale)}
                    </Row>
                    <Row label={d.categories}>
                      {factory.categories.map((slug) => categoryLabel(slug, locale)).join(", ")}
                    </Row>
                    <Row label={d.createdAt}>{formatDate(user.createdAt, { locale })}</Row>
                    <Row label={d.products}>
                      <span>{factory.productCount}</span>{" "}
                      <Link
                        to={factory.portfolioHref}
                        className="ml-2 font-semibold text-brand-700 hover:underline"
                      >
                        {d.openPortfolio}
                      </Link>
                    </Row>
                  </>
                ) : (
                  <>
                    <Row label={d.email} own>
                      {user.email}
                    </Row>
                    <Row label={d.createdAt}>{formatDate(user.createdAt, { locale })}</Row>
                    <p className="py-3 text-slate-600 text-sm">{d.noFactory}</p>
                  </>
                )
              ) : (
                <>
                  <Row label={d.email} own>
                    {user.email}
                  </Row>
                  <Row label={d.phone}>{user.phone}</Row>
                  <Row label={d.instagram}>{user.instagramUrl}</Row>
                  <Row label={d.whatsapp}>
                    {user.whatsappNumber && formatWhatsapp(user.whatsappNumber)}
                  </Row>
                  <Row label={d.createdAt}>{formatDate(user.createdAt, { locale })}</Row>
                  <Row label={d.about} own>
                    {user.about}
                  </Row>
                </>
              )}
            </dl>

            <section
              aria-labelledby="admin-actions"
              className="mt-5 border-slate-200 border-t pt-4"
            >
              <h3 id="admin-actions" className="font-bold text-slate-900">
                {t.title}
              </h3>
              {factory && (
                <Form method="post" className="mt-3 grid gap-2">
                  <input type="hidden" name="factoryId" value={factory.id} />
                  <input type="hidden" name="userId" value={user.id} />
                  <label htmlFor="verify-note" className="font-medium text-slate-700 text-sm">
                    {t.note}
                  </label>
                  <textarea
                    id="verify-note"
                    name="note"
                    rows={2}
                    maxLength={1000}
                    defaultValue={factory.verificationNote ?? ""}
                    className={cn(inputClass, "h-auto py-2")}
                  />
                  <p className="text-slate-600 text-sm">
                    {factory.verified
                      ? `${d.verified}${factory.verifiedAt ? ` · ${formatDate(factory.verifiedAt, { locale })}` : ""}`
                      : d.notVerified}
                  </p>
                  {factory.verified ? (
                    <Button type="submit" name="intent" value="revoke" variant="secondary">
                      {t.revoke}
                    </Button>
                  ) : (
                    <Button type="submit" name="intent" value="verify">
                      <ShieldCheck />
                      {t.verify}
                    </Button>
                  )}
                </Form>
              )}
              {user.id !== actorId && !user.isAdmin && (
                <Form method="post" className="mt-4 grid gap-2">
                  <input type="hidden" name="userId" value={user.id} />
                  {user.blocked ? (
                    <Button type="submit" name="intent" value="unblock" variant="secondary">
                      <CheckCircle2 />
                      {t.unblock}
                    </Button>
                  ) : (
                    <>
                      <label htmlFor="block-reason" className="font-medium text-slate-700 text-sm">
                        {t.reason}
                      </label>
                      <input
                        id="block-reason"
                        name="reason"
                        maxLength={500}
                        className={inputClass}
                      />
                      <Button type="submit" name="intent" value="block" variant="destructive">
                        <Ban />
                        {t.block}
                      </Button>
                    </>
                  )}
                </Form>
              )}
            </section>
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}
