import { BellOff, CheckCheck, Settings } from "lucide-react";
import { Form, redirect, useLocation } from "react-router";
import { ListPagination } from "~/components/pagination";
import { Button, buttonVariants } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { messagesFor, notifications } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import { NotificationRow } from "~/features/notifications/components/notification-row";
import {
  listNotifications,
  markNotificationsRead,
  openNotification,
} from "~/features/notifications/notifications.server";
import { dispatchIntent } from "~/http/intents.server";
import { refusedBody, reply } from "~/http/reply.server";
import { redirectWithToast } from "~/http/toast.server";
import { actorContext, signedIn } from "~/http/workspace-access.server";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/notifications";

export const handle = routeFacts({ private: true, htmlFirstSignedIn: true });

const PATH = "/notifications";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, viewer: user } = await signedIn(request, context);
  const { db } = runtime;
  const page = new URL(request.url).searchParams.get("page");
  const list = await listNotifications(db, user, { page }).catch(unavailableWhenUnreachable);
  return { list };
}

/** The list's address after a change: the same page, in the request's language. */
function backTo(request: Request): string {
  const page = new URL(request.url).searchParams.get("page");
  return localizedHref(page ? `${PATH}?page=${encodeURIComponent(page)}` : PATH, localeOf(request));
}

export async function action({ request, context }: Route.ActionArgs) {
  const useCase = await actorContext(request, context);
  const { locale } = useCase;
  const m = messagesFor(locale, { notifications }).notifications;
  const t = m.page;
  // A problem is said above the list (the page's alert shows the reply's toast text).
  const read = await readForm(request);
  if (!read.ok) return refusedBody(read, { toast: true });
  const form = read.form;
  const id = String(form.get("id") ?? "");
  const how = { locale, texts: m.problems, toast: true };

  return dispatchIntent(
    form.get("intent"),
    {
      // Following a notification: it is read now, and the page it is about opens.
      open: async () =>
        reply(await openNotification(useCase, { id }), {
          ...how,
          done: ({ href }) =>
            redirect(href === null ? backTo(request) : localizedHref(href, locale)),
        }),
      read: async () =>
        reply(await markNotificationsRead(useCase, { ids: [id] }), {
          ...how,
          done: () =>
            redirectWithToast(backTo(request), { type: "success", description: t.markedRead }),
        }),
      "read-all": async () =>
        reply(await markNotificationsRead(useCase, { ids: "all" }), {
          ...how,
          done: () =>
            redirectWithToast(backTo(request), { type: "success", description: t.markedAllRead }),
        }),
    },
    { locale, text: t.unknownAction },
  );
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { notifications }).notifications.page.title,
);

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ notifications });
  const t = m.notifications.page;
  const location = useLocation();
  const { list } = loaderData;
  const here = `${location.pathname}${location.search}`;

  return (
    <div className="flex-1 bg-slate-50">
      <div
        className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10"
        data-live="notifications"
      >
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight">{t.title}</h1>
            <p className="mt-1.5 text-slate-600" data-testid="notifications-unread">
              {t.unreadCount(list.unread)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2 max-sm:w-full">
            {list.unread > 0 && (
              <Form method="post" action={here} className="max-sm:flex-1">
                <Button
                  type="submit"
                  name="intent"
                  value="read-all"
                  variant="secondary"
                  size="sm"
                  className="max-sm:w-full"
                >
                  <CheckCheck aria-hidden="true" />
                  {t.markAllRead}
                </Button>
              </Form>
            )}
            <Link
              to="/notification-settings"
              className={buttonVariants({
                variant: "ghost",
                size: "sm",
                className: "max-sm:flex-1",
              })}
            >
              <Settings aria-hidden="true" />
              {t.settings}
            </Link>
          </div>
        </header>

        {actionData?.toast && (
          <div className="mt-6">
            <FormAlert message={actionData.toast.description} />
          </div>
        )}

        {list.total === 0 ? (
          <EmptyState className="mt-8" icon={BellOff} title={t.empty} text={t.emptyText} />
        ) : (
          <ul
            className="mt-6 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
            data-testid="notification-list"
          >
            {list.items.map((item) => (
              <NotificationRow key={item.id} item={item} action={here} />
            ))}
          </ul>
        )}
        <ListPagination className="mt-8" list={list} path={PATH} />
      </div>
    </div>
  );
}
