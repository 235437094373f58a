import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { auth } from "~/domain/messages/auth";
import { type BrowserChecks, browserChecks } from "~/domain/schemas/base";
import { EMAIL_PATTERN, loginSchema, registerSchema, USER_TYPE_OPTIONS } from "./schema";

describe("user types", () => {
  it("offers buyer and factory at registration", () => {
    expect(USER_TYPE_OPTIONS).toEqual(["buyer", "factory"]);
    expect(USER_TYPE_OPTIONS.map((type) => auth.register[type])).toEqual([
      "Покупатель",
      "Швейная фабрика",
    ]);
  });
});

describe("the browser's checks of the account forms", () => {
  it("are read from the schemas: limits, patterns and the server's messages", () => {
    const login = browserChecks(loginSchema("ru"), "ru");
    expect(login.email).toMatchObject({
      required: true,
      missing: auth.login.emailRequired,
      minLength: 1,
      maxLength: 254,
      trim: true,
      patterns: [[EMAIL_PATTERN.source, EMAIL_PATTERN.flags, auth.login.emailInvalid]],
    });
    expect(login.password).toMatchObject({ required: true, missing: auth.login.passwordRequired });
    expect(login.redirectTo).toMatchObject({ required: false });
    const register = browserChecks(registerSchema("en"), "en");
    expect(register.userType).toMatchObject({ required: true, missing: "Choose a user type" });
    expect(register.email?.patterns.map(([, , message]) => message)).toEqual([
      "The email address can only contain Latin characters",
      "Enter a valid email address",
    ]);
    expect(register.confirmPassword).toMatchObject({ required: false, patterns: [] });
  });

  /** The first message of the page script's order: empty, short, long, the patterns. */
  function browserMessage(checks: BrowserChecks, raw: string): string | null {
    const value = checks.trim ? raw.trim() : raw;
    if (!raw) return checks.required ? (checks.missing ?? null) : null;
    if (checks.minLength && value.length < checks.minLength) return checks.tooShort ?? null;
    if (checks.maxLength && value.length > checks.maxLength) return checks.tooLong ?? null;
    const failed = checks.patterns.find(
      ([source, flags]) => !new RegExp(source, flags).test(value),
    );
    return failed?.[2] ?? null;
  }

  it("say what the server says of each value", () => {
    const values = [
      "",
      "   ",
      "a",
      "Я",
      "ab",
      "not-an-email",
      "тест@пример.рф",
      "a@b.co",
      "a..b@c.de",
    ];
    const passwords = ["", "abc", "Secret-123", "пароль123", "x".repeat(129)];
    for (const [schema, fields] of [
      [registerSchema("ru"), { name: values, email: values, password: passwords }],
      [loginSchema("en"), { email: values, password: passwords }],
    ] as const) {
      const checks = browserChecks(schema, "ru");
      for (const [field, samples] of Object.entries(fields)) {
        for (const sample of samples) {
          const form = new FormData();
          form.set(field, sample);
          const server = parseWithZod(form, { schema }).reply().error?.[field]?.[0] ?? null;
          const browser = browserMessage(checks[field] as BrowserChecks, sample);
          expect(browser, `${field}: ${JSON.stringify(sample)}`).toBe(server);
        }
      }
    }
  });
});
