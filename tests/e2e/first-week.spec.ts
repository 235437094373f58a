/**
 * What a new buyer and a new factory met in their first week (issue "Everyday use"): asking for
 * the confirmation letter again, finding a factory by the beginning of its city's name, a
 * danger zone that says what the account really has, WhatsApp written as a number, and a
 * landing page that promises only what is true.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  CONFIRM_SUBJECT,
  fillRegistration,
  newAccount,
  registerNewAccount,
  signInAs,
  signInWithForm,
  toasts,
  waitForMail,
} from "./helpers";

/** The page of the demo factory 'Кара-Балта Деним', found through the directory's search. */
async function openDenimFactory(page: Page) {
  await page.goto("/factories?q=Деним");
  await page
    .getByRole("link", { name: /Кара-Балта Деним/ })
    .first()
    .click();
}

test.describe("first week", () => {
  test("an unconfirmed account is told what its sign-in did with the letter, and when the next may go", async ({
    page,
  }) => {
    const account = newAccount("buyer");
    await fillRegistration(page, account);
    await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();
    // The screen says what the link really does: it confirms and signs in.
    await expect(page.getByRole("main")).toContainText(
      "Перейдите по ссылке из письма: она подтвердит адрес и сразу выполнит вход в аккаунт.",
    );

    // The sign-up letter went a moment ago: this sign-in sends none, and says so.
    await signInWithForm(page, account.email, account.password);
    await expect(page.getByRole("alert").first()).toHaveText("Подтвердите email перед входом");
    await expect(page.getByRole("status").filter({ hasText: "уже отправлено" })).toHaveText(
      `Письмо для подтверждения уже отправлено на ${account.email} недавно. Проверьте почту и папку «Спам».`,
    );
    // The button waits for the account's next letter, and says until when.
    const resend = page.getByRole("button", { name: "Отправить письмо еще раз" });
    await expect(resend).toBeDisabled();
    await expect(page.getByText(/^Новое письмо можно будет запросить через/)).toHaveText(
      /^Новое письмо можно будет запросить через (2 минуты|1 минуту|\d+ секунд[уы]?)\.$/,
    );

    // The same in English.
    await page.goto("/en/login");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "only recently" })).toHaveText(
      `A confirmation email was sent to ${account.email} only recently. Check your inbox and spam folder.`,
    );
    await expect(page.getByRole("button", { name: "Resend the email" })).toBeDisabled();
    await expect(page.getByText(/^You can request a new email in/)).toBeVisible();
  });

  test("the directory finds a city by the beginning of its name", async ({ page }) => {
    await page.goto("/factories");
    const search = page.getByRole("searchbox", { name: "Поиск" });
    await search.fill("Бишк");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=%D0%91%D0%B8%D1%88%D0%BA/);
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText("Бишкек");
  });

  test("the danger zone says what the account really has", async ({ page, browser }) => {
    await registerNewAccount(page, "buyer", "Новый Покупатель");
    await page.goto("/profile");
    const zone = page.getByRole("region", { name: "Опасная зона" });
    await expect(zone).toContainText("Удаление профиля необратимо: аккаунт будет удален навсегда.");
    await expect(zone).not.toContainText("фабрика");

    const factoryContext = await browser.newContext();
    const factoryPage = await factoryContext.newPage();
    await signInAs(factoryPage, "factory");
    await factoryPage.goto("/profile");
    const factoryZone = factoryPage.getByRole("region", { name: "Опасная зона" });
    await expect(factoryZone).toContainText(/фабрика «[^»]+»/);
    await expect(factoryZone).toContainText(/\d+ товар(а|ов)?/);
    // Files are counted as files, whatever they are (a logo, pictures, PDFs).
    await expect(factoryZone).toContainText(/\d+ файл(а|ов)?/);
    await expect(factoryZone).not.toContainText("изображени");
    await factoryContext.close();
  });

  test("a factory's WhatsApp reads as a number", async ({ page }) => {
    await openDenimFactory(page);
    const whatsapp = page.getByRole("link", { name: /^WhatsApp/ });
    await expect(whatsapp).toContainText(/\+996 \d{3} \d{2} \d{2} \d{2}/);
  });

  test("the landing page promises only what verification is", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("Все фабрики на площадке проходят проверку.")).toHaveCount(0);
    await expect(page.getByText(/проверенные знаком/)).toBeVisible();
  });
});

