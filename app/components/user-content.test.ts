import { createElement, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatLocation } from "~/domain/reference";
import { locationText, withUserText } from "./user-content";

const html = (node: ReactNode) => renderToStaticMarkup(createElement(Fragment, null, node));

describe("people's words in interface texts", () => {
  it("marks the words a sentence puts in, keeping the sentence as it was", () => {
    const format = (reason: string) => `Причина блокировки: ${reason}`;
    expect(html(withUserText(format, "Спам"))).toBe(
      'Причина блокировки: <span data-user-content="true">Спам</span>',
    );
    expect(html(withUserText((name) => `«${name}» и «${name}»`, "Платье"))).toBe(
      '«<span data-user-content="true">Платье</span>» и «<span data-user-content="true">Платье</span>»',
    );
  });

  it("marks a typed city name, not a reference city or the country", () => {
    expect(locationText("kg", "kg_1", "en")).toBe("Bishkek, Kyrgyzstan");
    expect(locationText("kg", null, "ru")).toBe("Кыргызстан");
    expect(locationText(null, null, "en")).toBe("");
    expect(html(locationText("kg", " Кант ", "en"))).toBe(
      '<span data-user-content="true">Кант</span>, Kyrgyzstan',
    );
    expect(html(locationText(null, "Кант", "ru"))).toBe(
      '<span data-user-content="true">Кант</span>',
    );
    expect(html(locationText("kg", "Кант", "ru")).replace(/<[^>]+>/g, "")).toBe(
      formatLocation("kg", "Кант", "ru"),
    );
  });
});
