import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { withUserText } from "~/components/user-content";
import { notifications, verification } from "~/domain/catalogue";
import { notificationHref } from "~/domain/notifications";
import type { NotificationItem } from "~/features/notifications/notifications.server";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import { KIND_ICONS, NotificationSentence, useActorName, When } from "./notification-text";

/**
 * One notification: its sentence opens the place it is about (a form post, so that it is marked
 * read on the way, with or without JavaScript); the whole row is the target.
 */
export function NotificationRow({ item, action }: { item: NotificationItem; action: string }) {
  const m = useMessages({ notifications, verification });
  const t = m.notifications.page;
  const Icon = KIND_ICONS[item.kind];
  const name = useActorName(item.actor);
  const target = notificationHref(item);
  const unread = !item.read;
  const weight = unread ? "font-semibold" : "font-medium";
  const sentence = (
    <>
      {unread && <span className="sr-only">{t.unread}: </span>}
      <NotificationSentence item={item} />
    </>
  );
  return (
    <li
      className={cn(
        "relative flex gap-3 px-4 py-4 sm:gap-4 sm:px-5",
        unread ? "bg-brand-50/70" : "bg-white",
        target && "hover:bg-slate-50 has-focus-visible:bg-slate-50",
      )}
      data-testid="notification"
      data-unread={unread || undefined}
    >
      <span
        className={cn(
          "mt-0.5 grid size-10 shrink-0 place-items-center rounded-full",
          unread ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-500",
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        {target ? (
          <Form method="post" action={action}>
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              name="intent"
              value="open"
              className={cn(
                "block w-full break-words text-left text-slate-900 leading-6 outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline",
                weight,
              )}
            >
              {sentence}
            </button>
          </Form>
        ) : (
          <p className={cn("break-words text-slate-900 leading-6", weight)}>{sentence}</p>
        )}
        {item.note && (
          <p className="mt-1 break-words text-slate-700 text-sm">
            {withUserText(m.verification.notifications.note, item.note)}
          </p>
        )}
        <p className="mt-1 text-slate-500 text-sm">
          {name === null ? m.notifications.deletedUser : <span data-user-content>{name}</span>}
          <span aria-hidden="true"> · </span>
          <When date={item.createdAt} />
          {!target && (
            <>
              <span aria-hidden="true"> · </span>
              {t.gone}
            </>
          )}
        </p>
        {!target && unread && (
          <Form method="post" action={action} className="relative z-10 mt-2">
            <input type="hidden" name="id" value={item.id} />
            <Button type="submit" name="intent" value="read" variant="secondary" size="sm">
              {t.markRead}
            </Button>
          </Form>
        )}
      </div>
      {unread && (
        // A word on wider screens, a dot on a phone (the tint and bold text say it too).
        <span
          aria-hidden="true"
          className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-700 sm:mt-0 sm:size-auto sm:h-fit sm:px-2 sm:py-0.5"
        >
          <span className="font-semibold text-white text-xs max-sm:hidden">{t.unread}</span>
        </span>
      )}
    </li>
  );
}
