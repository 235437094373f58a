import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { newAccount, newPerson, originOf, signInAs, toasts } from "./helpers";

// A tender's own page as people use it: a new buyer places a tender with production categories
// (at most 3: a fourth box cannot be ticked), finds it on /tenders, opens its page from the
// details dialog and sees the categories, «Откликов: 0» and the link to its quotes; a visitor's
// HTML carries the Open Graph tags and no contacts, and the page offers signing in; a factory is
// offered to send a quote; the English page is in English. Other specs share the server: the
// title and quantity are unique and no total is relied on.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The content of a meta tag in the server's HTML. */
function metaOf(html: string, key: string): string | undefined {
  const re = new RegExp(
    `<meta[^>]+(?:property|name)="${key.replace(":", "\\:")}"[^>]+content="([^"]*)"`,
  );
  return re.exec(html)?.[1]?.replaceAll("&amp;", "&");
}

test.describe("a tender's own page", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  const stamp = Date.now().toString(36);
  const title = `Пошив курток ${stamp}`;
  // A quantity no other spec uses, to find the tender on /tenders.
  const quantity = String(10_000 + (Date.now() % 80_000));
  const buyer = newAccount("buyer", "Страница Покупатель");
  let context: BrowserContext;
  let page: Page;
  let tenderPath: string;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    ({ context, page } = await newPerson(browser, buyer));
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("a buyer places a tender with categories and opens its page from the list", async () => {
    await page.goto("/place-tender");
    await page.getByTestId("open-tender-form").click();
    const dialog = page.getByRole("dialog", { name: "Новый тендер" });
    await dialog.getByLabel("Заголовок").fill(title);
    await dialog.getByLabel("Количество, шт.").fill(quantity);
    await dialog.getByLabel("Страна").selectOption({ label: "Кыргызстан" });
    await dialog.getByLabel("Город").selectOption({ label: "Бишкек" });
    await dialog.getByLabel("Бюджет").fill("9000");
    await dialog.getByLabel("Telegram").fill("@jackets_buyer");

    const categories = dialog.getByRole("group", { name: "Категории производства" });
    await categories.getByLabel("Верхняя одежда").check();
    await categories.getByLabel("Спортивная одежда").check();
    await categories.getByLabel("Прочее").check();
    // Three are the most: the other boxes cannot be ticked until one is cleared.
    await expect(categories.getByLabel("Брюки и юбки")).toBeDisabled();
    await categories.getByLabel("Прочее").uncheck();
    await expect(categories.getByLabel("Брюки и юбки")).toBeEnabled();
    await dialog.getByRole("button", { name: "Разместить тендер" }).click();

    await expect(page).toHaveURL(/\/my-tenders$/);
    await expect(toasts(page).getByText("Тендер размещен")).toBeVisible();

    await page.goto(`/tenders?minQuantity=${quantity}&maxQuantity=${quantity}`);
    const card = page.getByTestId("tender-card").filter({ hasText: title });
    await expect(card).toContainText("Верхняя одежда, Спортивная одежда");
    await card.getByRole("link", { name: title }).click();
    const details = page.getByRole("dialog", { name: title });
    await expect(details.getByTestId("tender-categories")).toHaveText(
      /Верхняя одежда\s*Спортивная одежда/,
    );
    await details.getByRole("link", { name: "Открыть страницу тендера" }).click();

    await expect(page).toHaveURL(new RegExp(`/tenders/${UUID.source}$`));
    tenderPath = new URL(page.url()).pathname;
    const id = tenderPath.split("/").pop();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const categoryList = page.getByTestId("tender-categories");
    await expect(categoryList.getByRole("listitem")).toHaveText([
      "Верхняя одежда",
      "Спортивная одежда",
    ]);
    await expect(page.getByTestId("tender-quote-count")).toHaveText("Откликов: 0");
    // The owner is sent to the quotes on the tender and sees the contacts.
    const actions = page.getByTestId("tender-actions");
    await expect(actions.getByRole("link", { name: "Отклики на тендер" })).toHaveAttribute(
      "href",
      `/my-tenders/${id}`,
    );
    await expect(actions.getByRole("link", { name: "Откликнуться" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "@jackets_buyer" })).toBeVisible();

    // The link to share, copied to the clipboard.
    await expect(page.getByRole("textbox", { name: "Ссылка на тендер" })).toHaveValue(
      `${originOf()}${tenderPath}`,
    );
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: originOf(),
    });
    await page.getByRole("button", { name: "Копировать: Ссылка на тендер" }).click();
    await expect(toasts(page).getByText("Скопировано")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${originOf()}${tenderPath}`,
    );
  });

  test("the form says whose place it asks; a tender without budget or categories says so once", async () => {
    const plain = `Пошив футболок ${stamp}`;
    await page.goto("/place-tender");
    await page.getByTestId("open-tender-form").click();
    const dialog = page.getByRole("dialog", { name: "Новый тендер" });
    await dialog.getByLabel("Заголовок").fill(plain);
    // The first field is who the garments are for; the place is the place of production.
    await dialog.getByLabel("Для кого").selectOption({ label: "Детский" });
    await dialog.getByLabel("Количество, шт.").fill(quantity);
    await dialog.getByLabel("Страна производства").selectOption({ label: "Кыргызстан" });
    await dialog.getByLabel("Город производства").selectOption({ label: "Ош" });
    await dialog.getByRole("button", { name: "Разместить тендер" }).click();
    await expect(toasts(page).getByText("Тендер размещен")).toBeVisible();

    const today = (locale: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options }).format(new Date());
    await page.goto(`/tenders?minQuantity=${quantity}&maxQuantity=${quantity}`);
    const card = page.getByTestId("tender-card").filter({ hasText: plain });
    await expect(card).toContainText(
      `Размещен ${today("ru-RU", { day: "2-digit", month: "2-digit", year: "numeric" })}`,
    );
    await card.getByRole("link", { name: plain }).click();
    const details = page.getByRole("dialog", { name: plain });
    const row = (scope: typeof details, label: string) =>
      scope.locator("dl > div").filter({ has: scope.page().getByText(label, { exact: true }) });
    await expect(row(details, "Для кого").locator("dd")).toHaveText("Детский");
    await expect(row(details, "Производство").locator("dd")).toHaveText("Любые");
    await expect(row(details, "Место производства").locator("dd")).toHaveText("Ош, Кыргызстан");
    await expect(details.getByText("Бюджет не указан")).toHaveCount(1);

    await details.getByRole("link", { name: "Открыть страницу тендера" }).click();
    await expect(page.getByRole("heading", { level: 1, name: plain })).toBeVisible();
    await expect(page.getByRole("main").getByText("Бюджет не указан")).toHaveCount(1);
    await expect(row(page.getByRole("main"), "Производство").locator("dd")).toHaveText("Любые");

    // In English: the date with the month's name, and the same words.
    await page.goto(`/en/tenders?minQuantity=${quantity}&maxQuantity=${quantity}`);
    const english = page.getByTestId("tender-card").filter({ hasText: plain });
    await expect(english).toContainText(
      `Placed ${today("en-GB", { day: "numeric", month: "short", year: "numeric" })}`,
    );
    await expect(english).toContainText(/Placed \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await english.getByRole("link", { name: plain }).click();
    const englishDetails = page.getByRole("dialog", { name: plain });
    await expect(row(englishDetails, "Production").locator("dd")).toHaveText("Any");
    await expect(row(englishDetails, "Who it’s for").locator("dd")).toHaveText("Children’s");
    await expect(englishDetails.getByText("No budget given")).toHaveCount(1);
  });

  test("a visitor's HTML carries the Open Graph tags and no contacts; the page offers signing in", async ({
    page: visitor,
  }) => {
    const response = await visitor.request.get(tenderPath);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(metaOf(html, "og:title")).toBe(title);
    expect(metaOf(html, "og:type")).toBe("website");
    expect(metaOf(html, "og:url")).toBe(`${originOf()}${tenderPath}`);
    expect(metaOf(html, "og:image")).toBe(`${originOf()}/og-image.png`);
    const description = metaOf(html, "og:description") ?? "";
    expect(description).toContain("Бишкек, Кыргызстан");
    expect(description).toContain("Производство: Верхняя одежда, Спортивная одежда");
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    expect(metaOf(html, "twitter:title")).toBe(title);
    expect(html).toContain(`<link rel="canonical" href="${originOf()}${tenderPath}"/>`);
    expect(html).not.toContain("jackets_buyer");

    await visitor.goto(tenderPath);
    await expect(visitor.getByTestId("tender-quote-count")).toHaveText("Откликов: 0");
    await expect(
      visitor
        .getByTestId("tender-actions")
        .getByRole("link", { name: "Войти, чтобы откликнуться" }),
    ).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(tenderPath)}`);
    await expect(visitor.getByText("Войдите, чтобы увидеть контакты заказчика")).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Отклики на тендер" })).toHaveCount(0);
    await expectAccessible(visitor, "the tender page for a visitor");

    // Signing in from there comes back to the tender.
    await visitor
      .getByTestId("tender-actions")
      .getByRole("link", { name: "Войти, чтобы откликнуться" })
      .click();
    await expect(visitor).toHaveURL(/\/login\?redirectTo=/);
    await visitor.getByLabel("Email", { exact: true }).fill(buyer.email);
    await visitor.getByLabel("Пароль", { exact: true }).fill(buyer.password);
    await visitor.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(visitor).toHaveURL(new RegExp(`${tenderPath}$`));
    await expect(visitor.getByRole("link", { name: "Отклики на тендер" })).toBeVisible();
  });

  test("a factory is offered to send a quote", async ({ page: factory }) => {
    await signInAs(factory, "factory");
    await factory.goto(tenderPath);
    const actions = factory.getByTestId("tender-actions");
    await expect(actions.getByRole("link", { name: "Откликнуться" })).toHaveAttribute(
      "href",
      `${tenderPath}/quote`,
    );
    await expect(factory.getByRole("link", { name: "@jackets_buyer" })).toBeVisible();
  });

  test("the English page is in English", async ({ page: visitor }) => {
    const response = await visitor.goto(`/en${tenderPath}`);
    expect(response?.status()).toBe(200);
    await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByTestId("tender-quote-count")).toHaveText("0 quotes");
    await expect(visitor.getByTestId("tender-categories").getByRole("listitem")).toHaveText([
      "Outerwear",
      "Sportswear",
    ]);
    await expect(
      visitor.getByTestId("tender-actions").getByRole("link", { name: "Sign in to send a quote" }),
    ).toHaveAttribute("href", `/en/login?redirectTo=${encodeURIComponent(`/en${tenderPath}`)}`);
    await expect(visitor.getByRole("link", { name: "All tenders" })).toHaveAttribute(
      "href",
      "/en/tenders",
    );
    await expect(visitor.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      `${originOf()}/en${tenderPath}`,
    );
    // No Russian interface text: Cyrillic only inside the buyer's own words.
    const interfaceText = await visitor.getByRole("main").evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      for (const own of copy.querySelectorAll("[data-user-content]")) own.remove();
      return copy.innerText;
    });
    expect(interfaceText).not.toMatch(/[А-Яа-яЁё]/);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(visitor, "the English tender page on a phone");
  });

  test("an unknown tender is a 404 page", async ({ page: visitor }) => {
    const response = await visitor.goto("/tenders/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(
      visitor.getByRole("heading", { level: 1, name: "Тендер не найден" }),
    ).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Смотреть активные тендеры" })).toHaveAttribute(
      "href",
      "/tenders",
    );
  });
});
