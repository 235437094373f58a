/**
 * Who is asking: the signed-in user with profile, role and display name, and the throwing
 * guards that routes use (docs/guides/permissions.md).
 */
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { displayName } from "~/domain/display-name";
import { type Locale, localeOfPath, localizedHref } from "~/domain/locale";
import type { UserType } from "~db/schema";
import type { Auth } from "./auth.server";
import { type Db, schema, unavailableWhenUnreachable } from "./db.server";
import { displayNameColumns } from "./display-names.server";
import { getRuntime } from "./runtime.server";

export interface ProfileSummary {
  userType: UserType;
  name: string | null;
  nickname: string | null;
  factoryName: string | null;
  businessName: string | null;
  avatarUrl: string | null;
  /** The own factory's English name, for the display name on English pages. */
  factoryNameEn?: string | null;
}

export interface CurrentUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: "admin" | "user";
  isAdmin: boolean;
  userType: UserType | null;
  profile: ProfileSummary | null;
  displayName: string;
}

export type Role = "admin" | UserType;

/**
 * Where a signed-in person's first step is: an admin in the admin area, a factory at its
 * dashboard (what its profile still lacks), a buyer in the factory directory.
 */
export function startPageFor(user: Pick<CurrentUser, "isAdmin" | "userType">): string {
  if (user.isAdmin) return "/admin";
  return user.userType === "factory" ? "/factory-dashboard" : "/factories";
}

/**
 * Where a returning person lands after signing in (without a page to go back to): its own
 * workspace, an admin in the admin area, a factory at its dashboard, a buyer at 'Мои тендеры'.
 * The landing page stays where the logo leads.
 */
export function workspaceFor(user: Pick<CurrentUser, "isAdmin" | "userType">): string {
  if (user.isAdmin) return "/admin";
  return user.userType === "factory" ? "/factory-dashboard" : "/my-tenders";
}

export async function loadProfileSummary(db: Db, userId: string): Promise<ProfileSummary | null> {
  const [row] = await db
    .select({
      ...displayNameColumns,
      avatarUrl: schema.profiles.avatarUrl,
      factoryNameEn: schema.factories.nameEn,
    })
    .from(schema.profiles)
    .leftJoin(schema.factories, eq(schema.factories.userId, schema.profiles.id))
    .where(eq(schema.profiles.id, userId))
    .limit(1);
  return row ?? null;
}

export function toCurrentUser(
  user: { id: string; email: string; emailVerified: boolean; role?: string | null },
  profile: ProfileSummary | null,
): CurrentUser {
  const isAdmin = user.role === "admin";
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: isAdmin ? "admin" : "user",
    isAdmin,
    userType: profile?.userType ?? null,
    profile,
    displayName: displayName({ email: user.email, profile }),
  };
}

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
