import { describe, expect, it } from "vitest";
import { letterLocale } from "./auth.server";

describe("the language of an account letter", () => {
  it("writes a letter in the language of the page it was asked from", () => {
    expect(
      letterLocale(
        "http://localhost/api/auth/verify-email?token=t&callbackURL=%2Fen%2Fauth%2Fverified",
      ),
    ).toBe("en");
    expect(letterLocale("http://localhost/api/auth/verify-email?token=t&callbackURL=%2F")).toBe(
      "ru",
    );
    expect(letterLocale("not a url")).toBe("ru");
  });
});
