import { expect, type Page, test } from "@playwright/test";
import { DEMO_FACTORIES, MODEL_NAMES } from "../../app/demo/data";
import { originOf, registerNewAccount, signInAs, toasts } from "./helpers";

// The factory directory (/factories), the factory page (/factory/{id}, /factories/{id}), the
// sitemap and robots.txt, used as a person would. Other specs may add factories to the same
// server, so the expectations name demo factories that must (or must not) be listed rather than
// exact totals.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

const filters = (page: Page) => ({
  panel: page.locator("details", { has: page.locator("summary", { hasText: "Фильтры" }) }),
  summary: page.locator("summary", { hasText: "Фильтры" }),
  category: page.getByLabel("Сферы деятельности", { exact: true }),
  country: page.getByLabel("Страна", { exact: true }),
  city: page.getByLabel("Город", { exact: true }),
  search: page.getByRole("searchbox", { name: "Поиск" }),
  // 'Показать', with the count when each choice applies at once (the app, an HTML-first page).
  apply: page.getByRole("button", { name: /^Показать( \d+ фабрик\S*)?$/ }),
  reset: page.getByRole("link", { name: "Сбросить", exact: true }),
});

/** The result count ('Найдено 12 фабрик'), a polite live region. */
const count = (page: Page) => page.getByRole("status").filter({ hasText: /^Найден/ });
/** The list of result cards, named by the count. */
const results = (page: Page) => page.getByRole("list", { name: /^Найден/ });
/** The cards: the items of the result list (each holds its own list of tags). */
const cards = (page: Page) => results(page).locator(":scope > li");
const card = (page: Page, name: string) => results(page).getByRole("link", { name, exact: true });
/** The names of the cards on the page. */
const cardNames = (page: Page) => results(page).getByRole("heading", { level: 2 }).allInnerTexts();
const shownOption = (select: ReturnType<Page["getByLabel"]>) => select.locator("option:checked");
const foundCount = async (page: Page) =>
  Number(((await count(page).innerText()).match(/[\d\s\u00a0]+/)?.[0] ?? "").replace(/\D/g, ""));

/** Demo factories whose data matches, from the seed itself. */
const demo = (match: (f: (typeof DEMO_FACTORIES)[number]) => boolean) =>
  DEMO_FACTORIES.filter(match).map((f) => f.name);

