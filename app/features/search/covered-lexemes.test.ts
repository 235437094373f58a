import { describe, expect, it } from "vitest";
import { withoutCoveredLexemes } from "./text-search.server";

describe("a word's tsquery without the alternatives another one already matches", () => {
  it("drops the lexemes and the longer prefixes that a prefix covers, and repeats", () => {
    expect(
      withoutCoveredLexemes(
        "'шелк' | 'шелков' | 'silk' | 'шелк':* | 'шелковый':* | 'silk':* | 'fabric:silk'",
      ),
    ).toBe("'шелк':* | 'silk':* | 'fabric:silk'");
    expect(withoutCoveredLexemes("'trouser' | 'pant' | 'trouser' | 'pants':*")).toBe(
      "'trouser' | 'pant' | 'pants':*",
    );
  });

  it("keeps a shorter lexeme than the prefix, and what it cannot read", () => {
    expect(withoutCoveredLexemes("'ферга' | 'фергана':* | 'city:uz_5'")).toBe(
      "'ферга' | 'фергана':* | 'city:uz_5'",
    );
    expect(withoutCoveredLexemes("'ак-тоо' <-> 'ак' <-> 'тоо'")).toBe(
      "'ак-тоо' <-> 'ак' <-> 'тоо'",
    );
    expect(withoutCoveredLexemes("'o''neil':* | 'o''neill'")).toBe("'o''neil':*");
    expect(withoutCoveredLexemes("")).toBe("");
  });
});
