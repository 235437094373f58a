import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  accountButton,
  filesOfImage,
  newAccount,
  originOf,
  registerAndConfirm,
  registerNewAccount,
  signInWithForm,
  toasts,
  uploadedFiles,
} from "./helpers";

// /profile for a buyer and a factory: editing, pictures, deletion and ownership. Every test
// registers its own accounts, so the demo data stays as seeded.

const msg = {
  saved: "Профиль обновлен",
  uploaded: "Изображение загружено",
  uploadFailed: "Не удалось загрузить изображение",
  removed: "Изображение удалено",
  tooLarge: "Размер файла должен быть менее 5MB",
  wrongType: "Поддерживаются только файлы JPG, PNG и WebP",
  deleted: "Профиль полностью удален",
  invalidTelegram: "Введите имя в Telegram (например, @fabrika) или ссылку t.me/…",
  invalidCredentials: "Неверный email или пароль",
};

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function buyerForm(page: Page) {
  return {
    name: page.getByLabel("Имя", { exact: true }),
    phone: page.getByLabel("Телефон", { exact: true }),
    whatsapp: page.getByLabel("WhatsApp", { exact: true }),
    telegram: page.getByLabel("Telegram", { exact: true }),
    instagram: page.getByLabel("Instagram", { exact: true }),
    about: page.getByLabel("О себе", { exact: true }),
    save: page.getByRole("button", { name: "Сохранить", exact: true }),
  };
}

function factoryForm(page: Page) {
  return {
    name: page.getByLabel("Название фабрики", { exact: true }),
    email: page.getByLabel("Email", { exact: true }),
    phone: page.getByLabel("Телефон", { exact: true }),
    website: page.getByLabel("Сайт", { exact: true }),
    whatsapp: page.getByLabel("WhatsApp", { exact: true }),
    telegram: page.getByLabel("Telegram", { exact: true }),
    instagram: page.getByLabel("Instagram", { exact: true }),
    country: page.getByLabel("Страна", { exact: true }),
    city: page.getByLabel("Город", { exact: true }),
    address: page.getByLabel("Адрес", { exact: true }),
    categories: page.getByRole("group", { name: "Сферы деятельности" }),
    description: page.getByLabel("Описание", { exact: true }),
    save: page.getByRole("button", { name: "Сохранить", exact: true }),
  };
}

const category = (page: Page, label: string) =>
  factoryForm(page).categories.getByRole("checkbox", { name: label, exact: true });

/** The option shown in a select. */
const shownOption = (select: ReturnType<Page["getByLabel"]>) => select.locator("option:checked");

async function saveProfile(page: Page) {
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(toasts(page).getByText(msg.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
}

/** The save button is disabled while the name is blank (each of `blanks`), enabled with `name`. */
async function expectSaveNeedsName(
  form: { name: Locator; save: Locator },
  blanks: string[],
  name: string,
) {
  await expect(form.save).toBeEnabled();
  for (const blank of blanks) {
    await form.name.fill(blank);
    await expect(form.save).toBeDisabled();
  }
  await form.name.fill(name);
  await expect(form.save).toBeEnabled();
}

/** A real PNG drawn with sharp. */
function png(width = 900, height = 600): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 24, g: 112, b: 96 } },
  })
    .png()
    .toBuffer();
}

