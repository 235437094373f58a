import { expect, type Page, test } from "@playwright/test";
import { readOutbox } from "../../app/platform/mail.server";
import {
  acceptQuote,
  dataDir,
  newAccount,
  newPerson,
  type Person,
  pdfFile,
  placeTender,
  toasts,
  withoutScripts,
} from "./helpers";

// Issue 14's whole loop, as the people in it live it: a buyer places a tender for dresses; a
// factory that makes dresses gets the tender alert by email, opens the tender from the letter and
// quotes with a PDF; a second factory quotes too; the buyer is told (bell and email), compares the
// two quotes, talks with the first factory (the buyer with JavaScript, the factory without), and
// accepts its quote; both factories see the outcome in 'Мои отклики', in their notifications and
// in their email. Other specs run against the same server at once: names and titles are unique.

const stamp = Date.now().toString(36);
const title = `Платья из льна ${stamp}`;
const buyer = newAccount("buyer", "Покупатель Платьев");
const winner = newAccount("factory", `Льняная фабрика ${stamp}`);
const other = newAccount("factory", `Вторая фабрика ${stamp}`);
/** The activity category of both factories and of the tender: the alert's match. */
const DRESSES = "Платья и комбинезоны";

const pdf = pdfFile("Предложение.pdf");

/** The newest letter to `email` whose subject matches (the mail worker sends within seconds). */
async function letterTo(email: string, subject: RegExp) {
  let found: Awaited<ReturnType<typeof readOutbox>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readOutbox(dataDir())).findLast(
          (mail) =>
            mail.to.toLowerCase().includes(email.toLowerCase()) && subject.test(mail.subject),
        );
        return found?.subject ?? null;
      },
      { message: `a letter ${subject} to ${email}`, timeout: 30_000 },
    )
    .not.toBeNull();
  return found as NonNullable<typeof found>;
}

/** The first http(s) link in a letter's text that leads to `path`. */
function linkIn(text: string, path: RegExp): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => path.test(new URL(url).pathname));
  if (!link) throw new Error(`no link to ${path} in:\n${text}`);
  return link;
}

async function quote(page: Page, price: string, withPdf: boolean) {
  await page.getByLabel("Цена за единицу", { exact: true }).fill(price);
  await page.getByLabel("Срок производства, дней", { exact: true }).fill("40");
  await page.getByLabel("Сообщение покупателю").fill("Шьём из своего льна, образец за неделю.");
  if (withPdf) await page.getByLabel("Файлы (JPG, PNG, WebP или PDF)").setInputFiles([pdf]);
  await page.getByRole("button", { name: "Отправить отклик" }).click();
  await expect(page).toHaveURL(/\/my-quotes$/);
  await expect(toasts(page).getByText("Отклик отправлен")).toBeVisible();
}

const ownQuote = (page: Page) => page.getByTestId("own-quote").filter({ hasText: title });

