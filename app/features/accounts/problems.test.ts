import { describe, expect, it } from "vitest";
import { auth, common, messagesFor } from "~/domain/catalogue";
import { type AccountProblem, type AccountProblemDetails, accountProblemText } from "./problems";

const ru = messagesFor("ru", { auth, common });
const en = messagesFor("en", { auth, common });

describe("what an account problem says", () => {
  it("in Russian, SPEC's messages", () => {
    expect(accountProblemText({ problem: "invalid-credentials" }, ru, "login")).toBe(
      "Неверный email или пароль",
    );
    expect(accountProblemText({ problem: "email-not-confirmed" }, ru, "login")).toBe(
      "Подтвердите email перед входом",
    );
    expect(accountProblemText({ problem: "email-taken" }, ru, "register")).toBe(
      "Пользователь с таким email уже зарегистрирован",
    );
    expect(accountProblemText({ problem: "resend-wait", seconds: 90 }, ru, "other")).toMatch(
      /^Письмо уже отправлено недавно/,
    );
  });

  it("in English, and never in the library's own words", () => {
    expect(accountProblemText({ problem: "invalid-credentials" }, en, "login")).toBe(
      "Incorrect email or password",
    );
    expect(accountProblemText({ problem: "rate-limited" }, en, "other")).toBe(
      en.common.rateLimited,
    );
    expect(accountProblemText({ problem: "auth-error" }, en, "login")).toBe(
      en.auth.login.error(en.common.unknownError),
    );
    expect(accountProblemText({ problem: "unexpected" }, en, "register")).toBe(
      en.auth.register.unexpectedError,
    );
  });

  it("has words for every problem on every form, in both languages", () => {
    const problems: ({ problem: Exclude<AccountProblem, "invalid"> } & AccountProblemDetails)[] = [
      { problem: "rate-limited" },
      { problem: "email-taken" },
      { problem: "invalid-email-format" },
      { problem: "email-invalid" },
      { problem: "weak-password" },
      { problem: "database-error" },
      { problem: "unexpected" },
      { problem: "auth-error" },
      { problem: "invalid-credentials" },
      { problem: "email-not-confirmed" },
      { problem: "banned" },
      { problem: "resend-wait", seconds: 30 },
      { problem: "link-invalid" },
      { problem: "rate-limited", seconds: 45 },
      { problem: "sign-in-locked", seconds: 45 },
    ];
    for (const m of [ru, en]) {
      for (const form of ["register", "login", "other"] as const) {
        for (const problem of problems) {
          expect(accountProblemText(problem, m, form).trim(), problem.problem).not.toBe("");
        }
      }
    }
    expect(accountProblemText({ problem: "banned" }, ru, "other")).toBe(ru.auth.login.banned);
  });

  it("says how long a lock-out or a rate limit lasts", () => {
    expect(accountProblemText({ problem: "sign-in-locked", seconds: 45 }, ru, "login")).toBe(
      "Слишком много неудачных попыток входа. Попробуйте снова через 45 секунд или восстановите пароль.",
    );
    expect(accountProblemText({ problem: "sign-in-locked", seconds: 61 }, en, "login")).toBe(
      "Too many failed sign-in attempts. Try again in 2 minutes, or reset your password.",
    );
    expect(accountProblemText({ problem: "rate-limited", seconds: 3 }, ru, "other")).toBe(
      "Слишком много попыток. Попробуйте снова через 3 секунды.",
    );
    expect(accountProblemText({ problem: "rate-limited", seconds: 7200 }, en, "other")).toBe(
      "Too many attempts. Try again in 2 hours.",
    );
  });
});
