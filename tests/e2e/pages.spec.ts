import { expect, test } from "@playwright/test";
import { routePages } from "../support/route-pages";

/** Every page a visitor may open without parameters, in every language (their route facts). */
const VISITOR_PAGES = (await routePages())
  .filter((page) => page.facts.visitorCache && !/[:*]/.test(page.pattern))
  .map((page) => page.pattern);

const STATIC = [
  ["/about", "О нас"],
  ["/contact", "Контакты"],
  ["/terms", "Пользовательское соглашение"],
  ["/privacy", "Политика конфиденциальности"],
] as const;

test.describe("static pages", () => {
  for (const [path, title] of STATIC) {
    test(`${path} shows its text`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/— Fabricum$/);
      const paragraphs = page.getByRole("main").getByRole("paragraph");
      expect(await paragraphs.count()).toBeGreaterThan(2);
      await expect(page.getByRole("main")).toContainText("Fabricum");
      // Reached from the footer as well.
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test("/articles says the section is in development", async ({ page }) => {
    await page.goto("/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Статьи" })).toBeVisible();
    await expect(page.getByText("Раздел в разработке")).toBeVisible();
  });
});

test.describe("a visitor's pages", () => {
  test("are listed from the route facts, private pages never", () => {
    expect(VISITOR_PAGES).toEqual(expect.arrayContaining(["/", "/login", "/place-tender", "/en"]));
    for (const path of ["/profile", "/my-tenders", "/reset-password", "/en/my-quotes"]) {
      expect(VISITOR_PAGES).not.toContain(path);
    }
  });

  for (const path of VISITOR_PAGES) {
    test(`${path} answers a visitor with its page`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("s-maxage=");
    });
  }
});

test.describe("not found", () => {
  test("answers 404, shows the path and leads home", async ({ page }) => {
    const response = await page.goto("/no-such-page/перевод");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Страница не найдена" }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText("/no-such-page/перевод");
    await page.getByRole("main").getByRole("link", { name: "На главную" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "B2B-маркетплейс текстиля и одежды",
    );
  });

  test("an unknown upload is a 404, not an error", async ({ request }) => {
    const response = await request.get("/uploads/logos/00000000-0000-0000-0000-000000000000.webp");
    expect(response.status()).toBe(404);
    const traversal = await request.get("/uploads/..%2f..%2fauth-secret");
    expect(traversal.status()).toBe(404);
  });
});
