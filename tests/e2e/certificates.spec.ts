// A factory's certificates (issue 29): the factory adds OEKO-TEX Standard 100 with its PDF on its
// certificates page, the admin rejects it with a note, the factory reads the notification and
// replaces the file, the admin verifies it, and the factory's public page shows it (never the
// file). In Russian with JavaScript, then in English without it. New accounts only: other spec
// files run in parallel on the same server with the demo accounts.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, newPerson, pdfFile, signInAs, toasts, withoutScripts } from "./helpers";

const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, "admin");
  return page;
}

test.describe("certificates", () => {
  test("added, rejected with a note, replaced, verified and shown on the factory's page", async ({
    browser,
  }) => {
    const name = `Трикотаж Сертификат ${Date.now().toString(36)}`;
    const factory = await newPerson(browser, newAccount("factory", name));
    const { page } = factory;
    await page.goto("/factory-dashboard");
    const summary = page.getByRole("region", { name: "Сертификаты" });
    await summary.getByRole("link", { name: "Открыть сертификаты" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Сертификаты" })).toBeVisible();
    await expect(page.getByText("Сертификатов пока нет")).toBeVisible();

    const add = page.getByRole("region", { name: "Добавить сертификат" });
    // Without a file the server answers on the field.
    await add.getByLabel("Стандарт").selectOption({ label: "OEKO-TEX Standard 100" });
    await add.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(add.getByText("Приложите файл сертификата")).toBeVisible();
    await add.getByLabel("Стандарт").selectOption({ label: "OEKO-TEX Standard 100" });
    await add.getByLabel("Действует до").fill(inDays(400));
    await add.getByLabel("Файл сертификата", { exact: true }).setInputFiles([pdfFile("oeko.pdf")]);
    await add.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(toasts(page).getByText("Сертификат отправлен на проверку")).toBeVisible();
    const card = page.getByTestId("own-certificate").filter({ hasText: "OEKO-TEX Standard 100" });
    await expect(card.getByText("На проверке", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: /^oeko\.pdf/ })).toBeVisible();

    // The admin finds it next to the verification requests, downloads the file, rejects it.
    const admin = await adminPage(browser);
    await admin.goto("/admin");
    await admin.getByRole("link", { name: /^Сертификаты \(\d+\)$/ }).click();
    await expect(
      admin.getByRole("heading", { level: 1, name: "Сертификаты фабрик" }),
    ).toBeVisible();
    const pending = admin.getByTestId("pending-certificate").filter({ hasText: name });
    const download = admin.waitForEvent("download");
    await pending.getByRole("link", { name: /^oeko\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe("oeko.pdf");
    await pending.getByLabel("Комментарий для фабрики").fill("Нет страницы с номером сертификата");
    await pending.getByRole("button", { name: "Отклонить" }).click();
    await expect(
      toasts(admin).getByText("Сертификат отклонен, фабрика получит уведомление"),
    ).toBeVisible();
    const factoryLink = admin
      .getByTestId("decided-certificate")
      .filter({ hasText: name })
      .getByRole("link", { name: "Страница фабрики" });
    const factoryPath = new URL(
      (await factoryLink.getAttribute("href")) ?? "",
      "http://x",
    ).pathname.replace(/^\/factories\//, "/factory/");

    // The factory is told, with the note, and replaces the file.
    await page.goto("/notifications");
    const notice = page
      .getByTestId("notification")
      .filter({ hasText: "Сертификат OEKO-TEX Standard 100 отклонен" });
    await expect(
      notice.getByText("Комментарий администратора: Нет страницы с номером сертификата"),
    ).toBeVisible();
    await notice.getByRole("button").first().click();
    await expect(page).toHaveURL(/\/factory-dashboard\/certificates$/);
    await expect(card.getByText("Отклонен", { exact: true }).first()).toBeVisible();
    await expect(card.getByText("Нет страницы с номером сертификата").first()).toBeVisible();
    await card.getByText("Заменить файл").click();
    await card
      .getByLabel("Файл сертификата: OEKO-TEX Standard 100")
      .setInputFiles([pdfFile("oeko-full.pdf")]);
    await card.getByRole("button", { name: "Заменить и отправить на проверку" }).click();
    await expect(
      toasts(page).getByText("Файл заменен, сертификат снова на проверке"),
    ).toBeVisible();
    await expect(card.getByTestId("certificate-status").first()).toHaveText("На проверке");
    await expect(card.getByRole("link", { name: /^oeko-full\.pdf/ })).toBeVisible();

    // Buyers see nothing yet.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(factoryPath);
    await expect(visitorPage.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(visitorPage.getByTestId("factory-certifications")).toHaveCount(0);

    // The admin verifies; the history keeps both decisions.
    await admin.reload();
    const again = admin.getByTestId("pending-certificate").filter({ hasText: name });
    await again.getByRole("button", { name: "Подтвердить" }).click();
    await expect(
      toasts(admin).getByText("Сертификат подтвержден, фабрика получит уведомление"),
    ).toBeVisible();
    const decided = admin.getByTestId("decided-certificate").filter({ hasText: name });
    await expect(decided.getByTestId("certificate-history").getByRole("listitem")).toHaveCount(2);
    await admin.context().close();

    // The public page shows it: the standard and its last day, no file.
    await visitorPage.goto(factoryPath);
    const shown = visitorPage.getByRole("region", { name: "Сертификаты" });
    await expect(shown.getByText("OEKO-TEX Standard 100")).toBeVisible();
    await expect(shown.getByRole("link")).toHaveCount(0);
    await expect(visitorPage.locator('a[href*="/certificate-files/"]')).toHaveCount(0);
    await visitor.close();
    await factory.context.close();
  });

  test("in English without JavaScript: adding and deciding are plain forms", async ({
    browser,
  }) => {
    const name = `Knit Certified ${Date.now().toString(36)}`;
    const factory = await newPerson(browser, newAccount("factory", name));
    const factoryNoJs = await withoutScripts(browser, factory.context);
    const page = await factoryNoJs.newPage();
    await page.goto("/en/factory-dashboard/certificates");
    await expect(page.getByRole("heading", { level: 1, name: "Certificates" })).toBeVisible();
    const add = page.getByRole("region", { name: "Add a certificate" });
    await add.getByLabel("Standard").selectOption({ label: "GOTS" });
    await add.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByText("Attach the certificate file")).toBeVisible();
    await add.getByLabel("Standard").selectOption({ label: "GOTS" });
    await add.getByLabel("Certificate file", { exact: true }).setInputFiles([pdfFile("gots.pdf")]);
    await add.getByRole("button", { name: "Send for review" }).click();
    const card = page.getByTestId("own-certificate").filter({ hasText: "GOTS" });
    await expect(card.getByText("Under review", { exact: true })).toBeVisible();

    const adminContext = await browser.newContext();
    const signIn = await adminContext.newPage();
    await signInAs(signIn, "admin");
    const adminNoJs = await withoutScripts(browser, adminContext);
    const admin = await adminNoJs.newPage();
    await admin.goto("/en/admin/certificates");
    await expect(
      admin.getByRole("heading", { level: 1, name: "Factory certificates" }),
    ).toBeVisible();
    const pending = admin.getByTestId("pending-certificate").filter({ hasText: name });
    await pending.getByLabel("Note for the factory").fill("Checked against the registry");
    await pending.getByRole("button", { name: "Verify" }).click();
    const decided = admin.getByTestId("decided-certificate").filter({ hasText: name });
    await expect(decided.getByText("Checked against the registry")).toBeVisible();
    const href = await decided.getByRole("link", { name: "Factory page" }).getAttribute("href");
    await adminContext.close();
    await adminNoJs.close();

    await page.reload();
    await expect(card.getByText("Verified", { exact: true }).first()).toBeVisible();
    const visitor = await browser.newContext({ javaScriptEnabled: false });
    const publicPage = await visitor.newPage();
    await publicPage.goto(href ?? "");
    const shown = publicPage.getByRole("region", { name: "Certificates" });
    await expect(shown.getByText("GOTS")).toBeVisible();
    await visitor.close();
    await factoryNoJs.close();
    await factory.context.close();
  });

  test("the demo knitwear factory in Uzbekistan shows its verified OEKO-TEX certificate", async ({
    page,
  }) => {
    await page.goto(`/en/factories?q=${encodeURIComponent("Фергана Трикотаж")}`);
    await page
      .getByRole("link", { name: /Fergana|Фергана/ })
      .first()
      .click();
    const shown = page.getByRole("region", { name: "Certificates" });
    await expect(shown.getByText("OEKO-TEX Standard 100")).toBeVisible();
    await expect(shown.getByText("ISO 9001")).toBeVisible();
  });
});
