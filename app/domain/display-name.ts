import type { Locale } from "./locale";
import { users } from "./messages/users";

/** The display-name rule (docs/product.md): a user's name in navigation, lists and dialogs. */

export type DisplayNameInput = {
  email?: string | null;
  profile?: {
    userType?: string | null;
    name?: string | null;
    nickname?: string | null;
    factoryName?: string | null;
    /** The factory's own English name (factories.name_en), used on English pages. */
    factoryNameEn?: string | null;
    businessName?: string | null;
  } | null;
};

const FALLBACK = users.user;

const SELLER_FALLBACKS: Readonly<Record<string, string>> = {
  clothing_seller: users.clothingSeller,
  textile_seller: users.textileSeller,
};

/** First non-blank value, trimmed. */
function firstFilled(...values: (string | null | undefined)[]): string | undefined {
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed) return trimmed;
  }
  return undefined;
}

/**
 * factory → (on English pages its English name,) factoryName, name, 'Фабрика'; clothing_seller / textile_seller → businessName, name,
 * 'Продавец одежды' / 'Продавец тканей'; anyone else → nickname, name, 'Пользователь';
 * no profile → email, 'Пользователь'. Blank strings count as missing.
 */
export function displayName({ email, profile }: DisplayNameInput, locale: Locale = "ru"): string {
  if (!profile) return firstFilled(email) ?? FALLBACK;
  const type = profile.userType ?? "";
  if (type === "factory") {
    const english = locale === "en" ? profile.factoryNameEn : null;
    return firstFilled(english, profile.factoryName, profile.name) ?? users.factoryShort;
  }
  const sellerFallback = SELLER_FALLBACKS[type];
  if (sellerFallback) return firstFilled(profile.businessName, profile.name) ?? sellerFallback;
  return firstFilled(profile.nickname, profile.name) ?? FALLBACK;
}
