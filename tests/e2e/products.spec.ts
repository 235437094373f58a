import { existsSync } from "node:fs";
import { type APIResponse, type Browser, expect, type Page, test } from "@playwright/test";
import {
  colorPng,
  demoAccount,
  filesOfImage,
  originOf,
  registerNewAccount,
  signInAs,
  signInWithForm,
  toasts,
  uploadedFiles,
} from "./helpers";

// Factory products as people use them: who may open "Мои товары", a new factory that fills its
// profile and adds, edits and deletes a product with pictures, the public portfolio with its
// dialog (with and without JavaScript), what link previews and search engines read from the
// server's HTML, 404 pages, and the factory dashboard.

const msg = {
  loginRequired: "Войдите, чтобы управлять товарами",
  accessRestricted: "Доступ ограничен",
  noFactory: "Сначала создайте профиль фабрики",
  added: "Товар добавлен в портфолио",
  updated: "Товар обновлен",
  deleted: "Товар удален из портфолио",
  imageUploaded: "Изображение загружено",
  imageRemoved: "Изображение удалено",
  empty: "Пока нет доступных товаров",
  factoryNotFound: "Фабрика не найдена",
  priceInvalid: "Цена должна быть неотрицательным числом",
  nameRequired: "Введите название товара",
};

/** The demo factory's id, read from its dashboard ('Публичное портфолио' link). */
async function demoFactoryId(browser: Browser): Promise<string> {
  const page = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  try {
    await signInAs(page, "factory");
    await page.goto("/factory-dashboard");
    const href = await page.getByRole("link", { name: "Публичное портфолио" }).getAttribute("href");
    const id = href?.split("/").pop();
    if (!id) throw new Error("no portfolio link on the dashboard");
    return id;
  } finally {
    await page.close();
  }
}

function productForm(page: Page) {
  const form = page.locator("#product-form");
  return {
    root: form,
    heading: form.getByRole("heading", { level: 2 }),
    photos: form.getByLabel("Фотографии"),
    name: form.getByLabel("Название", { exact: true }),
    type: form.getByLabel("Тип одежды"),
    price: form.getByLabel("Цена", { exact: true }),
    currency: form.getByLabel("Валюта"),
    quantity: form.getByLabel("Объем производства, шт."),
    time: form.getByLabel("Срок производства"),
    colorInput: form.getByRole("combobox", { name: "Цвета" }),
    colorChips: form.getByRole("list", { name: "Цвета" }).getByRole("listitem"),
    description: form.getByLabel("Описание", { exact: true }),
  };
}

/** The JSON-LD of a page's HTML, parsed (fails the test if it is not valid JSON). */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, "a JSON-LD script").not.toBeNull();
  return JSON.parse(match?.[1] as string);
}

function metaOf(html: string, property: string): string | undefined {
  const re = new RegExp(
    `<meta[^>]+property="${property.replace(":", "\\:")}"[^>]+content="([^"]*)"`,
  );
  return re.exec(html)?.[1]?.replaceAll("&amp;", "&");
}

