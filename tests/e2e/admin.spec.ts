// /admin: access (visitor → /login, buyer and factory → 403 without user data), the admin look
// of the navigation, the user list (filters, search, refresh, the detail dialog for both types),
// factory verification with the public badge, and blocking: a blocked buyer cannot sign in and
// their tender leaves /tenders until unblocked. Block and verify use new accounts only: other
// spec files run in parallel on the same server with the demo accounts.
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  accountButton,
  demoAccount,
  newAccount,
  newPerson,
  originOf,
  pdfFile,
  registerAndConfirm,
  registerNewAccount,
  signInAs,
  signInWithForm,
  toasts,
  withoutScripts,
} from "./helpers";

const BANNED = "Ваш аккаунт заблокирован администратором. Если это ошибка, напишите в поддержку.";

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, "admin");
  return page;
}

/** Opens /admin searched for `q` and the detail dialog of the only row. */
async function openUser(page: Page, q: string, name: string) {
  await page.goto(`/admin?q=${encodeURIComponent(q)}`);
  await page.getByRole("table").getByRole("link", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("access", () => {
  test("a visitor is sent to /login", async ({ page }) => {
    const response = await page.request.get("/admin", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/login?redirectTo=%2Fadmin");
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin$/);
  });

  for (const role of ["buyer", "factory"] as const) {
    test(`a signed-in ${role} gets 403 and no user data`, async ({ page }) => {
      await signInAs(page, role);
      const response = await page.request.get("/admin?type=factory&q=factory");
      expect(response.status()).toBe(403);
      const html = await response.text();
      expect(html).not.toContain("factory-02@example.com");
      expect(html).not.toContain(demoAccount("admin").email);
      expect(html).not.toContain(demoAccount(role === "buyer" ? "factory" : "buyer").email);
      const post = await page.request.post("/admin", {
        form: { intent: "block", userId: "x" },
        headers: { origin: originOf() },
      });
      expect(post.status()).toBe(403);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Доступ запрещен" })).toBeVisible();
      await expect(page.getByRole("table")).toHaveCount(0);
    });
  }
});

test.describe("as admin", () => {
  test("the admin look of the navigation", async ({ page }) => {
    await signInAs(page, "admin");
    const admin = demoAccount("admin");
    await page.goto("/admin");
    const banner = page.getByRole("banner");
    await expect(page.getByRole("heading", { level: 1, name: "Пользователи" })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Разместить тендер" })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "Тендеры", exact: true })).toHaveCount(0);
    await expect(banner.getByRole("link", { name: "На главную" })).toHaveCount(0);
    await expect(banner.getByText("Супер-администратор").first()).toBeVisible();
    await accountButton(page, admin.email).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveCount(1);
    await expect(menu.getByRole("menuitem")).toHaveText("LOGOUT");
  });

  test("filters, search, the detail dialog of a buyer and a factory, refresh", async ({
    page,
    browser,
  }) => {
    await signInAs(page, "admin");
    await page.goto("/admin");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Имя / компания",
      "Email",
      "Тип пользователя",
      "Дата регистрации",
    ]);
    await expect(table.getByRole("row").nth(1)).toContainText(/\d{2}\.\d{2}\.\d{4}/);

    const filters = page.getByRole("navigation", { name: "Тип пользователя" });
    await filters.getByRole("link", { name: "Покупатель", exact: true }).click();
    await expect(page).toHaveURL(/type=buyer/);
    await expect(filters.getByRole("link", { name: "Покупатель", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const types = table.getByRole("row").locator("td:nth-child(3)");
    await expect(types.first()).toHaveText("Покупатель");
    expect(new Set(await types.allTextContents())).toEqual(new Set(["Покупатель"]));
    await filters.getByRole("link", { name: "Швейные цеха и фабрики" }).click();
    await expect(page).toHaveURL(/type=factory/);
    await expect(types.first()).toHaveText("Швейные цеха и фабрики");
    expect(new Set(await types.allTextContents())).toEqual(new Set(["Швейные цеха и фабрики"]));
    await filters.getByRole("link", { name: "Все", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // Search by email, any letter case; then the buyer's dialog.
    const buyer = demoAccount("buyer");
    await page.getByLabel("Поиск по имени или email").fill(buyer.email.toUpperCase());
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText(buyer.email);
    await table.getByRole("row").nth(1).getByRole("link").click();
    await expect(page).toHaveURL(/user=/);
    const buyerDialog = page.getByRole("dialog");
    await expect(buyerDialog).toContainText(buyer.email);
    for (const label of ["Телефон", "Instagram", "WhatsApp", "Дата регистрации", "О себе"]) {
      await expect(buyerDialog.getByText(label, { exact: true })).toBeVisible();
    }
    // WhatsApp reads as a number, as beside the phone, not as the stored digits.
    await expect(
      buyerDialog.getByText("WhatsApp", { exact: true }).locator("xpath=following-sibling::dd"),
    ).toHaveText(/^\+\d{1,3} \d{2,3} /);
    // The dialog is in the server's HTML: the address works without JavaScript.
    const html = await (await page.request.get(page.url())).text();
    expect(html).toContain(buyer.email);
    expect(html).toContain("Информация о пользователе");
    await buyerDialog.getByRole("link", { name: "Закрыть" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // A factory's dialog: its profile, product count and portfolio link.
    await page.goto("/admin?type=factory&q=factory-02%40example.com");
    await table.getByRole("row").nth(1).getByRole("link").click();
    const factoryDialog = page.getByRole("dialog");
    for (const label of ["Описание", "Телефон", "Сайт", "Город и страна", "Сферы деятельности"]) {
      await expect(factoryDialog.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(factoryDialog.getByText("Товары", { exact: true })).toBeVisible();
    await expect(factoryDialog.getByRole("link", { name: "Открыть портфолио" })).toHaveAttribute(
      "href",
      /^\/factory-products\/[0-9a-f-]{36}$/,
    );

    // Nothing found: the info toast and an empty state.
    const account = newAccount("buyer", "Новый Для Обновления");
    await page.goto(`/admin?q=${encodeURIComponent(account.email)}`);
    await expect(toasts(page).getByText("Пользователи не найдены")).toBeVisible();
    await expect(page.getByText("Пользователи не найдены").last()).toBeVisible();
    // Refresh re-runs the loader: an account made meanwhile appears.
    const other = await (await browser.newContext()).newPage();
    await registerAndConfirm(other, account);
    await page.getByRole("button", { name: "Обновить" }).click();
    await expect(table.getByRole("link", { name: "Новый Для Обновления" })).toBeVisible();
    await other.context().close();
  });

  test("verifies a new factory: the badge shows publicly; revoking removes it", async ({
    page,
    browser,
  }) => {
    const account = await registerNewAccount(page, "factory");
    await page.goto("/profile");
    await page.getByLabel("Описание", { exact: true }).fill("Шьем платья и блузки от 100 штук.");
    // The directory lists a factory with a country and a category.
    await page.getByLabel("Страна", { exact: true }).selectOption({ label: "Кыргызстан" });
    await page
      .getByRole("group", { name: "Сферы деятельности" })
      .getByRole("checkbox", { name: "Верхняя одежда", exact: true })
      .check();
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(toasts(page).getByText("Профиль обновлен")).toBeVisible();

    const admin = await adminPage(browser);
    let dialog = await openUser(admin, account.email, account.name);
    const portfolio = await dialog
      .getByRole("link", { name: "Открыть портфолио" })
      .getAttribute("href");
    const factoryId = portfolio?.split("/").pop() as string;
    await dialog.getByLabel("Комментарий к проверке").fill("Проверили документы");
    await dialog.getByRole("button", { name: "Отметить как проверенную" }).click();
    await expect(toasts(admin).getByText("Фабрика отмечена как проверенная")).toBeVisible();
    dialog = admin.getByRole("dialog");
    await expect(dialog.getByText("Проверенная фабрика").first()).toBeVisible();

    // Publicly: the factory page, the portfolio and the card in /factories?verified=1.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/factory/${factoryId}`);
    await expect(visitor.getByRole("main").getByText("Проверенная фабрика")).toBeVisible();
    await visitor.goto(`/factory-products/${factoryId}`);
    await expect(visitor.getByRole("main").getByText("Проверенная фабрика")).toBeVisible();
    await visitor.goto(`/factories?verified=1&q=${encodeURIComponent(account.name)}`);
    // The card's one link is the factory's name; the badge is on the card.
    const card = visitor
      .getByTestId("factory-card")
      .filter({ has: visitor.getByRole("link", { name: account.name }) });
    await expect(card).toBeVisible();
    await expect(card.getByText("Проверенная фабрика")).toBeVisible();
    await expect(visitor.getByRole("checkbox", { name: "Только проверенные" })).toBeChecked();

    await dialog.getByRole("button", { name: "Снять отметку о проверке" }).click();
    await expect(toasts(admin).getByText("Отметка о проверке снята")).toBeVisible();
    await visitor.goto(`/factory/${factoryId}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(visitor.getByRole("main").getByText("Проверенная фабрика")).toHaveCount(0);
    await visitor.goto(`/factories?verified=1&q=${encodeURIComponent(account.name)}`);
    await expect(visitor.getByRole("link", { name: account.name })).toHaveCount(0);
    await admin.context().close();
    await visitor.context().close();
  });

  test("blocks a new buyer: no sign-in, the tender leaves /tenders; unblocking restores both", async ({
    page,
    browser,
  }) => {
    const account = await registerNewAccount(page, "buyer", "Блокируемый Покупатель");
    const quantity = 40_000 + Math.floor(Math.random() * 50_000);
    const title = `Тендер на блокировку ${quantity}`;
    await page.goto("/place-tender");
    await page.getByTestId("open-tender-form").click();
    const form = page.getByRole("dialog", { name: "Новый тендер" });
    await form.getByLabel("Заголовок").fill(title);
    await form.getByLabel("Количество, шт.").fill(String(quantity));
    await form.getByRole("button", { name: "Разместить тендер" }).click();
    await expect(page).toHaveURL(/\/my-tenders$/);
    const listed = `/tenders?minQuantity=${quantity}&maxQuantity=${quantity}`;
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(listed);
    await expect(visitor.getByText(title)).toBeVisible();

    const admin = await adminPage(browser);
    const dialog = await openUser(admin, account.email, account.name);
    await dialog.getByLabel("Причина блокировки").fill("Спам");
    await dialog.getByRole("button", { name: "Заблокировать" }).click();
    await expect(toasts(admin).getByText("Пользователь заблокирован")).toBeVisible();
    await expect(admin.getByRole("dialog")).toContainText("Причина блокировки: Спам");
    await admin.goto(`/admin?q=${encodeURIComponent(account.email)}`);
    await expect(admin.getByRole("table")).toContainText("Заблокирован");

    // Signed out at once, cannot sign in again, and the tender is gone.
    await page.goto("/my-tenders");
    await expect(accountButton(page, account.name)).toHaveCount(0);
    await page.context().clearCookies();
    await signInWithForm(page, account.email, account.password);
    await expect(page.getByRole("alert").filter({ hasText: BANNED })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await visitor.goto(listed);
    await expect(visitor.getByText(title)).toHaveCount(0);

    await openUser(admin, account.email, account.name);
    await admin.getByRole("dialog").getByRole("button", { name: "Разблокировать" }).click();
    await expect(toasts(admin).getByText("Пользователь разблокирован")).toBeVisible();
    await visitor.goto(listed);
    await expect(visitor.getByText(title)).toBeVisible();
    await signInWithForm(page, account.email, account.password);
    await expect(accountButton(page, account.name)).toBeVisible();
    await admin.context().close();
    await visitor.context().close();
  });

  test("an admin cannot block themself: no block control for their own row", async ({ page }) => {
    await signInAs(page, "admin");
    const admin = demoAccount("admin");
    await page.goto(`/admin?q=${encodeURIComponent(admin.email)}`);
    await page.getByRole("table").getByRole("row").nth(1).getByRole("link").click();
    await expect(page.getByRole("dialog")).toContainText(admin.email);
    await expect(page.getByRole("button", { name: "Заблокировать" })).toHaveCount(0);
  });
});

// A factory's verification (issue 26, item 11): the factory asks with a PDF on its dashboard, the
// admin finds it in the queue, downloads the document and decides with a note, the factory reads
// the notification and carries the badge. In Russian with JavaScript, then in English without it.
test.describe("verification requests", () => {
  test("a factory asks with a PDF, the admin downloads it and verifies, the factory gets the badge", async ({
    browser,
  }) => {
    const name = `Цех Проверка ${Date.now().toString(36)}`;
    const factory = await newPerson(browser, newAccount("factory", name));
    const { page } = factory;
    await page.goto("/factory-dashboard");
    const section = page.getByRole("region", { name: "Проверка фабрики" });
    await expect(section.getByText("Не проверена", { exact: true })).toBeVisible();
    await section.getByLabel("Документы", { exact: true }).setInputFiles([pdfFile("выписка.pdf")]);
    await section.getByLabel("Комментарий для администратора").fill("Работаем с 2015 года");
    await section.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(toasts(page).getByText("Заявка на проверку отправлена")).toBeVisible();
    await expect(section.getByText("Документы на проверке", { exact: true })).toBeVisible();
    await expect(section.getByRole("link", { name: "Скачать выписка.pdf" })).toBeVisible();

    const admin = await adminPage(browser);
    await admin.goto("/admin");
    await admin.getByRole("link", { name: /^Заявки на проверку: \d+$/ }).click();
    await expect(
      admin.getByRole("heading", { level: 1, name: "Заявки на проверку" }),
    ).toBeVisible();
    const card = admin.getByTestId("verification-request").filter({ hasText: name });
    await expect(card.getByText("Работаем с 2015 года")).toBeVisible();
    const download = admin.waitForEvent("download");
    await card.getByRole("link", { name: "Скачать выписка.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("выписка.pdf");
    await card.getByLabel("Комментарий для фабрики").fill("Документы в порядке");
    await card.getByRole("button", { name: "Подтвердить" }).click();
    await expect(toasts(admin).getByText("Фабрика отмечена как проверенная")).toBeVisible();
    const decided = admin.getByTestId("verification-decision").filter({ hasText: name });
    await expect(decided.getByText("Проверена", { exact: true })).toBeVisible();
    await expect(decided.getByText("Документы в порядке")).toBeVisible();
    await admin.context().close();

    await page.goto("/notifications");
    const notice = page
      .getByTestId("notification")
      .filter({ hasText: "Ваша фабрика прошла проверку" });
    await expect(notice.getByText("Комментарий администратора: Документы в порядке")).toBeVisible();
    await notice.getByRole("button").first().click();
    await expect(page).toHaveURL(/\/factory-dashboard#verification$/);
    await expect(section.getByText("Проверенная фабрика", { exact: true })).toBeVisible();
    await expect(section.getByText("Документы в порядке")).toBeVisible();
    await factory.context.close();
  });

  test("in English without JavaScript: the request and the admin's decision are plain forms", async ({
    browser,
  }) => {
    const name = `Knit Works ${Date.now().toString(36)}`;
    const factory = await newPerson(browser, newAccount("factory", name));
    const factoryNoJs = await withoutScripts(browser, factory.context);
    const page = await factoryNoJs.newPage();
    await page.goto("/en/factory-dashboard");
    const section = page.getByRole("region", { name: "Factory verification" });
    await expect(section.getByText("Not verified", { exact: true })).toBeVisible();
    // Without a document the server answers on the field.
    await section.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByText("Attach at least one document")).toBeVisible();
    await section.getByLabel("Documents", { exact: true }).setInputFiles([pdfFile("extract.pdf")]);
    await section.getByRole("button", { name: "Send for review" }).click();
    await expect(section.getByText("Documents under review", { exact: true })).toBeVisible();

    const adminContext = await browser.newContext();
    const signIn = await adminContext.newPage();
    await signInAs(signIn, "admin");
    const adminNoJs = await withoutScripts(browser, adminContext);
    const admin = await adminNoJs.newPage();
    await admin.goto("/en/admin/verifications");
    const card = admin.getByTestId("verification-request").filter({ hasText: name });
    await expect(card.getByRole("link", { name: "Download extract.pdf" })).toBeVisible();
    await card.getByLabel("Note for the factory").fill("All documents checked");
    await card.getByRole("button", { name: "Verify" }).click();
    await expect(admin).toHaveURL(/\/en\/admin\/verifications$/);
    const decided = admin.getByTestId("verification-decision").filter({ hasText: name });
    await expect(decided.getByText("Verified", { exact: true })).toBeVisible();
    await adminNoJs.close();
    await adminContext.close();

    await page.goto("/en/notifications");
    await expect(
      page.getByText("Your factory passed verification and got the 'Verified factory' badge"),
    ).toBeVisible();
    await expect(page.getByText("Administrator's note: All documents checked")).toBeVisible();
    await page.goto("/en/factory-dashboard");
    await expect(section.getByText("Verified factory", { exact: true })).toBeVisible();
    await factoryNoJs.close();
    await factory.context.close();
  });
});
