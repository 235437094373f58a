import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { newAccount, newPerson, signInAs } from "./helpers";

// The dashboards (issue 30, item 4; docs/decisions/035-dashboards.md) as people see them: the demo
// factory and the demo buyer find their orders by state (each a link to its list), the late
// stages, the quotes' chart (an image named with its totals, and its figures as a table) and the
// median answer time, in Russian and in English; the buyer reaches the dashboard from the account
// menu; a new account sees the empty states. The pages' accessibility at both widths is checked
// in accessibility.spec.ts. Screenshots for looking at: DASHBOARDS_SCREENSHOTS=1
// (/tmp/wt-dash-*.png, 390 and 1280 px wide).

const shots = process.env.DASHBOARDS_SCREENSHOTS === "1";

async function screenshots(page: Page, name: string) {
  if (!shots) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/wt-dash-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The tile of an order state: a link to the list, its count and the state's name. */
const stateTile = (page: Page, state: string) =>
  page.getByRole("link", { name: new RegExp(`^\\d+ ${state}$`) });

test.describe("the demo accounts' dashboards", () => {
  test("the factory: orders by state, late stages, the quotes' chart, its answer time", async ({
    page,
  }) => {
    await signInAs(page, "factory");
    await page.goto("/factory-dashboard");
    for (const state of ["В работе", "Просрочено", "Доставлено", "Отменен"]) {
      await expect(stateTile(page, state)).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Просроченные этапы" })).toBeVisible();
    const chart = page.getByRole("img", {
      name: /^Отклики: отправлено и выиграно\. За 12 месяцев/,
    });
    await expect(chart).toBeVisible();
    await expect(page.getByTestId("dashboard-quotes-summary")).toContainText(/отправлено \d+/);
    // The figures as a table, opened from the chart.
    await page.getByText("Показать цифрами").first().click();
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Отправлено" })).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(13);
    // The last of the 12 months is this one (UTC), named in full with its year.
    const now = new Date();
    const thisMonth = [
      "январь",
      "февраль",
      "март",
      "апрель",
      "май",
      "июнь",
      "июль",
      "август",
      "сентябрь",
      "октябрь",
      "ноябрь",
      "декабрь",
    ][now.getUTCMonth()];
    await expect(table.getByRole("rowheader").last()).toHaveText(
      `${thisMonth} ${now.getUTCFullYear()}`,
    );
    await expect(
      page.getByRole("heading", { name: "Как быстро вы отвечаете покупателям" }),
    ).toBeVisible();
    await screenshots(page, "factory");

    // A state's tile opens the list of that state.
    await stateTile(page, "Доставлено").click();
    await expect(page).toHaveURL(/\/orders\?state=delivered$/);

    await page.goto("/en/factory-dashboard");
    await expect(stateTile(page, "In progress")).toBeVisible();
    await expect(page.getByRole("img", { name: /^Quotes sent and won\./ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How fast you answer buyers" })).toBeVisible();
    await screenshots(page, "factory-en");
  });

  test("the buyer: from the account menu, its side of the same figures", async ({ page }) => {
    await signInAs(page, "buyer");
    await page.goto("/my-tenders");
    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Меню аккаунта:/ })
      .click();
    await page.getByRole("menuitem", { name: "Кабинет покупателя" }).click();
    await expect(page).toHaveURL(/\/buyer-dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Кабинет покупателя" })).toBeVisible();
    for (const state of ["В работе", "Просрочено", "Доставлено", "Отменен"]) {
      await expect(stateTile(page, state)).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /^Отклики: получено и принято\./ })).toBeVisible();
    await expect(page.getByTestId("dashboard-quotes-summary")).toContainText(/получено \d+/);
    await expect(
      page.getByRole("heading", { name: "Как быстро вы отвечаете фабрикам" }),
    ).toBeVisible();
    // The late stages link their orders (the demo has a late one).
    const late = page.getByTestId("dashboard-late").getByRole("link").first();
    await expect(late).toBeVisible();
    await screenshots(page, "buyer");
    await late.click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);

    await page.goto("/en/buyer-dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Buyer dashboard" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Quotes received and accepted\./ })).toBeVisible();
    await screenshots(page, "buyer-en");
  });
});

test.describe("a new account's dashboard", () => {
  test("says there is nothing yet, on either side", async ({ browser }) => {
    test.setTimeout(90_000);
    for (const type of ["buyer", "factory"] as const) {
      const person = await newPerson(browser, newAccount(type, `Новый ${type} сводки`));
      const page = person.page;
      await page.goto(type === "buyer" ? "/buyer-dashboard" : "/factory-dashboard");
      await expect(page.getByTestId("dashboard-no-orders")).toContainText("Заказов пока нет");
      await expect(page.getByTestId("dashboard-late")).toHaveCount(0);
      await expect(page.getByTestId("dashboard-quotes-none")).toBeVisible();
      await expect(page.getByRole("img")).toHaveCount(0);
      await expect(page.getByTestId("dashboard-answer-none")).toBeVisible();
      await expectAccessible(page, `a new ${type}'s dashboard`);
      await screenshots(page, `new-${type}`);
      await person.context.close();
    }
  });
});