test.describe("buyer profile", () => {
  test("edits name and contacts; they persist after reload, Telegram shown as @handle", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "buyer", "Айгуль Покупатель");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Мой профиль" })).toBeVisible();
    await expect(page.getByRole("main").getByText(account.email, { exact: true })).toBeVisible();
    const form = buyerForm(page);
    await expect(form.name).toHaveValue(account.name);

    await form.name.fill("Айгуль Тестова");
    await form.phone.fill("+996 555 123 456");
    await form.whatsapp.fill("+996 (700) 12-34-56");
    await form.telegram.fill("@aigul_shop");
    await form.instagram.fill("https://instagram.com/aigul.shop");
    await form.about.fill("Закупаю трикотаж оптом для сети магазинов.");
    await saveProfile(page);

    await page.reload();
    await expect(form.name).toHaveValue("Айгуль Тестова");
    // Phones are stored in one form (E.164) and shown with the country's grouping.
    await expect(form.phone).toHaveValue("+996 555 12 34 56");
    await expect(form.whatsapp).toHaveValue("+996 700 12 34 56");
    await expect(form.telegram).toHaveValue("@aigul_shop");
    await expect(form.instagram).toHaveValue("@aigul.shop");
    await expect(form.about).toHaveValue("Закупаю трикотаж оптом для сети магазинов.");
    // The navigation follows the new name.
    await expect(accountButton(page, "Айгуль Тестова")).toBeVisible();

    // A t.me link is accepted too and shown as the handle.
    await form.telegram.fill("https://t.me/aigul_wholesale");
    await saveProfile(page);
    await page.reload();
    await expect(form.telegram).toHaveValue("@aigul_wholesale");
  });

  test("a bad Telegram value gets its message and nothing is saved; no save without a name", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "buyer", "Данияр Покупатель");
    await page.goto("/profile");
    const form = buyerForm(page);

    await form.name.fill("Данияр Изменённый");
    await form.telegram.fill("не ник!");
    await form.save.click();
    await expect(form.telegram).toHaveAttribute("aria-invalid", "true");
    await expect(form.telegram).toHaveAccessibleDescription(msg.invalidTelegram);
    await expect(page.getByText(msg.invalidTelegram)).toBeVisible();
    await expect(toasts(page).getByText(msg.saved)).toHaveCount(0);
    // The light page's refused form came back from the server with what was sent (decision 036):
    // opened again, it shows what is stored.
    await page.goto("/profile");
    await expect(form.name).toHaveValue(account.name);
    await expect(form.telegram).toHaveValue("");

    // The server refuses it as well (a request past the browser's check).
    const response = await page.request.post("/profile", {
      form: { intent: "save", name: "Данияр Через Сервер", telegramUrl: "не ник!" },
      headers: { origin: originOf() },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain(msg.invalidTelegram);
    await page.reload();
    await expect(form.name).toHaveValue(account.name);
    await expect(form.telegram).toHaveValue("");

    // The save button is disabled while the name is empty.
    await expectSaveNeedsName(form, ["", "   "], "Д");
  });
});