async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

/** A short password with a different confirmation and a blank name: every message at once. */
async function registerWithEverythingWrong(page: Page) {
  await page.goto("/register");
  await page.getByLabel("Имя или название компании").fill("   ");
  await page.locator("label").filter({ hasText: "Покупатель" }).click();
  await page.getByLabel("Email", { exact: true }).fill("new-buyer@example.com");
  await page.getByLabel("Пароль", { exact: true }).fill("abc");
  await page.getByLabel("Подтвердите пароль").fill("abd");
  await page.getByRole("button", { name: "Зарегистрироваться", exact: true }).click();
  await expectFieldError(
    page.getByLabel("Пароль", { exact: true }),
    "Пароль должен содержать минимум 6 символов",
  );
  await expectFieldError(page.getByLabel("Подтвердите пароль"), "Пароли не совпадают");
  await expectFieldError(
    page.getByLabel("Имя или название компании"),
    "Имя должно содержать минимум 2 символа",
  );
}

test.describe("registration says everything at once", () => {
  test("in the browser", async ({ page }) => {
    await registerWithEverythingWrong(page);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("from the server", async ({ page }) => {
      await registerWithEverythingWrong(page);
    });
  });
});

test("an address the sign-up would refuse is refused by the form, with its message", async ({
  page,
}) => {
  for (const email of ["ivan..petrov@example.org", "a@-b.com"]) {
    const account = { ...newAccount("buyer"), email };
    await fillRegistration(page, account);
    await expectFieldError(page.getByLabel("Email", { exact: true }), "Введите корректный email");
    await expect(page.getByText(/Ошибка регистрации/)).toHaveCount(0);
  }
});

test("a new factory is led to its dashboard, and finds it in its menu", async ({ page }) => {
  await registerNewAccount(page, "factory");
  await expect(page).toHaveURL(/\/factory-dashboard$/);
  await expect(
    page.getByText(
      "Email подтвержден. Начните с профиля фабрики: заполните его, и фабрика появится в каталоге.",
    ),
  ).toBeVisible();
  // The profile says what keeps the factory out of the directory.
  await page.goto("/profile");
  await expect(
    page.getByRole("region", { name: "Фабрика пока не видна в каталоге" }),
  ).toContainText(
    "Чтобы она появилась в каталоге фабрик, укажите страну и хотя бы одну сферу деятельности.",
  );
  // 'Я Продавец' on the landing page leads a signed-in factory there too.
  await page.goto("/");
  await page.getByRole("link", { name: "Я Продавец" }).click();
  await expect(page).toHaveURL(/\/factory-dashboard$/);
  await page.goto("/factories");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Меню аккаунта/ })
    .click();
  await page.getByRole("menuitem", { name: "Кабинет фабрики" }).click();
  await expect(page).toHaveURL(/\/factory-dashboard$/);
});

test("the contact page names no made-up address when none is set", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { name: "Служба поддержки" })).toBeVisible();
  await expect(
    page.getByText(
      "Адрес службы поддержки появится здесь, как только оператор площадки его укажет.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("@");
});

