/**
 * What a buyer's search words mean (issue 29): for every word of a search, the words the text
 * search looks for (the word itself, its glossary synonyms, its spelling in the other alphabet,
 * the Russian names of the places it names) and the reference tokens of the index (a country, a
 * city, a category, a garment type, a fabric, a capability material) whose Russian or English
 * name it is. Pure: the database side (app/features/search/text-search.server.ts) turns these
 * into a tsquery and falls back to the nearest known word for a typo.
 *
 * Reference tokens are what the factories' vector holds for their codes (migration 0022):
 * 'country:uz', 'city:uz_1', 'cat:tops', 'garment:jeans', 'fabric:denim', 'material:knit'. The
 * names come from the reference tables and the locale files; none is copied here.
 */

import { GLOSSARY } from "./glossary";
import { capabilities as capabilitiesRu } from "./messages/capabilities";
import { capabilities as capabilitiesEn } from "./messages/en/capabilities";
import {
  CATEGORIES,
  COUNTRIES,
  categoryLabel,
  cityLabel,
  countryLabel,
  FABRIC_TREE,
  fabricLabel,
  GARMENT_GROUPS,
  garmentTypeLabel,
} from "./reference";
import { cyrillicToLatin, isLatin, latinToCyrillic } from "./transliteration";

/** At most this many words of a search take part in it. */
export const MAX_QUERY_WORDS = 6;

/** The meaning of one word of a search. */
export interface WordTerms {
  /** The word as typed, lower case, «ё» read as «е». */
  word: string;
  /**
   * Words the text search looks for, each in any Russian form and as the start of a longer
   * word: the word, its synonyms, its spelling in the other alphabet, the places it names.
   */
  texts: string[];
  /** Reference tokens of the index the word names. */
  tokens: string[];
}

/**
 * The words of a search, lower case, each once, at most MAX_QUERY_WORDS: letters and digits, and
 * hyphens inside a word ('Ак-Т', 't-shirt'), so the text cannot carry text-search syntax into a
 * query.
 */
export function queryWords(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replaceAll("ё", "е")
      .match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** Words of names too common to tell anything apart ('Спортивная одежда' is a sports category). */
const GENERIC = new Set([
  "одежда",
  "одежды",
  "изделия",
  "прочее",
  "другие",
  "для",
  "clothing",
  "clothes",
  "wear",
  "and",
  "for",
  "the",
  "other",
  "with",
]);

/** The significant words of a name: lower case, «е», at least two letters, not generic. */
function nameWords(name: string): string[] {
  const words = queryWords(`${name}`.replace(/[’']/g, ""));
  const parts = words.flatMap((word) => (word.includes("-") ? [word, ...word.split("-")] : [word]));
  return parts.filter((word) => word.length >= 2 && !GENERIC.has(word));
}

/** The length of the common start of two words. */
function commonStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * Whether a typed word is a form of a known word: the same; the beginning of it (four letters
 * at least: people type the start of a name); or another ending of the same stem ('платья' and
 * 'платье', 'Ташкенте' and 'Ташкент', 'dresses' and 'dress').
 */
export function sameWordForm(typed: string, known: string): boolean {
  if (typed === known) return true;
  if (typed.length >= 4 && known.startsWith(typed)) return true;
  const common = commonStart(typed, known);
  return common >= 4 && common >= Math.max(typed.length, known.length) - 3;
}

interface NamedToken {
  token: string;
  words: string[];
  /** A place: its Russian name is looked for as text too (factory names carry place names). */
  placeNames?: string[];
}

/** Every reference entry the search knows by name, with its token and the words of its names. */
function referenceNames(): NamedToken[] {
  const entries: NamedToken[] = [];
  const add = (token: string, names: string[], placeNames?: string[]) => {
    entries.push({ token, words: [...new Set(names.flatMap(nameWords))], placeNames });
  };
  for (const country of COUNTRIES) {
    const ru = countryLabel(country.code, "ru");
    add(`country:${country.code}`, [ru, countryLabel(country.code, "en")], nameWords(ru));
    for (const city of country.cities) {
      const cityRu = cityLabel(city.id, "ru");
      add(`city:${city.id}`, [cityRu, cityLabel(city.id, "en")], nameWords(cityRu));
    }
  }
  for (const category of CATEGORIES) {
    add(`cat:${category.slug}`, [
      categoryLabel(category.slug, "ru"),
      categoryLabel(category.slug, "en"),
    ]);
  }
  for (const group of GARMENT_GROUPS) {
    for (const type of group.types) {
      add(`garment:${type.slug}`, [
        garmentTypeLabel(type.slug, "ru"),
        garmentTypeLabel(type.slug, "en"),
      ]);
    }
  }
  for (const fabric of FABRIC_TREE.flatMap((category) => category.items)) {
    add(`fabric:${fabric.slug}`, [fabricLabel(fabric.slug, "ru"), fabricLabel(fabric.slug, "en")]);
  }
  for (const [material, label] of Object.entries(capabilitiesRu.materials)) {
    const english = (capabilitiesEn.materials as Record<string, string>)[material] ?? "";
    add(`material:${material}`, [label, english]);
  }
  return entries;
}

const REFERENCE = referenceNames();

/** Tokens a glossary group stands for. */
function glossaryTokens(group: (typeof GLOSSARY)[number]): string[] {
  return [
    ...(group.garments ?? []).map((slug) => `garment:${slug}`),
    ...(group.fabrics ?? []).map((slug) => `fabric:${slug}`),
    ...(group.categories ?? []).map((slug) => `cat:${slug}`),
    ...(group.materials ?? []).map((slug) => `material:${slug}`),
  ];
}

/**
 * Every word the search knows without the database: the words of the reference names (both
 * languages) and of the glossary. The typo fallback picks the nearest of these or of the words
 * of the factories' and products' names (search_lexicon).
 */
export const KNOWN_WORDS: readonly string[] = [
  ...new Set([
    ...REFERENCE.flatMap((entry) => entry.words),
    ...GLOSSARY.flatMap((group) => group.words.flatMap(nameWords)),
  ]),
].filter((word) => word.length >= 3);

/** The spellings a word is compared in: as typed, and in the other alphabet. */
function spellings(word: string): string[] {
  const other = isLatin(word) ? latinToCyrillic(word) : cyrillicToLatin(word);
  return other && other !== word ? [word, other] : [word];
}

/** What one word of a search means (see WordTerms). */
export function wordTerms(word: string): WordTerms {
  const texts = new Set<string>([word]);
  const tokens = new Set<string>();
  // Short words (prepositions, 'Ош' aside) stand for themselves only.
  if (word.length < 2) return { word, texts: [...texts], tokens: [] };
  const forms = spellings(word);
  if (isLatin(word) && word.length >= 3 && forms[1]) texts.add(forms[1]);
  const matches = (known: string) =>
    forms.some((form) => (known.length <= 2 ? form === known : sameWordForm(form, known)));
  for (const entry of REFERENCE) {
    if (!entry.words.some(matches)) continue;
    tokens.add(entry.token);
    for (const name of entry.placeNames ?? []) texts.add(name);
  }
  for (const group of GLOSSARY) {
    if (!group.words.some((known) => matches(known))) continue;
    for (const synonym of group.words) texts.add(synonym);
    for (const token of glossaryTokens(group)) tokens.add(token);
  }
  return { word, texts: [...texts].slice(0, 16), tokens: [...tokens].slice(0, 24) };
}

/** What each word of a search means. */
export function parseSearch(text: string): WordTerms[] {
  return queryWords(text).map(wordTerms);
}
