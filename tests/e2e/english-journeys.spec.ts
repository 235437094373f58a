import { expect, test } from "@playwright/test";
import {
  demoAccount,
  newAccount,
  registerNewAccount,
  signInAs,
  toasts,
  uniqueEmail,
  waitForMail,
} from "./helpers";

// The main journeys in English, as a person from Berlin or Tbilisi does them: choosing the
// language, registering with the confirmation letter, signing in, resetting a password, placing
// and managing a tender, a factory's workspace and the admin area.

const CONFIRM = /^Confirm your email on /;
const RESET = /^Reset your password on /;

test.describe("choosing the language", () => {
  test.use({ locale: "en-GB" });

  test("an English browser is offered English on a Russian page, never sent there", async ({
    page,
  }) => {
    const response = await page.goto("/factories?country=kg");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/factories\?country=kg$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ru");
    const offer = page.getByRole("complementary", { name: "Choose a language" });
    await expect(offer).toContainText("This page is also available in English.");
    await offer.getByRole("link", { name: "Read it in English" }).click();
    await expect(page).toHaveURL(/\/en\/factories\?country=kg$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Sewing workshops and factories",
    );
    // The choice is remembered: the Russian page no longer offers anything.
    await page.goto("/factories");
    await expect(page.getByTestId("language-offer")).toHaveCount(0);
  });

  test("the switcher goes to the same page in the other language, query kept", async ({ page }) => {
    await page.goto("/en/tenders?country=kz");
    // Search engines and shared links: each page names its twin and itself.
    await expect(page.locator('link[rel="alternate"][hreflang="ru"]')).toHaveAttribute(
      "href",
      /\/tenders$/,
    );
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      /\/en\/tenders$/,
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
    await page.getByRole("banner").getByRole("button", { name: "Русский" }).first().click();
    await expect(page).toHaveURL(/\/tenders\?country=kz$/);
    await expect(page.getByRole("heading", { level: 1, name: "Тендеры" })).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "English" }).first().click();
    await expect(page).toHaveURL(/\/en\/tenders\?country=kz$/);
  });
});

