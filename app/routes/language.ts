import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { localeOfPath } from "~/domain/locale";
import { safeRedirect } from "~/features/accounts/schema";
import { requestOf } from "~/http/request-context.server";
import { getUser } from "~/http/session.server";
import { schema } from "~/platform/db.server";
import { env } from "~/platform/env.server";
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
function switchTo(rawTo: string | null) {
  const to = safeRedirect(rawTo, "/");
  const locale = localeOfPath(to.split(/[?#]/)[0] ?? "/");
  const secure = env().BASE_URL.startsWith("https://");
  return { to, locale, cookie: languageCookie(locale, secure) };
}

export function loader({ request }: Route.LoaderArgs) {
  const { to, cookie } = switchTo(new URL(request.url).searchParams.get("to"));
  return redirect(to, { headers: { "Set-Cookie": cookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request);
  const raw = read.ok ? read.form.get("to") : null;
  const { to, locale, cookie } = switchTo(typeof raw === "string" ? raw : null);
  const user = await getUser(request);
  if (user?.profile) {
    const { db } = requestOf(context).runtime;
    // The language is no column visitors' pages show: the page cache stays (migration 0014).
    await db
      .update(schema.profiles)
      .set({ locale })
      .where(eq(schema.profiles.id, user.id))
      .catch((error) => console.warn("[language] saving the account's language failed:", error));
  }
  return redirect(to, { status: 303, headers: { "Set-Cookie": cookie } });
}
