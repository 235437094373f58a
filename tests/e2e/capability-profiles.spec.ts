import { expect, type Page, test } from "@playwright/test";
import { newAccount, newPerson, signInAs, toasts } from "./helpers";

// Issue 29, items 2 and 3: a factory fills in its capability profile (minimum order, capacity,
// lead times, services, materials, markets, languages) and its page shows it in both languages;
// a buyer filters the directory by it, in the app, on the visitor's HTML-first page and without
// any JavaScript, in Russian and in English, and the filters stay in the address across pages
// and languages.

/** The minimum orders the cards of the page show ('Заказ от 300 штук' / 'MOQ 300 pieces'). */
async function cardMinOrders(page: Page): Promise<number[]> {
  const facts = await page.getByTestId("factory-card-facts").allTextContents();
  return facts.map((text) =>
    Number((/(\d[\d\s\u00a0]*)/.exec(text)?.[1] ?? "").replace(/\D/g, "")),
  );
}

test("a factory fills in its capability profile, in Russian, and its page shows it in both languages", async ({
  browser,
}) => {
  const factory = await newPerson(browser, newAccount("factory", "Фабрика Возможностей"), {
    categories: ["Верхняя одежда"],
  });
  const { page } = factory;
  await page.goto("/profile");
  await page.getByRole("link", { name: "Заполнить производственные возможности" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Производственные возможности" }),
  ).toBeVisible();
  // A lead time longer than a year is refused by the field, in Russian.
  await page.getByLabel("Срок производства, дней").fill("400");
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page.getByLabel("Срок производства, дней")).toHaveAccessibleDescription(
    /Введите число от 1 до 365/,
  );
  await page.getByLabel("Минимальный заказ, шт.").fill("300");
  await page.getByLabel("Мощность в месяц, шт.").fill("20000");
  await page.getByLabel("Срок производства, дней").fill("30");
  await page.getByLabel("Срок пошива образца, дней").fill("7");
  await page.getByLabel("Сотрудников").fill("85");
  await page.getByLabel("Год основания").fill("2012");
  await page.getByRole("group", { name: "Услуги" }).getByLabel("Пошив образцов").check();
  await page.getByRole("group", { name: "Услуги" }).getByLabel("Вышивка").check();
  await page.getByRole("group", { name: "Материалы" }).getByLabel("Трикотаж").check();
  await page.getByRole("group", { name: "Рынки сбыта" }).getByLabel("Европейский союз").check();
  const languages = page.getByRole("group", { name: "Языки общения с покупателями" });
  await languages.getByLabel("Русский", { exact: true }).check();
  await languages.getByLabel("Английский", { exact: true }).check();
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(toasts(page).getByText("Производственные возможности сохранены")).toBeVisible();
  await expect(page.getByLabel("Минимальный заказ, шт.")).toHaveValue("300");

  // The factory's own page: the section, with what was said.
  await page.goto(`/factories?q=${encodeURIComponent("Фабрика Возможностей")}`);
  const factoryPath = (await page
    .getByRole("link", { name: "Фабрика Возможностей" })
    .first()
    .getAttribute("href")) as string;
  expect(factoryPath).toMatch(/^\/factory\//);
  await page.goto(factoryPath);
  const section = page.getByRole("region", { name: "Производственные возможности" });
  await expect(section).toContainText("Минимальный заказ");
  await expect(section).toContainText("300 штук");
  await expect(section).toContainText("20 000 штук в месяц");
  await expect(section).toContainText("30 дней");
  await expect(section).toContainText("Вышивка");
  await page.goto(`/en${factoryPath}`);
  const english = page.getByRole("region", { name: "Production capabilities" });
  await expect(english).toContainText("Minimum order");
  await expect(english).toContainText("300 pieces");
  await expect(english).toContainText("20,000 pieces a month");
  await expect(english).toContainText("Embroidery");
  await expect(english).toContainText("English");

  // The English form says the same rules in English.
  await page.goto("/en/profile/capabilities");
  await expect(page.getByLabel("Minimum order, pieces")).toHaveValue("300");
  await page.getByLabel("Year founded").fill("1700");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Year founded")).toHaveAccessibleDescription(
    /Enter a number from 1,800 to 2,100/,
  );
  await factory.context.close();
});

test("a visitor filters the directory on the HTML-first page, in Russian", async ({ page }) => {
  await page.goto("/factories");
  await page.getByLabel("Материал").selectOption({ label: "Трикотаж" });
  await expect(page).toHaveURL(/\/factories\?material=knit$/);
  await page.getByLabel("Минимальный заказ не больше, шт.").fill("300");
  await page.getByLabel("Минимальный заказ не больше, шт.").press("Enter");
  await expect(page).toHaveURL(/\/factories\?moq=300&material=knit$/);
  await expect(page.getByRole("status")).toContainText(/Найден/);
  const orders = await cardMinOrders(page);
  expect(orders.length).toBeGreaterThan(0);
  for (const order of orders) expect(order).toBeLessThanOrEqual(300);
  await page.getByLabel("Сортировка").selectOption({ label: "Сначала новые" });
  await expect(page).toHaveURL(/\/factories\?moq=300&material=knit&sort=newest$/);
  // The language switch keeps the filters.
  await page.getByRole("banner").getByRole("button", { name: "English" }).first().click();
  await expect(page).toHaveURL(/\/en\/factories\?moq=300&material=knit&sort=newest$/);
  await expect(page.getByLabel("Material")).toHaveValue("knit");
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
});

test("without JavaScript a buyer filters the directory in English, and pages keep the filters", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "en-GB",
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  await page.goto("/en/factories");
  await page.getByLabel("Minimum order up to, pieces").fill("500");
  await page.getByLabel("Service").selectOption({ label: "Private label" });
  await page.getByLabel("Speaks English").check();
  await page.getByRole("button", { name: /^Show/ }).click();
  await expect(page).toHaveURL(/\/en\/factories\?moq=500&service=private-label&english=1$/);
  await expect(page.getByRole("status")).toContainText(/found/);
  const orders = await cardMinOrders(page);
  expect(orders.length).toBeGreaterThan(0);
  for (const order of orders) expect(order).toBeLessThanOrEqual(500);
  await expect(page.getByTestId("factory-card-facts").first()).toContainText(/MOQ .* pieces/);
  await expect(page.getByLabel("Speaks English")).toBeChecked();
  // A certification nobody has verified finds nothing, and says how to get back.
  await page.goto("/en/factories?cert=sa8000&moq=500");
  await expect(page.getByText("Nothing matches your search")).toBeVisible();
  await context.close();
});

test("a signed-in buyer filters in the app, and the address follows", async ({ page }) => {
  await signInAs(page, "buyer");
  await page.goto("/factories");
  // The app's scripts first, or the first choice can come before hydration.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Экспорт на рынок").selectOption({ label: "Европейский союз" });
  await expect(page).toHaveURL(/\/factories\?market=eu$/);
  await page.getByLabel("Срок производства до, дней").fill("30");
  await page.getByLabel("Срок производства до, дней").blur();
  await expect(page).toHaveURL(/\/factories\?lead=30&market=eu$/);
  await page.getByLabel("Говорят по-английски").check();
  await expect(page).toHaveURL(/\/factories\?lead=30&market=eu&english=1$/);
  await page.getByLabel("Сортировка").selectOption({ label: "Сначала проверенные" });
  await expect(page).toHaveURL(/sort=verified/);
  await expect(page.getByTestId("factory-card").first()).toBeVisible();
  await page.getByRole("link", { name: "Сбросить фильтры" }).click();
  await expect(page).toHaveURL(/\/factories$/);
});
