import { expect, type Page, test } from "@playwright/test";
import {
  aBuyerAndAFactory,
  newAccount,
  newPerson,
  pdfFile,
  placeTender,
  russianWordsInMain,
  toasts,
  withoutScripts,
} from "./helpers";

// The factory's side of quotes as people use it: a buyer places a tender; a factory with a
// profile opens /tenders/{id}/quote, fills the form (a text file refused in the browser, a PDF
// attached), sends it, finds it in 'Мои отклики' as 'Отправлен', edits the price, removes the PDF and withdraws it.
// A second factory sends its quote without JavaScript, and sees the form in English under /en.
// Other specs run against the same server at once: the tender's title is unique.

const title = `Пошив футболок ${Date.now().toString(36)}`;

const pdf = pdfFile("Коммерческое предложение.pdf");
const textFile = { name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("not a PDF") };

/** Today + `days` as a date input's value (UTC, as the server counts). */
const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

function ownQuote(page: Page) {
  return page.getByTestId("own-quote").filter({ hasText: title });
}

test.describe("a factory's quote from sending to withdrawing", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  const people = aBuyerAndAFactory("Заказчик Футболок", `Фабрика ${title.slice(-6)}`);
  let tenderId = "";

  test("a buyer places a tender", async () => {
    tenderId = await placeTender(people.buyer.page, {
      title,
      quantity: "800",
      budget: "5000",
      currency: "USD",
    });
  });

  test("the buyer is told it cannot quote on its own tender", async () => {
    const { page } = people.buyer;
    await page.goto(`/tenders/${tenderId}/quote`);
    await expect(page.getByRole("heading", { name: "Это ваш тендер" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Отправить отклик" })).toHaveCount(0);
  });

  test("the factory fills the form with a PDF and sends it", async () => {
    const { page } = people.factory;
    await page.goto(`/tenders/${tenderId}/quote`);
    await expect(page.getByRole("heading", { level: 1, name: "Отклик на тендер" })).toBeVisible();
    await expect(page.getByRole("link", { name: title })).toHaveAttribute(
      "href",
      `/tenders/${tenderId}`,
    );
    await expect(page.getByText("800 шт.").first()).toBeVisible();
    await expect(page.getByLabel("Сколько можем произвести, шт.")).toHaveValue("800");
    await expect(page.getByLabel("Предложение действует до")).toHaveValue(inDays(30));

    // The sample's fields appear with the checkbox.
    await expect(page.getByLabel("Цена образца")).toBeHidden();
    await page.getByLabel("Можем сделать образец").check();
    await page.getByLabel("Цена образца").fill("30");
    await page.getByLabel("Срок образца, дней").fill("10");

    await page.getByLabel("Цена за единицу").fill("7.5");
    await page.getByLabel("Валюта").selectOption("USD");
    await page.getByLabel("Минимальный заказ, шт.").fill("200");
    await page.getByLabel("Срок производства, дней").fill("45");
    await page.getByLabel("Сообщение покупателю").fill("Трикотаж из своей пряжи, 4 цвета.");

    const files = page.getByLabel("Файлы (JPG, PNG, WebP или PDF)");
    await files.setInputFiles([textFile]);
    await expect(
      page.getByText("note.txt: Можно прикрепить только JPG, PNG, WebP или PDF").first(),
    ).toBeVisible();
    await files.setInputFiles([pdf]);
    await expect(page.getByText(pdf.name)).toBeVisible();

    await page.getByRole("button", { name: "Отправить отклик" }).click();
    await expect(page).toHaveURL(/\/my-quotes$/);
    await expect(toasts(page).getByText("Отклик отправлен")).toBeVisible();
    const card = ownQuote(page);
    await expect(card.getByTestId("quote-status")).toHaveText("Отправлен");
    await expect(card).toContainText(/7,50\s\$ × 800\sшт\./);
    await expect(card).toContainText("45 дней");
    await expect(card.getByRole("link", { name: "Переписка" })).toHaveAttribute(
      "href",
      /^\/quotes\/[0-9a-f-]{36}$/,
    );
    // In the factory's navigation.
    await expect(
      page
        .getByRole("navigation", { name: "Основная навигация" })
        .getByRole("link", { name: "Мои отклики" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("edits the price and removes the PDF", async () => {
    const { page } = people.factory;
    await ownQuote(page).getByRole("link", { name: "Изменить" }).click();
    await expect(page).toHaveURL(new RegExp(`/tenders/${tenderId}/quote$`));
    await expect(page.getByRole("heading", { level: 1, name: "Ваш отклик" })).toBeVisible();
    await expect(page.getByLabel("Цена за единицу")).toHaveValue("7.5");
    await expect(page.getByLabel("Можем сделать образец")).toBeChecked();
    await expect(page.getByLabel("Цена образца")).toHaveValue("30");
    await expect(page.getByRole("link", { name: pdf.name })).toHaveAttribute(
      "href",
      /^\/attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/,
    );
    await page.getByLabel("Цена за единицу").fill("6.9");
    // The file goes at once; what was typed stays.
    await page.getByRole("button", { name: `Удалить файл ${pdf.name}` }).click();
    await expect(toasts(page).getByText("Файл удален")).toBeVisible();
    await expect(page.getByText("Файлов пока нет")).toBeVisible();
    await expect(page.getByLabel("Цена за единицу")).toHaveValue("6.9");
    await page.getByRole("button", { name: "Сохранить изменения" }).click();
    await expect(page).toHaveURL(/\/my-quotes$/);
    await expect(toasts(page).getByText("Отклик обновлен")).toBeVisible();
    await expect(ownQuote(page)).toContainText(/6,90\s\$ × 800\sшт\./);
  });

  test("withdraws it after confirming", async () => {
    const { page } = people.factory;
    const card = ownQuote(page);
    await card.getByRole("button", { name: "Отозвать" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Отозвать отклик?" });
    await expect(dialog).toContainText(title);
    await dialog.getByRole("button", { name: "Отозвать" }).click();
    await expect(toasts(page).getByText("Отклик отозван")).toBeVisible();
    await expect(card.getByTestId("quote-status")).toHaveText("Отозван");
    await expect(card.getByRole("link", { name: "Изменить" })).toHaveCount(0);
    await expect(card.getByRole("button", { name: "Отозвать" })).toHaveCount(0);

    await expect(card.getByRole("link", { name: "Отправить снова" })).toBeVisible();
  });

  test("sends the withdrawn quote again while the tender is active", async () => {
    const { page } = people.factory;
    await ownQuote(page).getByRole("link", { name: "Отправить снова" }).click();
    await expect(page).toHaveURL(new RegExp(`/tenders/${tenderId}/quote$`));
    await expect(
      page.getByRole("heading", { level: 1, name: "Отправить отклик снова" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Сохранить изменения" })).toHaveCount(0);
    await page.getByLabel("Цена за единицу", { exact: true }).fill("6.50");
    await page.getByRole("button", { name: "Отправить отклик снова" }).click();
    await expect(toasts(page).getByText("Отклик отправлен снова")).toBeVisible();
    await expect(ownQuote(page).getByTestId("quote-status")).toHaveText("Отправлен");
    await expect(ownQuote(page)).toContainText(/6,50\s\$ × 800\sшт\./);
  });

  test("another factory sends its quote without JavaScript", async ({ browser }) => {
    const other = await newPerson(browser, newAccount("factory", `Ткачи ${title.slice(-6)}`));
    const noScript = await withoutScripts(browser, other.context);
    try {
      const page = await noScript.newPage();
      await page.goto(`/tenders/${tenderId}/quote`);
      // Without JavaScript every field is there and the button is enabled.
      await expect(page.getByLabel("Цена образца")).toBeVisible();
      const submit = page.getByRole("button", { name: "Отправить отклик" });
      await expect(submit).toBeEnabled();
      await page.getByLabel("Цена за единицу").fill("8");
      await page.getByLabel("Срок производства, дней").fill("60");
      await page.getByLabel("Файлы (JPG, PNG, WebP или PDF)").setInputFiles([pdf]);
      await submit.click();
      await expect(page).toHaveURL(/\/my-quotes$/);
      await expect(ownQuote(page).getByTestId("quote-status")).toHaveText("Отправлен");
      await expect(ownQuote(page)).toContainText(/8\s\$ × 800\sшт\./);

      // A refused form comes back with the message on its field.
      await page.goto(`/tenders/${tenderId}/quote`);
      await page.getByLabel("Срок производства, дней").fill("0");
      await page.getByRole("button", { name: "Сохранить изменения" }).click();
      await expect(page.getByText("Введите целое число дней от 1 до 730")).toBeVisible();
      await expect(page.getByLabel("Срок производства, дней")).toHaveAttribute(
        "aria-invalid",
        "true",
      );

      // The English page speaks English.
      const english = await other.context.newPage();
      await english.goto(`/en/tenders/${tenderId}/quote`);
      await expect(english.locator("html")).toHaveAttribute("lang", "en");
      await expect(english.getByRole("heading", { level: 1, name: "Your quote" })).toBeVisible();
      await expect(english.getByLabel("Price per unit")).toHaveValue("8");
      await expect(english.getByLabel("Lead time, days", { exact: true })).toHaveValue("60");
      await expect(english.getByRole("button", { name: "Save changes" })).toBeVisible();
      await expect(english.getByRole("button", { name: "Withdraw quote" })).toBeVisible();
      expect(await russianWordsInMain(english)).toEqual([]);
      await english.goto("/en/my-quotes");
      await expect(english.getByRole("heading", { level: 1, name: "My quotes" })).toBeVisible();
      await expect(ownQuote(english).getByTestId("quote-status")).toHaveText("Sent");
    } finally {
      await noScript.close();
      await other.context.close();
    }
  });
});
