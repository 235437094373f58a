// The search that understands buyers (issue 29): a Russian and an English visitor search with a
// typo (offered 'Возможно, вы искали …', then clicked), several words and a Latin city name, with
// and without JavaScript. Screenshots for looking at: SEARCH_SCREENSHOTS=1.
import { expect, type Page, test } from "@playwright/test";

const shots = process.env.SEARCH_SCREENSHOTS === "1";

/** The list of result cards, named by the count ('Найдено 2 фабрики', '2 factories found'). */
const results = (page: Page) => page.getByRole("list", { name: /Найден|found/ });
const cardNames = (page: Page) => results(page).getByRole("heading", { level: 2 }).allInnerTexts();
const searchBox = (page: Page, name: "Поиск" | "Search") => page.getByRole("searchbox", { name });

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/wt-search-${name}-${width}.png`, fullPage: true });
  }
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "" : " without JavaScript";

  test(`a Russian visitor searches with a typo and takes the suggestion${how}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/factories");
    await searchBox(page, "Поиск").fill("Наманаган");
    await searchBox(page, "Поиск").press("Enter");
    await expect(page).toHaveURL(/q=%D0%9D%D0%B0%D0%BC%D0%B0%D0%BD%D0%B0%D0%B3%D0%B0%D0%BD/);
    // The nearest known word's factories are shown already, and the fixed search is offered.
    await expect.poll(() => cardNames(page)).toContain("Наманган Детство");
    const suggestion = page.getByRole("link", { name: "«наманган»" });
    await expect(page.getByText("Возможно, вы искали")).toBeVisible();
    if (javaScriptEnabled) await screenshots(page, "ru-typo");
    await suggestion.click();
    await expect(page).toHaveURL(/q=%D0%BD%D0%B0%D0%BC%D0%B0%D0%BD%D0%B3%D0%B0%D0%BD$/);
    await expect(page.getByText("Возможно, вы искали")).toHaveCount(0);
    expect((await cardNames(page))[0]).toBe("Наманган Детство");

    // Several words: every word found together first.
    await page.goto(`/factories?q=${encodeURIComponent("трикотаж Кыргызстан")}`);
    expect((await cardNames(page))[0]).toBe("Ош Трикотаж");
    // A word nobody uses does not empty the result.
    await page.goto(`/factories?q=${encodeURIComponent("мужские брюки")}`);
    expect((await cardNames(page)).length).toBeGreaterThan(0);
    // Nothing at all: the directory's empty state and the way back to every factory.
    await page.goto(`/factories?q=${encodeURIComponent("ыыыжжж")}`);
    await expect(
      page.getByRole("heading", { name: "По вашим критериям ничего не найдено" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Сбросить фильтры" }).last().click();
    await expect(page).toHaveURL(/\/factories$/);
    await context.close();
  });

  test(`an English visitor searches by a Latin city, several words and a typo${how}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/en/factories");
    await searchBox(page, "Search").fill("Tashkent");
    await searchBox(page, "Search").press("Enter");
    await expect(page).toHaveURL(/\/en\/factories\?q=Tashkent$/);
    await expect.poll(async () => (await cardNames(page))[0]).toBe("Ташкент Коттон");
    if (javaScriptEnabled) await screenshots(page, "en-city");

    await page.goto("/en/factories?q=Vilnius%20Linen");
    expect((await cardNames(page))[0]).toBe("Vilnius Linen");
    await page.goto("/en/factories?q=knitwear%20Kyrgyzstan");
    expect((await cardNames(page))[0]).toBe("Ош Трикотаж");

    await page.goto("/en/factories?q=Nmangan");
    const suggestion = page.getByRole("link", { name: /^«.+»$/ });
    await expect(page.getByText("Did you mean")).toBeVisible();
    await suggestion.click();
    await expect(page.getByText("Did you mean")).toHaveCount(0);
    expect((await cardNames(page))[0]).toBe("Наманган Детство");
    await context.close();
  });
}
