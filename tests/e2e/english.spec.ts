import { expect, type Page, test } from "@playwright/test";
import * as catalogue from "../../app/domain/catalogue";
import { signInAs } from "./helpers";

// Fabricum in English: every page and dialog under /en as a visitor, a buyer, a factory and the
// admin shows no Cyrillic outside what people wrote themselves (marked `data-user-content`, or
// in an element whose `lang` is another language), and the Russian pages show none of the
// English interface texts. The journeys in English are in english-journeys.spec.ts.

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * Interface texts of the page that contain Cyrillic: text nodes, titles, labels, placeholders
 * and alternative texts, outside user content and other languages' elements. Hidden elements
 * count too (a dialog's or menu's text is there before it opens).
 */
async function cyrillicInterfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const cyrillic = new RegExp(pattern);
    const skipped = (element: Element | null) =>
      !!element?.closest(
        "[data-user-content], [lang]:not([lang='en']), textarea, script, style, noscript",
      );
    // People's words inside an interface text (a name in a button's label) are theirs.
    const userTexts = Array.from(document.querySelectorAll("[data-user-content]"))
      .map((element) => element.textContent?.trim() ?? "")
      .filter(Boolean)
      // Longer first: a name inside a description goes with the description.
      .sort((a, b) => b.length - a.length);
    // A text cut short for a preview ('…') counts from where a user text starts.
    const withoutUserTexts = (value: string) =>
      userTexts.reduce((rest, userText) => {
        const whole = rest.split(userText).join("");
        const start = whole.indexOf(userText.slice(0, 40));
        return start >= 0 && whole.endsWith("…") ? whole.slice(0, start) : whole;
      }, value);
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (cyrillic.test(withoutUserTexts(text)) && !skipped(node.parentElement)) {
        found.push(`${node.parentElement?.tagName.toLowerCase()}: ${text.trim().slice(0, 80)}`);
      }
    }
    for (const element of Array.from(document.querySelectorAll("*"))) {
      if (skipped(element)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description"]) {
        const value = element.getAttribute(name);
        if (value && cyrillic.test(withoutUserTexts(value))) {
          found.push(`[${name}] ${value.slice(0, 80)}`);
        }
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description && cyrillic.test(withoutUserTexts(description))) {
      found.push(`meta description: ${description}`);
    }
    if (cyrillic.test(withoutUserTexts(document.title))) found.push(`title: ${document.title}`);
    return found;
  }, CYRILLIC.source);
}

async function expectEnglish(page: Page, path: string) {
  const response = await page.goto(path);
  expect.soft(response?.status(), path).toBeLessThan(500);
  await expect.soft(page.locator("html")).toHaveAttribute("lang", "en");
  expect.soft(await cyrillicInterfaceTexts(page), path).toEqual([]);
}