test("a 70-letter factory name fits the directory and its page on a phone", async ({ page }) => {
  const name = `Фабрика${"Ш".repeat(63)}`;
  await registerNewAccount(page, "factory");
  await page.goto("/profile");
  const nameField = page.getByLabel("Название фабрики", { exact: true });
  await nameField.fill(`${name}${"Щ".repeat(80)}`);
  // The field stops at the server's maximum (120 characters).
  await expect(nameField).toHaveValue(`${name}${"Щ".repeat(50)}`);
  await nameField.fill(name);
  await page.getByLabel("Страна", { exact: true }).selectOption({ label: "Кыргызстан" });
  await page.getByRole("group", { name: "Сферы деятельности" }).getByText("Верхняя одежда").click();
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page.getByText("Профиль обновлен").first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/factories", "/profile"]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto(`/factories?q=${encodeURIComponent(name)}`);
  await page
    .getByRole("link", { name: new RegExp(name.slice(0, 20)) })
    .first()
    .click();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("long-name-390.png"), fullPage: false });
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a buyer places a tender with the plain form", async ({ page }) => {
    await registerAndConfirmWithoutScripts(page, newAccount("buyer"));
    await page.goto("/place-tender?new=1");
    const dialog = page.getByRole("dialog", { name: "Новый тендер" });
    const submit = dialog.getByRole("button", { name: "Разместить тендер" });
    await expect(submit).toBeEnabled();
    // The server says what is missing.
    await submit.click();
    await expect(page.getByRole("dialog", { name: "Новый тендер" })).toBeVisible();
    const title = `Без скриптов ${Date.now()}`;
    await page.getByLabel("Заголовок").fill(title);
    await page.getByRole("button", { name: "Разместить тендер" }).click();
    await expect(page).toHaveURL(/\/my-tenders$/);
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  });

  test("a factory adds a product with the plain form", async ({ page }) => {
    await signInAs(page, "factory");
    await page.goto("/factory-products");
    const form = page.locator("#product-form");
    const name = `Изделие без скриптов ${Date.now()}`;
    await form.getByLabel("Название", { exact: true }).fill(name);
    const save = form.getByRole("button", { name: "Добавить товар" });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL(/\/factory-products/);
    await expect(page.getByText(name).first()).toBeVisible();
  });
});

/** Registration and the letter's link, as a browser without JavaScript goes through them. */
async function registerAndConfirmWithoutScripts(
  page: Page,
  account: ReturnType<typeof newAccount>,
) {
  const started = Date.now();
  await fillRegistration(page, account);
  await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();
  const letter = await waitForMail(account.email, CONFIRM_SUBJECT, { after: started - 1000 });
  await page.goto(letter.link as string);
  await expect(page.getByRole("banner")).toContainText(account.name);
}

