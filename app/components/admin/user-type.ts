import type { Messages, users } from "~/domain/catalogue";

/** The label of a profile type, as the admin list names it (factories by their group's name). */
export function userTypeText(userType: string | null, m: Messages<typeof users>): string {
  switch (userType) {
    case "buyer":
      return m.buyer;
    case "factory":
      return m.factoriesGroup;
    case "clothing_seller":
      return m.clothingSeller;
    case "textile_seller":
      return m.textileSeller;
    default:
      return m.user;
  }
}