/** The first address on the page that matches, e.g. the first factory card's link. */
async function firstHref(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no ${selector} on ${page.url()}`);
  return href;
}

test.describe("every page in English", () => {
  test("as a visitor", async ({ page }) => {
    for (const path of [
      "/en",
      "/en/factories",
      "/en/factories?country=kg&category=outerwear",
      "/en/factories?q=zzzzzz",
      "/en/tenders",
      "/en/tenders?minQuantity=10&maxQuantity=1",
      "/en/place-tender",
      "/en/my-tenders",
      "/en/login",
      "/en/register",
      "/en/forgot-password",
      "/en/reset-password",
      "/en/about",
      "/en/contact",
      "/en/terms",
      "/en/privacy",
      "/en/articles",
      "/en/support-project",
      "/en/clothing",
      "/en/textile",
      "/en/clothing/1",
      "/en/textile/1",
      "/en/clothing-products",
      "/en/clothing-seller-dashboard",
      "/en/supplier",
      "/en/no-such-page",
    ]) {
      await expectEnglish(page, path);
    }
    // A demo factory with products (other tests add new factories, without products, meanwhile).
    await page.goto(`/en/factories?q=${encodeURIComponent("Ала-Тоо Текстиль")}`);
    const factory = await firstHref(page, 'a[href^="/en/factory/"]');
    await expectEnglish(page, factory);
    const portfolio = factory.replace("/factory/", "/factory-products/");
    await expectEnglish(page, portfolio);
    const product = await firstHref(page, 'a[href*="product="]');
    await expectEnglish(page, product);
    await page.goto("/en/tenders");
    await expectEnglish(page, await firstHref(page, 'a[href*="tender="]'));
  });

  test("as a buyer", async ({ page }) => {
    await signInAs(page, "buyer");
    for (const path of [
      "/en/profile",
      "/en/my-tenders",
      "/en/place-tender",
      "/en/factories",
      "/en/buyer-dashboard",
    ]) {
      await expectEnglish(page, path);
    }
    await page.goto("/en/my-tenders");
    const edit = page.locator('a[href*="edit="]').first();
    if (await edit.count()) await expectEnglish(page, (await edit.getAttribute("href")) as string);
    await expectEnglish(page, "/en/place-tender?new=1");
    // Orders (decision 032): the list and the demo buyer's order, with its history and forms.
    await expectEnglish(page, "/en/orders");
    await expectEnglish(page, await firstHref(page, 'a[href^="/en/orders/"]'));
  });

  test("as a factory", async ({ page }) => {
    await signInAs(page, "factory");
    for (const path of [
      "/en/profile",
      "/en/profile/capabilities",
      "/en/factories?moq=500&material=knit&english=1&sort=verified",
      "/en/factory-dashboard",
      "/en/factory-dashboard/certificates",
      "/en/factory-products",
      "/en/factory-products?new=1",
      "/en/tenders",
    ]) {
      await expectEnglish(page, path);
    }
    await page.goto("/en/factory-products");
    const edit = page.locator('a[href*="edit="]').first();
    if (await edit.count()) await expectEnglish(page, (await edit.getAttribute("href")) as string);
    await page.goto("/en/tenders");
    await expectEnglish(page, await firstHref(page, 'a[href*="tender="]'));
    await expectEnglish(page, "/en/orders");
    await expectEnglish(page, await firstHref(page, 'a[href^="/en/orders/"]'));
  });

  test("as the admin", async ({ page }) => {
    await signInAs(page, "admin");
    await expectEnglish(page, "/en/admin");
    await expectEnglish(page, "/en/admin?type=factory");
    const user = await firstHref(page, 'a[href*="user="]');
    await expectEnglish(page, user);
    await expectEnglish(page, "/en/admin/verifications");
    await expectEnglish(page, "/en/admin/certificates");
    await expectEnglish(page, "/en/admin/disputes");
  });
});

/** English interface texts that differ from their Russian twins (a few words at least). */
function englishOnlyTexts(): string[] {
  const texts = new Set<string>();
  const walk = (english: unknown, russian: unknown) => {
    if (typeof english === "string") {
      if (english !== russian && english.includes(" ") && english.length >= 12) texts.add(english);
    } else if (english && typeof english === "object") {
      for (const [key, value] of Object.entries(english)) {
        walk(value, (russian as Record<string, unknown> | undefined)?.[key]);
      }
    }
  };
  for (const namespace of Object.values(catalogue)) {
    if (namespace && typeof namespace === "object" && "en" in namespace) {
      walk(namespace.en, namespace.ru);
    }
  }
  return [...texts];
}

test("the Russian pages show none of the English interface texts", async ({ page }) => {
  const english = englishOnlyTexts();
  expect(english.length).toBeGreaterThan(200);
  await signInAs(page, "factory");
  for (const path of ["/", "/factories", "/tenders", "/profile", "/factory-products", "/about"]) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    const text = await page.evaluate(() => {
      const clone = document.body.cloneNode(true) as HTMLElement;
      for (const other of Array.from(clone.querySelectorAll("[lang]:not([lang='ru'])"))) {
        other.remove();
      }
      return clone.textContent ?? "";
    });
    expect(
      english.filter((phrase) => text.includes(phrase)),
      path,
    ).toEqual([]);
  }
});
