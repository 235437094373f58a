// HTML-first pages (docs/decisions/016-html-first-pages.md): a visitor gets the public pages as
// HTML and CSS, with no framework JavaScript, from the page cache after the first time; a
// signed-in person gets the app. The widgets that used to need the app work without it.
import { expect, type Page, test } from "@playwright/test";
import { htmlFirstPages } from "../support/route-pages";
import { originOf, signInAs, toasts } from "./helpers";

/** Every HTML-first page without parameters, in every language (their route facts). */
const PUBLIC_PAGES = await htmlFirstPages();

/** Every script file the page loaded, and the page's inline scripts. */
async function scriptsOf(page: Page, path: string) {
  const files: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") files.push(request.url());
  });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const inline = await page
    .locator("script:not([src]):not([type='application/ld+json'])")
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ""));
  return { files, inline, response };
}

test.describe("a visitor's pages", () => {
  test("are listed from the route facts", () => {
    expect(PUBLIC_PAGES).toEqual(
      expect.arrayContaining(["/", "/factories", "/tenders", "/about", "/articles", "/clothing"]),
    );
    expect(PUBLIC_PAGES).toEqual(expect.arrayContaining(["/support-project", "/en/factories"]));
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path} loads no script file`, async ({ page }) => {
      const { files, inline } = await scriptsOf(page, path);
      expect(files).toEqual([]);
      // Only the constant scripts, never React Router's context or a module loader.
      for (const text of inline) expect(text).not.toMatch(/__reactRouter|import\(/);
    });
  }

  test("a factory's page and portfolio, and a tender's page, load no script file", async ({
    page,
  }) => {
    await page.goto("/factories");
    const factory = await page.locator("main a[href^='/factory/']").first().getAttribute("href");
    expect(factory).toBeTruthy();
    expect((await scriptsOf(page, factory as string)).files).toEqual([]);
    const portfolio = `/factory-products/${(factory as string).split("/").pop()}`;
    expect((await scriptsOf(page, portfolio)).files).toEqual([]);
    await page.goto("/tenders");
    const tender = await page.locator("a[href*='tender=']").first().getAttribute("href");
    const id = new URLSearchParams((tender ?? "").split("?")[1]).get("tender");
    expect((await scriptsOf(page, `/tenders/${id}`)).files).toEqual([]);
  });

  test("comes from the page cache the second time, with an ETag the browser can revalidate", async ({
    request,
  }) => {
    const first = await request.get("/factories?page=2");
    const second = await request.get("/factories?page=2");
    expect(second.headers()["x-page-cache"]).toBe("hit");
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers().etag;
    expect(etag).toBeTruthy();
    const repeat = await request.get("/factories?page=2", {
      headers: { "if-none-match": etag as string },
    });
    expect(repeat.status()).toBe(304);
    expect(second.headers()["cache-control"]).toContain("s-maxage=");
    expect(second.headers()["content-security-policy"]).not.toContain("nonce-");
  });

  test("a signed-in person gets the app on the same page", async ({ page }) => {
    await signInAs(page, "buyer");
    const { files } = await scriptsOf(page, "/factories");
    expect(files.length).toBeGreaterThan(0);
  });
});

test.describe("a signed-in person's light workspace pages", () => {
  // The last workspace pages to become light (decision 036), in both languages.
  for (const [who, paths] of [
    ["buyer", ["/my-tenders", "/place-tender?new=1", "/profile", "/en/my-tenders", "/en/profile"]],
    ["factory", ["/factory-products", "/profile", "/en/factory-products"]],
  ] as const) {
    test(`a ${who}'s ${paths.join(", ")} load no script file`, async ({ page }) => {
      await signInAs(page, who);
      for (const path of paths) {
        const { files, inline, response } = await scriptsOf(page, path);
        expect(files, path).toEqual([]);
        expect(inline, path).toHaveLength(1);
        expect(inline[0], path).not.toMatch(/__reactRouter|import\(/);
        expect(response?.headers()["content-security-policy"], path).not.toContain("nonce-");
      }
    });
  }
});

test.describe("without the app's scripts", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu opens, closes on Escape and gives focus back to its button", async ({
    page,
  }) => {
    await page.goto("/tenders");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Открыть меню" }).click();
    const menu = page.getByRole("navigation", { name: "Основная навигация" });
    await expect(menu.getByRole("link", { name: "Фабрики" })).toBeVisible();
    await expect(header.getByRole("button", { name: "Закрыть меню" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(header.getByRole("button", { name: "Открыть меню" })).toBeFocused();

    await header.getByRole("button", { name: "Открыть меню" }).click();
    await header.getByRole("button", { name: "Закрыть меню" }).click();
    await expect(menu).toBeHidden();
    await header.getByRole("button", { name: "Открыть меню" }).click();
    await menu.getByRole("link", { name: "Фабрики" }).click();
    await expect(page).toHaveURL(/\/factories$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test("the city follows the country in the directory's filters, each choice applied at once", async ({
    page,
  }) => {
    await page.goto("/factories");
    const summary = page.locator("summary", { hasText: "Фильтры" });
    if (!(await page.getByLabel("Страна").isVisible())) await summary.click();
    const city = page.getByLabel("Город");
    await expect(city).toBeDisabled();
    await page.getByLabel("Страна").selectOption("kg");
    await expect(page).toHaveURL(/\/factories\?country=kg$/);
    // The panel stays open after a choice, and the city list is the country's.
    await expect(city).toBeEnabled();
    const shown = await city
      .locator("option:not([hidden])")
      .evaluateAll((options) => options.map((option) => option.getAttribute("data-parent")));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.slice(1).every((parent) => parent === "kg")).toBe(true);
    await city.selectOption({ index: 1 });
    await expect(page).toHaveURL(/\/factories\?country=kg&city=kg_\d+$/);
    await page.getByLabel("Страна").selectOption("kz");
    await expect(page).toHaveURL(/\/factories\?country=kz$/);
    await expect(city).toHaveValue("");
  });

  test("a copy button copies and says so in the page's message region", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: originOf(),
    });
    await page.goto("/support-project");
    const kgs = page.getByTestId("support-method-bank-kgs");
    await kgs.getByRole("button", { name: "Копировать: Номер счета" }).click();
    await expect(toasts(page).getByText("Скопировано")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("KG00 TEST 0000 0000");
  });

  test("signing out lands on a page without the app's scripts", async ({ page }) => {
    await signInAs(page, "factory");
    await page.goto("/");
    // A signed-in page is the app: its menu opens once the scripts have run.
    await page.waitForLoadState("networkidle");
    const files: string[] = [];
    await page.getByRole("banner").getByRole("button", { name: "Открыть меню" }).click();
    page.on("request", (request) => {
      if (request.resourceType() === "script") files.push(request.url());
    });
    await page.getByRole("banner").getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("banner").getByRole("button", { name: "Открыть меню" }),
    ).toBeVisible();
    expect(files).toEqual([]);
  });
});
