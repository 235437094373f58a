// The account screens are HTML-first (docs/decisions/016-html-first-pages.md): a visitor gets
// sign-in, registration and the password pages without the app's scripts; the page's constant
// script checks each field by the rules the server rendered from the form's schema, with the
// server's messages, and nothing is sent while a field is wrong. The reset link's page, with its
// one-time token, is never kept by the page cache; neither is a refused form.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { holdFormSubmission, originOf, screenshotsWhen, toasts, uniqueEmail } from "./helpers";

/** The four screens, the reset page with a token (its form shows for any token until sent). */
const SCREENS = ["/login", "/register", "/forgot-password", "/reset-password?token=e2e-token"];

/** Screenshots for looking at with SCREENSHOTS=1 (/tmp/wt-a-<name>-<width>.png). */
const shoot = screenshotsWhen("SCREENSHOTS", "a");

/** Every POST the page sends. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

test.describe("the account screens as a visitor", () => {
  for (const path of [...SCREENS, ...SCREENS.map((p) => `/en${p}`)]) {
    test(`${path} loads no framework script`, async ({ page }) => {
      const files: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") files.push(request.url());
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(files).toEqual([]);
      await expect(page.locator("script[type=module], link[rel=modulepreload]")).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("button").first()).toBeVisible();
    });
  }
});

test.describe("the browser's checks", () => {
  test("sign-in: a malformed address is said at its field and nothing is sent; fixed, the form goes", async ({
    page,
  }) => {
    const posts = postsOf(page);
    await page.goto("/login");
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Пароль", { exact: true });
    const submit = page.getByRole("button", { name: "Войти", exact: true });

    await submit.click();
    await expectFieldError(email, "Введите email");
    await expectFieldError(password, "Введите пароль");
    await expect(email).toBeFocused();

    await email.fill("not-an-email");
    await password.fill("Whatever-1");
    await submit.click();
    await expectFieldError(email, "Введите корректный email");
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Введите корректный email", { exact: true })).toBeVisible();
    await expect(email).toBeFocused();
    await shoot(page, "login-ru-error");
    expect(posts, "nothing was sent while the address was wrong").toEqual([]);

    // Typing a right address takes the message away; the form goes, and the server answers.
    await email.fill(uniqueEmail("nobody"));
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Введите корректный email", { exact: true })).toBeHidden();
    await submit.click();
    await expect(page.getByRole("alert")).toHaveText("Неверный email или пароль");
    await expect(toasts(page).getByText("Неверный email или пароль")).toBeVisible();
    expect(posts).toEqual(["/login"]);
    await shoot(page, "login-ru-refused");
  });

  test("registration in English: the server's English messages, the hint back once the password is right", async ({
    page,
  }) => {
    const posts = postsOf(page);
    await page.goto("/en/register");
    const name = page.getByLabel("Name or company name");
    const email = page.getByLabel("Email", { exact: true });
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByLabel("Confirm password");
    const hint = "At least 6 characters: Latin letters, numbers and special characters";
    await expect(password).toHaveAccessibleDescription(hint);

    await name.fill("  A ");
    await email.fill("someone@example");
    await password.fill("abc");
    await confirm.fill("abd");
    await page.getByRole("button", { name: "Create account", exact: true }).click();
    await expect(name).toBeFocused();
    await expectFieldError(name, "The name must be at least 2 characters long");
    await expect(page.getByRole("group", { name: "User type" })).toHaveAccessibleDescription(
      "Choose a user type",
    );
    await expectFieldError(email, "Enter a valid email address");
    await expectFieldError(password, "The password must be at least 6 characters long");
    await expectFieldError(confirm, "The passwords don’t match");
    await shoot(page, "register-en-error");

    // Each message goes as its field is put right.
    await password.fill("Secret-123");
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(hint);
    await confirm.fill("Secret-123");
    await expect(confirm).not.toHaveAttribute("aria-invalid", "true");
    await page.locator("label").filter({ hasText: "Buyer" }).click();
    await expect(page.getByRole("radio", { name: "Buyer" })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(posts).toEqual([]);
  });

  test("the password pages: the request needs an address; a new password its confirmation", async ({
    page,
  }) => {
    const posts = postsOf(page);
    await page.goto("/forgot-password");
    const email = page.getByLabel("Email", { exact: true });
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expectFieldError(email, "Введите email");
    await shoot(page, "forgot-ru-error");

    await page.goto("/en/reset-password?token=e2e-token");
    const password = page.getByLabel("New password");
    const confirm = page.getByLabel("Repeat password");
    await password.fill("Brand-new-456");
    await confirm.fill("Brand-new-457");
    await page.getByRole("button", { name: "Save password" }).click();
    await expectFieldError(confirm, "The passwords don’t match");
    await expect(confirm).toBeFocused();
    await shoot(page, "reset-en-error");
    expect(posts).toEqual([]);

    // Right in the browser, the form goes; the server refuses the made-up token.
    await confirm.fill("Brand-new-456");
    const release = await holdFormSubmission(page);
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await release();
    await expect(page.getByRole("alert")).toHaveText(
      "This password reset link is invalid or has expired",
    );
    expect(posts).toEqual(["/en/reset-password"]);
  });

  // Each screen sent empty, in each language: its first field says the server's message.
  const FIRST_MESSAGES: [string, string, string, string][] = [
    ["/login", "Email", "Войти", "Введите email"],
    [
      "/register",
      "Имя или название компании",
      "Зарегистрироваться",
      "Имя должно содержать минимум 2 символа",
    ],
    ["/forgot-password", "Email", "Отправить ссылку", "Введите email"],
    [
      "/reset-password?token=e2e-token",
      "Новый пароль",
      "Сохранить пароль",
      "Пароль должен содержать минимум 6 символов",
    ],
    ["/en/login", "Email", "Sign in", "Enter your email"],
    [
      "/en/register",
      "Name or company name",
      "Create account",
      "The name must be at least 2 characters long",
    ],
    ["/en/forgot-password", "Email", "Send link", "Enter your email"],
    [
      "/en/reset-password?token=e2e-token",
      "New password",
      "Save password",
      "The password must be at least 6 characters long",
    ],
  ];
  for (const [path, label, button, message] of FIRST_MESSAGES) {
    test(`${path} sent empty says "${message}" at its first field`, async ({ page }) => {
      const posts = postsOf(page);
      await page.goto(path);
      await page.getByRole("button", { name: button, exact: true }).click();
      const field = page.getByLabel(label, { exact: true });
      await expectFieldError(field, message);
      await expect(field).toBeFocused();
      expect(posts).toEqual([]);
      await shoot(page, `empty${path.replace(/\?.*/, "").replaceAll("/", "-")}`);
    });
  }

  test("without JavaScript the browser checks nothing itself: the server says it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: "ru-RU",
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto("/forgot-password");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Отправить ссылку" }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expectFieldError(page.getByLabel("Email", { exact: true }), "Введите email");
      await expect(toasts(page).getByText("Введите email")).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});

test.describe("the page cache and the account screens", () => {
  test("the sign-in page is kept for visitors; the reset link's page never is", async ({
    request,
  }) => {
    await request.get("/login");
    const login = await request.get("/login");
    expect(login.headers()["x-page-cache"]).toBe("hit");

    for (let i = 0; i < 2; i++) {
      const reset = await request.get("/reset-password?token=one-time-token");
      expect(reset.status()).toBe(200);
      expect(reset.headers()["x-page-cache"]).toBeUndefined();
      expect(reset.headers()["cache-control"]).toBe("private, no-store");
      expect(reset.headers()["x-robots-tag"]).toBe("noindex");
      expect(await reset.text()).toContain('value="one-time-token"');
    }
  });

  test("a refused form's answer is never kept, nor served to the next visitor", async ({
    request,
  }) => {
    const refused = await request.post("/login", {
      form: { email: "nobody@example.com", password: "Wrong-password-1" },
      headers: { origin: originOf() },
    });
    expect(refused.status()).toBe(401);
    expect(refused.headers()["x-page-cache"]).toBeUndefined();
    expect(await refused.text()).toContain("Неверный email или пароль");
    const next = await request.get("/login");
    expect(await next.text()).not.toContain("Неверный email или пароль");
  });
});
