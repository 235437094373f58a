import { describe, expect, it } from "vitest";
import * as catalogue from "./catalogue";
import { LOCALES } from "./locale";

const CYRILLIC = /[\u0400-\u04FF]/;

/** Every text of a namespace, functions called with sample arguments (3, 'Name', ...). */
function textsOf(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([path, value]);
  else if (typeof value === "function") {
    const args = Array.from({ length: value.length }, (_, i) => (i === 0 ? 3 : "Name"));
    const result: unknown = value(...args);
    if (typeof result === "string") out.push([`${path}()`, result]);
  } else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) textsOf(inner, `${path}.${key}`, out);
  }
  return out;
}

const namespaces = Object.entries(catalogue).filter(
  ([, value]) => typeof value === "object" && value !== null && "ru" in value,
) as [string, Record<string, unknown>][];

describe("the message catalogue", () => {
  it("has every namespace in every language", () => {
    expect(namespaces.length).toBeGreaterThan(15);
    for (const [name, namespace] of namespaces) {
      for (const locale of LOCALES) expect(namespace[locale], `${name}.${locale}`).toBeTruthy();
    }
  });

  it("has no Cyrillic in English, and English differs from Russian", () => {
    for (const [name, namespace] of namespaces) {
      const english = textsOf(namespace.en, name);
      const russian = new Map(textsOf(namespace.ru, name));
      expect(english.length, name).toBe(russian.size);
      for (const [path, text] of english) {
        expect(CYRILLIC.test(text), `${path}: ${text}`).toBe(false);
      }
      const untranslated = english.filter(
        ([path, text]) => CYRILLIC.test(russian.get(path) ?? "") && russian.get(path) === text,
      );
      expect(untranslated, name).toEqual([]);
    }
  });

  it("picks the namespaces of one language", () => {
    const { common, nav } = catalogue.messagesFor("en", {
      common: catalogue.common,
      nav: catalogue.nav,
    });
    expect(common).toBe(catalogue.common.en);
    expect(nav).toBe(catalogue.nav.en);
    expect(catalogue.messagesFor("ru", { common: catalogue.common }).common.save).toBe("Сохранить");
  });
});