test("a link to a closed or deleted tender says so above the list", async ({ page }) => {
  const response = await page.goto("/tenders?tender=00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("alert").filter({ hasText: "Тендер по этой ссылке закрыт или удален." }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toContainText(/Найдено/);
});

test("a city typed while the tenders reload is kept", async ({ page }) => {
  // The app reloads the list's data in place (signed in; a visitor's page loads anew).
  await signInAs(page, "factory");
  await page.goto("/tenders");
  // Slow data answers, as on a slow network.
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const reloaded = page.waitForResponse(/\.data(\?|$)/);
  await page.getByLabel("Для кого").selectOption({ label: "Женский" });
  const city = page.getByLabel("Город");
  await city.click();
  await city.pressSequentially("Бишкек");
  await reloaded;
  await expect(page).toHaveURL(/gender=/);
  await expect(city).toHaveValue("Бишкек");
});

test("another factory's pages highlight 'Фабрики', never 'Мои товары'", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "factory");
  await page.goto("/factories?q=Деним");
  await page
    .getByRole("link", { name: /Кутаиси Деним/ })
    .first()
    .click();
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Основная навигация" });
  for (const step of ["factory page", "portfolio"]) {
    await expect(nav.getByRole("link", { name: "Фабрики" }), step).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Мои товары" }), step).not.toHaveAttribute(
      "aria-current",
      "page",
    );
    if (step === "factory page")
      await page.getByRole("link", { name: "Смотреть портфолио" }).click();
  }
  await page.goto("/factory-products");
  await expect(nav.getByRole("link", { name: "Мои товары" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("a new tender offers the profile's phone, WhatsApp and Telegram", async ({ page }) => {
  await registerNewAccount(page, "buyer");
  await page.goto("/profile");
  await page.getByLabel("Телефон", { exact: true }).fill("+996 555 11 22 33");
  await page.getByLabel("WhatsApp", { exact: true }).fill("+996 700 123 456");
  await page.getByLabel("Telegram", { exact: true }).fill("@first_week_buyer");
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(page.getByText("Профиль обновлен").first()).toBeVisible();

  await page.goto("/place-tender?new=1");
  const dialog = page.getByRole("dialog", { name: "Новый тендер" });
  await expect(dialog.getByLabel("Телефон")).toHaveValue("+996 555 11 22 33");
  // Stored in one form, shown with the country's grouping.
  await expect(dialog.getByLabel("WhatsApp")).toHaveValue("+996 700 12 34 56");
  await expect(dialog.getByLabel("Telegram")).toHaveValue("@first_week_buyer");
});

test("the portfolio and a product's dialog lead to the factory's contacts", async ({ page }) => {
  await openDenimFactory(page);
  await page.getByRole("link", { name: "Смотреть портфолио" }).click();
  const contact = page.getByRole("link", { name: "Связаться с фабрикой" });
  await expect(contact).toHaveAttribute("href", /^\/factory\/[0-9a-f-]{36}#factory-contacts$/);

  await page.getByTestId("product-card").first().getByRole("link").first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("link", { name: "Связаться с фабрикой" })).toBeVisible();
  await dialog.getByRole("link", { name: "Связаться с фабрикой" }).click();
  await expect(page).toHaveURL(/\/factory\/[0-9a-f-]{36}#factory-contacts$/);
  await expect(page.getByRole("region", { name: "Контакты" })).toBeVisible();
});

test("pictures are checked in the browser before any upload", async ({ page }) => {
  await signInAs(page, "factory");
  await page.goto("/factory-products");
  const form = page.locator("#product-form");
  // A text file named .jpg: refused with the form's message, never shown as a broken picture.
  await form.getByLabel("Фотографии").setInputFiles({
    name: "fake.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("this is not a picture"),
  });
  await expect(page.getByText("Поддерживаются только файлы JPG, PNG и WebP").first()).toBeVisible();
  await expect(form.getByRole("img", { name: "fake.jpg" })).toHaveCount(0);

  // A logo over 5 MB is refused before it is sent.
  let sent = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/profile")) sent = true;
  });
  await page.goto("/profile");
  await page
    .getByLabel(/Загрузить/)
    .first()
    .setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
  await expect(page.getByText("Размер файла должен быть менее 5MB").first()).toBeVisible();
  expect(sent).toBe(false);
});

test.describe("toasts on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("come from below, leave a dialog's close button free, and a success clears older errors", async ({
    page,
  }) => {
    await signInAs(page, "buyer");
    await page.goto("/place-tender?new=1");
    const dialog = page.getByRole("dialog", { name: "Новый тендер" });
    const close = dialog.getByRole("link", { name: "Закрыть" });
    await expect(close).toBeVisible();
    await dialog.getByLabel("Фотографии").setInputFiles({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    const tooLarge = toasts(page).getByText("Размер файла должен быть менее 5MB");
    await expect(tooLarge).toBeVisible();
    // The light page's message region (decision 036) is its toast.
    const toast = await page.locator("#page-message").boundingBox();
    const button = await close.boundingBox();
    expect(toast && button).toBeTruthy();
    if (toast && button) expect(toast.y).toBeGreaterThan(button.y + button.height);

    const title = `Тост ${Date.now()}`;
    await dialog.getByLabel("Заголовок").fill(title);
    await dialog.getByRole("button", { name: "Разместить тендер" }).click();
    await expect(toasts(page).getByText("Тендер размещен")).toBeVisible();
    // At once, not when the error's own four seconds run out.
    await expect(tooLarge).toHaveCount(0, { timeout: 1000 });
  });
});