test.describe("/factory-products: who may open it", () => {
  test("a visitor is asked to sign in and comes back after signing in", async ({ page }) => {
    const response = await page.goto("/factory-products");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("heading", { level: 1, name: msg.loginRequired })).toBeVisible();
    const login = page.getByRole("link", { name: "Войти", exact: true }).last();
    await expect(login).toHaveAttribute("href", "/login?redirectTo=%2Ffactory-products");
    await login.click();
    const { email, password } = demoAccount("factory");
    await signInWithForm(page, email, password, "");
    await expect(page).toHaveURL(/\/factory-products$/);
    await expect(page.getByRole("heading", { level: 1, name: "Мои товары" })).toBeVisible();
  });

  test("a buyer is told the page is for factories, with a link to the factories", async ({
    page,
  }) => {
    await signInAs(page, "buyer");
    for (const path of ["/factory-products", "/factory-dashboard"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(
        page.getByRole("heading", { level: 1, name: msg.accessRestricted }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Перейти к фабрикам" })).toHaveAttribute(
        "href",
        "/factories",
      );
    }
  });

  test("a factory with its profile sees its products; the dashboard counts them", async ({
    page,
  }) => {
    await signInAs(page, "factory");
    await page.goto("/factory-products");
    await expect(page.getByRole("heading", { level: 1, name: "Мои товары" })).toBeVisible();
    const cards = page.getByTestId("product-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    await expect(page.getByTestId("products-count")).toHaveText(
      new RegExp(`^В портфолио ${count} товар(а|ов)?$`),
    );
    await expect(page.getByRole("heading", { name: "Новый товар" })).toBeVisible();

    await page.goto("/factory-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Кабинет фабрики" })).toBeVisible();
    await expect(page.getByTestId("dashboard-products")).toHaveText(String(count));
    const actions = page.getByRole("region", { name: "Быстрые действия" });
    await expect(actions.getByRole("link", { name: /Добавить товар/ })).toHaveAttribute(
      "href",
      "/factory-products#product-form",
    );
    await expect(actions.getByRole("link", { name: /Профиль/ })).toHaveAttribute(
      "href",
      "/profile",
    );
    await actions.getByRole("link", { name: /Добавить товар/ }).click();
    await expect(page).toHaveURL(/\/factory-products#product-form$/);
  });
});

