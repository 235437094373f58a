import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { textMaxLengths } from "~/domain/schemas/base";
import { loginSchema, registerSchema, safeRedirect } from "~/features/accounts/schema";
import { buyerProfileSchema, factoryProfileSchema } from "~/features/factories/schema";
import { productSchema } from "~/features/products/schema";
import { quoteSchema } from "~/features/quotes/schema";
import { tenderSchema } from "~/features/tenders/schema";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

function errorsOf(
  schema: Parameters<typeof parseWithZod>[1]["schema"],
  entries: [string, string][],
) {
  const result = parseWithZod(form(entries), { schema });
  return result.status === "success" ? {} : (result.error ?? {});
}

const validRegistration: [string, string][] = [
  ["name", "Ала-Тоо"],
  ["userType", "factory"],
  ["email", "Owner@Example.com"],
  ["password", "secret-123"],
  ["confirmPassword", "secret-123"],
];

describe("registration schema (docs/product.md, Validation)", () => {
  it("accepts a valid form and lowercases the email", () => {
    const result = parseWithZod(form(validRegistration), { schema: registerSchema("ru") });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.email).toBe("owner@example.com");
  });

  it.each([
    ["name", "А", "Имя должно содержать минимум 2 символа"],
    ["userType", "admin", "Выберите тип пользователя"],
    ["email", "owner@example", "Введите корректный email"],
    ["email", "ivan..petrov@example.org", "Введите корректный email"],
    ["email", "a@-b.com", "Введите корректный email"],
    ["email", "владелец@пример.рф", "Email должен содержать только латинские символы"],
    ["password", "12345", "Пароль должен содержать минимум 6 символов"],
    [
      "password",
      "пароль123",
      "Пароль может содержать только латинские символы, цифры и специальные знаки",
    ],
  ])("%s = %s → %s", (field, value, message) => {
    const entries = validRegistration.map(([k, v]): [string, string] => [
      k,
      k === field ? value : v,
    ]);
    expect(errorsOf(registerSchema("ru"), entries)[field]).toContain(message);
  });

  it("shows every message that applies at once", () => {
    const withValues = (values: Record<string, string>) =>
      validRegistration.map(([k, v]): [string, string] => [k, values[k] ?? v]);
    expect(
      errorsOf(registerSchema("ru"), withValues({ password: "abc", confirmPassword: "abd" })),
    ).toEqual({
      password: ["Пароль должен содержать минимум 6 символов"],
      confirmPassword: ["Пароли не совпадают"],
    });
    expect(
      errorsOf(registerSchema("ru"), withValues({ name: "   ", confirmPassword: "other-123" })),
    ).toEqual({
      name: ["Имя должно содержать минимум 2 символа"],
      confirmPassword: ["Пароли не совпадают"],
    });
    const all = errorsOf(
      registerSchema("ru"),
      withValues({ email: "owner@", password: "12", confirmPassword: "" }),
    );
    expect(Object.keys(all).sort()).toEqual(["confirmPassword", "email", "password"]);
  });

  it("takes a name on one line only", () => {
    const entries = validRegistration.map(([k, v]): [string, string] => [
      k,
      k === "name" ? "Анна\nhttps://evil.example Ваш аккаунт заблокирован" : v,
    ]);
    expect(errorsOf(registerSchema("ru"), entries)).toEqual({
      name: ["Введите в одну строку, без переносов"],
    });
  });

  it("puts a confirmation mismatch on the confirmation field", () => {
    const entries = validRegistration.map(([k, v]): [string, string] => [
      k,
      k === "confirmPassword" ? "other-123" : v,
    ]);
    expect(errorsOf(registerSchema("ru"), entries)).toEqual({
      confirmPassword: ["Пароли не совпадают"],
    });
  });

  it("requires a user type", () => {
    const entries = validRegistration.filter(([k]) => k !== "userType");
    expect(errorsOf(registerSchema("ru"), entries).userType).toEqual(["Выберите тип пользователя"]);
  });
});

describe("login schema", () => {
  it("asks for the email and the password", () => {
    expect(errorsOf(loginSchema("ru"), [])).toEqual({
      email: ["Введите email"],
      password: ["Введите пароль"],
    });
    expect(
      errorsOf(loginSchema("ru"), [
        ["email", "nobody"],
        ["password", "x"],
      ]),
    ).toEqual({
      email: ["Введите корректный email"],
    });
  });

  it("only redirects within the site", () => {
    expect(safeRedirect("/profile?tab=1")).toBe("/profile?tab=1");
    const elsewhere = [
      "//evil.example",
      "/\\evil.example",
      // Browsers drop tabs and newlines: '/\t/evil.example' would become '//evil.example'.
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example",
    ];
    for (const target of elsewhere) expect(safeRedirect(target), JSON.stringify(target)).toBe("/");
    expect(safeRedirect(undefined, "/admin")).toBe("/admin");
  });

  it("gives a path that fits a Location header: letters beyond ASCII percent-encoded", () => {
    // Found by the hostile-input property of POST /language: '/Ā' made the redirect throw.
    expect(safeRedirect("/Ā")).toBe("/%C4%80");
    expect(safeRedirect("/factories?q=платье")).toBe(
      `/factories?q=${encodeURIComponent("платье")}`,
    );
    expect(safeRedirect("/factories?q=%D0%BF")).toBe("/factories?q=%D0%BF");
    // A lone surrogate cannot be encoded: the fallback.
    expect(safeRedirect("/\uD800x")).toBe("/");
    for (const target of ["/Ā", "/factories?q=платье", "/en/tenders#вверх"]) {
      expect(() => new Headers({ Location: safeRedirect(target) }), target).not.toThrow();
    }
  });
});

