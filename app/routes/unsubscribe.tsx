import { MailCheck, MailX, TriangleAlert } from "lucide-react";
import { data, Form, type HeadersFunction } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { NoticeScreen } from "~/components/ui/notice-screen";
import { messagesFor, notifications } from "~/domain/catalogue";
import { localeOfPath, localizedHref } from "~/domain/locale";
import {
  findUnsubscribe,
  type UnsubscribeWhat,
  unsubscribeByToken,
  unsubscribeWhat,
} from "~/features/notifications/notifications.server";
import { dispatchIntent } from "~/http/intents.server";
import { requestOf } from "~/http/request-context.server";
import { redirectWithToast } from "~/http/toast.server";
import { useMessages } from "~/lib/i18n";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import { localeOf } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import { isFromAnotherSite } from "~/platform/security.server";
import type { Route } from "./+types/unsubscribe";

export const handle = routeFacts({ private: true });

// The address of every email's unsubscribe link (`/unsubscribe/{token}?what=events|alerts|all`,
// also the List-Unsubscribe header's). Opening it changes nothing (mail scanners follow links):
// the page asks, and only a POST turns emails off — the page's own form, or a mail provider's
// RFC 8058 one-click POST (`List-Unsubscribe=One-Click`), which comes without a session and
// possibly from another site (app/platform/security.server.ts lets exactly that through).

/**
 * The token is the only key to the page: never cached, never passed on as a referrer to another
 * site. Not `no-referrer`: with it a browser sends the page's own form post (without JavaScript)
 * with `Origin: null`, which the action's origin check refuses.
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(args.parentHeaders);
  headers.set("Cache-Control", "private, no-store");
  headers.set("Referrer-Policy", "same-origin");
  return headers;
};

const replyHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

type State = "confirm" | "done" | "invalid";

/** What the page shows: its state, which emails, and why a post was refused. */
type Reply = { state: State; what: UnsubscribeWhat; error?: string };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = requestOf(context).runtime;
  const what = unsubscribeWhat(new URL(request.url).searchParams.get("what"));
  const found = await findUnsubscribe(db, params.token).catch(unavailableWhenUnreachable);
  if (!found.ok) {
    return data({ state: "invalid" as State, what }, { status: 404, headers: replyHeaders });
  }
  const { emailEvents, tenderAlerts } = found.value;
  const off = {
    events: !emailEvents,
    alerts: tenderAlerts === "off",
    // Saved searches: the button is always offered (pressing it again changes nothing).
    searches: false,
    all: !emailEvents && tenderAlerts === "off",
  }[what];
  return data({ state: (off ? "done" : "confirm") as State, what }, { headers: replyHeaders });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, env } = requestOf(context).runtime;
  const url = new URL(request.url);
  const what = unsubscribeWhat(url.searchParams.get("what"));
  const read = await readForm(request);
  if (!read.ok) {
    return data<Reply>({ state: "invalid", what }, { status: read.status, headers: replyHeaders });
  }
  const form = read.form;
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  // From another site only a mail provider's one-click POST is taken, never this page's form.
  const crossSite = isFromAnotherSite(
    {
      method: request.method,
      origin: request.headers.get("origin"),
      fetchSite: request.headers.get("sec-fetch-site"),
      url: request.url,
    },
    env.BASE_URL,
  );
  if (crossSite && !oneClick) {
    return data<Reply>({ state: "invalid", what }, { status: 403, headers: replyHeaders });
  }

  // A mail provider's one-click POST carries no intent: it turns the emails off and says so.
  if (oneClick) {
    const outcome = await unsubscribeByToken({ db }, { token: params.token, what });
    if (!outcome.ok) {
      return data<Reply>({ state: "invalid", what }, { status: 404, headers: replyHeaders });
    }
    return data<Reply>({ state: "done", what }, { headers: replyHeaders });
  }

  const locale = localeOf(request);
  return dispatchIntent(
    form.get("intent"),
    {
      // The page's own button.
      unsubscribe: async () => {
        const outcome = await unsubscribeByToken({ db }, { token: params.token, what });
        if (!outcome.ok) {
          return data<Reply>({ state: "invalid", what }, { status: 404, headers: replyHeaders });
        }
        const t = messagesFor(locale, { notifications }).notifications.unsubscribe;
        // Back to the same address (built anew: a script's post arrives at its `.data` twin),
        // which now says that the emails are off.
        const back = `/unsubscribe/${encodeURIComponent(params.token ?? "")}?what=${what}`;
        return redirectWithToast(localizedHref(back, locale), {
          type: "success",
          description: t.done[what],
        });
      },
    },
    {
      locale,
      // The page asks again, with what went wrong above its button.
      reply: (text) =>
        data<Reply>(
          { state: "confirm", what, error: text },
          { status: 400, headers: replyHeaders },
        ),
    },
  );
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale, { notifications }).notifications;
  return [
    ...seo(matches[0]?.loaderData?.site, { title: t.unsubscribe.title, locale }),
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const m = useMessages({ notifications });
  const t = m.notifications.unsubscribe;
  const state: State = actionData?.state ?? loaderData.state;
  const what: UnsubscribeWhat = actionData?.what ?? loaderData.what;
  const screen = {
    confirm: { icon: MailX, title: t.confirm[what], text: t.confirmText[what] },
    done: { icon: MailCheck, title: t.done[what], text: t.doneText },
    invalid: { icon: TriangleAlert, title: t.invalidTitle, text: t.invalidText },
  }[state];
  return (
    <NoticeScreen icon={screen.icon} title={screen.title} text={screen.text}>
      {actionData?.error && (
        <div className="mt-6 w-full text-left">
          <FormAlert message={actionData.error} />
        </div>
      )}
      <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        {state === "confirm" ? (
          <Form method="post" replace>
            <Button type="submit" name="intent" value="unsubscribe" className="w-full sm:w-auto">
              {t.button}
            </Button>
          </Form>
        ) : (
          <Link
            to="/notification-settings"
            className={buttonVariants({ variant: state === "done" ? "primary" : "secondary" })}
          >
            {t.settingsLink}
          </Link>
        )}
        <Link to="/" className={buttonVariants({ variant: "ghost" })}>
          {t.home}
        </Link>
      </div>
    </NoticeScreen>
  );
}
