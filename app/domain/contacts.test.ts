import { describe, expect, it } from "vitest";
import {
  formatPhone,
  handleOf,
  normalizeInstagram,
  normalizePhone,
  normalizeTelegram,
  normalizeWebsite,
  normalizeWhatsapp,
  phoneLink,
  whatsappLink,
} from "./contacts";

describe("contact normalisation", () => {
  it.each([
    ["@ala_too_textile", "https://t.me/ala_too_textile"],
    ["ala_too_textile", "https://t.me/ala_too_textile"],
    ["t.me/ala_too_textile", "https://t.me/ala_too_textile"],
    ["https://t.me/ala_too_textile/", "https://t.me/ala_too_textile"],
    ["  @Factory_KG  ", "https://t.me/Factory_KG"],
  ])("Telegram %s → %s", (input, stored) => expect(normalizeTelegram(input)).toBe(stored));

  it.each([
    "@abc",
    "t.me/",
    "https://evil.example/t.me/abcdef",
    "фабрика",
    "@a b c d e",
    "javascript:alert(1)",
  ])("refuses Telegram %s", (input) => expect(normalizeTelegram(input)).toBeNull());

  it.each([
    ["+996 555 123 456", "+996555123456"],
    ["8 (701) 555-01-42", "+77015550142"],
    ["https://wa.me/996555123456", "+996555123456"],
    ["wa.me/77015551235?text=hi", "+77015551235"],
    ["77015551235", "+77015551235"],
  ])("WhatsApp %s → %s", (input, stored) => expect(normalizeWhatsapp(input)).toBe(stored));

  it.each(["12345", "+996 555 abc", "1234567890123456", "wa.me/", "0555 123 456", "996+555123456"])(
    "refuses WhatsApp %s",
    (input) => expect(normalizeWhatsapp(input)).toBeNull(),
  );

  it.each([
    ["@fabrika.kg", "https://instagram.com/fabrika.kg"],
    ["instagram.com/fabrika_kg/", "https://instagram.com/fabrika_kg"],
    ["https://www.instagram.com/fabrika?igsh=abc", "https://instagram.com/fabrika"],
  ])("Instagram %s → %s", (input, stored) => expect(normalizeInstagram(input)).toBe(stored));

  it.each(["@.fabrika", "fabrika..kg", "https://instagram.com/", "фабрика"])(
    "refuses Instagram %s",
    (input) => expect(normalizeInstagram(input)).toBeNull(),
  );

  it.each([
    ["example.com", "https://example.com"],
    ["http://ala-too.kg/about/", "http://ala-too.kg/about"],
    ["https://фабрика.рф", "https://xn--80aac2ak8aza.xn--p1ai"],
  ])("website %s → %s", (input, stored) => expect(normalizeWebsite(input)).toBe(stored));

  it.each([
    "javascript:alert(1)",
    "localhost",
    "ftp://example.com",
    "https://user:pw@example.com",
    "exa mple.com",
  ])("refuses website %s", (input) => expect(normalizeWebsite(input)).toBeNull());

  it.each([
    [" +996  555 123-456 ", "+996555123456"],
    ["+998 90 123 45 67", "+998901234567"],
    ["(+998) 90 123-45-67", "+998901234567"],
    ["00998 90 123 45 67", "+998901234567"],
    ["8 701 555 12 35", "+77015551235"],
    ["77015551235", "+77015551235"],
  ])("stores the phone %s as %s", (input, stored) => expect(normalizePhone(input)).toBe(stored));

  it.each(["123", "+996 555 <b>", "0555 123 456", "+0555123456", "+1234567890123456"])(
    "refuses the phone %s",
    (input) => expect(normalizePhone(input)).toBeNull(),
  );

  it("builds links and handles", () => {
    expect(phoneLink("+996 555 123 456")).toBe("tel:+996555123456");
    expect(phoneLink("8 701 555 0142")).toBe("tel:87015550142");
    expect(whatsappLink("+996555123456")).toBe("https://wa.me/996555123456");
    expect(handleOf("https://t.me/ala_too")).toBe("@ala_too");
    expect(handleOf(null)).toBe("");
  });
});

describe("formatPhone", () => {
  it("writes a stored number with its country's grouping", () => {
    const written = {
      "+77015551235": "+7 701 555 12 35",
      "+998901234567": "+998 90 123 45 67",
      "+996555123456": "+996 555 12 34 56",
      "+375291234567": "+375 29 123 45 67",
      "+995599123456": "+995 599 12 34 56",
      "+380501234567": "+380 50 123 45 67",
      "+905321234567": "+90 532 123 45 67",
      "+4915123456789": "+49 151 23456789",
      "+493012345678": "+49 30 12345678",
      "+8613812345678": "+86 138 1234 5678",
      "+9965554678387": "+996 555 467 8387",
      "+35312345678": "+353 123 456 78",
      "8 701 555 0142": "8 701 555 0142",
    };
    for (const [stored, number] of Object.entries(written)) {
      expect(formatPhone(stored), stored).toBe(number);
    }
  });

  it("goes back to the same stored value through the forms' rules", () => {
    for (const stored of [
      "+996555123456",
      "+77011234567",
      "+48123456789",
      "+998901234567",
      "+4915123456789",
      "+35312345678",
      "+1234567",
    ]) {
      expect(normalizePhone(formatPhone(stored)), stored).toBe(stored);
      expect(normalizeWhatsapp(formatPhone(stored)), stored).toBe(stored);
    }
  });
});
