/**
 * Flash toasts for Post/Redirect/Get: an action redirects with a toast kept in a short-lived
 * signed cookie; the root loader reads it once and the page shows it (titles 'Успешно' or
 * 'Ошибка', docs/product.md).
 */
import { createCookieSessionStorage, redirect } from "react-router";
import type { ToastMessage } from "~/domain/toast";
import { TOAST_COOKIE } from "~/platform/cache-policy.server";
import { env } from "~/platform/env.server";

let storage: ReturnType<typeof createCookieSessionStorage<{ toast: ToastMessage }>> | undefined;
function toastStorage() {
  const settings = env();
  storage ??= createCookieSessionStorage<{ toast: ToastMessage }>({
    cookie: {
      name: TOAST_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: settings.BASE_URL.startsWith("https://"),
      secrets: [settings.BETTER_AUTH_SECRET],
      maxAge: 60,
    },
  });
  return storage;
}

/** Set-Cookie value that carries the toast to the next page. */
export async function toastCookie(toast: Omit<ToastMessage, "id">): Promise<string> {
  const storage = toastStorage();
  const session = await storage.getSession();
  session.flash("toast", { ...toast, id: crypto.randomUUID() });
  return storage.commitSession(session);
}

/** Redirects and shows the toast on the next page; extra headers (e.g. auth cookies) are kept. */
export async function redirectWithToast(
  url: string,
  toast: Omit<ToastMessage, "id">,
  init: { headers?: Headers } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { headers });
}

/** Reads (and clears) the pending toast. */
export async function takeToast(
  request: Request,
): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const storage = toastStorage();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes(`${TOAST_COOKIE}=`)) return { toast: null, setCookie: null };
  const session = await storage.getSession(cookie);
  const toast = (session.get("toast") as ToastMessage | undefined) ?? null;
  return { toast, setCookie: await storage.destroySession(session) };
}