test.describe("filters on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the factory filters say how many they find and close over the list", async ({ page }) => {
    await page.goto("/factories");
    await page.waitForLoadState("networkidle");
    const panel = page.locator("details#factory-filters-panel");
    await expect(panel).not.toHaveAttribute("open");
    await panel.locator("summary").click();
    await page
      .getByLabel("Сферы деятельности", { exact: true })
      .selectOption({ label: "Брюки и юбки" });
    await expect(page).toHaveURL(/category=bottoms/);
    const found = page.getByRole("status").filter({ hasText: /Найден/ });
    // The count is on the button at hand, not only below the open panel (compared once the new
    // list has arrived: the old count stays while it loads).
    const show = panel.getByRole("button", { name: /^Показать \d+ фабрик/ });
    await expect(show).toBeInViewport();
    const countIn = async (text: Promise<string | null>) => (await text)?.match(/\d+/)?.[0];
    await expect
      .poll(
        async () => (await countIn(found.textContent())) === (await countIn(show.textContent())),
      )
      .toBe(true);
    await show.click();
    await expect(panel).not.toHaveAttribute("open");
    await expect(found).toBeInViewport();
  });

  test("the tender filters start collapsed and close over the list when applied", async ({
    page,
  }) => {
    await page.goto("/tenders");
    await page.waitForLoadState("networkidle");
    const panel = page.locator("details#tender-filters-panel");
    await expect(panel).not.toHaveAttribute("open");
    const found = page.getByRole("status").filter({ hasText: /Найден/ });
    await expect(found).toBeInViewport();
    await panel.locator("summary").click();
    await panel.getByLabel("Количество от").fill("100");
    await panel.getByRole("button", { name: "Применить" }).click();
    await expect(page).toHaveURL(/minQuantity=100/);
    await expect(panel).not.toHaveAttribute("open");
    await expect(panel.locator("summary")).toContainText("1");
    await expect(found).toBeInViewport();
  });
});

test.describe("a tablet, 768 px wide", () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  for (const [role, path] of [
    ["admin", "/admin"],
    ["buyer", "/tenders"],
    ["factory", "/factory-products"],
  ] as const) {
    test(`the ${role}'s ${path} fits the width and its menu is on one line`, async ({ page }) => {
      await signInAs(page, role);
      await page.goto(path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const header = page.getByRole("banner");
      expect((await header.boundingBox())?.height).toBeLessThanOrEqual(65);
      const menu = header.getByRole("button", { name: "Открыть меню" });
      await expect(menu).toBeInViewport({ ratio: 1 });
      await menu.click();
      for (const link of await header.getByRole("link").filter({ visible: true }).all()) {
        await expect(link).toBeInViewport({ ratio: 1 });
      }
      await page.screenshot({ path: test.info().outputPath(`${role}-768.png`), fullPage: true });
    });
  }
});

test("a big picture shows how much of it has been sent", async ({ page }) => {
  await registerNewAccount(page, "buyer");
  await page.goto("/profile");
  // About 3 MB that does not compress: a photo from a phone, sent over slow mobile data.
  const side = 1000;
  const noise = await sharp(
    Buffer.from(Array.from({ length: side * side * 3 }, (_, i) => (i * 7919) % 251)),
    {
      raw: { width: side, height: side, channels: 3 },
    },
  )
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
  expect(noise.length).toBeLessThan(5 * 1024 * 1024);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 50,
    downloadThroughput: 4 * 1024 * 1024,
    uploadThroughput: 1024 * 1024,
  });

  await page.getByLabel("Загрузить фото").setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: noise,
  });
  const bar = page.getByRole("progressbar", { name: "Отправка файлов" });
  await expect(bar).toBeVisible();
  // Partway: some of it sent, not all.
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { intervals: [100] })
    .toBeGreaterThan(0);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
  await expect(page.getByText(/^Отправлено \d+% — \d+,\d из \d+,\d МБ$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("upload-progress.png") });

  await expect(toasts(page).getByText("Изображение загружено")).toBeVisible({ timeout: 20_000 });
  await expect(bar).toHaveCount(0);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
});
