import { describe, expect, it } from "vitest";
import { staticPageKeys, staticPages } from "./static-pages";

const allText = (email: string | undefined) =>
  staticPageKeys
    .flatMap((key) => staticPages(email)[key].sections.flatMap((section) => section.paragraphs))
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
