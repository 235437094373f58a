import { expect, test } from "@playwright/test";
import { demoAccount, signInAs, signInWithForm, toasts } from "./helpers";

const mainNav = (page: import("@playwright/test").Page) =>
  page
    .getByRole("banner")
    .getByRole("navigation", { name: "Основная навигация" })
    .filter({ visible: true });

test.describe("navigation at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a visitor sees factories, placing a tender, sign-in and registration", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(mainNav(page).getByRole("link")).toHaveText(["Фабрики", "Разместить тендер"]);
    await expect(mainNav(page).getByRole("link", { name: "Фабрики" })).toHaveAttribute(
      "href",
      "/factories",
    );
    await expect(mainNav(page).getByRole("link", { name: "Разместить тендер" })).toHaveAttribute(
      "href",
      "/place-tender",
    );
    await expect(header.getByRole("link", { name: "Войти" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Регистрация" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(header.getByRole("button", { name: "Открыть меню" })).toBeHidden();
    // The header stays on screen while scrolling (sticky, 16 units high).
    const box = await header.boundingBox();
    expect(box?.height).toBeCloseTo(64, 0);
    await page.mouse.wheel(0, 1500);
    await expect(header).toBeInViewport();

    await header.getByRole("link", { name: "На главную" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("a buyer sees own tenders, the placing link and an account menu", async ({ page }) => {
    await signInAs(page, "buyer");
    await page.goto("/");
    await expect(mainNav(page).getByRole("link")).toHaveText([
      "Фабрики",
      "Мои тендеры",
      "Заказы",
      "Сохраненные",
      "Разместить тендер",
    ]);
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Войти" })).toBeHidden();
    // Display name rule: a buyer's nickname comes first.
    await header.getByRole("button", { name: /Меню аккаунта: ТОО «Асем Ритейл»/ }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Профиль", "Кабинет покупателя", "Выйти"]);
    await menu.getByRole("menuitem", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole("link", { name: "Войти" })).toBeVisible();
  });

  test("a toast leaves the header's links visible and clickable", async ({ page }) => {
    const { email, password } = demoAccount("buyer");
    await signInWithForm(page, email, password);
    const toast = toasts(page).getByText("Успешный вход в систему");
    await expect(toast).toBeVisible();
    const header = await page.getByRole("banner").boundingBox();
    // The app's toast or, on a light page (a buyer lands on /my-tenders), the page's message.
    const shown = await toast.boundingBox();
    // Below the header, not over 'Разместить тендер' or any other of its links, nor over the
    // page's own button beside its heading.
    expect(shown?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    await mainNav(page).getByRole("link", { name: "Разместить тендер" }).click({ trial: true });
    await page
      .getByRole("main")
      .getByRole("link", { name: "Разместить тендер" })
      .first()
      .click({ trial: true });
  });

  test("a factory sees its products and the tender list", async ({ page }) => {
    await signInAs(page, "factory");
    await page.goto("/");
    await expect(mainNav(page).getByRole("link")).toHaveText([
      "Фабрики",
      "Мои товары",
      "Мои отклики",
      "Заказы",
      "Тендеры",
    ]);
    await expect(mainNav(page).getByRole("link", { name: "Тендеры" })).toHaveAttribute(
      "href",
      "/tenders",
    );
    await expect(
      page.getByRole("banner").getByRole("button", { name: /Меню аккаунта: Ала-Тоо Текстиль/ }),
    ).toBeVisible();
  });

  test("an admin sees the admin link and a menu with only logout", async ({ page }) => {
    await signInAs(page, "admin");
    await page.goto("/");
    await expect(mainNav(page).getByRole("link", { name: "Админ" })).toHaveAttribute(
      "href",
      "/admin",
    );
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Меню аккаунта/ })
      .click();
    await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(["Выйти"]);
  });
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens a panel with the links and full-width account buttons, and closes on a link", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(mainNav(page)).toHaveCount(0);
    const toggle = header.getByRole("button", { name: "Открыть меню" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();

    const close = header.getByRole("button", { name: "Закрыть меню" });
    await expect(close).toHaveAttribute("aria-expanded", "true");
    await expect(mainNav(page).getByRole("link")).toHaveText(["Фабрики", "Разместить тендер"]);
    const login = header.getByRole("link", { name: "Войти" });
    const register = header.getByRole("link", { name: "Регистрация" });
    await expect(login).toBeVisible();
    await expect(register).toBeVisible();
    // Stacked at full width.
    const [a, b] = [await login.boundingBox(), await register.boundingBox()];
    expect(a?.width).toBeGreaterThan(340);
    expect(b?.width).toBeGreaterThan(340);
    expect((b?.y ?? 0) > (a?.y ?? 0)).toBe(true);

    await mainNav(page).getByRole("link", { name: "Фабрики" }).click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(header.getByRole("button", { name: "Открыть меню" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(mainNav(page)).toHaveCount(0);
  });

  test("Escape closes the panel and leaves focus on the menu button", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Открыть меню" }).click();
    await mainNav(page).getByRole("link", { name: "Фабрики" }).focus();
    await page.keyboard.press("Escape");
    await expect(mainNav(page)).toHaveCount(0);
    const toggle = header.getByRole("button", { name: "Открыть меню" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("shows the factory's links and logout in the panel", async ({ page }) => {
    await signInAs(page, "factory");
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Открыть меню" }).click();
    await expect(mainNav(page).getByRole("link")).toHaveText([
      "Фабрики",
      "Мои товары",
      "Мои отклики",
      "Заказы",
      "Тендеры",
    ]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Профиль" })).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Выйти" }).click();
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Открыть меню" }),
    ).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Открыть меню" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
  });
});
