import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  accountButton,
  CONFIRM_SUBJECT,
  chooseUserType,
  demoAccount,
  fillRegistration,
  holdFormSubmission,
  newAccount,
  RESET_SUBJECT,
  registerNewAccount,
  signInWithForm,
  toasts,
  uniqueEmail,
  waitForMail,
} from "./helpers";

// Registration, email confirmation, sign-in, password reset and sign-out, as a person does them.
// Every test makes its own accounts; nothing here touches the demo data.

const msg = {
  nameTooShort: "Имя должно содержать минимум 2 символа",
  userTypeRequired: "Выберите тип пользователя",
  emailInvalid: "Введите корректный email",
  emailNotLatin: "Email должен содержать только латинские символы",
  passwordTooShort: "Пароль должен содержать минимум 6 символов",
  passwordInvalidChars:
    "Пароль может содержать только латинские символы, цифры и специальные знаки",
  passwordsMismatch: "Пароли не совпадают",
  emailTaken: "Пользователь с таким email уже зарегистрирован",
  emailRequired: "Введите email",
  passwordRequired: "Введите пароль",
  invalidCredentials: "Неверный email или пароль",
  emailNotConfirmed: "Подтвердите email перед входом",
  loginSuccess: "Успешный вход в систему",
  verifiedBuyer:
    "Email подтвержден. Найдите фабрику в каталоге или разместите тендер, чтобы фабрики увидели ваш заказ.",
  resetSent:
    "Если аккаунт с таким email существует, мы отправили на него письмо со ссылкой для сброса пароля.",
  resetDone: "Пароль изменен. Войдите с новым паролем.",
  resetLinkInvalid: "Ссылка для сброса пароля недействительна или устарела",
};

function registrationForm(page: Page) {
  return {
    name: page.getByLabel("Имя или название компании"),
    type: page.getByRole("group", { name: "Тип пользователя" }),
    buyer: page.getByRole("radio", { name: "Покупатель" }),
    factory: page.getByRole("radio", { name: "Швейная фабрика" }),
    email: page.getByLabel("Email", { exact: true }),
    password: page.getByLabel("Пароль", { exact: true }),
    confirm: page.getByLabel("Подтвердите пароль"),
    submit: page.getByRole("button", { name: "Зарегистрироваться", exact: true }),
  };
}

