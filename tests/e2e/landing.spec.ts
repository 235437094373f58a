import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("is rendered on the server with title, description and link-preview tags", async ({
    page,
  }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const html = await response?.text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain("<title>Fabricum — B2B-маркетплейс швейных фабрик</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:title" content="Fabricum/);
    expect(html).toContain('<link rel="canonical" href="http://127.0.0.1');
    // The hero text arrives in the HTML itself (previews and crawlers run no JavaScript).
    expect(html).toContain("B2B-маркетплейс текстиля и одежды");
  });

  test("shows every section of the landing page", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "B2B-маркетплейс текстиля и одежды" }),
    ).toBeVisible();

    const capabilities = page.getByRole("region", { name: "Возможности платформы" });
    await expect(capabilities.getByRole("listitem")).toHaveCount(4);
    await expect(capabilities.getByRole("heading", { name: "Умный поиск" })).toBeVisible();
    await expect(capabilities.getByRole("heading", { name: "Прямое общение" })).toBeVisible();
    await expect(capabilities.getByRole("heading", { name: "Надежное партнерство" })).toBeVisible();
    await expect(capabilities.getByRole("heading", { name: "Международные связи" })).toBeVisible();

    await expect(
      page.getByRole("region", { name: "Преимущества платформы" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expect(
      page.getByRole("region", { name: "Почему выбирают нас" }).getByRole("listitem"),
    ).toHaveCount(4);

    const categories = page.getByRole("main").getByRole("region", { name: "Категории" });
    const tile = categories.getByRole("link", { name: /Швейные цеха и фабрики/ });
    await expect(tile).toHaveAttribute("href", "/factories");
    await expect(tile).toContainText("Перейти в категорию");
    await expect(tile.getByRole("img")).toBeVisible();
    await expect(categories.getByRole("link", { name: "Смотреть все фабрики" })).toHaveAttribute(
      "href",
      "/factories",
    );

    const cta = page.getByRole("region", { name: "Готовы начать?" });
    await expect(
      cta.getByRole("link", { name: "Зарегистрироваться как поставщик" }),
    ).toHaveAttribute("href", "/register");
    await expect(cta.getByRole("link", { name: "Найти производителя" })).toHaveAttribute(
      "href",
      "/factories",
    );
  });

  test("shows live figures from the demo data", async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("region", { name: "B2B-маркетплейс текстиля и одежды" });
    const factories = Number(await hero.getByRole("definition").first().textContent());
    expect(factories).toBeGreaterThanOrEqual(40);
  });

  test("'Я Покупатель' leads to placing a tender, in both languages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Я Покупатель" }).click();
    await expect(page).toHaveURL(/\/place-tender$/);
    await expect(page.getByTestId("open-tender-form")).toBeVisible();
    await page.goto("/en");
    await page.getByRole("link", { name: "I’m a buyer" }).click();
    await expect(page).toHaveURL(/\/en\/place-tender$/);
  });

  test("'Я Продавец' leads to registration", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Я Продавец" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("footer has three columns, the information links and the 2025 copyright", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("heading", { name: "Fabricum" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Швейные цеха и фабрики" })).toHaveAttribute(
      "href",
      "/factories",
    );
    for (const [name, href] of [
      ["О нас", "/about"],
      ["Контакты", "/contact"],
      ["Статьи", "/articles"],
      ["Поддержать проект", "/support-project"],
      ["Политика конфиденциальности", "/privacy"],
      ["Пользовательское соглашение", "/terms"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        href as string,
      );
    }
    await expect(footer).toContainText("© 2025 Fabricum");
  });
});

test("link previews get an absolute picture that exists, and the icon is served", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/og-image\.png$/);
  const picture = await request.get(image as string);
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toBe("image/png");
  const icon = await request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
});
