/**
 * Free text typed into a search or filter box (factories, tender city, admin users), as the
 * queries use it. Pure, so the browser shows the same text the server searched for.
 */

/**
 * The text without control characters (PostgreSQL refuses NUL) and runs of spaces, trimmed and cut
 * to `maxLength` characters (whole characters: an emoji is never cut in half). Anything that is
 * not a string is empty.
 */
export function cleanSearchText(value: unknown, maxLength: number): string {
  if (typeof value !== "string") return "";
  const clean = value
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(clean).slice(0, maxLength).join("").trim();
}

/** `%text%` for LIKE and ILIKE, with the text's own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** At most this many words of a search take part in it. */
const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search, lower case, each once: only letters and digits make a word, so the
 * text cannot carry text-search syntax into a query.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}
