/**
 * Who is asking: the signed-in user with profile, role and display name, and the throwing
 * guards that routes use (docs/guides/permissions.md).
 */
import { data, redirect } from "react-router";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import type { Auth } from "~/features/accounts/auth.server";
import {
  type CurrentUser,
  loadProfileSummary,
  type Role,
  toCurrentUser,
} from "~/platform/actor.server";
import { type Db, unavailableWhenUnreachable } from "~/platform/db.server";
import { getRuntime } from "~/server/runtime.server";

/** The signed-in user, or null for a visitor. */
export async function getUser(request: Request): Promise<CurrentUser | null> {
  return resolveUser(await getRuntime(), request).catch(unavailableWhenUnreachable);
}

/** getUser with explicit parts (tests pass their own database and auth). */
export async function resolveUser(
  { auth, db }: { auth: Auth; db: Db },
  request: Request,
): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const profile = await loadProfileSummary(db, session.user.id);
  return toCurrentUser(session.user, profile);
}

/** The address a visitor comes back to after signing in: this page, its query kept. */
function addressToReturnTo(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, "")}${url.search}`;
}

function loginRedirect(request: Request): Response {
  return signInRedirect(request, localeOfPath(new URL(request.url).pathname));
}

/**
 * To the sign-in page in `locale` (the page's language), and back to this address afterwards:
 * for pages whose loader or action lets a visitor in as far as the sign-in.
 */
export function signInRedirect(request: Request, locale: Locale): Response {
  const back = addressToReturnTo(request);
  const login = back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
  return redirect(localizedHref(login, locale));
}

/**
 * The rule behind the guards: a visitor is sent to sign in, in the page's language, and back
 * afterwards; a signed-in user without the role gets 403. Throws the response; returns the user
 * when allowed.
 */
export function assertAccess(user: CurrentUser | null, request: Request, role?: Role): CurrentUser {
  if (!user) throw loginRedirect(request);
  if (!role) return user;
  const allowed = role === "admin" ? user.isAdmin : user.userType === role;
  if (!allowed) throw data({ status: 403 }, { status: 403 });
  return user;
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  return assertAccess(await getUser(request), request);
}

export async function requireRole(request: Request, role: Role): Promise<CurrentUser> {
  return assertAccess(await getUser(request), request, role);
}

export function requireAdmin(request: Request): Promise<CurrentUser> {
  return requireRole(request, "admin");
}
