import type { Translation } from "../shape";
import type { users as ru } from "../users";
import { factoriesTitle } from "./shared";

export const users: Translation<typeof ru> = {
  buyer: "Buyer",
  factory: "Sewing factory",
  factoryShort: "Factory",
  factoryTypeLabel: "Sewing workshop/factory",
  factoriesGroup: factoriesTitle,
  clothingSeller: "Clothing seller",
  textileSeller: "Fabric seller",
  admin: "Admin",
  user: "User",
};
