import { expect, type Page, test } from "@playwright/test";
import { signInAs } from "./helpers";

const notice = (page: Page) => page.getByTestId("legacy-notice");

async function expectLinks(page: Page, links: Record<string, string>) {
  for (const [name, href] of Object.entries(links)) {
    await expect(notice(page).getByRole("link", { name, exact: true })).toHaveAttribute(
      "href",
      href,
    );
  }
}

test.describe("legacy pages", () => {
  test("/clothing: notice, filters, zero count, empty grid and structured data", async ({
    page,
  }) => {
    const response = await page.goto("/clothing");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Оптовый каталог одежды/);
    await expectLinks(page, { "Перейти к фабрикам": "/factories" });
    await expect(page.getByText("Найдено 0 товаров")).toBeVisible();
    await expect(page.getByText("Товары не найдены")).toBeVisible();
    await expect(page.getByText("Товары теперь размещаются в портфолио фабрик.")).toBeVisible();
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}",
    );
    expect(jsonLd["@type"]).toBe("CollectionPage");
    expect(jsonLd.mainEntity).toMatchObject({ "@type": "ItemList", numberOfItems: 0 });

    const form = page.getByRole("form", { name: "Фильтры" });
    await expect(form.getByLabel("Размер")).toBeVisible();
    const priceFrom = form.getByLabel("Цена от");
    await expect(priceFrom).toHaveAttribute("type", "number");
    await expect(priceFrom).toHaveAttribute("min", "0");
    await expect(priceFrom).toHaveAttribute("step", "1");

    const category = form.getByLabel("Категория", { exact: true });
    const subcategory = form.getByLabel("Подкатегория");
    await expect(subcategory).toBeDisabled();
    await category.selectOption("outerwear");
    await subcategory.selectOption("jacket");
    await expect(subcategory).toHaveValue("jacket");
    await category.selectOption("dresses");
    await expect(subcategory).toHaveValue("");

    const country = form.getByLabel("Страна");
    const city = form.getByLabel("Город");
    await country.selectOption("kg");
    await city.selectOption({ index: 1 });
    expect(await city.inputValue()).not.toBe("");
    await country.selectOption("kz");
    await expect(city).toHaveValue("");

    await city.selectOption({ index: 1 });
    await form.getByLabel("Валюта").selectOption("KGS");
    await priceFrom.fill("10");
    await form.getByLabel("Цена до").fill("100");
    await form.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/\/clothing\?.*category=dresses.*priceFrom=10/);
    await expect(category).toHaveValue("dresses");

    await form.getByRole("link", { name: "Сбросить фильтры" }).click();
    await expect(page).toHaveURL(/\/clothing$/);
    for (const label of ["Подкатегория", "Страна", "Город", "Валюта", "Размер"]) {
      await expect(form.getByLabel(label)).toHaveValue("");
    }
    await expect(category).toHaveValue("");
    await expect(priceFrom).toHaveValue("");
  });

  test("/clothing/{id}: notice with /factories and back to /clothing", async ({ page }) => {
    expect((await page.goto("/clothing/123"))?.status()).toBe(200);
    await expectLinks(page, {
      "Перейти к фабрикам": "/factories",
      "Назад к каталогу одежды": "/clothing",
    });
  });

  test("/textile: notice, fabric filters, empty list", async ({ page }) => {
    await page.goto("/textile");
    await expect(page).toHaveTitle(/Каталог тканей/);
    await expectLinks(page, { "Перейти к фабрикам": "/factories", "На главную": "/" });
    await expect(page.getByText("Ткани не найдены")).toBeVisible();
    const form = page.getByRole("form", { name: "Фильтры" });
    await expect(form.getByLabel("Цвет")).toBeVisible();
    const category = form.getByLabel("Категория", { exact: true });
    const subcategory = form.getByLabel("Подкатегория");
    await category.selectOption("natural");
    await subcategory.selectOption("cotton");
    await category.selectOption("synthetic");
    await expect(subcategory).toHaveValue("");
    await form.getByLabel("Страна").selectOption("kg");
    await form.getByLabel("Город").selectOption({ index: 1 });
    await form.getByLabel("Страна").selectOption("uz");
    await expect(form.getByLabel("Город")).toHaveValue("");
    await form.getByLabel("Цвет").selectOption("Черный");
    await form.getByRole("link", { name: "Сбросить фильтры" }).click();
    await expect(form.getByLabel("Цвет")).toHaveValue("");
    await expect(category).toHaveValue("");
    await expect(form.getByLabel("Страна")).toHaveValue("");
  });

  test("/textile/{id}: the notice at once, no loading screen", async ({ page }) => {
    // The notice is in the server's HTML: no delay, no spinner.
    const response = await page.request.get("/textile/42");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('data-testid="legacy-notice"');
    await page.goto("/textile/42");
    await expect(notice(page)).toBeVisible({ timeout: 500 });
    await expect(page.getByRole("link", { name: "Назад к каталогу тканей" })).toHaveAttribute(
      "href",
      "/textile",
    );
    await expectLinks(page, { "Перейти к фабрикам": "/factories", "Каталог тканей": "/textile" });
  });

  for (const path of ["/clothing-seller-dashboard", "/textile-seller-dashboard"]) {
    test(`${path}: notice, product count 0, quick links`, async ({ page }) => {
      await page.goto(path);
      await expect(notice(page)).toBeVisible();
      await expect(page.getByTestId("legacy-product-count")).toContainText("0");
      const links = page.getByRole("navigation", { name: "Быстрые ссылки" });
      await expect(links.getByRole("link", { name: "Фабрики" })).toHaveAttribute(
        "href",
        "/factories",
      );
      await expect(links.getByRole("link", { name: "Профиль" })).toHaveAttribute(
        "href",
        "/profile",
      );
    });
  }

  for (const path of ["/clothing-products", "/textile-products", "/clothing-seller-products"]) {
    test(`${path}: temporarily unavailable, no dashboard link for a visitor`, async ({ page }) => {
      await page.goto(path);
      await expect(notice(page)).toContainText("Страница временно недоступна");
      await expect(page.getByRole("link", { name: "Перейти в кабинет фабрики" })).toHaveCount(0);
    });
  }

  test("/clothing-products: a factory user gets the /factory-dashboard link", async ({ page }) => {
    await signInAs(page, "factory");
    await page.goto("/clothing-products");
    await expectLinks(page, { "Перейти в кабинет фабрики": "/factory-dashboard" });
  });

  test("/supplier: notice with /factories and /register", async ({ page }) => {
    await page.goto("/supplier");
    await expectLinks(page, {
      "Перейти к фабрикам": "/factories",
      Зарегистрироваться: "/register",
    });
  });
});

test.describe("/support-project", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("shows the five methods; configured values copy with a toast", async ({ page }) => {
    await page.goto("/support-project");
    await expect(page).toHaveTitle(/Поддержать проект/);
    const ids = ["bank-kgs", "bank-usd", "wallet-1", "wallet-2", "wallet-3"];
    for (const id of ids) await expect(page.getByTestId(`support-method-${id}`)).toBeVisible();
    // The test config (tests/fixtures/support-project.json) fills bank-kgs and wallet-1 only.
    await expect(page.getByTestId("support-method-bank-usd")).toContainText(
      "Реквизиты будут опубликованы в ближайшее время",
    );
    const kgs = page.getByTestId("support-method-bank-kgs");
    await expect(kgs).toContainText("KG00 TEST 0000 0000");
    await kgs.getByRole("button", { name: "Копировать: Номер счета" }).click();
    await expect(page.getByText("Скопировано")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("KG00 TEST 0000 0000");
  });
});
