import { describe, expect, it } from "vitest";
import {
  isLocale,
  localeOfPath,
  localizedHref,
  pathWithoutLocale,
  preferredLocale,
} from "./locale";

describe("languages in addresses", () => {
  it("reads the language of an address; Russian has no prefix", () => {
    for (const path of ["/", "/factories", "/ru/factories", "/english", "/entry/en"]) {
      expect(localeOfPath(path), path).toBe("ru");
    }
    for (const path of ["/en", "/en/factory/abc"]) expect(localeOfPath(path), path).toBe("en");
  });

  it("takes the language off an address", () => {
    for (const path of ["/en", "/en/"]) expect(pathWithoutLocale(path), path).toBe("/");
    expect(pathWithoutLocale("/en/tenders")).toBe("/tenders");
    // A Russian address, or one that only starts with the letters "en", is kept.
    for (const path of ["/tenders", "/english"]) expect(pathWithoutLocale(path), path).toBe(path);
  });

  it("gives the same address in the other language, query and fragment kept", () => {
    expect(localizedHref("/factories?country=kg&page=2", "en")).toBe(
      "/en/factories?country=kg&page=2",
    );
    expect(localizedHref("/en/factories?country=kg", "ru")).toBe("/factories?country=kg");
    expect(localizedHref("/", "en")).toBe("/en");
    expect(localizedHref("/en", "ru")).toBe("/");
    expect(localizedHref("/?x=1#top", "en")).toBe("/en?x=1#top");
    expect(localizedHref("/en/tenders", "en")).toBe("/en/tenders");
    expect(localizedHref("https://example.com/a", "en")).toBe("https://example.com/a");
    expect(localizedHref("//evil.example/a", "en")).toBe("//evil.example/a");
  });

  it("knows its languages only", () => {
    expect(isLocale("en")).toBe(true);
    expect(isLocale("de")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
});

describe("a browser's languages", () => {
  it("picks the first of ours by quality, or none", () => {
    expect(preferredLocale("de-DE,de;q=0.9,en;q=0.8")).toBe("en");
    expect(preferredLocale("en-US,ru;q=0.5")).toBe("en");
    expect(preferredLocale("ru-RU,ru;q=0.9,en-US;q=0.8")).toBe("ru");
    expect(preferredLocale("en;q=0.3,ru;q=0.7")).toBe("ru");
    expect(preferredLocale("de,fr")).toBeNull();
    expect(preferredLocale("en;q=0")).toBeNull();
    expect(preferredLocale("")).toBeNull();
    expect(preferredLocale(null)).toBeNull();
    expect(preferredLocale(`${"x;q=0.1,".repeat(10_000)}en`)).toBeNull();
  });
});
