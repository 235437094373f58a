import { redirect } from "react-router";
import { localeOfPath } from "~/domain/locale";
import { rememberLanguage } from "~/features/accounts/language.server";
import { safeRedirect } from "~/features/accounts/schema";
import { requestOf } from "~/http/request-context.server";
import { languageCookie } from "~/platform/locale.server";
import { readForm } from "~/platform/request-body.server";
import type { Route } from "./+types/language";

/**
 * The language switcher (docs/decisions/025-limits-under-concurrency.md). Both ways remember the
 * language of `to` in a cookie and go there; only a path of this site is followed.
 * - POST (the header's switcher, a small form that works without JavaScript; the cross-site
 *   guard applies): also the account's language, which its letters use.
 * - GET /language?to=… (the first visit's language offer, old links): the cookie only. A link
 *   from another site can then change nothing but this browser's choice of page language.
 */
function switchTo(rawTo: string | null, baseUrl: string) {
  const to = safeRedirect(rawTo, "/");
  const locale = localeOfPath(to.split(/[?#]/)[0] ?? "/");
  return { to, locale, cookie: languageCookie(locale, baseUrl.startsWith("https://")) };
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = requestOf(context).runtime;
  const { to, cookie } = switchTo(new URL(request.url).searchParams.get("to"), env.BASE_URL);
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, user } = requestOf(context);
  const read = await readForm(request);
  const raw = read.ok ? read.form.get("to") : null;
  const { to, locale, cookie } = switchTo(
    typeof raw === "string" ? raw : null,
    runtime.env.BASE_URL,
  );
  const viewer = await user();
  if (viewer) await rememberLanguage(runtime.db, viewer, locale);
  return redirect(to, { status: 303, headers: { "Set-Cookie": cookie } });
}
