import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "~/domain/locale";
import { ARTICLES_PAGE, staticPageKeys, staticPages } from "./static-pages";

const allText = (email: string | undefined, locale?: Locale) =>
  staticPageKeys
    .flatMap((key) =>
      staticPages(email, locale)[key].sections.flatMap((section) => section.paragraphs),
    )
    .join("\n");

describe("static pages and the support address", () => {
  it("name the operator's address wherever they send people to write", () => {
    const text = allText("help@fabricum.kg");
    expect(text.match(/help@fabricum\.kg/g)?.length).toBe(4);
    expect(staticPages("help@fabricum.kg").contact.sections[1]?.paragraphs[0]).toBe(
      "Email: help@fabricum.kg. Это почтовый ящик оператора площадки — компании, которая управляет Fabricum.",
    );
  });

  it("name no address when none is set, and say where one will appear", () => {
    const text = allText(undefined);
    expect(text).not.toMatch(/@/);
    expect(text).toContain("Адрес службы поддержки появится здесь");
  });
});

describe("static pages in English", () => {
  it("are Russian unless asked otherwise", () => {
    expect(staticPages(undefined)).toEqual(staticPages(undefined, "ru"));
  });

  it("name the address in the same places, or say where one will appear", () => {
    expect(allText("help@fabricum.kg", "en").match(/help@fabricum\.kg/g)?.length).toBe(4);
    expect(staticPages("help@fabricum.kg", "en").contact.sections[1]?.paragraphs[0]).toBe(
      "Email: help@fabricum.kg. This is the mailbox of the platform’s operator, the company that runs Fabricum.",
    );
    const text = allText(undefined, "en");
    expect(text).not.toMatch(/@/);
    expect(text).toContain("The support address will appear here");
  });

  it("have the structure of the Russian pages, with no Russian left", () => {
    for (const key of staticPageKeys) {
      const ru = staticPages("help@fabricum.kg", "ru")[key];
      const en = staticPages("help@fabricum.kg", "en")[key];
      expect(
        en.sections.map((s) => s.paragraphs.length),
        key,
      ).toEqual(ru.sections.map((s) => s.paragraphs.length));
      expect(en.sections.map((s) => s.heading === undefined)).toEqual(
        ru.sections.map((s) => s.heading === undefined),
      );
      expect(JSON.stringify(en), key).not.toMatch(/[\u0400-\u04FF]/);
    }
    expect(JSON.stringify(ARTICLES_PAGE.en)).not.toMatch(/[\u0400-\u04FF]/);
  });

  it("keep meta descriptions within 160 characters", () => {
    for (const locale of LOCALES) {
      for (const key of staticPageKeys) {
        expect(staticPages(undefined, locale)[key].description.length, key).toBeLessThanOrEqual(
          160,
        );
      }
      expect(ARTICLES_PAGE[locale].description.length).toBeLessThanOrEqual(160);
    }
  });
});