test("a new factory fills its profile, then adds, edits and deletes a product with pictures", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const account = await registerNewAccount(page, "factory", "Фабрика Тест-Пошив");

  await test.step("without a factory profile it is sent to fill one in", async () => {
    await page.goto("/factory-products");
    await expect(page.getByRole("heading", { level: 1, name: msg.noFactory })).toBeVisible();
    await page.goto("/factory-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: msg.noFactory })).toBeVisible();
    await page.getByRole("link", { name: "Создать профиль фабрики" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  await test.step("fills in the profile", async () => {
    await page.getByLabel("Название фабрики").fill(account.name);
    await page.getByLabel("Страна").selectOption({ label: "Кыргызстан" });
    await page.getByLabel("Город").selectOption({ label: "Ош" });
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(toasts(page).getByText("Профиль обновлен")).toBeVisible();
  });

  await test.step("the dashboard shows what the profile still lacks", async () => {
    await page.goto("/factory-dashboard");
    await expect(page.getByTestId("dashboard-products")).toHaveText("0");
    const checklist = page.getByRole("region", { name: "Что еще заполнить в профиле" });
    await expect(checklist.getByText("Заполнено 0 из 4")).toBeVisible();
    for (const gap of [
      "Загрузите логотип",
      "Добавьте описание фабрики",
      "Выберите сферы деятельности",
    ]) {
      await expect(checklist.getByRole("link", { name: `Заполнить: ${gap}` })).toHaveAttribute(
        "href",
        "/profile",
      );
    }
  });

  const form = productForm(page);
  const name = "Худи «Тест» оверсайз";

  await test.step("the form keeps save disabled without a name and refuses a bad price", async () => {
    await page.goto("/factory-products");
    await expect(page.getByText("В портфолио пока нет товаров")).toBeVisible();
    await expect(page.getByTestId("products-count")).toHaveText("В портфолио 0 товаров");
    await expect(form.heading).toHaveText("Новый товар");
    const save = form.root.getByRole("button", { name: "Добавить товар" });
    await expect(save).toBeDisabled();
    await form.name.fill("   ");
    await expect(save).toBeDisabled();
    // The light page checks the fields when the form is sent (decision 036), not when one is left.
    await form.name.fill(name);
    await form.price.fill("-5");
    await save.click();
    await expect(form.price).toHaveAccessibleDescription(msg.priceInvalid);
    await expect(form.price).toBeFocused();
    await expect(page.getByTestId("products-count")).toHaveText("В портфолио 0 товаров");
  });

  await test.step("a file that only pretends to be a picture is refused when chosen; nothing is sent", async () => {
    await form.name.fill(name);
    await form.price.fill("");
    await form.photos.setInputFiles([
      { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not really a picture") },
    ]);
    // The browser cannot show it, so it is taken out of the choice at once, named.
    const refusal = "fake.png: Поддерживаются только файлы JPG, PNG и WebP";
    await expect(toasts(page).getByText(refusal)).toBeVisible();
    await expect(form.root.getByText(refusal)).toBeVisible();
    await expect(
      form.root.getByRole("button", { name: "Убрать «fake.png» из выбранных" }),
    ).toHaveCount(0);
    await expect(form.name).toHaveValue(name);
    await expect(page.getByTestId("products-count")).toHaveText("В портфолио 0 товаров");
  });

  await test.step("adds a product with two pictures", async () => {
    await form.photos.setInputFiles([
      await colorPng("red.png", "#c8322f"),
      await colorPng("blue.png", "#2f5fb3"),
    ]);
    await expect(form.root.getByRole("img", { name: "red.png" })).toBeVisible();
    await expect(form.root.getByRole("img", { name: "blue.png" })).toBeVisible();
    await form.name.fill(name);
    await form.type.selectOption({ label: "Худи" });
    await form.price.fill("1250.50");
    await expect(form.price).not.toHaveAttribute("aria-invalid", "true");
    await form.currency.selectOption("KGS");
    await form.quantity.fill("500");
    await form.time.fill("14–21 день");
    await form.root.getByRole("button", { name: "Добавить цвет «Черный»" }).click();
    await expect(form.colorChips).toHaveText(["Черный"]);
    await form.root.getByText("Выбрать ткани").click();
    await form.root.getByLabel("Футер").check();
    await form.description.fill(
      "Плотный футер. </script><script>alert(1)</script> Пошив под ваш бренд.",
    );
    await form.root.getByRole("button", { name: "Добавить товар" }).click();
    await expect(toasts(page).getByText(msg.added)).toBeVisible();
    await expect(page.getByTestId("products-count")).toHaveText("В портфолио 1 товар");
    const card = page.getByTestId("product-card").filter({ hasText: name });
    await expect(card).toContainText("Худи");
    await expect(card).toContainText("1 250,50 сом");
    await expect(card).toContainText("2 фото");
    // The form is empty again, ready for the next product.
    await expect(form.name).toHaveValue("");
    expect(uploadedFiles().filter((f) => f.startsWith("products/")).length).toBeGreaterThanOrEqual(
      4,
    );
  });

  const productId = await page
    .getByRole("link", { name: `Редактировать: ${name}` })
    .getAttribute("href")
    .then((href) => new URL(href as string, "http://x").searchParams.get("edit") as string);
  const factoryId = await page
    .getByRole("link", { name: "Публичное портфолио" })
    .getAttribute("href")
    .then((href) => href?.split("/").pop() as string);

  await test.step("edits it: colours are trimmed and deduplicated, pictures change at once", async () => {
    await page.getByRole("link", { name: `Редактировать: ${name}` }).click();
    await expect(form.heading).toHaveText("Редактирование товара");
    await expect(form.name).toHaveValue(name);
    await expect(form.price).toHaveValue("1250.5");
    await expect(form.currency).toHaveValue("KGS");
    await expect(form.colorChips).toHaveText(["Черный"]);

    await form.colorInput.fill(" Красный , красный,  , Синий");
    await form.colorInput.press("Enter");
    await expect(form.colorChips).toHaveText(["Черный", "Красный", "Синий"]);
    await form.root.getByRole("button", { name: "Убрать цвет «Черный»" }).click();
    await expect(form.colorChips).toHaveText(["Красный", "Синий"]);
    // Typed and saved without pressing Enter works the same way.
    await form.colorInput.fill(" синий ,  Бежевый ,");

    const pictures = form.root.getByRole("region", { name: "Фотографии" });
    await expect(pictures.getByRole("img")).toHaveCount(2);
    await form.root
      .getByLabel("Добавить фото")
      .setInputFiles([await colorPng("green.png", "#2e8a57")]);
    await expect(toasts(page).getByText(msg.imageUploaded)).toBeVisible();
    await expect(pictures.getByRole("img")).toHaveCount(3);
    const removed = await pictures.getByRole("img").first().getAttribute("src");
    await pictures
      .getByRole("button", { name: /^Удалить фото/ })
      .first()
      .click();
    // Asked first, like deleting the whole product; 'Отмена' keeps the picture.
    const confirm = page.getByRole("alertdialog", { name: "Удалить фото?" });
    await confirm.getByRole("button", { name: "Отмена" }).click();
    await expect(pictures.getByRole("img")).toHaveCount(3);
    await pictures
      .getByRole("button", { name: /^Удалить фото/ })
      .first()
      .click();
    await confirm.getByRole("button", { name: "Удалить фото" }).click();
    await expect(toasts(page).getByText(msg.imageRemoved)).toBeVisible();
    await expect(pictures.getByRole("img")).toHaveCount(2);
    for (const file of filesOfImage(removed as string)) expect(existsSync(file)).toBe(false);

    await form.name.fill(`${name} 2.0`);
    await form.root.getByRole("button", { name: "Сохранить изменения" }).click();
    await expect(toasts(page).getByText(msg.updated)).toBeVisible();
    await expect(form.heading).toHaveText("Новый товар");
    const card = page.getByTestId("product-card").filter({ hasText: `${name} 2.0` });
    await expect(card.getByRole("list", { name: "Цвета" }).getByRole("listitem")).toHaveText([
      "Красный",
      "Синий",
      "Бежевый",
    ]);
    await expect(card).toContainText("2 фото");
  });

  await test.step("another factory cannot delete it: 404, nothing changes", async () => {
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await other.newPage();
    await signInAs(otherPage, "factory");
    const response = await otherPage.request.post("/factory-products", {
      form: { intent: "delete", productId },
      headers: { origin: originOf() },
    });
    expect(response.status()).toBe(404);
    const update = await otherPage.request.post("/factory-products", {
      form: { intent: "save", productId, name: "Захвачено" },
      headers: { origin: originOf() },
    });
    expect(update.status()).toBe(404);
    await other.close();
    await page.reload();
    await expect(page.getByTestId("product-card").filter({ hasText: `${name} 2.0` })).toBeVisible();
  });

  await test.step("the public portfolio shows it, and its HTML carries the structured data", async () => {
    const response = await page.request.get(`/factory-products/${factoryId}`);
    const html = await response.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    const ld = jsonLdOf(html) as { "@graph": Record<string, unknown>[] };
    const list = ld["@graph"].find((node) => node["@type"] === "ItemList") as {
      itemListElement: { item: Record<string, unknown> }[];
    };
    expect(list.itemListElement).toHaveLength(1);
    expect(list.itemListElement[0]?.item).toMatchObject({
      "@type": "Product",
      name: `${name} 2.0`,
      description: "Плотный футер. </script><script>alert(1)</script> Пошив под ваш бренд.",
      offers: { "@type": "Offer", price: "1250.50", priceCurrency: "KGS" },
    });

    await page.goto(`/factory-products/${factoryId}`);
    await expect(page.getByRole("heading", { level: 1, name: account.name })).toBeVisible();
    await expect(page.getByText("Ош, Кыргызстан")).toBeVisible();
    await page.getByRole("link", { name: `${name} 2.0` }).click();
    const dialog = page.getByRole("dialog", { name: `${name} 2.0` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Красный");
    await expect(dialog).toContainText("Футер");
    await expect(dialog).toContainText("500 шт.");
    await expect(
      dialog.getByRole("region", { name: "Фотографии товара" }).getByRole("link"),
    ).toHaveCount(2);
  });

  await test.step("deletes it after confirming", async () => {
    await page.goto("/factory-products");
    const images = await page
      .getByTestId("product-card")
      .getByRole("img")
      .first()
      .getAttribute("src");
    await page.getByRole("button", { name: `Удалить: ${name} 2.0` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Удалить товар?" });
    await expect(confirm).toContainText(`${name} 2.0`);
    await confirm.getByRole("button", { name: "Отмена" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId("product-card")).toHaveCount(1);
    await page.getByRole("button", { name: `Удалить: ${name} 2.0` }).click();
    await confirm.getByRole("button", { name: "Удалить товар" }).click();
    await expect(toasts(page).getByText(msg.deleted)).toBeVisible();
    await expect(page.getByTestId("product-card")).toHaveCount(0);
    await expect(page.getByTestId("products-count")).toHaveText("В портфолио 0 товаров");
    for (const file of filesOfImage(images as string)) expect(existsSync(file)).toBe(false);
    await page.goto(`/factory-products/${factoryId}`);
    await expect(page.getByText(msg.empty)).toBeVisible();
  });

  await test.step("a new product with the full eight pictures keeps all eight", async () => {
    await page.goto("/factory-products");
    await page.waitForLoadState("networkidle");
    const colors = ["#111", "#333", "#555", "#777", "#999", "#bbb", "#c33", "#3c3"];
    await form.photos.setInputFiles(
      await Promise.all(colors.map((color, i) => colorPng(`p${i + 1}.png`, color))),
    );
    await expect(form.root.getByRole("img", { name: /^p\d\.png$/ })).toHaveCount(8);
    // Full: no tile to add more, but the chosen files still go with the form.
    await expect(form.root.getByText("Добавить фото")).toBeHidden();
    await form.name.fill("Свитшот на восемь фото");
    await form.root.getByRole("button", { name: "Добавить товар" }).click();
    await expect(toasts(page).getByText(msg.added)).toBeVisible();
    const card = page.getByTestId("product-card").filter({ hasText: "Свитшот на восемь фото" });
    await expect(card).toContainText("8 фото");
  });
});

test.describe("public portfolio", () => {
  let factoryId: string;
  test.beforeAll(async ({ browser }) => {
    factoryId = await demoFactoryId(browser);
  });

  test("shows the factory and its products; the dialog shows every picture and is shareable", async ({
    page,
  }) => {
    await page.goto(`/factory-products/${factoryId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Ала-Тоо Текстиль" })).toBeVisible();
    await expect(page.getByText("Бишкек, Кыргызстан")).toBeVisible();
    await expect(page.getByRole("link", { name: "Назад к фабрике" })).toHaveAttribute(
      "href",
      `/factories/${factoryId}`,
    );
    const cards = page.getByTestId("product-card");
    const count = await cards.count();
    await expect(page.getByTestId("portfolio-count")).toHaveText(new RegExp(`^${count} товар`));

    // A product with pictures (other tests add products without any to this factory).
    const card = cards.filter({ hasText: /\d+ фото/ }).first();
    const photos = Number((await card.getByText(/\d+ фото/).textContent())?.match(/\d+/)?.[0]);
    const title = (await card.getByRole("heading").textContent()) as string;
    await card.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\?product=[0-9a-f-]{36}$/);
    const dialog = page.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    const gallery = dialog.getByRole("region", { name: "Фотографии товара" });
    await expect(gallery.getByRole("link")).toHaveCount(photos);
    for (const img of await gallery.getByRole("link").getByRole("img").all()) {
      await expect(img).toHaveJSProperty("complete", true);
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    // Another picture becomes the large one.
    await gallery.getByRole("link").nth(1).click();
    await expect(gallery.getByRole("link").nth(1)).toHaveAttribute("aria-current", "true");
    await expect(dialog).toContainText("Срок производства");

    // The address opens the same product for someone else.
    const shared = page.url();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/product=/);
    await page.goto(shared);
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await page.getByRole("link", { name: "Закрыть" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/factory-products/${factoryId}$`));
  });

  test("a shared product link works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
    });
    const page = await context.newPage();
    await page.goto(`/factory-products/${factoryId}`);
    const first = page.getByTestId("product-card").first();
    const title = (await first.getByRole("heading").textContent()) as string;
    await first.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\?product=/);
    await expect(page.getByRole("heading", { name: title, level: 2 }).last()).toBeVisible();
    await expect(page.getByText("Объем производства").last()).toBeVisible();
    await page.getByRole("link", { name: "Закрыть" }).click();
    await expect(page).not.toHaveURL(/product=/);
    await expect(page.getByText("Объем производства")).toHaveCount(0);
    await context.close();
  });

  test("its HTML, fetched without JavaScript, holds the title, Open Graph tags and JSON-LD", async ({
    request,
  }) => {
    const response: APIResponse = await request.get(`/factory-products/${factoryId}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>Ала-Тоо Текстиль — портфолио — Fabricum<\/title>/);
    expect(metaOf(html, "og:title")).toBe("Ала-Тоо Текстиль — портфолио — Fabricum");
    expect(metaOf(html, "og:description")).toContain("Ала-Тоо Текстиль");
    const image = metaOf(html, "og:image") as string;
    expect(image).toMatch(/^https?:\/\/[^/]+\/uploads\/(logos|products)\/[0-9a-f-]{36}\.webp$/);
    expect(metaOf(html, "og:url")).toMatch(new RegExp(`/factory-products/${factoryId}$`));

    const ld = jsonLdOf(html) as { "@context": string; "@graph": Record<string, unknown>[] };
    expect(ld["@context"]).toBe("https://schema.org");
    const organization = ld["@graph"].find((node) => node["@type"] === "Organization");
    expect(organization).toMatchObject({ name: "Ала-Тоо Текстиль" });
    expect(String(organization?.logo)).toMatch(/^https?:\/\//);
    const list = ld["@graph"].find((node) => node["@type"] === "ItemList") as {
      numberOfItems: number;
      itemListElement: { position: number; item: Record<string, unknown> }[];
    };
    expect(list.itemListElement.length).toBe(list.numberOfItems);
    expect(list.itemListElement.map((entry) => entry.position)).toEqual(
      list.itemListElement.map((_, i) => i + 1),
    );
    for (const { item } of list.itemListElement) {
      expect(item["@type"]).toBe("Product");
      expect(typeof item.name).toBe("string");
      // A product without pictures has no image; others list absolute addresses.
      for (const url of (item.image ?? []) as string[]) expect(url).toMatch(/^https?:\/\//);
    }

    // A shared product link previews the product itself.
    const first = list.itemListElement
      .map((entry) => entry.item)
      .find((item) => Array.isArray(item.image)) as { url: string; name: string; image: string[] };
    const productUrl = new URL(first.url);
    const product = await request.get(`${productUrl.pathname}${productUrl.search}`);
    const productHtml = await product.text();
    expect(metaOf(productHtml, "og:title")).toContain(first.name);
    expect(metaOf(productHtml, "og:image")).toBe(first.image[0]);
  });

  test("an unknown or malformed factory id answers 404 with a way back", async ({
    page,
    request,
  }) => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000", "1'%20or%201=1"]) {
      const response = await request.get(`/factory-products/${id}`);
      expect(response.status(), id).toBe(404);
      expect(await response.text()).toContain(msg.factoryNotFound);
    }
    const response = await page.goto("/factory-products/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: msg.factoryNotFound })).toBeVisible();
    await page.getByRole("link", { name: "Вернуться к фабрикам" }).click();
    await expect(page).toHaveURL(/\/factories$/);
  });
});
