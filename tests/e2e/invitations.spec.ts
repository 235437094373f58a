import { expect, test } from "@playwright/test";
import { newAccount, newPerson, type Person, toasts, withoutScripts } from "./helpers";

// Matching and invitations (issue 29, item 4) as people use them: a buyer places a tender in
// Kyrgyzstan for «Прочее», finds two new factories among «Подходящие фабрики» on the tender's
// page, invites one with JavaScript and the other without; the invited factory sees «Вас
// пригласили» on /tenders and the tender's page, and declines with a reason; the buyer sees each
// invitation's state (sent, seen, declined with the reason), in Russian and in English.

const stamp = Date.now().toString(36);
const title = `Пошив сумок ${stamp}`;
const first = `Фабрика Приглашенная ${stamp}`;
const second = `Фабрика Без скриптов ${stamp}`;

test.describe.configure({ mode: "serial" });

const people = {} as { buyer: Person; factory: Person; other: Person };
let tenderId = "";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  people.buyer = await newPerson(browser, newAccount("buyer", "Приглашающий Покупатель"));
  people.factory = await newPerson(browser, newAccount("factory", first), {
    categories: ["Прочее"],
  });
  people.other = await newPerson(browser, newAccount("factory", second), {
    categories: ["Прочее"],
  });
});
test.afterAll(async () => {
  for (const person of Object.values(people)) await person?.context.close();
});

const shot = async (page: Person["page"], name: string) => {
  if (!process.env.SCREENSHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: `${process.env.SCREENSHOTS}/${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
};

test("the buyer finds the factories that fit and invites one", async () => {
  const { page } = people.buyer;
  await page.goto("/place-tender?new=1");
  const dialog = page.getByRole("dialog", { name: "Новый тендер" });
  await dialog.getByLabel("Заголовок").fill(title);
  await dialog.getByLabel("Количество, шт.").fill("300");
  await dialog
    .getByRole("group", { name: "Категории производства" })
    .getByRole("checkbox", { name: "Прочее", exact: true })
    .check();
  await dialog.getByLabel("Страна производства").selectOption({ label: "Кыргызстан" });
  await dialog.getByRole("button", { name: "Разместить тендер" }).click();
  await expect(page).toHaveURL(/\/my-tenders$/);
  const href = await page
    .getByTestId("tender-card")
    .getByRole("link", { name: title, exact: true })
    .first()
    .getAttribute("href");
  tenderId = /\/tenders\/([0-9a-f-]{36})/.exec(href ?? "")?.[1] ?? "";
  expect(tenderId).not.toBe("");

  await page.goto(`/my-tenders/${tenderId}`);
  const matches = page.getByRole("region", { name: "Подходящие фабрики" });
  await expect(matches.getByRole("link", { name: first })).toBeVisible();
  await expect(matches.getByRole("link", { name: second })).toBeVisible();
  const invitations = page.getByRole("region", { name: "Приглашения" });
  await expect(invitations.getByText("Вы еще никого не пригласили")).toBeVisible();
  await matches.getByRole("button", { name: `Пригласить: ${first}` }).click();
  await expect(invitations.getByRole("listitem").filter({ hasText: first })).toContainText(
    "Отправлено",
  );
  await expect(matches.getByText("Приглашена")).toBeVisible();
  await expect(invitations.getByText("1 из 20")).toBeVisible();
  await shot(page, "buyer-invitations");
});

test("without JavaScript the buyer invites the other factory", async ({ browser }) => {
  const context = await withoutScripts(browser, people.buyer.context);
  const page = await context.newPage();
  await page.goto(`/my-tenders/${tenderId}`);
  await page
    .getByRole("region", { name: "Подходящие фабрики" })
    .getByRole("button", { name: `Пригласить: ${second}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-tenders/${tenderId}#invitations$`));
  await expect(
    page
      .getByRole("region", { name: "Приглашения" })
      .getByRole("listitem")
      .filter({ hasText: second }),
  ).toContainText("Отправлено");
  await context.close();
});

test("the invited factory sees the invitation and declines it with a reason", async () => {
  const { page } = people.factory;
  await page.goto("/tenders");
  // A factory with a profile opens on the tenders that fit it.
  await expect(page.getByRole("link", { name: "Подходящие" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const card = page.getByTestId("tender-card").filter({ hasText: title });
  await expect(card.getByTestId("tender-invited")).toHaveText("Вас пригласили");

  await page.goto("/factory-dashboard");
  await expect(
    page
      .getByRole("region", { name: "Вас пригласили на тендеры" })
      .getByRole("link", { name: title }),
  ).toBeVisible();

  await page.goto(`/tenders/${tenderId}`);
  const panel = page.getByRole("region", { name: "Вас пригласили" });
  await expect(panel).toBeVisible();
  await shot(page, "factory-invitation");
  await panel.getByText("Отказаться от приглашения").click();
  await panel.getByRole("radio", { name: "Нет свободных мощностей" }).check();
  await panel.getByLabel("Комментарий").fill("Линии заняты до марта");
  await panel.getByRole("button", { name: "Отказаться", exact: true }).click();
  await expect(toasts(page).getByText("Вы отказались от приглашения")).toBeVisible();
  await expect(page.getByText("Вы отказались от приглашения").first()).toBeVisible();
});

test("the buyer sees each invitation's state, in Russian and in English", async () => {
  const { page } = people.buyer;
  await page.goto(`/my-tenders/${tenderId}`);
  const invitations = page.getByRole("region", { name: "Приглашения" });
  const declined = invitations.getByRole("listitem").filter({ hasText: first });
  await expect(declined).toContainText("Отклонено");
  await expect(declined).toContainText("Причина: Нет свободных мощностей");
  await expect(declined).toContainText("Линии заняты до марта");
  await expect(invitations.getByRole("listitem").filter({ hasText: second })).toContainText(
    "Отправлено",
  );

  await page.goto(`/en/my-tenders/${tenderId}`);
  const english = page.getByRole("region", { name: "Invitations" });
  await expect(english.getByRole("listitem").filter({ hasText: first })).toContainText("Declined");
  await expect(english).toContainText("Reason: No free capacity");
  await expect(page.getByRole("region", { name: "Factories that fit" })).toBeVisible();
  await shot(page, "buyer-invitations-en");
});
