import { expect, type Page, request as playwrightRequest, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import {
  aBuyerAndAFactory,
  placeTender,
  russianWordsInMain,
  signInAs,
  toasts,
  waitForMail,
  withoutScripts,
} from "./helpers";

// Notifications as people use them: two factories quote on a new buyer's tender (the real quote
// form); the buyer's bell counts them, /notifications tells them in words, following one opens the
// tender's quotes and the count drops (with JavaScript and without). The buyer turns emails off and
// on; a factory chooses a daily digest of its own country's tenders. The unsubscribe link from the
// buyer's email asks first (opening it changes nothing), the button turns emails off without a
// session (with JavaScript and without), and a mail provider's one-click POST does the same. The
// English pages are in English.
// Other specs run against the same server at once: the tender's title is unique.

const stamp = Date.now().toString(36);
const title = `Платья ${stamp} 500 шт`;
const factoryName = `Шелк Восток ${stamp}`;

const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Sends a quote through the real form (the form's defaults for quantity and validity). */
async function sendQuote(page: Page, tenderId: string, price: string) {
  await page.goto(`/tenders/${tenderId}/quote`);
  await page.getByLabel("Цена за единицу").fill(price);
  await page.getByLabel("Срок производства, дней").fill("30");
  await expect(page.getByLabel("Предложение действует до")).toHaveValue(inDays(30));
  await page.getByRole("button", { name: "Отправить отклик" }).click();
  await expect(page).toHaveURL(/\/my-quotes$/);
}

/** The bell in the header (desktop width). */
function bell(page: Page) {
  return page.getByRole("banner").getByTestId("notification-bell").first();
}

/** The page's own text (people's words left out) holds no Cyrillic. */
async function expectNoRussian(page: Page) {
  await expect(page.getByRole("main")).toBeVisible();
  expect(await russianWordsInMain(page)).toEqual([]);
}

function notification(page: Page, text: string | RegExp) {
  return page.getByTestId("notification").filter({ hasText: text });
}

test.describe("notifications from the first quote to unsubscribing", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  const people = aBuyerAndAFactory("Анна Заказчица", factoryName);
  let tenderId = "";
  let unsubscribeUrl = "";

  test("a signed-out visitor has no bell and is sent to sign in", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("notification-bell")).toHaveCount(0);
    await page.goto("/notifications");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnotifications$/);
  });

  test("the buyer places a tender; two factories quote on it", async ({ browser }) => {
    const { page } = people.buyer;
    await page.goto("/");
    await expect(bell(page)).toHaveAccessibleName("Уведомления: новых нет");
    tenderId = await placeTender(page, { title, quantity: "500" });

    await sendQuote(people.factory.page, tenderId, "7.5");
    const demo = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const demoPage = await demo.newPage();
      await signInAs(demoPage, "factory");
      await sendQuote(demoPage, tenderId, "8");
    } finally {
      await demo.close();
    }
  });

  test("the bell counts them, on a wide screen and in the phone menu", async () => {
    const { page } = people.buyer;
    // The email about the first quote carries the unsubscribe link (used further on).
    const letter = await waitForMail(people.buyer.account.email, /Новый отклик/);
    const found = /https?:\/\/\S+\/unsubscribe\/[A-Za-z0-9_-]+\?what=events/.exec(letter.text);
    expect(found, letter.text).not.toBeNull();
    unsubscribeUrl = `${new URL((found as RegExpExecArray)[0]).pathname}?what=events`;

    await page.goto("/factories");
    await expect(bell(page)).toHaveAccessibleName("Уведомления: 2 новых");
    await expect(bell(page).locator("[data-count]")).toHaveAttribute("data-count", "2");

    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByRole("button", { name: "Открыть меню" }).click();
      const menuLink = page
        .getByRole("banner")
        .getByRole("link", { name: "Уведомления: 2 новых" })
        .filter({ hasText: "Уведомления" });
      await expect(menuLink).toBeVisible();
      await expect(menuLink).toHaveAttribute("href", "/notifications");
      await expectAccessible(page, "the phone menu with the bell");
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  test("/notifications says what happened; following one opens its place and reads it", async () => {
    const { page } = people.buyer;
    await page.goto("/factories");
    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Уведомления" })).toBeVisible();
    await expect(page.getByTestId("notifications-unread")).toHaveText("2 непрочитанных");
    const mine = notification(page, `Фабрика «${factoryName}» откликнулась на тендер «${title}»`);
    await expect(mine).toHaveAttribute("data-unread", "true");
    await expect(mine).toContainText(factoryName);
    await expect(page.getByTestId("notification").filter({ hasText: title })).toHaveCount(2);
    await expectAccessible(page, "/notifications");

    await mine.getByRole("button", { name: /откликнулась на тендер/ }).click();
    await expect(page).toHaveURL(new RegExp(`/my-tenders/${tenderId}$`));
    // The tender's quotes page reads every notice of a new quote on it, the other factory's too
    // (issue 26, item 5): both quotes are on the page the buyer now sees.
    await expect(bell(page)).toHaveAccessibleName("Уведомления: новых нет");

    await page.goto("/notifications");
    await expect(mine).not.toHaveAttribute("data-unread", "true");
    await expect(page.getByTestId("notifications-unread")).toHaveText("Все прочитаны");
  });

  test("without JavaScript too", async ({ browser }) => {
    const noScript = await withoutScripts(browser, people.buyer.context);
    try {
      const page = await noScript.newPage();
      await page.goto("/notifications");
      const other = page.getByTestId("notification").filter({ hasText: title }).last();
      await other.getByRole("button", { name: /откликнулась на тендер/ }).click();
      await expect(page).toHaveURL(new RegExp(`/my-tenders/${tenderId}$`));
      await expect(bell(page)).toHaveAccessibleName("Уведомления: новых нет");
      await page.goto("/notifications");
      await expect(page.getByTestId("notifications-unread")).toHaveText("Все прочитаны");
      await expect(page.getByRole("button", { name: "Отметить все как прочитанные" })).toHaveCount(
        0,
      );
    } finally {
      await noScript.close();
    }
  });

  test("a factory with no events yet sees the empty list", async () => {
    // The demo factory's quote does not concern this factory: nothing for it yet.
    const { page } = people.factory;
    await page.goto("/notifications");
    await expect(page.getByText("Уведомлений пока нет")).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Уведомления: новых нет");
  });

  test("the buyer turns emails off and on; there are no tender alerts for a buyer", async () => {
    const { page } = people.buyer;
    await page.goto("/notifications");
    await page.getByRole("link", { name: "Настройки уведомлений" }).click();
    await expect(page).toHaveURL(/\/notification-settings$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Настройки уведомлений" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Новые тендеры" })).toHaveCount(0);
    const emails = page.getByLabel("Присылать письма о новых откликах, сообщениях и решениях");
    await expect(emails).toBeChecked();
    await emails.uncheck();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(toasts(page).getByText("Настройки уведомлений сохранены")).toBeVisible();
    await page.reload();
    await expect(emails).not.toBeChecked();
    await emails.check();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(toasts(page).getByText("Настройки уведомлений сохранены")).toBeVisible();
    await page.reload();
    await expect(emails).toBeChecked();
  });

  test("a factory chooses a daily digest of its own country's tenders", async () => {
    const { page } = people.factory;
    await page.goto("/notification-settings");
    const alerts = page.getByRole("group", {
      name: "Присылать новые тендеры по категориям моей фабрики",
    });
    await expect(alerts.getByLabel("Сразу, по письму на каждый тендер")).toBeChecked();
    await expectAccessible(page, "/notification-settings of a factory");
    await alerts.getByLabel("Раз в день, одной подборкой").check();
    await page.getByLabel("Только тендеры из моей страны").check();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(toasts(page).getByText("Настройки уведомлений сохранены")).toBeVisible();
    await page.reload();
    await expect(alerts.getByLabel("Раз в день, одной подборкой")).toBeChecked();
    await expect(page.getByLabel("Только тендеры из моей страны")).toBeChecked();
    await expect(
      page.getByLabel("Присылать письма о новых откликах, сообщениях и решениях"),
    ).toBeChecked();
  });

  test("the email's unsubscribe link asks first, then turns emails off without a session", async ({
    browser,
  }) => {
    const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      const page = await stranger.newPage();
      await page.goto(unsubscribeUrl);
      await expect(
        page.getByRole("heading", { name: "Отписаться от писем об откликах и сообщениях?" }),
      ).toBeVisible();
      await expectAccessible(page, "the unsubscribe page");
      // Opening the link changed nothing.
      await people.buyer.page.goto("/notification-settings");
      const emails = people.buyer.page.getByLabel(
        "Присылать письма о новых откликах, сообщениях и решениях",
      );
      await expect(emails).toBeChecked();

      await page.getByRole("button", { name: "Отписаться" }).click();
      await expect(
        page.getByRole("heading", { name: "Вы отписаны от писем об откликах и сообщениях" }),
      ).toBeVisible();
      await expect(
        page.getByRole("main").getByRole("link", { name: "Настройки уведомлений" }),
      ).toBeVisible();
      await people.buyer.page.reload();
      await expect(emails).not.toBeChecked();
    } finally {
      await stranger.close();
    }
  });

  /** The buyer turns the event emails on again in the settings (the checkbox, for checking). */
  async function emailsOnAgain() {
    const { page } = people.buyer;
    await page.goto("/notification-settings");
    const emails = page.getByLabel("Присылать письма о новых откликах, сообщениях и решениях");
    await emails.check();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(toasts(page).getByText("Настройки уведомлений сохранены")).toBeVisible();
    return emails;
  }

  test("the unsubscribe button works without JavaScript too", async ({ browser }) => {
    const emails = await emailsOnAgain();
    const stranger = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      javaScriptEnabled: false,
    });
    try {
      const page = await stranger.newPage();
      await page.goto(unsubscribeUrl);
      await page.getByRole("button", { name: "Отписаться" }).click();
      await expect(
        page.getByRole("heading", { name: "Вы отписаны от писем об откликах и сообщениях" }),
      ).toBeVisible();
    } finally {
      await stranger.close();
    }
    await people.buyer.page.reload();
    await expect(emails).not.toBeChecked();
  });

  test("a mail provider's one-click POST unsubscribes too", async () => {
    const { page } = people.buyer;
    const emails = await emailsOnAgain();

    // As a mail provider sends it (RFC 8058): no session, from its own servers.
    const provider = await playwrightRequest.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const reply = await provider.post(unsubscribeUrl, {
        form: { "List-Unsubscribe": "One-Click" },
        headers: { "sec-fetch-site": "cross-site" },
        maxRedirects: 0,
      });
      expect(reply.status()).toBe(200);
      expect(await reply.text()).toContain("Вы отписаны от писем об откликах и сообщениях");
      // The page's own form from another site is refused.
      const forged = await provider.post(unsubscribeUrl, {
        form: { intent: "unsubscribe" },
        headers: { "sec-fetch-site": "cross-site" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(403);
    } finally {
      await provider.dispose();
    }
    await page.reload();
    await expect(emails).not.toBeChecked();
    // A wrong token changes nothing and says so.
    await page.goto("/unsubscribe/not-a-real-token?what=all");
    await expect(
      page.getByRole("heading", { name: "Ссылка для отписки недействительна" }),
    ).toBeVisible();
  });

  test("the English pages are in English", async () => {
    const { page } = people.buyer;
    await page.goto("/en/notifications");
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName("Notifications: nothing new");
    await expect(
      notification(page, `${factoryName} sent a quote for your tender “${title}”`),
    ).toBeVisible();
    await expect(page.getByTestId("notifications-unread")).toHaveText("All read");
    await expectNoRussian(page);
    await page.getByRole("link", { name: "Notification settings" }).click();
    await expect(page).toHaveURL(/\/en\/notification-settings$/);
    await expect(
      page.getByLabel("Email me about new quotes, messages and decisions"),
    ).not.toBeChecked();
    await expectNoRussian(page);
    await page.goto(`/en${unsubscribeUrl}`);
    await expect(
      page.getByRole("heading", {
        name: "You're unsubscribed from emails about quotes and messages",
      }),
    ).toBeVisible();
    await page.goto(`/en${unsubscribeUrl.replace("what=events", "what=alerts")}`);
    await expect(
      page.getByRole("heading", { name: "Unsubscribe from new tender emails?" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
    await expectNoRussian(page);

    await people.factory.page.goto("/en/notification-settings");
    await expect(
      people.factory.page.getByRole("group", {
        name: "Send me new tenders in my factory's categories",
      }),
    ).toBeVisible();
    await expect(people.factory.page.getByLabel("Once a day, in a single digest")).toBeChecked();
    await expect(people.factory.page.getByLabel("Only tenders from my country")).toBeChecked();
  });
});
