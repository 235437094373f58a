/** Strings used by more than one namespace of the message catalogue. */

/** Shared by avatars, logos, product images and tender photos (docs/product.md, "Validation"). */
export const fileTooLarge = "Размер файла должен быть менее 5MB";
export const fileTypeNotSupported = "Поддерживаются только файлы JPG, PNG и WebP";

export const factoriesTitle = "Швейные цеха и фабрики";

/** The spoken count of a filter panel's active filters. */
export const filtersActive = (n: number) => `Выбрано фильтров: ${n}`;