/** The message is shown under the field and is the field's description; the field is invalid. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

async function expectNoFieldError(field: Locator) {
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
}

type RegField = "name" | "email" | "password" | "confirm";
interface RegCase {
  title: string;
  values: Partial<Record<RegField, string>> & { type?: "buyer" | "factory" };
  errors: Partial<Record<RegField | "type", string>>;
}

const EMPTY_FORM: RegCase = {
  title: "an empty form",
  values: {},
  errors: {
    name: msg.nameTooShort,
    type: msg.userTypeRequired,
    email: msg.emailInvalid,
    password: msg.passwordTooShort,
  },
};

const BAD_VALUES: RegCase[] = [
  {
    title: "a one-letter name, a malformed email and a short password",
    values: { name: "Я", type: "buyer", email: "not-an-email", password: "abc", confirm: "abc" },
    errors: { name: msg.nameTooShort, email: msg.emailInvalid, password: msg.passwordTooShort },
  },
  {
    title: "a Cyrillic email and a Cyrillic password",
    values: {
      name: "Тест",
      type: "factory",
      email: "тест@пример.рф",
      password: "пароль123",
      confirm: "пароль123",
    },
    errors: { email: msg.emailNotLatin, password: msg.passwordInvalidChars },
  },
  {
    title: "a confirmation that differs",
    values: {
      name: "Тест",
      type: "buyer",
      email: "someone@example.com",
      password: "Secret-123",
      confirm: "Secret-124",
    },
    errors: { confirm: msg.passwordsMismatch },
  },
];

async function fillCase(page: Page, values: RegCase["values"]) {
  const form = registrationForm(page);
  for (const key of ["name", "email", "password", "confirm"] as const) {
    await form[key].fill(values[key] ?? "");
  }
  if (values.type) await chooseUserType(page, values.type);
}

async function expectCaseErrors(page: Page, errors: RegCase["errors"]) {
  const form = registrationForm(page);
  for (const key of ["name", "email", "password", "confirm"] as const) {
    const message = errors[key];
    if (message) await expectFieldError(form[key], message);
    else await expectNoFieldError(form[key]);
  }
  if (errors.type) {
    await expect(form.type).toHaveAccessibleDescription(errors.type);
    await expect(form.buyer).toHaveAttribute("aria-invalid", "true");
  } else {
    await expect(form.type.getByText(msg.userTypeRequired)).toHaveCount(0);
  }
}

test.describe("registration form", () => {
  test("shows every message on its field in the browser, without asking the server", async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Регистрация" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Уже есть аккаунт? Войти" })).toHaveAttribute(
      "href",
      "/login",
    );
    for (const c of [EMPTY_FORM, ...BAD_VALUES]) {
      await test.step(c.title, async () => {
        await page.goto("/register");
        await fillCase(page, c.values);
        await registrationForm(page).submit.click();
        await expectCaseErrors(page, c.errors);
        // Each message also reads as text under its field.
        for (const message of Object.values(c.errors)) {
          await expect(page.getByText(message, { exact: true })).toBeVisible();
        }
      });
    }
    expect(posts, "the browser refused the form itself").toEqual([]);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("shows the busy label 'Регистрация...' on a disabled button while the request runs", async ({
    page,
  }) => {
    const account = newAccount("buyer");
    await page.goto("/register");
    const form = registrationForm(page);
    await fillCase(page, {
      name: account.name,
      type: account.type,
      email: account.email,
      password: account.password,
      confirm: account.password,
    });
    const release = await holdFormSubmission(page);
    await form.submit.click();
    const busy = page.getByRole("button", { name: "Регистрация..." });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await release();
    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();
    await expect(busy).toBeHidden();
  });

  test("refuses an address that is already registered", async ({ page }) => {
    const account = newAccount("buyer");
    await fillRegistration(page, account);
    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();

    // Same address again, in other letter case and as another user type.
    await fillRegistration(page, {
      ...account,
      name: "Другой человек",
      type: "factory",
      email: account.email.toUpperCase(),
    });
    await expectFieldError(registrationForm(page).email, msg.emailTaken);
    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toHaveCount(0);
  });
});

test.describe("registration form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server shows the same messages on the same fields", async ({ page }) => {
    for (const c of [EMPTY_FORM, ...BAD_VALUES]) {
      await test.step(c.title, async () => {
        await page.goto("/register");
        await fillCase(page, c.values);
        const [response] = await Promise.all([
          page.waitForResponse(
            (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/register",
          ),
          registrationForm(page).submit.click(),
        ]);
        expect(response.status()).toBe(400);
        await expectCaseErrors(page, c.errors);
        // The name and the address come back as typed; the passwords never do.
        if (c.values.name) await expect(registrationForm(page).name).toHaveValue(c.values.name);
        await expect(registrationForm(page).password).toHaveValue("");
      });
    }
  });

  test("registers and shows the confirmation screen", async ({ page }) => {
    const account = newAccount("factory");
    await fillRegistration(page, account);
    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      `Мы отправили письмо со ссылкой для подтверждения на ${account.email}.`,
    );
  });
});

test.describe("email confirmation", () => {
  test("confirmation screen, 'register another', sign-in refused until the link is opened", async ({
    page,
  }) => {
    const account = newAccount("buyer", "Бермет Тестова");
    const started = Date.now();
    await fillRegistration(page, account);

    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText(
      `Мы отправили письмо со ссылкой для подтверждения на ${account.email}.`,
    );
    await expect(
      page.getByText("Не нашли письмо? Проверьте папку «Спам» или подождите пару минут."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Перейти ко входу" })).toHaveAttribute(
      "href",
      "/login",
    );

    // 'Зарегистрировать другой email' brings back an empty form.
    await page.getByRole("link", { name: "Зарегистрировать другой email" }).click();
    const form = registrationForm(page);
    await expect(form.submit).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(form.name).toHaveValue("");
    await expect(form.email).toHaveValue("");
    await expect(form.password).toHaveValue("");
    await expect(form.confirm).toHaveValue("");
    await expect(form.buyer).not.toBeChecked();
    await expect(form.factory).not.toBeChecked();

    // Signing in before confirming is refused with SPEC's message.
    await signInWithForm(page, account.email, account.password);
    await expect(page.getByRole("alert")).toHaveText(msg.emailNotConfirmed);
    await expect(page).toHaveURL(/\/login$/);

    // The link from the letter confirms the address and signs in.
    const letter = await waitForMail(account.email, CONFIRM_SUBJECT, { after: started - 1000 });
    expect(letter.subject).toBe("Подтвердите email на Fabricum");
    await page.goto(letter.link as string);
    // A new buyer starts in the factory directory, told what to do there.
    await expect(page).toHaveURL(/\/factories$/);
    await expect(toasts(page).getByText(msg.verifiedBuyer)).toBeVisible();
    await expect(accountButton(page, account.name)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toHaveCount(0);
  });
});

test.describe("sign-in", () => {
  test("messages for empty and malformed values, and the link to registration", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Вход в аккаунт" })).toBeVisible();
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Пароль", { exact: true });
    const submit = page.getByRole("button", { name: "Войти", exact: true });

    await submit.click();
    await expectFieldError(email, msg.emailRequired);
    await expectFieldError(password, msg.passwordRequired);

    await email.fill("not-an-email");
    await password.fill("whatever-1");
    await submit.click();
    await expectFieldError(email, msg.emailInvalid);
    await expectNoFieldError(password);
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole("link", { name: "Нет аккаунта? Зарегистрироваться" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Регистрация" })).toBeVisible();
  });

  test("a wrong password or an unknown address is refused; the right one leads a buyer to 'Мои тендеры'", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "buyer", "Нурлан Тестов");
    await page.context().clearCookies();

    await signInWithForm(page, account.email, "Wrong-password-1");
    await expect(page.getByRole("alert")).toHaveText(msg.invalidCredentials);
    await expect(toasts(page).getByText(msg.invalidCredentials)).toBeVisible();

    await signInWithForm(page, uniqueEmail("nobody"), account.password);
    await expect(page.getByRole("alert")).toHaveText(msg.invalidCredentials);

    // The busy label while the request runs.
    await page.goto("/login");
    const release = await holdFormSubmission(page);
    await signInWithForm(page, account.email.toUpperCase(), account.password, "");
    await expect(page.getByRole("button", { name: "Вход..." })).toBeDisabled();
    await release();

    await expect(page).toHaveURL(/\/my-tenders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Мои тендеры" })).toBeVisible();
    await expect(toasts(page).getByText(msg.loginSuccess)).toBeVisible();
    await expect(accountButton(page, account.name)).toBeVisible();
  });

  test("an administrator lands on /admin", async ({ page }) => {
    const admin = demoAccount("admin");
    await signInWithForm(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("/profile sends a visitor to /login and back after signing in", async ({ page }) => {
    const account = await registerNewAccount(page, "buyer");
    await page.context().clearCookies();

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await signInWithForm(page, account.email, account.password, "");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name: "Мой профиль" })).toBeVisible();
    await expect(toasts(page).getByText(msg.loginSuccess)).toBeVisible();
  });

  test("redirectTo never leads to another site, with or without JavaScript", async ({
    page,
    browser,
  }) => {
    const account = await registerNewAccount(page, "buyer");
    for (const javaScriptEnabled of [true, false]) {
      for (const target of ["//evil.example/x", "/\t/evil.example/x", "https://evil.example/x"]) {
        await test.step(`${JSON.stringify(target)}, JavaScript ${javaScriptEnabled}`, async () => {
          const context = await browser.newContext({ javaScriptEnabled });
          try {
            const visitor = await context.newPage();
            const offsite: string[] = [];
            visitor.on("request", (request) => {
              if (new URL(request.url()).hostname === "evil.example") offsite.push(request.url());
            });
            await visitor.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
            await signInWithForm(visitor, account.email, account.password, "");
            // An address elsewhere is ignored: the buyer lands in its workspace (decision 017).
            await expect(visitor).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/my-tenders$/);
            expect(offsite).toEqual([]);
          } finally {
            await context.close();
          }
        });
      }
    }
  });

  test("'Выйти' ends the session on the server, not only in the browser", async ({
    page,
    browser,
  }) => {
    const account = await registerNewAccount(page, "factory");
    const cookies = await page.context().cookies();

    await accountButton(page, account.name).click();
    await page.getByRole("menuitem", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();

    // The old session cookie no longer opens the profile.
    const other = await browser.newContext();
    try {
      await other.addCookies(cookies);
      const stale = await other.newPage();
      await stale.goto("/profile");
      await expect(stale).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    } finally {
      await other.close();
    }
  });
});

test.describe("password reset", () => {
  test("request, letter, new password, sign-in with it; the old one no longer works", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "buyer", "Сброс Паролев");
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Забыли пароль?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Восстановление пароля" })).toBeVisible();
    const requested = Date.now();
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expect(page.getByRole("status").getByText(msg.resetSent)).toBeVisible();

    const letter = await waitForMail(account.email, RESET_SUBJECT, { after: requested - 1000 });
    await page.goto(letter.link as string);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole("heading", { name: "Новый пароль" })).toBeVisible();

    const newPassword = "Brand-new-456";
    const password = page.getByLabel("Новый пароль");
    const confirm = page.getByLabel("Повторите пароль");
    const submit = page.getByRole("button", { name: "Сохранить пароль" });
    await password.fill(newPassword);
    await confirm.fill("Brand-new-457");
    await submit.click();
    await expectFieldError(confirm, msg.passwordsMismatch);
    await expectNoFieldError(password);

    await confirm.fill(newPassword);
    await submit.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toasts(page).getByText(msg.resetDone)).toBeVisible();

    await signInWithForm(page, account.email, account.password);
    await expect(page.getByRole("alert")).toHaveText(msg.invalidCredentials);

    await signInWithForm(page, account.email, newPassword);
    await expect(page).toHaveURL(/\/my-tenders$/);
    await expect(accountButton(page, account.name)).toBeVisible();

    // The link works once.
    await page.context().clearCookies();
    await page.goto(letter.link as string);
    await expect(page.getByRole("alert")).toHaveText(msg.resetLinkInvalid);
  });

  test("a tampered token shows the invalid-link message", async ({ page }) => {
    const account = newAccount("factory");
    await fillRegistration(page, account);
    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();

    const requested = Date.now();
    await page.goto("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expect(page.getByRole("status").getByText(msg.resetSent)).toBeVisible();
    const letter = await waitForMail(account.email, RESET_SUBJECT, { after: requested - 1000 });
    const link = new URL(letter.link as string);
    const token = link.pathname.split("/").pop() as string;
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;

    // Through the letter's link with one character changed.
    link.pathname = link.pathname.replace(token, tampered);
    await page.goto(link.toString());
    await expect(page.getByRole("alert")).toHaveText(msg.resetLinkInvalid);
    await expect(page.getByRole("link", { name: "Отправить ссылку" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );

    // Straight to the form with the changed token: the server refuses it on submit.
    await page.goto(`/reset-password?token=${encodeURIComponent(tampered)}`);
    await page.getByLabel("Новый пароль").fill("Brand-new-456");
    await page.getByLabel("Повторите пароль").fill("Brand-new-456");
    await page.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(page.getByRole("alert")).toHaveText(msg.resetLinkInvalid);
    await expect(page).toHaveURL(/\/reset-password/);
  });
});
