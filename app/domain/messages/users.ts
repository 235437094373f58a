import { factoriesTitle } from "./shared";

export const users = {
  buyer: "Покупатель",
  factory: "Швейная фабрика",
  factoryShort: "Фабрика",
  factoryTypeLabel: "Швейный цех/фабрика",
  factoriesGroup: factoriesTitle,
  clothingSeller: "Продавец одежды",
  textileSeller: "Продавец тканей",
  admin: "Администратор",
  user: "Пользователь",
} as const;
