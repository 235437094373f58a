import { signOut } from "~/features/accounts/accounts.server";
import { reply } from "~/http/reply.server";
import { requestOf } from "~/http/request-context.server";
import { localeOf, localizedRedirect } from "~/platform/locale.server";
import type { Route } from "./+types/logout";

// POST /logout ends the server session and returns to '/' ('/en' from an English page). A missing session is not an error.
export async function action({ request, context }: Route.ActionArgs) {
  return reply(await signOut(requestOf(context).runtime, request), {
    locale: localeOf(request),
    texts: {},
    done: ({ cookies }) => localizedRedirect(request, "/", { headers: cookies }),
  });
}

export const loader = ({ request }: Route.LoaderArgs) => localizedRedirect(request, "/");
