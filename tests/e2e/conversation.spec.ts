import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  aBuyerAndAFactory,
  pdfFile,
  placeTender,
  russianWordsInMain,
  withoutScripts,
} from "./helpers";

// The conversation of a quote as its two people use it, each in a browser of their own: a buyer
// places a tender, a factory quotes on it through the real pages and writes first; the buyer's
// open page shows the message without reloading (live updates over the server's stream), the
// buyer answers with a PDF and the factory's page shows it; the factory sees its message read.
// Then the same conversation without JavaScript (plain form posts), and in English. Screenshots
// at 390 and 1280 px go to the test's output folder.

const title = `Пошив курток ${Date.now().toString(36)}`;

const pdf = pdfFile("Техническое задание.pdf");

const messages = (page: Page) => page.getByTestId("message");

async function screenshots(page: Page, name: string) {
  const folder = test.info().outputPath("screens");
  mkdirSync(folder, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // From the top: a full-page picture of a scrolled page repeats the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("a conversation between a buyer and a factory", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  const people = aBuyerAndAFactory("Заказчик Курток", `Фабрика ${title.slice(-6)}`);
  let conversation = "";

  test("a buyer places a tender and a factory quotes on it", async () => {
    const tenderId = await placeTender(people.buyer.page, { title, quantity: "200" });

    const quoting = people.factory.page;
    await quoting.goto(`/tenders/${tenderId}/quote`);
    await quoting.getByLabel("Цена за единицу").fill("24");
    await quoting.getByLabel("Срок производства, дней").fill("35");
    await quoting.getByLabel("Минимальный заказ, шт.").fill("150");
    await quoting.getByLabel("Сообщение покупателю").fill("Шьем из своей мембраны, лекала есть");
    await quoting.getByRole("button", { name: "Отправить отклик" }).click();
    await expect(quoting).toHaveURL(/\/my-quotes$/);
    const card = quoting.getByTestId("own-quote").filter({ hasText: title });
    const href = (await card.getByRole("link", { name: "Переписка" }).getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/quotes\/[0-9a-f-]{36}$/);
    conversation = href;
  });

  test("the factory writes; the buyer's open page shows it without reloading", async () => {
    const page = people.buyer.page;
    await page.goto(conversation);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // The quote itself comes first, with all its terms and its message.
    const entry = page.getByTestId("quote-entry");
    await expect(entry).toContainText("Отклик фабрики");
    await expect(entry).toContainText("Мин. заказ");
    await expect(entry).toContainText(/150\sшт\./);
    await expect(entry).toContainText("Действует до");
    await expect(entry).toContainText("Образец");
    await expect(entry.getByTestId("quote-message")).toHaveText(
      "Шьем из своей мембраны, лекала есть",
    );
    await expect(page.getByText("Сообщений пока нет")).toHaveCount(0);
    await expect(page.getByText(people.factory.account.name).first()).toBeVisible();
    await expect(page.getByTestId("quote-status")).toHaveText("Отправлен");
    await expect(page.getByRole("link", { name: "Все отклики на тендер" })).toBeVisible();
    // Marks the document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    const writer = people.factory.page;
    await writer.goto(conversation);
    await expect(writer.getByRole("link", { name: "Мои отклики" }).first()).toBeVisible();
    const box = writer.getByLabel("Сообщение", { exact: true });
    await box.fill("Здравствуйте!\nМожем начать через неделю. Какая ткань нужна?");
    await writer.getByRole("button", { name: "Отправить", exact: true }).click();
    // Sent through the fetcher: the box is empty again and keeps the cursor.
    await expect(box).toHaveValue("");
    await expect(box).toBeFocused();
    await expect(messages(writer)).toHaveCount(1);
    await expect(messages(writer).first()).toContainText("Вы");

    // Live: the buyer's page, untouched, shows the message with its line break and a mark.
    const arrived = messages(page).first();
    await expect(arrived).toContainText("Можем начать через неделю", { timeout: 10_000 });
    await expect(arrived).toContainText("Новое");
    await expect(arrived.locator("p").first()).toHaveCSS("white-space", "pre-wrap");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // The factory's page learns that it was read.
    await expect(messages(writer).first().getByTestId("read-mark")).toHaveText("Прочитано", {
      timeout: 10_000,
    });
  });

  test("the buyer answers with a PDF; the factory finds it, and the buyer sees it read", async () => {
    const page = people.buyer.page;
    // The factory is elsewhere for now.
    await people.factory.page.goto("/my-quotes");
    await page
      .getByLabel("Сообщение", { exact: true })
      .fill("Нужен плотный хлопок, ТЗ во вложении.");
    await page.getByLabel("Прикрепить файлы").setInputFiles([pdf]);
    await expect(page.getByText(pdf.name)).toBeVisible();
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    await expect(messages(page)).toHaveCount(2);
    const answer = messages(page).last();
    const download = answer.getByRole("link", { name: `Скачать ${pdf.name}` });
    await expect(download).toHaveAttribute(
      "href",
      /^\/attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/,
    );
    // The file is the one sent, as a download.
    const response = await page.request.get((await download.getAttribute("href")) as string);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment/);
    expect(Buffer.from(await response.body()).equals(pdf.buffer)).toBe(true);
    await expect(answer.getByTestId("read-mark")).toHaveText("Не прочитано");

    const other = people.factory.page;
    await other.goto(conversation);
    await expect(messages(other)).toHaveCount(2);
    await expect(messages(other).last()).toContainText("Нужен плотный хлопок");
    await expect(
      messages(other)
        .last()
        .getByRole("link", { name: `Скачать ${pdf.name}` }),
    ).toBeVisible();
    await expect(messages(other).last()).toContainText("Новое");
    // The buyer's open page learns that it was read.
    await expect(answer.getByTestId("read-mark")).toHaveText("Прочитано", { timeout: 10_000 });

    await screenshots(page, "conversation-buyer");
    await screenshots(other, "conversation-factory");
  });

  test("works without JavaScript: a plain post comes back to the newest message", async ({
    browser,
  }) => {
    const noScript = await withoutScripts(browser, people.factory.context);
    try {
      const page = await noScript.newPage();
      await page.goto(conversation);
      await expect(messages(page)).toHaveCount(2);
      const hostile = `<script>document.title="x"</script> <b>жирный?</b>`;
      await page.getByLabel("Сообщение", { exact: true }).fill(hostile);
      await page.getByRole("button", { name: "Отправить", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${conversation}#latest$`));
      await expect(messages(page)).toHaveCount(3);
      // Shown as the text it is.
      await expect(messages(page).last()).toContainText(hostile);
      await expect(page.locator("[data-testid=message] b")).toHaveCount(0);
      await expect(page.locator("#latest")).toContainText(hostile);

      // An empty message is refused with its reason next to the box.
      await page.getByRole("button", { name: "Отправить", exact: true }).click();
      await expect(page.getByText("Напишите сообщение или приложите файл")).toBeVisible();
      await expect(messages(page)).toHaveCount(3);
      await screenshots(page, "conversation-no-js");
    } finally {
      await noScript.close();
    }
    // The buyer's open page got it live.
    await expect(messages(people.buyer.page)).toHaveCount(3, { timeout: 10_000 });
  });

  test("the English page is English", async () => {
    const page = people.buyer.page;
    await page.goto(`/en${conversation}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Quote conversation").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "All quotes for this tender" })).toHaveAttribute(
      "href",
      /^\/en\/my-tenders\/[0-9a-f-]{36}$/,
    );
    await expect(page.getByTestId("quote-status")).toHaveText("Sent");
    await expect(page.getByTestId("quote-entry")).toContainText("The factory's quote");
    expect(await russianWordsInMain(page)).toEqual([]);
    // An empty message is refused in English.
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("Write a message or attach a file")).toBeVisible();
    await screenshots(page, "conversation-en");
  });
});