test.describe("factory profile", () => {
  test("location selects, categories, first save creates the factory and later saves update it", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "factory");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1, name: "Профиль фабрики" })).toBeVisible();
    const form = factoryForm(page);
    await expect(form.name).toHaveValue(account.name);

    // The city waits for a country; changing the country clears the city.
    await expect(form.city).toBeDisabled();
    await expect(shownOption(form.city)).toHaveText("Сначала выберите страну");
    await form.country.selectOption({ label: "Кыргызстан" });
    await expect(form.city).toBeEnabled();
    await form.city.selectOption({ label: "Ош" });
    await expect(shownOption(form.city)).toHaveText("Ош");
    await form.country.selectOption({ label: "Казахстан" });
    await expect(shownOption(form.city)).toHaveText("Выберите город");
    await expect(form.city.getByRole("option", { name: "Ош" })).toHaveCount(0);
    await form.city.selectOption({ label: "Алматы" });

    // The ten activity areas are checkboxes.
    await expect(form.categories.getByRole("checkbox")).toHaveCount(10);
    await category(page, "Верхняя одежда").check();
    await category(page, "Спортивная одежда").check();

    const name = `${account.name} ОсОО`;
    await form.name.fill(name);
    await form.email.fill("Sales@Example.com");
    await form.phone.fill("+7 727 123 45 67");
    await form.website.fill("alatoo-test.kz");
    await form.whatsapp.fill("+7 701 123 45 67");
    await form.telegram.fill("t.me/alatoo_sales");
    await form.instagram.fill("@alatoo.textile");
    await form.address.fill("ул. Абая, 10");
    await form.description.fill("Шьем куртки и спортивные костюмы от 300 штук.");
    await saveProfile(page);

    await page.reload();
    await expect(form.name).toHaveValue(name);
    await expect(form.email).toHaveValue("sales@example.com");
    await expect(form.phone).toHaveValue("+7 727 123 45 67");
    await expect(form.website).toHaveValue("https://alatoo-test.kz");
    await expect(form.whatsapp).toHaveValue("+7 701 123 45 67");
    await expect(form.telegram).toHaveValue("@alatoo_sales");
    await expect(form.instagram).toHaveValue("@alatoo.textile");
    await expect(shownOption(form.country)).toHaveText("Казахстан");
    await expect(shownOption(form.city)).toHaveText("Алматы");
    await expect(form.city).toBeEnabled();
    await expect(form.address).toHaveValue("ул. Абая, 10");
    await expect(form.description).toHaveValue("Шьем куртки и спортивные костюмы от 300 штук.");
    await expect(category(page, "Верхняя одежда")).toBeChecked();
    await expect(category(page, "Спортивная одежда")).toBeChecked();
    await expect(form.categories.getByRole("checkbox", { checked: true })).toHaveCount(2);
    // The profile's name follows the factory's: the navigation shows it.
    await expect(accountButton(page, name)).toBeVisible();

    // A later save updates the same factory.
    const renamed = `${account.name} Групп`;
    await form.name.fill(renamed);
    await form.country.selectOption({ label: "Кыргызстан" });
    await expect(shownOption(form.city)).toHaveText("Выберите город");
    await form.city.selectOption({ label: "Бишкек" });
    await category(page, "Верхняя одежда").uncheck();
    await category(page, "Платья и комбинезоны").check();
    await form.website.fill("");
    await saveProfile(page);

    await page.reload();
    await expect(form.name).toHaveValue(renamed);
    await expect(shownOption(form.country)).toHaveText("Кыргызстан");
    await expect(shownOption(form.city)).toHaveText("Бишкек");
    await expect(form.website).toHaveValue("");
    await expect(form.email).toHaveValue("sales@example.com");
    await expect(category(page, "Верхняя одежда")).not.toBeChecked();
    await expect(category(page, "Спортивная одежда")).toBeChecked();
    await expect(category(page, "Платья и комбинезоны")).toBeChecked();
    await expect(form.categories.getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(accountButton(page, renamed)).toBeVisible();

    // Clearing the country clears and disables the city again.
    await form.country.selectOption({ label: "Выберите страну" });
    await expect(form.city).toBeDisabled();
    await saveProfile(page);
    await page.reload();
    await expect(shownOption(form.country)).toHaveText("Выберите страну");
    await expect(form.city).toBeDisabled();
  });

  test("the save button is disabled while the factory name is empty", async ({ page }) => {
    await registerNewAccount(page, "factory");
    await page.goto("/profile");
    await expectSaveNeedsName(factoryForm(page), [""], "Новая фабрика");
  });
});

