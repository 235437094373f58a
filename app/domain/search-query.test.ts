import { describe, expect, it } from "vitest";
import { GLOSSARY } from "./glossary";
import { CATEGORY_SLUGS, FABRIC_TREE, GARMENT_GROUPS } from "./reference";
import { KNOWN_WORDS, parseSearch, queryWords, sameWordForm, wordTerms } from "./search-query";
import { cyrillicToLatin, latinToCyrillic } from "./transliteration";

describe("queryWords", () => {
  it("keeps letters, digits and inner hyphens, lower case, «ё» as «е», each word once", () => {
    expect(queryWords("Ак-Т  ёлка, ЁЛКА; t-shirt!")).toEqual(["ак-т", "елка", "t-shirt"]);
    expect(queryWords("a & | b ':* -x- (")).toEqual(["a", "b", "x"]);
    expect(queryWords("")).toEqual([]);
  });
  it("takes at most six words", () => {
    expect(queryWords("a b c d e f g h")).toHaveLength(6);
  });
});

describe("transliteration", () => {
  it("spells Latin names in Cyrillic", () => {
    expect(latinToCyrillic("Tashkent")).toBe("ташкент");
    expect(latinToCyrillic("Namangan")).toBe("наманган");
    expect(latinToCyrillic("Bishkek")).toBe("бишкек");
    expect(latinToCyrillic("Shymkent")).toBe("шймкент");
    expect(latinToCyrillic("Khujand")).toBe("худжанд");
  });
  it("spells Cyrillic names in Latin", () => {
    expect(cyrillicToLatin("Ташкент")).toBe("tashkent");
    expect(cyrillicToLatin("Наманган")).toBe("namangan");
    expect(cyrillicToLatin("Бишкек")).toBe("bishkek");
    expect(cyrillicToLatin("Щучье")).toBe("shchuche");
  });
});

describe("sameWordForm", () => {
  it("reads other endings and the beginning of a word as the same word", () => {
    expect(sameWordForm("платья", "платье")).toBe(true);
    expect(sameWordForm("ташкенте", "ташкент")).toBe(true);
    expect(sameWordForm("dresses", "dress")).toBe(true);
    expect(sameWordForm("наман", "наманган")).toBe(true);
  });
  it("does not join different words", () => {
    expect(sameWordForm("спортивная", "спорт")).toBe(false);
    expect(sameWordForm("лен", "ленинград")).toBe(false);
    expect(sameWordForm("шорты", "шоколад")).toBe(false);
  });
});

describe("wordTerms", () => {
  it("names places in either language and alphabet", () => {
    for (const word of ["tashkent", "ташкент", "ташкенте"]) {
      const terms = wordTerms(word);
      expect(terms.tokens, word).toContain("city:uz_1");
      expect(terms.texts, word).toContain("ташкент");
    }
    expect(wordTerms("uzbekistan").tokens).toContain("country:uz");
    expect(wordTerms("узбекистан").tokens).toContain("country:uz");
    expect(wordTerms("namangan").texts).toContain("наманган");
  });
  it("follows the glossary both ways", () => {
    expect(wordTerms("спецовка").texts).toContain("спецодежда");
    expect(wordTerms("спецовка").tokens).toContain("cat:professional-special");
    expect(wordTerms("denim").texts).toEqual(expect.arrayContaining(["деним", "джинсы"]));
    expect(wordTerms("knitwear").texts).toContain("трикотаж");
    expect(wordTerms("knitwear").tokens).toContain("material:knit");
    expect(wordTerms("hoodie").texts).toEqual(expect.arrayContaining(["худи", "толстовка"]));
    expect(wordTerms("толстовки").texts).toContain("hoodie");
    expect(wordTerms("jeans").tokens).toContain("garment:jeans");
    expect(wordTerms("платья").texts).toContain("dress");
    expect(wordTerms("trousers").texts).toContain("брюки");
    expect(wordTerms("linen").tokens).toEqual(expect.arrayContaining(["fabric:linen"]));
    expect(wordTerms("шерсть").texts).toContain("wool");
    expect(wordTerms("t-shirt").texts).toContain("футболка");
    expect(wordTerms("детская").tokens).toContain("cat:miscellaneous");
  });
  it("names categories, garment types and fabrics in both languages", () => {
    expect(wordTerms("outerwear").tokens).toContain("cat:outerwear");
    expect(wordTerms("пуховик").tokens).toContain("garment:down-jacket");
    expect(wordTerms("parka").tokens).toContain("garment:parka");
    expect(wordTerms("кашемир").tokens).toContain("fabric:cashmere");
    expect(wordTerms("cashmere").tokens).toContain("fabric:cashmere");
  });
  it("leaves short and unknown words alone", () => {
    expect(wordTerms("и")).toEqual({ word: "и", texts: ["и"], tokens: [] });
    expect(wordTerms("ыыыжжж").tokens).toEqual([]);
    expect(parseSearch("")).toEqual([]);
  });
});

describe("the glossary", () => {
  it("names only reference entries that exist, in lower case with «е»", () => {
    const garments = new Set(GARMENT_GROUPS.flatMap((group) => group.types.map((t) => t.slug)));
    const fabrics = new Set(FABRIC_TREE.flatMap((category) => category.items.map((i) => i.slug)));
    for (const group of GLOSSARY) {
      for (const slug of group.garments ?? []) expect(garments.has(slug), slug).toBe(true);
      for (const slug of group.fabrics ?? []) expect(fabrics.has(slug), slug).toBe(true);
      for (const slug of group.categories ?? []) {
        expect((CATEGORY_SLUGS as readonly string[]).includes(slug), slug).toBe(true);
      }
      for (const word of group.words) expect(word).toMatch(/^[a-zа-яе-]+$/);
    }
  });
  it("gives the typo fallback the names of places and garments", () => {
    expect(KNOWN_WORDS).toEqual(expect.arrayContaining(["наманган", "tashkent", "трикотаж"]));
  });
});
