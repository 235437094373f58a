/** Strings used by more than one namespace of the message catalogue. */

/** Shared by avatars, logos, product images and tender photos (docs/product.md, "Validation"). */
export const fileTooLarge = "The file must be smaller than 5 MB";
export const fileTypeNotSupported = "Only JPG, PNG and WebP files are supported";

export const factoriesTitle = "Sewing workshops and factories";

/** The spoken count of a filter panel's active filters. */
export const filtersActive = (n: number) => `Filters selected: ${n}`;