test.describe("ownership", () => {
  test("ids of another account sent with the form change nothing of that account", async ({
    page,
    browser,
  }) => {
    // B: a factory with a saved profile.
    const b = newAccount("factory");
    const contextB = await browser.newContext();
    let bUserId = "";
    let bFactoryId = "";
    try {
      const pageB = await contextB.newPage();
      await registerAndConfirm(pageB, b);
      await pageB.goto("/profile");
      const formB = factoryForm(pageB);
      await formB.phone.fill("+996 312 00 11 22");
      await formB.country.selectOption({ label: "Кыргызстан" });
      await formB.city.selectOption({ label: "Бишкек" });
      await formB.description.fill("Профиль фабрики Б.");
      await category(pageB, "Домашняя одежда").check();
      await saveProfile(pageB);
      const session = await (await pageB.request.get("/api/auth/get-session")).json();
      bUserId = session.user.id;
      // The factory's id is in the link to its public portfolio on B's dashboard.
      await pageB.goto("/factory-dashboard");
      const portfolio = await pageB
        .getByRole("link", { name: "Публичное портфолио" })
        .getAttribute("href");
      bFactoryId = portfolio?.match(UUID)?.[0] as string;
      expect(bFactoryId).toMatch(UUID);
    } finally {
      await contextB.close();
    }
    expect(bUserId).not.toBe("");

    // A: another factory, posting its form with B's ids in every field that could name a row.
    const a = await registerNewAccount(page, "factory");
    const foreign = { id: bUserId, userId: bUserId, factoryId: bFactoryId, user_id: bUserId };
    const save = await page.request.post("/profile", {
      form: {
        intent: "save",
        name: "Захваченная фабрика",
        phone: "+7 700 000 00 00",
        description: "Чужое описание",
        country: "kz",
        city: "kz_1",
        categories: "sportswear",
        ...foreign,
      },
      headers: { origin: originOf() },
    });
    expect(save.status()).toBeLessThan(400);
    // The values went to A's own profile.
    await page.goto("/profile");
    await expect(factoryForm(page).name).toHaveValue("Захваченная фабрика");
    await expect(factoryForm(page).description).toHaveValue("Чужое описание");

    // Removing a picture and deleting the account also act on A only.
    const remove = await page.request.post("/profile", {
      form: { intent: "remove-image", ...foreign },
      headers: { origin: originOf() },
    });
    expect(remove.status()).toBeLessThan(400);
    const deletion = await page.request.post("/profile", {
      form: { intent: "delete-account", ...foreign },
      headers: { origin: originOf() },
    });
    expect(deletion.status()).toBeLessThan(400);

    // B signs in and finds everything as it was.
    await page.context().clearCookies();
    await signInWithForm(page, b.email, b.password);
    await expect(accountButton(page, b.name)).toBeVisible();
    await page.goto("/profile");
    const form = factoryForm(page);
    await expect(form.name).toHaveValue(b.name);
    await expect(form.phone).toHaveValue("+996 312 00 11 22");
    await expect(shownOption(form.country)).toHaveText("Кыргызстан");
    await expect(shownOption(form.city)).toHaveText("Бишкек");
    await expect(form.description).toHaveValue("Профиль фабрики Б.");
    await expect(category(page, "Домашняя одежда")).toBeChecked();
    await expect(form.categories.getByRole("checkbox", { checked: true })).toHaveCount(1);

    // A's account is the one that went.
    await page.context().clearCookies();
    await signInWithForm(page, a.email, a.password);
    await expect(page.getByRole("alert")).toHaveText(msg.invalidCredentials);
  });
});

