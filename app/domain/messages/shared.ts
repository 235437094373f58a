/** Strings used by more than one namespace of the message catalogue. */

import { plural } from "./plural";

/** Shared by avatars, logos, product images and tender photos (docs/product.md, "Validation"). */
export const fileTooLarge = "Размер файла должен быть менее 5MB";
export const fileTypeNotSupported = "Поддерживаются только файлы JPG, PNG и WebP";

export const factoriesTitle = "Швейные цеха и фабрики";

/** The spoken count of a filter panel's active filters. */
export const filtersActive = (n: number) => `Выбрано фильтров: ${n}`;

/** How long a wait lasts, rounded up: '45 секунд', '2 минуты', '3 часа'. */
export function waitDuration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${plural(s, "секунду", "секунды", "секунд")}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} ${plural(minutes, "минуту", "минуты", "минут")}`;
  const hours = Math.ceil(s / 3600);
  return `${hours} ${plural(hours, "час", "часа", "часов")}`;
}
