import { expect, type Page, test } from "@playwright/test";
import { aBuyerAndAFactory, withoutScripts } from "./helpers";

// Signed-in pages with the browser's JavaScript off (issue 26, item 7): every form works from
// the server's HTML — a city is chosen from the grouped list, a refused or changed country stays,
// the flash message after a post shows, colours are ticked, /profile fits a phone. Phones read
// with their country's grouping (item 6).

test.describe.configure({ mode: "serial" });

const people = aBuyerAndAFactory("Бекзат Без Скриптов", "Фабрика Без Скриптов");

/** The message a page brings after a form post (drawn by the server). */
const pageMessage = (page: Page) => page.locator("#page-message");

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("a buyer places a tender with a city and sees the message; its WhatsApp reads grouped", async ({
  browser,
}) => {
  const context = await withoutScripts(browser, people.buyer.context);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/profile");
  await expect(
    page.getByRole("button", { name: "Загрузить изображение", exact: true }),
  ).toBeVisible();
  expect(await overflow(page), "/profile at 390 px").toBeLessThanOrEqual(0);

  await page.goto("/place-tender?new=1");
  const title = `Без скриптов ${Date.now()}`;
  await page.getByLabel("Заголовок").fill(title);
  await page.getByLabel(/^Страна/).selectOption({ label: "Казахстан" });
  const city = page.getByLabel(/^Город/);
  await expect(city).toBeEnabled();
  await city.selectOption({ label: "Алматы" });
  await page.getByLabel("WhatsApp").fill("+7 701 555 12 35");
  await page.getByRole("button", { name: "Разместить тендер" }).click();
  await expect(page).toHaveURL(/\/my-tenders$/);
  await expect(pageMessage(page)).toContainText("Тендер размещен");

  const href = await page
    .getByTestId("tender-card")
    .getByRole("link", { name: title, exact: true })
    .first()
    .getAttribute("href");
  await page.goto(href ?? "");
  await expect(page.getByRole("main")).toContainText("Алматы");
  const whatsapp = page
    .getByRole("region", { name: "Контакты заказчика" })
    .getByRole("listitem")
    .filter({ hasText: "WhatsApp" })
    .getByRole("link");
  await expect(whatsapp).toHaveText("+7 701 555 12 35");
  await expect(whatsapp).toHaveAttribute("href", "https://wa.me/77015551235");
  await context.close();
});

test("a factory changes its country in one save and ticks a product's colours", async ({
  browser,
}) => {
  const context = await withoutScripts(browser, people.factory.context);
  const page = await context.newPage();
  // Saved without a category, the factory is not in the directory yet; its dashboard says why.
  await page.goto("/factory-dashboard");
  const notice = page.getByRole("region", { name: "Фабрика пока не видна в каталоге" });
  await expect(notice).toContainText(
    "Чтобы она появилась в каталоге фабрик, укажите хотя бы одну сферу деятельности.",
  );
  await expect(notice.getByRole("link", { name: "Заполнить профиль" })).toBeVisible();

  await page.goto("/profile");
  // The factory was saved in Bishkek; another country is chosen, the city is left as it was.
  await page.getByLabel("Страна", { exact: true }).selectOption({ label: "Узбекистан" });
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(pageMessage(page)).toContainText("Профиль обновлен");
  await expect(page.getByLabel("Страна", { exact: true })).toHaveValue("uz");
  await expect(page.getByLabel("Город", { exact: true })).toHaveValue("");

  await page.goto("/factory-products");
  await page.getByLabel("Название", { exact: true }).fill("Футболка без скриптов");
  const suggestions = page.getByRole("group", { name: "Популярные цвета" });
  await suggestions.getByRole("checkbox", { name: "Красный", exact: true }).check();
  await suggestions.getByRole("checkbox", { name: "Синий", exact: true }).check();
  await page.getByRole("button", { name: "Добавить товар" }).click();
  await expect(pageMessage(page)).toContainText("Товар добавлен в портфолио");
  const card = page.getByTestId("product-card").filter({ hasText: "Футболка без скриптов" });
  await expect(card).toContainText("Красный");
  await expect(card).toContainText("Синий");
  await context.close();
});
