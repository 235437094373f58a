/**
 * The actor: who is signed in, as every service takes it (`CurrentUser`), with the profile
 * summary that names them, and where their work starts. Kept apart from the session module
 * (app/http/session.server.ts reads the session cookie through the runtime), so services and the
 * mail worker can name the actor without importing the runtime back.
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { displayName } from "~/domain/display-name";
import type { UserType } from "~db/schema";
import { type Db, schema } from "./db.server";
import { displayNameColumns } from "./display-names.server";

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

/** Throws 403 unless the actor is an admin. */
export function assertAdmin(actor: Pick<CurrentUser, "isAdmin"> | null | undefined): void {
  if (!actor?.isAdmin) throw data({ status: 403, message: "forbidden" }, { status: 403 });
}
