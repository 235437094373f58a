import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  type PluralForms,
  pluralRu,
  truncate,
} from "~/domain/format";

const FACTORIES: PluralForms = ["фабрика", "фабрики", "фабрик"];
/** Intl uses no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("pluralRu", () => {
  it.each([
    [0, "фабрик"],
    [1, "фабрика"],
    [2, "фабрики"],
    [4, "фабрики"],
    [5, "фабрик"],
    [11, "фабрик"],
    [12, "фабрик"],
    [14, "фабрик"],
    [21, "фабрика"],
    [22, "фабрики"],
    [25, "фабрик"],
    [101, "фабрика"],
    [111, "фабрик"],
    [112, "фабрик"],
    [122, "фабрики"],
    [1001, "фабрика"],
    [-1, "фабрика"],
    [1.5, "фабрики"],
  ])("%d → %s", (n, expected) => {
    expect(pluralRu(n, FACTORIES)).toBe(expected);
  });
});

describe("formatCount", () => {
  it("puts the number before the right form", () => {
    expect(formatCount(1, FACTORIES)).toBe("1 фабрика");
    expect(formatCount(3, FACTORIES)).toBe("3 фабрики");
    expect(formatCount(12, FACTORIES)).toBe("12 фабрик");
    expect(plain(formatCount(1521, FACTORIES))).toBe("1 521 фабрика");
  });
});

describe("formatDate", () => {
  it("formats dates and ISO strings as dd.mm.yyyy", () => {
    expect(formatDate("2025-03-07T10:00:00Z")).toBe("07.03.2025");
    expect(formatDate(new Date(Date.UTC(2024, 11, 31, 23, 59)))).toBe("31.12.2024");
    expect(formatDate("2025-01-05")).toBe("05.01.2025");
  });

  it("honours a time zone", () => {
    expect(formatDate("2024-12-31T23:30:00Z", { timeZone: "Asia/Bishkek" })).toBe("01.01.2025");
  });

  it("returns '' for empty or invalid input", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("not a date")).toBe("");
  });
});

describe("formatMoney", () => {
  it("uses ru-RU grouping and the currency symbol", () => {
    expect(plain(formatMoney(1500, "USD"))).toBe("1 500 $");
    expect(plain(formatMoney(25000, "KGS"))).toBe("25 000 сом");
    expect(plain(formatMoney(99.9, "EUR"))).toBe("99,90 €");
    expect(plain(formatMoney("1200.00", "RUB"))).toBe("1 200 ₽");
    expect(plain(formatMoney(0, "USD"))).toBe("0 $");
  });

  it("keeps number and symbol together with no-break spaces", () => {
    expect(formatMoney(1500, "USD")).toBe("1\u00a0500\u00a0$");
  });

  it("defaults to USD and passes unknown codes through", () => {
    expect(plain(formatMoney(10))).toBe("10 $");
    expect(plain(formatMoney(10, null))).toBe("10 $");
    expect(plain(formatMoney(10, "XYZ"))).toBe("10 XYZ");
  });

  it("says 'Цена по запросу' without a price", () => {
    expect(formatMoney(null, "USD")).toBe("Цена по запросу");
    expect(formatMoney(undefined, "USD")).toBe("Цена по запросу");
    expect(formatMoney("", "USD")).toBe("Цена по запросу");
    expect(formatMoney("abc", "USD")).toBe("Цена по запросу");
  });
});

describe("truncate", () => {
  it("keeps short text and cuts long text with an ellipsis", () => {
    expect(truncate("Хлопок", 20)).toBe("Хлопок");
    expect(truncate("12345678901234567890", 20)).toBe("12345678901234567890");
    expect(truncate("Хлопок 95%, эластан 5%, подкладка", 20)).toBe("Хлопок 95%, эластан…");
    expect(truncate("abc def", 4)).toBe("abc…");
    expect(truncate(null, 5)).toBe("");
  });
});

describe("formatting in English", () => {
  it("writes numbers, dates and money the English way", () => {
    expect(formatNumber(1500, "en")).toBe("1,500");
    expect(formatNumber(1500)).toBe("1\u00a0500");
    expect(formatDate("2026-03-05T10:00:00Z", { locale: "en" })).toBe("5 Mar 2026");
    expect(formatDate("2026-11-27T23:30:00Z", { locale: "en" })).toBe("27 Nov 2026");
    expect(formatDateTime("2026-11-27T14:05:00Z", { locale: "en" })).toBe("27 Nov 2026, 14:05");
    expect(formatDateTime("2026-11-27T14:05:00Z")).toBe("27.11.2026, 14:05");
    expect(formatMoney(25000, "KGS", "en")).toBe("25,000\u00a0som");
    expect(formatMoney("99.9", "EUR", "en")).toBe("99.90\u00a0€");
    expect(formatMoney(null, "USD", "en")).toBe("Price on request");
    expect(formatMoney(null, "USD")).toBe("Цена по запросу");
  });
});
