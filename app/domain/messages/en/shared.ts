/** Strings used by more than one namespace of the message catalogue. */

import { plural } from "./plural";

/** Shared by avatars, logos, product images and tender photos (docs/product.md, "Validation"). */
export const fileTooLarge = "The file must be smaller than 5 MB";
export const fileTypeNotSupported = "Only JPG, PNG and WebP files are supported";

export const factoriesTitle = "Sewing workshops and factories";

/** The spoken count of a filter panel's active filters. */
export const filtersActive = (n: number) => `Filters selected: ${n}`;

/** How long a wait lasts, rounded up: '45 seconds', '2 minutes', '3 hours'. */
export function waitDuration(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${plural(s, "second", "seconds")}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} ${plural(minutes, "minute", "minutes")}`;
  const hours = Math.ceil(s / 3600);
  return `${hours} ${plural(hours, "hour", "hours")}`;
}
