import type { Locale } from "../locale";
import type { Translation } from "../messages/shape";

/** A namespace in each language. */
export type Localized<T> = { readonly ru: T } & {
  readonly [L in Exclude<Locale, "ru">]: Translation<T>;
};

export const localized = <T>(ru: T, en: Translation<T>): Localized<T> => ({ ru, en });
