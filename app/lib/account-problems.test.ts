import { describe, expect, it } from "vitest";
import type { AccountProblem } from "~/domain/account-problem";
import { auth, common, messagesFor } from "~/domain/catalogue";
import { accountProblemText } from "./account-problems";

const ru = messagesFor("ru", { auth, common });
const en = messagesFor("en", { auth, common });

describe("what an account problem says", () => {
  it("in Russian, SPEC's messages", () => {
    expect(accountProblemText({ code: "invalid-credentials" }, ru, "login")).toBe(
      "Неверный email или пароль",
    );
    expect(accountProblemText({ code: "email-not-confirmed" }, ru, "login")).toBe(
      "Подтвердите email перед входом",
    );
    expect(accountProblemText({ code: "email-taken" }, ru, "register")).toBe(
      "Пользователь с таким email уже зарегистрирован",
    );
    expect(accountProblemText({ code: "resend-wait", seconds: 90 }, ru, "other")).toMatch(
      /^Письмо уже отправлено недавно/,
    );
  });

  it("in English, and never in the library's own words", () => {
    expect(accountProblemText({ code: "invalid-credentials" }, en, "login")).toBe(
      "Incorrect email or password",
    );
    expect(accountProblemText({ code: "rate-limited" }, en, "other")).toBe(en.common.rateLimited);
    expect(accountProblemText({ code: "auth-error" }, en, "login")).toBe(
      en.auth.login.error(en.common.unknownError),
    );
    expect(accountProblemText({ code: "unexpected" }, en, "register")).toBe(
      en.auth.register.unexpectedError,
    );
  });

  it("has words for every problem on every form, in both languages", () => {
    const problems: AccountProblem[] = [
      { code: "rate-limited" },
      { code: "email-taken" },
      { code: "invalid-email-format" },
      { code: "email-invalid" },
      { code: "weak-password" },
      { code: "database-error" },
      { code: "unexpected" },
      { code: "auth-error" },
      { code: "invalid-credentials" },
      { code: "email-not-confirmed" },
      { code: "banned" },
      { code: "resend-wait", seconds: 30 },
      { code: "link-invalid" },
      { code: "rate-limited", seconds: 45 },
      { code: "sign-in-locked", seconds: 45 },
    ];
    for (const m of [ru, en]) {
      for (const form of ["register", "login", "other"] as const) {
        for (const problem of problems) {
          expect(accountProblemText(problem, m, form).trim(), problem.code).not.toBe("");
        }
      }
    }
    expect(accountProblemText({ code: "banned" }, ru, "other")).toBe(ru.auth.login.banned);
  });

  it("says how long a lock-out or a rate limit lasts", () => {
    expect(accountProblemText({ code: "sign-in-locked", seconds: 45 }, ru, "login")).toBe(
      "Слишком много неудачных попыток входа. Попробуйте снова через 45 секунд или восстановите пароль.",
    );
    expect(accountProblemText({ code: "sign-in-locked", seconds: 61 }, en, "login")).toBe(
      "Too many failed sign-in attempts. Try again in 2 minutes, or reset your password.",
    );
    expect(accountProblemText({ code: "rate-limited", seconds: 3 }, ru, "other")).toBe(
      "Слишком много попыток. Попробуйте снова через 3 секунды.",
    );
    expect(accountProblemText({ code: "rate-limited", seconds: 7200 }, en, "other")).toBe(
      "Too many attempts. Try again in 2 hours.",
    );
  });
});
