import type { Messages, users } from "~/domain/catalogue";
import type { UserType } from "~db/schema";

/** Which of the admin texts names each profile type (factories by their group's name). */
const LABELS = {
  buyer: "buyer",
  factory: "factoriesGroup",
  clothing_seller: "clothingSeller",
  textile_seller: "textileSeller",
} as const satisfies Record<UserType, keyof Messages<typeof users>>;

/** The label of a profile type, as the admin list names it; an account without one is a user. */
export function userTypeText(userType: string | null, m: Messages<typeof users>): string {
  return userType && Object.hasOwn(LABELS, userType) ? m[LABELS[userType as UserType]] : m.user;
}
