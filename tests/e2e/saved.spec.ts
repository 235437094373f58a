// A buyer saves factories and directory searches (issue 29, item 6), in both languages; a visitor
// is offered nothing to save. Screenshots for looking at: SAVED_SCREENSHOTS=1.
import { expect, test } from "@playwright/test";
import { newAccount, newPerson, toasts } from "./helpers";

const shots = process.env.SAVED_SCREENSHOTS === "1";

test("a visitor is offered no 'Сохранить'", async ({ page }) => {
  await page.goto("/factories");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: /Сохранить/ })).toHaveCount(0);
});

// Each test has a buyer of its own: they run side by side and save the same first factory.
test("a buyer saves a factory, notes it and saves a search (Russian)", async ({ browser }) => {
  const { page, context } = await newPerson(browser, newAccount("buyer"));
  await page.goto("/factories");
  const first = page.getByRole("button", { name: /^Сохранить фабрику/ }).first();
  const label = (await first.getAttribute("aria-label")) ?? "";
  const name = label.replace(/^Сохранить фабрику «(.*)»$/, "$1");
  await first.click();
  await expect(toasts(page)).toContainText("Фабрика сохранена.");

  await page.goto("/factories?q=трикотаж");
  await page.getByRole("button", { name: "Сохранить поиск" }).click();
  await expect(toasts(page)).toContainText("Поиск сохранен.");

  await page.getByRole("link", { name: "Сохраненные" }).first().click();
  await expect(page.getByRole("heading", { name: "Сохраненные фабрики и поиски" })).toBeVisible();
  const saved = page.getByTestId("saved-factory").filter({ hasText: name });
  await expect(saved).toBeVisible();
  await saved.getByLabel(/Заметка/).fill("Позвонить в понедельник");
  await saved.getByRole("button", { name: "Сохранить заметку" }).click();
  await expect(toasts(page)).toContainText("Заметка сохранена.");
  await expect(
    page
      .getByTestId("saved-factory")
      .filter({ hasText: name })
      .getByLabel(/Заметка/),
  ).toHaveValue("Позвонить в понедельник");

  const search = page.getByTestId("saved-search").filter({ hasText: "«трикотаж»" });
  await expect(search).toContainText("Письма включены");
  await search.getByRole("button", { name: "Выключить письма" }).click();
  await expect(toasts(page)).toContainText("Письма о новых фабриках выключены.");
  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/wt-saved-ru-${width}.png`, fullPage: true });
    }
  }
  await page
    .getByTestId("saved-search")
    .filter({ hasText: "«трикотаж»" })
    .getByRole("button", { name: /Удалить поиск/ })
    .click();
  await expect(toasts(page)).toContainText("Поиск удален.");
  await page
    .getByTestId("saved-factory")
    .filter({ hasText: name })
    .getByRole("button", { name: /Убрать/ })
    .click();
  await expect(toasts(page)).toContainText("Фабрика убрана из сохраненных.");
  await context.close();
});

test("a buyer saves a factory from its page (English)", async ({ browser }) => {
  const { page, context } = await newPerson(browser, newAccount("buyer"));
  await page.goto("/en/factories");
  await page.locator('main a[href^="/en/factory/"]').first().click();
  await expect(page).toHaveURL(/\/en\/factory\//);
  // The directory's cards have the button too: the factory's page has just one.
  const save = page.getByRole("button", { name: /^Save the factory/ });
  await expect(save).toHaveCount(1);
  await save.click();
  await expect(toasts(page)).toContainText("Factory saved.");
  await expect(page.getByRole("button", { name: "Remove from saved" })).toBeVisible();
  await page.getByRole("link", { name: "Saved" }).first().click();
  await expect(page.getByRole("heading", { name: "Saved factories and searches" })).toBeVisible();
  await expect(page.getByTestId("saved-factory").first()).toBeVisible();
  if (shots) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/wt-saved-en-${width}.png`, fullPage: true });
    }
  }
  await page
    .getByTestId("saved-factory")
    .first()
    .getByRole("button", { name: /Remove/ })
    .click();
  await expect(toasts(page)).toContainText("Factory removed from saved.");
  await context.close();
});
