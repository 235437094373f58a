/** Word forms for 1, 2–4 and 5+ items: ['фабрика', 'фабрики', 'фабрик']. */
export type PluralForms = readonly [one: string, few: string, many: string];

const russianPlurals = new Intl.PluralRules("ru-RU");

/**
 * Russian plural form for `n` by the language's own rules (`Intl.PluralRules`): 1, 21, 101 →
 * one; 2–4, 22–24 → few; 0, 5–20, 11–14, 111 → many; a fraction ('1,5 фабрики') → few.
 */
export function pluralRu(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  if (!Number.isFinite(n)) return many;
  const rule = russianPlurals.select(n);
  if (rule === "one") return one;
  if (rule === "many") return many;
  return few; // 'few', and 'other', which Russian uses for fractions
}

/** plural(n, 'фабрика', 'фабрики', 'фабрик') — the Russian form for n. */
export const plural = (n: number, one: string, few: string, many: string): string =>
  pluralRu(n, [one, few, many]);
