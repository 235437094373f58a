import { describe, expect, it } from "vitest";
import {
  formatWhatsapp,
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
    ["+996 555 123 456", "996555123456"],
    ["8 (701) 555-01-42", "87015550142"],
    ["https://wa.me/996555123456", "996555123456"],
  ])("WhatsApp %s → %s", (input, stored) => expect(normalizeWhatsapp(input)).toBe(stored));

  it.each(["12345", "+996 555 abc", "1234567890123456", "wa.me/"])("refuses WhatsApp %s", (input) =>
    expect(normalizeWhatsapp(input)).toBeNull(),
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

  it("keeps a phone as typed when it has 7–15 digits", () => {
    expect(normalizePhone(" +996  555 123-456 ")).toBe("+996 555 123-456");
    expect(normalizePhone("123")).toBeNull();
    expect(normalizePhone("+996 555 <b>")).toBeNull();
  });

  it("builds links and handles", () => {
    expect(phoneLink("+996 555 123 456")).toBe("tel:+996555123456");
    expect(phoneLink("8 701 555 0142")).toBe("tel:87015550142");
    expect(whatsappLink("996555123456")).toBe("https://wa.me/996555123456");
    expect(handleOf("https://t.me/ala_too")).toBe("@ala_too");
    expect(handleOf(null)).toBe("");
  });
});

describe("formatWhatsapp", () => {
  it("writes stored digits as a number people read", () => {
    const written = {
      "996555123456": "+996 555 123 456",
      "9965554678387": "+996 555 467 8387",
      "77011234567": "+7 701 123 4567",
      "995599123456": "+995 599 123 456",
      "1234567": "+1 234 567",
    };
    for (const [digits, number] of Object.entries(written)) {
      expect(formatWhatsapp(digits), digits).toBe(number);
    }
  });

  it("goes back to the same digits through the form's rule", () => {
    for (const digits of ["996555123456", "77011234567", "48123456789"]) {
      expect(normalizeWhatsapp(formatWhatsapp(digits))).toBe(digits);
    }
  });
});
