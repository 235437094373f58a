/**
 * The display-name rule (app/domain/display-name.ts) for accounts read from the database: the
 * profile columns it reads, and the name of an account whose profile came through a left join.
 */
import { type DisplayNameInput, displayName } from "~/domain/display-name";
import { schema } from "./db.server";

/** The profile columns the display-name rule reads. */
export const displayNameColumns = {
  userType: schema.profiles.userType,
  name: schema.profiles.name,
  nickname: schema.profiles.nickname,
  factoryName: schema.profiles.factoryName,
  businessName: schema.profiles.businessName,
};

/**
 * The display name of an account from its email and its displayNameColumns; a left join without
 * a profile row gives columns that are all null, which counts as no profile.
 */
export function accountDisplayName(
  email: string | null,
  profile: DisplayNameInput["profile"],
): string {
  return displayName({ email, profile: profile?.userType ? profile : null });
}