describe("profile schemas", () => {
  it("normalises the factory's contacts and drops unknown fields", () => {
    const result = parseWithZod(
      form([
        ["name", "  Ала-Тоо Текстиль "],
        ["telegramUrl", "@ala_too_textile"],
        ["whatsappNumber", "+996 555 123 456"],
        ["instagramUrl", "ala.too"],
        ["website", "ala-too.kg"],
        ["country", "kg"],
        ["city", "kg_1"],
        ["categories", "outerwear"],
        ["categories", "tops"],
        ["categories", "tops"],
        ["userId", "someone-else"],
        ["description", "   "],
      ]),
      { schema: factoryProfileSchema("ru") },
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      name: "Ала-Тоо Текстиль",
      telegramUrl: "https://t.me/ala_too_textile",
      whatsappNumber: "+996555123456",
      instagramUrl: "https://instagram.com/ala.too",
      website: "https://ala-too.kg",
      country: "kg",
      city: "kg_1",
      categories: ["outerwear", "tops"],
    });
  });

  it("refuses a city of another country, an unknown category and a bad contact, in Russian", () => {
    const errors = errorsOf(factoryProfileSchema("ru"), [
      ["name", "Фабрика"],
      ["categories", "weapons"],
      ["telegramUrl", "not a handle"],
    ]);
    expect(errors["categories[0]"]).toEqual(["Выберите сферы деятельности из списка"]);
    expect(errors.telegramUrl?.[0]).toMatch(/Telegram/);
    const city = errorsOf(factoryProfileSchema("ru"), [
      ["name", "Фабрика"],
      ["country", "kz"],
      ["city", "kg_1"],
    ]);
    expect(city).toEqual({ city: ["Выберите город из списка для выбранной страны"] });
  });

  it("requires the name on both forms", () => {
    expect(errorsOf(factoryProfileSchema("ru"), [["name", "  "]]).name).toEqual([
      "Введите название фабрики",
    ]);
    expect(errorsOf(buyerProfileSchema("ru"), []).name).toEqual(["Введите имя"]);
  });
});

describe("text limits for the browser", () => {
  it("gives each text field the maximum its server rule has", () => {
    expect(textMaxLengths(registerSchema("ru"))).toMatchObject({
      name: 120,
      email: 254,
      password: 128,
    });
    expect(textMaxLengths(factoryProfileSchema("ru"))).toMatchObject({
      name: 120,
      description: 5000,
      address: 300,
      city: 60,
    });
    expect(textMaxLengths(tenderSchema("ru"))).toMatchObject({
      description: 5000,
      requirements: 5000,
    });
    expect(textMaxLengths(productSchema("ru"))).toMatchObject({ name: 120, description: 5000 });
  });
});

describe("upper bounds on quantities and money (typo guards)", () => {
  it("refuses a tender of 100,000,000 pieces or a budget of 99,999,999,999, in both languages", () => {
    const tender = (entries: [string, string][]) =>
      errorsOf(tenderSchema("ru"), [["title", "Пошив"], ...entries]);
    expect(tender([["quantity", "100000000"]])).toEqual({
      quantity: ["Слишком большое количество: не больше 10\u00a0000\u00a0000 шт."],
    });
    expect(tender([["budget", "99999999999"]])).toEqual({
      budget: ["Слишком большой бюджет: не больше 10\u00a0000\u00a0000\u00a0000"],
    });
    expect(
      tender([
        ["quantity", "10000000"],
        ["budget", "10000000000"],
      ]),
    ).toEqual({});
    expect(
      errorsOf(tenderSchema("en"), [
        ["title", "Sewing"],
        ["quantity", "100000000"],
      ]),
    ).toEqual({ quantity: ["The quantity is too large: 10,000,000 pcs at most"] });
  });

  it("refuses a quote's price above 100,000,000 and quantity above 10,000,000", () => {
    const quote = (locale: "ru" | "en", price: string, quantity: string) =>
      errorsOf(quoteSchema(locale), [
        ["unitPrice", price],
        ["quantity", quantity],
        ["leadTimeDays", "30"],
        ["validUntil", new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)],
      ]);
    expect(quote("ru", "100000000.01", "10000001")).toEqual({
      unitPrice: ["Слишком большая цена: не больше 100\u00a0000\u00a0000"],
      quantity: ["Слишком большое число: не больше 10\u00a0000\u00a0000"],
    });
    expect(quote("en", "100000001", "1")).toEqual({
      unitPrice: ["That price is too large: 100,000,000 at most"],
    });
    expect(quote("ru", "100000000", "10000000")).toEqual({});
  });
});
