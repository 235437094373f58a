import { describe, expect, it } from "vitest";
import { cleanSearchText, containsPattern, searchWords } from "./search-text";

describe("cleanSearchText", () => {
  it("turns control characters and runs of spaces into one space and trims", () => {
    expect(cleanSearchText("  три\u0000кот\tаж \n\r  трико  ", 50)).toBe("три кот аж трико");
    expect(cleanSearchText("\u0000\u007f", 50)).toBe("");
  });

  it("cuts at whole characters, never inside an emoji", () => {
    expect(cleanSearchText("аб👗вг", 3)).toBe("аб👗");
    expect(cleanSearchText("аб 👗", 3)).toBe("аб");
  });

  it("is empty for anything that is not a string", () => {
    for (const value of [undefined, null, 42, ["трико"], { q: "трико" }]) {
      expect(cleanSearchText(value, 10)).toBe("");
    }
  });
});

describe("containsPattern", () => {
  it("wraps the text in % and takes its own %, _ and \\ literally", () => {
    expect(containsPattern("Ош")).toBe("%Ош%");
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});

describe("searchWords", () => {
  it("gives the words in lower case, each once", () => {
    expect(searchWords("Наман")).toEqual(["наман"]);
    expect(searchWords("Вечернее  платье вечернее")).toEqual(["вечернее", "платье"]);
    expect(searchWords("Кара-Балта 2024")).toEqual(["кара", "балта", "2024"]);
  });

  it("keeps only letters and digits, so no query syntax gets through, and eight words at most", () => {
    expect(searchWords("a & | !b':* (c)")).toEqual(["a", "b", "c"]);
    expect(searchWords("!!! ***")).toEqual([]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});