// Files on disk are checked by name (the image's own two files); the refusal test counts the
// avatars folder, which no other test writes to (product and logo uploads run in parallel).
test.describe("pictures and account deletion", () => {
  test("a logo is uploaded, shown on the profile and in the navigation, replaced and removed", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "factory");
    await page.goto("/profile");
    await expect(page.getByLabel("Нет изображения")).toBeVisible();

    await page.getByLabel("Загрузить логотип").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await png(900, 600),
    });
    await expect(toasts(page).getByText(msg.uploaded)).toBeVisible();
    const logo = page.getByRole("img", { name: "Логотип" });
    await expect(logo).toHaveAttribute("src", /^\/uploads\/logos\/[0-9a-f-]{36}-thumb\.webp$/);
    const src = (await logo.getAttribute("src")) as string;
    // The picture really loads: a 160 px square thumbnail.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(160);
    const served = await page.request.get(src);
    expect(served.headers()["content-type"]).toBe("image/webp");
    // Two files on disk: the large picture and the thumbnail.
    const [large, thumb] = filesOfImage(src) as [string, string];
    expect(existsSync(large) && existsSync(thumb)).toBe(true);
    const uuid = src.match(UUID)?.[0] as string;
    expect(uploadedFiles("logos").filter((file) => file.includes(uuid))).toEqual([
      `logos/${uuid}-thumb.webp`,
      `logos/${uuid}.webp`,
    ]);
    // The navigation's account button shows it too.
    const navPicture = accountButton(page, account.name).locator("img");
    await expect(navPicture).toHaveAttribute("src", src);

    await page.reload();
    await expect(logo).toHaveAttribute("src", src);
    await expect(navPicture).toHaveAttribute("src", src);

    // Replacing the logo deletes the old files.
    await page.reload();
    await page.getByLabel("Загрузить логотип").setInputFiles({
      name: "logo-2.jpg",
      mimeType: "image/jpeg",
      buffer: await sharp(await png(400, 700))
        .jpeg()
        .toBuffer(),
    });
    await expect(toasts(page).getByText(msg.uploaded)).toBeVisible();
    await expect(logo).not.toHaveAttribute("src", src);
    const replacement = (await logo.getAttribute("src")) as string;
    expect(existsSync(large) || existsSync(thumb)).toBe(false);
    expect(filesOfImage(replacement).every((file) => existsSync(file))).toBe(true);

    // Removing it deletes the files and brings back the placeholder.
    await page.getByRole("button", { name: "Удалить изображение" }).click();
    await expect(toasts(page).getByText(msg.removed)).toBeVisible();
    await expect(page.getByLabel("Нет изображения")).toBeVisible();
    await expect(navPicture).toHaveCount(0);
    expect(filesOfImage(replacement).some((file) => existsSync(file))).toBe(false);
    await page.reload();
    await expect(page.getByLabel("Нет изображения")).toBeVisible();
  });

  test("a 6 MB file, a GIF and a text file named .jpg are refused and nothing is stored", async ({
    page,
  }) => {
    const side = 1500;
    const big = await sharp(randomBytes(side * side * 3), {
      raw: { width: side, height: side, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(6 * 1024 * 1024);
    const gif = await sharp({
      create: { width: 200, height: 200, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .gif()
      .toBuffer();
    const cases = [
      {
        title: "a 6 MB PNG",
        file: { name: "big.png", mimeType: "image/png", buffer: big },
        message: msg.tooLarge,
      },
      {
        title: "a GIF",
        file: { name: "picture.gif", mimeType: "image/gif", buffer: gif },
        message: msg.wrongType,
      },
      {
        title: "a text file named .jpg",
        file: {
          name: "photo.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.from("Это не картинка, а обычный текст.\n".repeat(20)),
        },
        message: msg.wrongType,
      },
    ];

    await registerNewAccount(page, "buyer", "Отказ Загрузкин");
    for (const c of cases) {
      await test.step(c.title, async () => {
        await page.goto("/profile"); // a fresh page: no toast left from the previous file
        const before = uploadedFiles("avatars");
        await page.getByLabel("Загрузить фото").setInputFiles(c.file);
        await expect(toasts(page).getByText(msg.uploadFailed)).toBeVisible();
        await expect(toasts(page).getByText(c.message, { exact: true })).toBeVisible();
        await expect(page.getByLabel("Нет изображения")).toBeVisible();
        expect(uploadedFiles("avatars")).toEqual(before);
      });
    }
    await page.reload();
    await expect(page.getByLabel("Нет изображения")).toBeVisible();
    await expect(page.getByRole("img", { name: "Фото профиля" })).toHaveCount(0);
  });

  test("deleting the account: 'Отмена' keeps it, 'Удалить навсегда' removes it and its files", async ({
    page,
  }) => {
    const account = await registerNewAccount(page, "factory");
    await page.goto("/profile");
    await saveProfile(page); // the factory record exists
    await page.getByLabel("Загрузить логотип").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await png(300, 300),
    });
    await expect(toasts(page).getByText(msg.uploaded)).toBeVisible();
    const src = (await page.getByRole("img", { name: "Логотип" }).getAttribute("src")) as string;
    const files = filesOfImage(src);
    expect(files.every((file) => existsSync(file))).toBe(true);

    await expect(page.getByRole("heading", { name: "Опасная зона" })).toBeVisible();
    const open = page.getByRole("button", { name: "Удалить профиль" });
    const dialog = page.getByRole("alertdialog", { name: "Удалить профиль?" });

    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Это действие нельзя отменить.");
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Профиль фабрики" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Логотип" })).toHaveAttribute("src", src);
    expect(files.every((file) => existsSync(file))).toBe(true);

    await open.click();
    await dialog.getByRole("button", { name: "Удалить навсегда" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toasts(page).getByText(msg.deleted)).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Войти" })).toBeVisible();
    expect(files.some((file) => existsSync(file))).toBe(false);

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await signInWithForm(page, account.email, account.password, "");
    await expect(page.getByRole("alert")).toHaveText(msg.invalidCredentials);
  });
});
