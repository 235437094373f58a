const englishPlurals = new Intl.PluralRules("en");

/** plural(n, 'factory', 'factories'): the English form for n. */
export const plural = (n: number, one: string, other: string): string =>
  englishPlurals.select(n) === "one" ? one : other;