test.describe("factory directory", () => {
  test("lists the factories with a count, cards and pages, and server-rendered meta", async ({
    page,
  }) => {
    // Hydration problems and other script errors show up in the console.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto("/factories");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole("heading", { level: 1, name: "Швейные цеха и фабрики" }),
    ).toBeVisible();
    await expect(count(page)).toHaveText(/^Найдено \d+ фабрик[аи]?$/);
    await expect(count(page)).toHaveAttribute("aria-live", "polite");
    const total = await foundCount(page);
    expect(total).toBeGreaterThanOrEqual(DEMO_FACTORIES.length);
    await expect(cards(page)).toHaveCount(24);

    // The newest factory comes first: logo, name, 'City, Country', tags and 'Подробнее'.
    const newest = cards(page).filter({
      has: page.getByRole("link", { name: "Наманган Детство", exact: true }),
    });
    await expect(newest).toBeVisible();
    await expect(card(page, "Наманган Детство")).toHaveAccessibleDescription(
      "Наманган, Узбекистан",
    );
    await expect(newest.getByRole("list").getByRole("listitem")).toHaveText([
      "Прочее",
      "Нижнее белье и одежда для сна",
    ]);
    await expect(newest.getByText("Подробнее")).toBeVisible();
    await expect(newest.locator("img")).toHaveAttribute(
      "src",
      /^\/uploads\/logos\/.+-thumb\.webp$/,
    );
    // The cards' icons are drawn from one sprite file (a <use> each, no inline drawings).
    await expect(results(page).locator("svg path, svg circle")).toHaveCount(0);
    const pin = (await newest.locator("svg use").first().getAttribute("href")) ?? "";
    expect(pin).toMatch(/^\/assets\/icons-[\w-]+\.svg#map-pin$/);
    const sprite = await page.request.get(pin.replace(/#.*/, ""));
    expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
    expect(await sprite.text()).toContain('<symbol id="map-pin"');
    // One link per card (the name, stretched over the card), nothing interactive inside it.
    await expect(newest.locator("a, button, input, select")).toHaveCount(1);
    await expect(card(page, "Наманган Детство").locator("*")).toHaveCount(0);

    await expect(page).toHaveTitle("Швейные цеха и фабрики — Fabricum");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /Каталог швейных цехов и фабрик/,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${originOf()}/factories`,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    // Pages: 24 a page, numbered links and previous/next with rel.
    const pageCount = Math.ceil(total / 24);
    const pages = page.getByRole("navigation", { name: "Страницы" });
    await expect(pages.getByText(`Страница 1 из ${pageCount}`)).toBeVisible();
    await expect(pages.getByRole("link", { name: `Страница 1 из ${pageCount}` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(pages.getByRole("link", { name: "Следующая" })).toHaveAttribute("rel", "next");
    await pages.getByRole("link", { name: "Следующая" }).click();
    await expect(page).toHaveURL(/\/factories\?page=2$/);
    await expect(pages.getByText(/^Страница 2 из \d+$/)).toBeVisible();
    await expect(cards(page).first()).toBeVisible();
    await expect(pages.getByRole("link", { name: "Предыдущая" })).toHaveAttribute("rel", "prev");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${originOf()}/factories?page=2`,
    );
    // The oldest demo factory is on the last page.
    await pages.getByRole("link", { name: /^Страница (\d+) из \1$/ }).click();
    await expect(card(page, "Ала-Тоо Текстиль")).toBeVisible();
    await expect(pages.getByRole("link", { name: "Следующая" })).toHaveCount(0);
    await pages.getByRole("link", { name: /^Страница 1 из/ }).click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(card(page, "Наманган Детство")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("filters by category, then country, then city; a new country clears the city; reset", async ({
    page,
  }) => {
    await page.goto("/factories");
    const f = filters(page);
    await expect(f.panel).toHaveAttribute("open", "");
    await expect(f.city).toBeDisabled();
    await expect(shownOption(f.city)).toHaveText("Сначала выберите страну");

    // Sphere of activity: submitted as soon as it is chosen.
    await f.category.selectOption({ label: "Брюки и юбки" });
    await expect(page).toHaveURL(/\/factories\?category=bottoms$/);
    const bottoms = demo((d) => d.categories.includes("bottoms"));
    await expect(card(page, "Кара-Балта Деним")).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual(expect.arrayContaining(bottoms));
    await expect.poll(() => cardNames(page)).not.toContain("Ала-Тоо Текстиль");
    // The count is that of the cards (other specs may have added factories of their own).
    await expect(count(page)).toHaveText(/^Найден[оа] \d+ фабрик[аи]?$/);
    expect(await foundCount(page)).toBe(await cards(page).count());
    expect(await foundCount(page)).toBeGreaterThanOrEqual(bottoms.length);
    // A single category is an indexable page of its own.
    await expect(page).toHaveTitle("Брюки и юбки: швейные цеха и фабрики — Fabricum");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

    // Country, then the city list of that country.
    await f.country.selectOption({ label: "Грузия" });
    await expect(page).toHaveURL(/\/factories\?category=bottoms&country=ge$/);
    await expect(f.city).toBeEnabled();
    await expect(shownOption(f.city)).toHaveText("Все города");
    await expect(f.city.getByRole("option", { name: "Батуми" })).toHaveCount(1);
    await expect(f.city.getByRole("option", { name: "Бишкек" })).toHaveCount(0);
    await expect.poll(() => cardNames(page)).toEqual(["Кутаиси Деним"]);
    // Two filters: not indexed, canonical to the category alone.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${originOf()}/factories?category=bottoms`,
    );

    await f.city.selectOption({ label: "Кутаиси" });
    await expect(page).toHaveURL(/\/factories\?category=bottoms&country=ge&city=ge_2$/);
    await expect(count(page)).toHaveText("Найдена 1 фабрика");
    await expect.poll(() => cardNames(page)).toEqual(["Кутаиси Деним"]);
    await f.city.selectOption({ label: "Тбилиси" });
    await expect(page).toHaveURL(/city=ge_1$/);
    await expect(
      page.getByRole("heading", { name: "По вашим критериям ничего не найдено" }),
    ).toBeVisible();

    // Another country: its own cities, and the city is cleared.
    await f.country.selectOption({ label: "Кыргызстан" });
    await expect(page).toHaveURL(/\/factories\?category=bottoms&country=kg$/);
    await expect(shownOption(f.city)).toHaveText("Все города");
    await expect(f.city.getByRole("option", { name: "Бишкек" })).toHaveCount(1);
    await expect(f.city.getByRole("option", { name: "Батуми" })).toHaveCount(0);
    await expect(card(page, "Кара-Балта Деним")).toBeVisible();
    await expect.poll(() => cardNames(page)).not.toContain("Кутаиси Деним");
    await expect(f.summary).toContainText("Выбрано фильтров: 2");

    // Reset: everything back, the whole directory again.
    await f.reset.click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(shownOption(f.category)).toHaveText("Все сферы");
    await expect(shownOption(f.country)).toHaveText("Все страны");
    await expect(f.city).toBeDisabled();
    await expect(cards(page)).toHaveCount(24);
  });

  test("searches names, descriptions and product names in any word form", async ({ page }) => {
    await page.goto("/factories");
    const f = filters(page);

    // 'платье' finds the descriptions that say 'платья' (typing is submitted after a pause).
    await f.search.fill("платье");
    await expect(page).toHaveURL(/\/factories\?q=%D0%BF%D0%BB%D0%B0%D1%82%D1%8C%D0%B5$/);
    await expect(card(page, "Бишкек Стиль")).toBeVisible();
    await expect
      .poll(() => cardNames(page))
      .toEqual(expect.arrayContaining(demo((d) => d.categories.includes("dresses-jumpsuits"))));
    // A search is not indexed; its canonical is the directory.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${originOf()}/factories`,
    );

    // A word that only product names carry finds the factories that make them.
    const model = "Мтквари";
    const index = MODEL_NAMES.indexOf(model);
    const makers = DEMO_FACTORIES.filter((_, i) =>
      Array.from({ length: 3 + (i % 6) }, (_, p) => (i * 7 + p * 3) % MODEL_NAMES.length).includes(
        index,
      ),
    ).map((d) => d.name);
    expect(makers.length).toBeGreaterThan(0);
    await f.search.fill(model.toLowerCase());
    await f.search.press("Enter");
    await expect(page).toHaveURL(/\?q=%D0%BC%D1%82%D0%BA/);
    await expect(card(page, makers[0] as string)).toBeVisible();
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual([...makers].sort());

    // Search and filters together; nothing found → the empty state, with a way back.
    await f.category.selectOption({ label: "Брюки и юбки" });
    await f.country.selectOption({ label: "Эстония" });
    // (The order of the parameters is the form's when the page runs without the app's scripts.)
    await expect(page).toHaveURL(/^(?=.*[?&]category=bottoms)(?=.*[?&]country=ee)(?=.*[?&]q=)/);
    await expect(
      page.getByRole("heading", { level: 2, name: "По вашим критериям ничего не найдено" }),
    ).toBeVisible();
    await expect(count(page)).toHaveText("Найдено 0 фабрик");
    await expect(f.search).toHaveValue(model.toLowerCase());
    await page.getByRole("link", { name: "Сбросить фильтры" }).click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(f.search).toHaveValue("");
    await expect(cards(page)).toHaveCount(24);
  });

  test("pages keep the filters", async ({ page }) => {
    // Every demo description says 'швейное производство': more than one page.
    await page.goto("/factories?q=швейное");
    const pages = page.getByRole("navigation", { name: "Страницы" });
    const next = pages.getByRole("link", { name: "Следующая" });
    await expect(next).toHaveAttribute("rel", "next");
    await expect(next).toHaveAttribute("href", /^\/factories\?q=.+&page=2$/);
    await next.click();
    await expect(page).toHaveURL(/\?q=.+&page=2$/);
    await expect(filters(page).search).toHaveValue("швейное");
    await expect(pages.getByText(/^Страница 2 из \d+$/)).toBeVisible();
    // A page past the last shows the last one; nonsense filters are ignored.
    const response = await page.goto("/factories?page=999&category=nope&country=zz&city=x");
    expect(response?.status()).toBe(200);
    await expect(pages.getByText(/^Страница (\d+) из \1$/)).toBeVisible();
  });

  test("a card opens the factory page with its contacts as links", async ({ page }) => {
    await page.goto("/factories?country=kg");
    await card(page, "Кара-Балта Деним").click();
    await expect(page).toHaveURL(new RegExp(`/factory/${UUID.source}$`));
    const id = new URL(page.url()).pathname.split("/").pop() as string;

    await expect(page.getByRole("heading", { level: 1, name: "Кара-Балта Деним" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Кара-Балта, Кыргызстан");
    await expect(page.getByRole("list", { name: "Сферы деятельности" })).toHaveText("Брюки и юбки");
    const about = page.getByRole("region", { name: "О фабрике" });
    await expect(about).toContainText("Кара-Балта Деним — швейное производство");
    const location = page.getByRole("region", { name: "Местоположение" });
    await expect(location).toContainText("Кыргызстан");
    await expect(location).toContainText("Кара-Балта");
    await expect(location).toContainText(/ул\. .+, \d+/);

    const contacts = page.getByRole("region", { name: "Контакты" });
    await expect(contacts.getByRole("link", { name: /^Телефон/ })).toHaveAttribute(
      "href",
      /^tel:\+99670\d{7}$/,
    );
    await expect(contacts.getByRole("link", { name: /^Email/ })).toHaveAttribute(
      "href",
      "mailto:factory-04@example.com",
    );
    const website = contacts.getByRole("link", { name: /^Сайт/ });
    await expect(website).toHaveAttribute("href", "https://kara-balta-denim.example");
    await expect(website).toHaveAttribute("target", "_blank");
    await expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(website).toContainText("kara-balta-denim.example");
    await expect(contacts.getByRole("link", { name: /^Instagram/ })).toHaveAttribute(
      "href",
      "https://instagram.com/kara_balta_denim",
    );
    await expect(contacts.getByRole("link", { name: /^Telegram/ })).toHaveAttribute(
      "href",
      "https://t.me/kara_balta_denim",
    );
    await expect(contacts.getByRole("link", { name: /^WhatsApp/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/99670\d{7}$/,
    );

    await expect(page.getByRole("link", { name: "Смотреть портфолио" })).toHaveAttribute(
      "href",
      `/factory-products/${id}`,
    );
    // Meta for search engines and link previews, from the server.
    await expect(page).toHaveTitle("Кара-Балта Деним — Fabricum");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${originOf()}/factory/${id}`,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "profile");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`^${originOf()}/uploads/logos/${UUID.source}\\.webp$`),
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Кара-Балта, Кыргызстан\. Кара-Балта Деним — швейное производство/,
    );

    await page.getByRole("link", { name: "К списку фабрик" }).click();
    await expect(page).toHaveURL(/\/factories$/);
  });

  test("the owner's own page links to its profile form; other people's pages do not", async ({
    page,
  }) => {
    await signInAs(page, "factory");
    await page.goto(`/factories?q=${encodeURIComponent("Ала-Тоо Текстиль")}`);
    await card(page, "Ала-Тоо Текстиль").click();
    await expect(page).toHaveURL(new RegExp(`/factory/${UUID.source}$`));
    const own = new URL(page.url()).pathname;
    const edit = page
      .getByRole("main")
      .getByRole("link", { name: "Редактировать профиль фабрики" });
    await expect(edit).toHaveAttribute("href", "/profile");
    await page.goto(`/en${own}`);
    await expect(
      page.getByRole("main").getByRole("link", { name: "Edit factory profile" }),
    ).toHaveAttribute("href", "/en/profile");
    // Someone else's factory: no such link.
    await page.goto("/factories?country=kg");
    await card(page, "Кара-Балта Деним").click();
    await expect(page.getByRole("heading", { level: 1, name: "Кара-Балта Деним" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Редактировать профиль фабрики" })).toHaveCount(0);
  });

  test("/factories/{id} is the same page, canonical /factory/{id}", async ({ page, request }) => {
    await page.goto("/factories?country=ee");
    const href = await card(page, "Балтийская шерсть").getAttribute("href");
    const id = href?.split("/").pop() as string;
    const response = await page.goto(`/factories/${id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Балтийская шерсть" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${originOf()}/factory/${id}`,
    );
    // The HTML itself carries the heading and the canonical link (no JavaScript needed).
    const html = await (await request.get(`/factories/${id}`)).text();
    expect(html).toContain(`<link rel="canonical" href="${originOf()}/factory/${id}"/>`);
    expect(html).toContain("Балтийская шерсть</h1>");
  });

  test("an unknown or malformed id answers 404 'Фабрика не найдена' with a way back", async ({
    page,
  }) => {
    for (const path of [
      "/factory/00000000-0000-4000-8000-000000000000",
      "/factory/not-a-uuid",
      "/factories/12345",
      "/factory/%27%3B%20drop%20table",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "Фабрика не найдена" }),
      ).toBeVisible();
      await expect(page).toHaveTitle("Фабрика не найдена — Fabricum");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
    await page.getByRole("link", { name: "Вернуться к фабрикам" }).click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(count(page)).toBeVisible();
  });

  test("only the whole directory, one category or one country are indexed", async ({ request }) => {
    const origin = originOf();
    const cases: [string, string | null, string][] = [
      ["/factories", null, "/factories"],
      ["/factories?category=outerwear", null, "/factories?category=outerwear"],
      ["/factories?country=kg", null, "/factories?country=kg"],
      ["/factories?country=kg&page=1", null, "/factories?country=kg"],
      ["/factories?category=nope", null, "/factories"],
      [
        "/factories?category=outerwear&country=kg",
        "noindex, follow",
        "/factories?category=outerwear",
      ],
      ["/factories?country=kg&city=kg_1", "noindex, follow", "/factories?country=kg"],
      ["/factories?q=трикотаж", "noindex, follow", "/factories"],
      ["/factories?category=tops&q=худи", "noindex, follow", "/factories?category=tops"],
    ];
    for (const [path, robots, canonical] of cases) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(
        `<link rel="canonical" href="${origin}${canonical.replace(/&/g, "&amp;")}"/>`,
      );
      if (robots) expect(html, path).toContain(`<meta name="robots" content="${robots}"/>`);
      else expect(html, path).not.toContain('name="robots"');
    }
    // The count and the cards are in the server's HTML.
    const html = await (await request.get("/factories?country=kg")).text();
    expect(html).toMatch(/Найдено \d+ фабрик/);
    expect(html).toContain("Кара-Балта Деним");
  });

  test("the filter panel is collapsed on a phone and open on a wide screen", async ({
    browser,
  }) => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await page.goto("/factories");
    const f = filters(page);
    await expect(f.panel).not.toHaveAttribute("open");
    await expect(f.category).toBeHidden();
    await expect(f.search).toBeVisible();
    await f.summary.click();
    await expect(f.category).toBeVisible();
    await f.category.selectOption({ label: "Спецодежда и униформа" });
    await expect(page).toHaveURL(/category=professional-special/);
    await expect(card(page, "Уралспецпошив")).toBeVisible();
    await expect(f.category).toBeVisible();

    // Also collapsed when reached through the navigation (no server render).
    await page.goto("/");
    await page.getByRole("button", { name: "Открыть меню" }).click();
    await page
      .getByRole("link", { name: "Фабрики", exact: true })
      .filter({ visible: true })
      .click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(count(page)).toBeVisible();
    await expect(f.category).toBeHidden();
    await phone.close();

    const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const desktop = await wide.newPage();
    await desktop.goto("/factories");
    await expect(filters(desktop).panel).toHaveAttribute("open", "");
    await expect(filters(desktop).category).toBeVisible();
    await expect(filters(desktop).country).toBeVisible();
    await wide.close();
  });

  test("works without JavaScript: the filter form submits and pages are links", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto("/factories");
    const f = filters(page);
    // Nothing to close the panel: it stays open, even on a phone.
    await expect(f.category).toBeVisible();

    await f.category.selectOption({ label: "Брюки и юбки" });
    await f.apply.click();
    // The empty fields of the form are dropped from the address.
    await expect(page).toHaveURL(/\/factories\?category=bottoms$/);
    await expect(card(page, "Кара-Балта Деним")).toBeVisible();

    await f.country.selectOption({ label: "Грузия" });
    await f.apply.click();
    await expect(page).toHaveURL(/\/factories\?category=bottoms&country=ge$/);
    await expect(f.city).toBeEnabled();
    await f.city.selectOption({ label: "Кутаиси" });
    await f.apply.click();
    await expect(page).toHaveURL(/\/factories\?category=bottoms&country=ge&city=ge_2$/);
    await expect.poll(() => cardNames(page)).toEqual(["Кутаиси Деним"]);

    // A new country with the old city still selected: the stale city is ignored.
    await f.country.selectOption({ label: "Кыргызстан" });
    await f.apply.click();
    await expect(shownOption(f.city)).toHaveText("Все города");
    await expect(card(page, "Кара-Балта Деним")).toBeVisible();

    await f.reset.click();
    await f.search.fill("деним");
    await f.search.press("Enter");
    await expect(page).toHaveURL(/\/factories\?q=/);
    await expect
      .poll(async () => (await cardNames(page)).sort())
      .toEqual(expect.arrayContaining(["Кара-Балта Деним", "Кутаиси Деним"]));

    await page.goto("/factories");
    await page.getByRole("link", { name: "Следующая" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await card(page, "Ала-Тоо Текстиль").click();
    await expect(page.getByRole("heading", { level: 1, name: "Ала-Тоо Текстиль" })).toBeVisible();
    await context.close();
  });

  test("a factory with more than three spheres shows three tags and '+N'", async ({ page }) => {
    const word = `Зорька${"бвгдклмнпрст"[Date.now() % 12]}${Math.random().toString(36).slice(2, 6).replace(/\d/g, "")}`;
    await registerNewAccount(page, "factory");
    await page.goto("/profile");
    const name = `Фабрика ${word}`;
    await page.getByLabel("Название фабрики", { exact: true }).fill(name);
    await page.getByLabel("Страна", { exact: true }).selectOption({ label: "Кыргызстан" });
    const spheres = page.getByRole("group", { name: "Сферы деятельности" });
    for (const label of [
      "Верхняя одежда",
      "Брюки и юбки",
      "Спортивная одежда",
      "Домашняя одежда",
      "Прочее",
    ]) {
      await spheres.getByRole("checkbox", { name: label, exact: true }).check();
    }
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(toasts(page).getByText("Профиль обновлен")).toBeVisible();

    await page.goto(`/factories?q=${encodeURIComponent(name)}`);
    const mine = cards(page).filter({ has: page.getByRole("link", { name, exact: true }) });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole("listitem")).toHaveCount(4);
    await expect(mine.getByRole("listitem").last()).toHaveText("+2");
    await expect(card(page, name)).toHaveAccessibleDescription("Кыргызстан");
    // Complete profiles open the list: this newest one, without a logo, a city, a description or
    // products, comes after the demo factories.
    await page.goto("/factories");
    await expect(cards(page).first()).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
  });
});

test.describe("sitemap and robots", () => {
  test("sitemap.xml lists the public pages, every factory and every portfolio", async ({
    request,
    page,
  }) => {
    const origin = originOf();
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    for (const path of ["/", "/factories", "/about", "/contact", "/terms", "/privacy"]) {
      expect(xml).toContain(`<loc>${origin}${path}</loc>`);
      // The English page too, and each names the other.
      const english = path === "/" ? "/en" : `/en${path}`;
      expect(xml).toContain(`<loc>${origin}${english}</loc>`);
      expect(xml).toContain(
        `<xhtml:link rel="alternate" hreflang="en" href="${origin}${english}"/>`,
      );
    }
    expect(xml).toContain(`<loc>${origin}/factories?category=outerwear</loc>`);
    const factories = xml.match(/<loc>[^<]+\/factory\/[^<]+<\/loc><lastmod>[^<]+<\/lastmod>/g);
    const portfolios = xml.match(/<loc>[^<]+\/factory-products\/[^<]+<\/loc><lastmod>/g);
    const english = xml.match(/<loc>[^<]+\/en\/factory\/[^<]+<\/loc>/g);
    expect(english?.length).toBe((factories?.length ?? 0) / 2);
    expect(factories?.length).toBeGreaterThanOrEqual(DEMO_FACTORIES.length);
    expect(portfolios?.length).toBe(factories?.length);
    expect(xml).not.toContain("/profile");

    await page.goto("/factories");
    const href = await card(page, "Наманган Детство").getAttribute("href");
    expect(xml).toMatch(new RegExp(`<loc>${origin}${href}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    expect(xml).toContain(
      `<loc>${origin}${href?.replace("/factory/", "/factory-products/")}</loc>`,
    );
  });

  test("robots.txt allows the public pages and names the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of [
      "/profile",
      "/admin",
      "/my-tenders",
      "/factory-products$",
      "/en/profile",
      "/en/admin",
      "/api",
    ]) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).not.toMatch(/Disallow: \/factories/);
    expect(text).toContain(`Sitemap: ${originOf()}/sitemap.xml`);
  });
});
