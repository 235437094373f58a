/**
 * Latin ↔ Cyrillic spelling of one word, for the search (issue 29): a buyer types 'Tashkent' for
 * 'Ташкент' or 'Наманган' for 'Namangan'. Phonetic and lossy (there are several accepted
 * spellings of most names); the search uses the result as one more way to find a word, and the
 * typo fallback takes over where it is not exact.
 */

// Longest first: 'shch' before 'sh' before 's'.
const LATIN_TO_CYRILLIC: readonly (readonly [string, string])[] = [
  ["shch", "щ"],
  ["sch", "щ"],
  ["zh", "ж"],
  ["kh", "х"],
  ["ts", "ц"],
  ["ch", "ч"],
  ["sh", "ш"],
  ["yu", "ю"],
  ["ya", "я"],
  ["yo", "е"],
  ["ye", "е"],
  ["a", "а"],
  ["b", "б"],
  ["c", "к"],
  ["d", "д"],
  ["e", "е"],
  ["f", "ф"],
  ["g", "г"],
  ["h", "х"],
  ["i", "и"],
  ["j", "дж"],
  ["k", "к"],
  ["l", "л"],
  ["m", "м"],
  ["n", "н"],
  ["o", "о"],
  ["p", "п"],
  ["q", "к"],
  ["r", "р"],
  ["s", "с"],
  ["t", "т"],
  ["u", "у"],
  ["v", "в"],
  ["w", "в"],
  ["x", "кс"],
  ["y", "й"],
  ["z", "з"],
];

const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  ү: "u",
  ө: "o",
  ң: "n",
  қ: "k",
  ғ: "g",
  ұ: "u",
  ә: "a",
  і: "i",
  ї: "i",
  є: "e",
  ў: "u",
};

/** Whether the word is written in Latin letters (and digits) only. */
export function isLatin(word: string): boolean {
  return /^[a-z0-9]+$/i.test(word);
}

/** Whether the word has Cyrillic letters. */
export function isCyrillic(word: string): boolean {
  return /\p{Script=Cyrillic}/u.test(word);
}

/** 'tashkent' → 'ташкент', 'namangan' → 'наманган'; a word with other letters is returned as is. */
export function latinToCyrillic(word: string): string {
  const lower = word.toLowerCase();
  if (!isLatin(lower)) return lower;
  let out = "";
  let i = 0;
  while (i < lower.length) {
    const pair = LATIN_TO_CYRILLIC.find(([latin]) => lower.startsWith(latin, i));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
    } else {
      out += lower[i];
      i += 1;
    }
  }
  return out;
}

/** 'Ташкент' → 'tashkent'; letters without a Latin spelling are kept. */
export function cyrillicToLatin(word: string): string {
  return Array.from(word.toLowerCase(), (ch) => CYRILLIC_TO_LATIN[ch] ?? ch).join("");
}