test("a buyer registers in English, confirms by the English letter and places a tender", async ({
  page,
}) => {
  const account = { ...newAccount("buyer", "Anna Schmidt"), email: uniqueEmail("en-buyer") };
  const started = Date.now();
  await page.goto("/en/register");
  // Every rule answers in English, in the browser.
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await expect(page.getByLabel("Name or company name")).toHaveAccessibleDescription(
    "The name must be at least 2 characters long",
  );
  await page.getByLabel("Name or company name").fill(account.name);
  await page.locator("label").filter({ hasText: "Buyer" }).click();
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Confirm your email" })).toBeVisible();

  const letter = await waitForMail(account.email, CONFIRM, { after: started - 1000 });
  expect(letter.text).toContain("To confirm your email address and sign in, follow this link:");
  expect(letter.text).not.toMatch(/[\u0400-\u04FF]/);
  expect(letter.html).toContain('<html lang="en">');
  await page.goto(letter.link as string);
  await expect(page).toHaveURL(/\/en\/factories/);
  await expect(
    page.getByRole("banner").getByRole("button", { name: `Account menu: ${account.name}` }),
  ).toBeVisible();

  // A tender: the form's own messages in English, then placed and listed.
  await page.goto("/en/place-tender?new=1");
  const dialog = page.getByRole("dialog", { name: "New tender" });
  await dialog.getByLabel("Title").fill("500 organic cotton T-shirts");
  await dialog.getByLabel("Quantity, pcs").fill("0");
  await dialog.getByRole("button", { name: "Place a tender" }).click();
  await expect(dialog.getByLabel("Quantity, pcs")).toHaveAccessibleDescription(
    "The quantity must be at least 1",
  );
  await dialog.getByLabel("Quantity, pcs").fill("500");
  await dialog.getByRole("button", { name: "Place a tender" }).click();
  await expect(page).toHaveURL(/\/en\/my-tenders/);
  await expect(toasts(page).getByText("Tender placed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "500 organic cotton T-shirts" })).toBeVisible();
  await expect(page.getByText("500 pcs").first()).toBeVisible();
});

test("signing in and resetting a password in English", async ({ page }) => {
  const { email, password } = demoAccount("buyer");
  await page.goto("/en/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Incorrect email or password").first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/en(\/|$)/);
  await expect(toasts(page).getByText("You’re signed in")).toBeVisible();

  const other = await (await page.context().browser()?.newContext())?.newPage();
  if (!other) throw new Error("no second page");
  const started = Date.now();
  await other.goto("/en/forgot-password");
  await other.getByLabel("Email", { exact: true }).fill(email);
  await other.getByRole("button", { name: "Send link" }).click();
  await expect(other.getByText(/we’ve sent it an email with a link/).first()).toBeVisible();
  const letter = await waitForMail(email, RESET, { after: started - 1000 });
  expect(letter.text).toContain("To set a new password, follow this link:");
  await other.goto(letter.link as string);
  await expect(other).toHaveURL(/\/en\/reset-password/);
  await expect(other.getByRole("heading", { name: "New password" })).toBeVisible();
  await other.context().close();
});

test("a factory's workspace and the admin area in English", async ({ page, browser }) => {
  await signInAs(page, "factory");
  await page.goto("/en/factory-dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/[\u0400-\u04FF]/);
  await page.goto("/en/factory-products?new=1");
  await expect(page.getByRole("heading", { level: 1, name: "My products" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Linen shirt");
  await page.getByLabel("Price").fill("12.345");
  await page.getByRole("button", { name: "Add product", exact: true }).click();
  await expect(page.getByLabel("Price")).toHaveAccessibleDescription(
    "The price can have no more than two decimal places",
  );

  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, "admin");
  await admin.goto("/en/admin");
  await expect(admin.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await admin
    .getByRole("navigation", { name: "User type" })
    .getByRole("link", {
      name: "Buyers",
    })
    .click();
  await expect(admin).toHaveURL(/\/en\/admin\?type=buyer/);
  await admin.getByLabel("Search by name or email").fill(demoAccount("buyer").email);
  await admin.getByRole("button", { name: "Search" }).click();
  await admin.getByRole("table").getByRole("row").nth(1).getByRole("link").click();
  const dialog = admin.getByRole("dialog");
  await expect(dialog.getByText("Reason for blocking", { exact: true })).toBeVisible();
  await admin.context().close();
});

test("a factory's own English name and description show on English pages only", async ({
  page,
}) => {
  const account = await registerNewAccount(page, "factory", "Ош Лен Текстиль");
  await page.goto("/en/profile");
  await page.getByLabel("Factory name").fill(account.name);
  await page.getByLabel("Description", { exact: true }).fill("Шьем льняные рубашки и платья.");
  const english = page.getByRole("group", { name: "For the English version of the site" });
  await english.getByLabel("Name in English").fill("Osh Linen Textile");
  await english.getByLabel("Description in English").fill("We sew linen shirts and dresses.");
  // The directory lists a factory with a country and a category.
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "Kyrgyzstan" });
  await page
    .getByRole("group", { name: "Lines of business" })
    .getByRole("checkbox", { name: "Outerwear", exact: true })
    .check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toasts(page).getByText("Profile updated")).toBeVisible();
  // Its own pages and the account menu use the English name in English, the original in Russian.
  await page.goto("/en/factory-dashboard");
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toHaveText(
    "Osh Linen Textile",
  );
  const menu = (name: string) => page.getByRole("banner").getByRole("button", { name });
  await expect(menu("Account menu: Osh Linen Textile")).toBeVisible();
  await page.goto("/factory-dashboard");
  await expect(menu(`Меню аккаунта: ${account.name}`)).toBeVisible();

  const visitor = await (await page.context().browser()?.newContext())?.newPage();
  if (!visitor) throw new Error("no visitor page");
  await visitor.goto(`/en/factories?q=${encodeURIComponent(account.name)}`);
  const card = visitor.getByTestId("factory-card");
  await expect(card.getByRole("link", { name: "Osh Linen Textile" })).toBeVisible();
  await expect(card).toContainText("We sew linen shirts and dresses.");
  await card.getByRole("link", { name: "Osh Linen Textile" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Osh Linen Textile");
  await expect(visitor).toHaveTitle(/^Osh Linen Textile — /);
  // The Russian page keeps the original.
  await visitor.goto(visitor.url().replace("/en/", "/"));
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(account.name);
  await expect(visitor.getByRole("main")).toContainText("Шьем льняные рубашки и платья.");
  await visitor.context().close();
});
