import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { localeOfPath } from "~/domain/locale";
import { safeRedirect } from "~/domain/schemas/auth";
import { schema } from "~/server/db.server";
import { env } from "~/server/env.server";
import { languageCookie } from "~/server/locale.server";
import { requestOf } from "~/server/request-context.server";
import { getUser } from "~/server/session.server";
import type { Route } from "./+types/language";

/**
 * GET /language?to=/en/factories: the language switcher. Remembers the language of `to` (a
 * cookie, and the account's language for a signed-in person, which their letters use) and goes
 * there. Only a path of this site is followed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("to"), "/");
  const locale = localeOfPath(to.split(/[?#]/)[0] ?? "/");
  const user = await getUser(request);
  if (user?.profile) {
    const { db } = requestOf(context).runtime;
    await db
      .update(schema.profiles)
      .set({ locale })
      .where(eq(schema.profiles.id, user.id))
      .catch((error) => console.warn("[language] saving the account's language failed:", error));
  }
  const secure = env().BASE_URL.startsWith("https://");
  return redirect(to, { headers: { "Set-Cookie": languageCookie(locale, secure) } });
}
