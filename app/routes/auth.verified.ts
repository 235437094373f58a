import { auth, messagesFor } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import { getUser } from "~/http/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { startPageFor } from "~/platform/actor.server";
import { localeOf } from "~/platform/locale.server";
import type { Route } from "./+types/auth.verified";

// Where the confirmation link lands: better-auth has verified the address and signed the user
// in (or appended ?error=… for a stale link).
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth });
  const c = m.auth.confirm;
  if (new URL(request.url).searchParams.get("error")) {
    return redirectWithToast(localizedHref("/login", locale), {
      type: "error",
      description: c.linkInvalid,
    });
  }
  const user = await getUser(request);
  // A new account is led to its first step, not left on the landing page.
  if (user) {
    const description = user.isAdmin
      ? c.verifiedSignedIn
      : user.userType === "factory"
        ? c.verifiedFactory
        : c.verifiedBuyer;
    return redirectWithToast(localizedHref(startPageFor(user), locale), {
      type: "success",
      description,
    });
  }
  return redirectWithToast(localizedHref("/login", locale), {
    type: "success",
    description: c.verified,
  });
}