test.describe("a tender from posted to awarded, without leaving Fabricum", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  let people: Record<"buyer" | "winner" | "other", Person>;
  let tenderId = "";

  test.beforeAll(async ({ browser }) => {
    people = {
      buyer: await newPerson(browser, buyer),
      winner: await newPerson(browser, winner, { categories: [DRESSES] }),
      other: await newPerson(browser, other, { categories: [DRESSES] }),
    };
  });
  test.afterAll(async () => {
    for (const { context } of Object.values(people ?? {})) await context.close();
  });

  test("the buyer places a tender for dresses", async () => {
    tenderId = await placeTender(people.buyer.page, {
      title,
      quantity: "1200",
      categories: [DRESSES],
    });
  });

  test("a factory that makes dresses gets the alert, opens the tender from it and quotes with a PDF", async () => {
    const letter = await letterTo(
      winner.email,
      new RegExp(`^Новый тендер для вашей фабрики: «${title}»`),
    );
    expect(letter.text).toMatch(/1\s200/);
    const { page } = people.winner;
    await page.goto(linkIn(letter.text, new RegExp(`^/tenders/${tenderId}$`)));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Откликов: 0")).toBeVisible();
    await page.getByRole("link", { name: "Откликнуться" }).click();
    await quote(page, "14", true);
    await expect(ownQuote(page).getByTestId("quote-status")).toHaveText("Отправлен");

    await people.other.page.goto(`/tenders/${tenderId}/quote`);
    await quote(people.other.page, "11", false);
  });

  test("the buyer is told, by the bell and by email, and compares the two quotes", async () => {
    const { page } = people.buyer;
    const letter = await letterTo(buyer.email, new RegExp(`^Новый отклик на тендер «${title}»`));
    expect(letter.text).toMatch(new RegExp(`/my-tenders/${tenderId}`));

    await page.goto("/notifications");
    await expect(
      page.getByText(`Фабрика «${winner.name}» откликнулась на тендер «${title}»`),
    ).toBeVisible();
    await expect(
      page.getByText(`Фабрика «${other.name}» откликнулась на тендер «${title}»`),
    ).toBeVisible();

    await page.goto(`/my-tenders/${tenderId}`);
    const table = page.getByRole("table", { name: "Отклики фабрик" });
    const rows = table.getByTestId("quote-row");
    await expect(rows).toHaveCount(2);
    // Sorted by price: the cheaper quote first.
    await expect(rows.first()).toContainText(other.name);
    await expect(rows.nth(1)).toContainText(winner.name);
    await expect(page.getByRole("link", { name: new RegExp(pdf.name) }).first()).toHaveAttribute(
      "href",
      /^\/attachments\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.pdf$/,
    );
  });

  test("they talk: the buyer writes with JavaScript, the factory answers without it", async ({
    browser,
  }) => {
    const { page } = people.buyer;
    await page
      .getByRole("table", { name: "Отклики фабрик" })
      .getByTestId("quote-row")
      .filter({ hasText: winner.name })
      .getByRole("link", { name: /Переписка/ })
      .click();
    await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}/);
    const conversation = page.url().replace(/#.*$/, "");
    await page.getByLabel("Сообщение", { exact: true }).fill("Можно ли отшить 50 штук образцов?");
    await page.getByRole("button", { name: "Отправить", exact: true }).click();
    await expect(page.getByText("Можно ли отшить 50 штук образцов?")).toBeVisible();

    // The factory, in a browser without JavaScript, with the same account.
    const plain = await withoutScripts(browser, people.winner.context);
    const factoryPage = await plain.newPage();
    await factoryPage.goto(new URL(conversation).pathname);
    await expect(factoryPage.getByText("Можно ли отшить 50 штук образцов?")).toBeVisible();
    await factoryPage.getByLabel("Сообщение", { exact: true }).fill("Да, за 10 дней.");
    await factoryPage.getByRole("button", { name: "Отправить", exact: true }).click();
    await expect(factoryPage.getByText("Да, за 10 дней.")).toBeVisible();
    await plain.close();

    // The buyer's open page shows the answer by itself (live).
    await expect(page.getByText("Да, за 10 дней.")).toBeVisible({ timeout: 15_000 });
  });

  test("the buyer accepts the first factory's quote: the tender is awarded", async () => {
    const { page } = people.buyer;
    await page.goto(`/my-tenders/${tenderId}`);
    await acceptQuote(
      page,
      page
        .getByRole("table", { name: "Отклики фабрик" })
        .getByRole("link", { name: `Принять отклик: ${winner.name}` }),
    );
    await expect(page.getByTestId("tender-status").first()).toHaveText("Исполнитель выбран");
  });

  test("both factories see the outcome in their quotes, notifications and email", async () => {
    const won = people.winner.page;
    await won.goto("/my-quotes");
    await expect(ownQuote(won).getByTestId("quote-status")).toHaveText("Принят");
    await won.goto("/notifications");
    await expect(won.getByText(`Ваш отклик на тендер «${title}» принят`)).toBeVisible();
    await letterTo(winner.email, new RegExp(`^Ваш отклик принят: «${title}»`));

    const lost = people.other.page;
    await lost.goto("/my-quotes");
    await expect(ownQuote(lost).getByTestId("quote-status")).toHaveText("Отклонен");
    await lost.goto("/notifications");
    await expect(lost.getByText(`Тендер «${title}» передан другой фабрике`)).toBeVisible();
    await letterTo(other.email, new RegExp(`^Тендер «${title}» передан другой фабрике`));

    // The public page says how many quotes there were, never what they said.
    await lost.goto(`/tenders/${tenderId}`);
    await expect(lost.getByText("Откликов: 2")).toBeVisible();
    await expect(lost.getByText("Шьём из своего льна")).toHaveCount(0);
  });
});
