import { requestOf } from "~/http/request-context.server";
import { localizedRedirect } from "~/platform/locale.server";
import type { Route } from "./+types/logout";

// POST /logout ends the server session and returns to '/' ('/en' from an English page). A missing session is not an error.
export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = requestOf(context).runtime;
  const headers = new Headers();
  try {
    const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  } catch (error) {
    console.warn("[auth] sign-out failed:", error instanceof Error ? error.message : error);
  }
  return localizedRedirect(request, "/", { headers });
}

export const loader = ({ request }: Route.LoaderArgs) => localizedRedirect(request, "/");
