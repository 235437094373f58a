import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import sharp from "sharp";
import { type OutboxMessage, readOutbox } from "../../app/platform/mail.server";

export interface DemoAccount {
  email: string;
  password: string;
  role: "buyer" | "factory" | "admin";
}

/** The demo accounts the e2e server seeded (passwords are generated per installation). */
export function demoAccount(role: DemoAccount["role"]): DemoAccount {
  const dir = process.env.E2E_DATA_DIR as string;
  const accounts = JSON.parse(
    readFileSync(path.join(dir, "demo-accounts.json"), "utf8"),
  ) as DemoAccount[];
  const account = accounts.find((a) => a.role === role);
  if (!account) throw new Error(`no demo ${role}`);
  return account;
}

/** Signs in through better-auth's endpoint; the session cookie lands in the page's context. */
export async function signInAs(page: Page, role: DemoAccount["role"]): Promise<void> {
  const { email, password } = demoAccount(role);
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { origin },
  });
  if (!response.ok())
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}

// ---------------------------------------------------------------------------------------------
// Accounts made through the forms, the mail outbox and the uploads folder (for the accounts and
// profile specs). The test process never opens the database: the server holds it.

/** The e2e server's data folder (outbox, uploads, demo passwords). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (run through playwright.config.ts)");
  return dir;
}

/** An address no other test uses. */
export function uniqueEmail(prefix = "e2e"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface NewAccount {
  name: string;
  type: "buyer" | "factory";
  email: string;
  password: string;
}

/** A fresh account description with a unique address and a valid password. */
export function newAccount(type: NewAccount["type"], name?: string): NewAccount {
  const email = uniqueEmail(type);
  return {
    name: name ?? (type === "factory" ? `Фабрика ${email.slice(8, 18)}` : "Тест Покупатель"),
    type,
    email,
    password: "Secret-123",
  };
}

/** The newest message to `email` whose subject matches, waiting for it to arrive. */
export async function waitForMail(
  email: string,
  subject: RegExp,
  { after = 0 }: { after?: number } = {},
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const wanted = email.toLowerCase();
        const messages = await readOutbox(dataDir());
        found = messages.findLast(
          (message) =>
            message.to.toLowerCase().includes(wanted) &&
            subject.test(message.subject) &&
            Date.parse(message.sentAt) >= after,
        );
        return found?.link ?? null;
      },
      { message: `a letter "${subject}" to ${email}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return found as OutboxMessage;
}

export const CONFIRM_SUBJECT = /^Подтвердите email/;
export const RESET_SUBJECT = /^Сброс пароля/;

/**
 * Picks the user type on the registration form by clicking its card, as a person does (the
 * radio itself is visually hidden inside the card).
 */
export async function chooseUserType(page: Page, type: NewAccount["type"]): Promise<void> {
  const label = type === "factory" ? "Швейная фабрика" : "Покупатель";
  await page.locator("label").filter({ hasText: label }).click();
  await expect(page.getByRole("radio", { name: label })).toBeChecked();
}

/** Fills and submits the registration form (the page must be signed out). */
export async function fillRegistration(page: Page, account: NewAccount): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Имя или название компании").fill(account.name);
  await chooseUserType(page, account.type);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Пароль", { exact: true }).fill(account.password);
  await page.getByLabel("Подтвердите пароль").fill(account.password);
  await page.getByRole("button", { name: "Зарегистрироваться", exact: true }).click();
}

/**
 * Registers through the form, opens the confirmation link from the outbox and waits until the
 * account menu shows the name: the page's context is then signed in as the new account.
 */
export async function registerAndConfirm(page: Page, account: NewAccount): Promise<void> {
  const started = Date.now();
  await fillRegistration(page, account);
  await expect(page.getByRole("heading", { name: "Подтвердите email" })).toBeVisible();
  const letter = await waitForMail(account.email, CONFIRM_SUBJECT, { after: started - 1000 });
  await page.goto(letter.link as string);
  await expect(accountButton(page, account.name)).toBeVisible();
}

/** A new account of `type` (`name` or a made-up one), registered and confirmed: signed in. */
export async function registerNewAccount(
  page: Page,
  type: NewAccount["type"],
  name?: string,
): Promise<NewAccount> {
  const account = newAccount(type, name);
  await registerAndConfirm(page, account);
  return account;
}

/** The account button of the navigation, labelled with the display name. */
export function accountButton(page: Page, name: string) {
  return page.getByRole("banner").getByRole("button", { name: `Меню аккаунта: ${name}` });
}

/**
 * Holds the page's posts to addresses under `pathname` until the returned function is called, so
 * that a test can see the form's busy state.
 */
export async function holdPosts(page: Page, pathname: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith(pathname),
    async (route) => {
      if (route.request().method() === "POST") await held;
      await route.fallback();
    },
  );
  return release;
}

/** Signs in through the /login form (the page must be signed out). */
export async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  path = "/login",
): Promise<void> {
  if (path) await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Пароль", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
}

/**
 * Every file under DATA_DIR/uploads, or under one of its folders ('avatars', 'logos', ...), as
 * sorted paths relative to DATA_DIR/uploads. Other spec files upload product pictures and logos
 * in parallel, so a count meant to stay unchanged should look at a folder only one test writes.
 */
export function uploadedFiles(folder?: string): string[] {
  const uploads = path.join(dataDir(), "uploads");
  const root = folder ? path.join(uploads, folder) : uploads;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploads, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A 320×240 PNG of one colour, made on the spot, as a file for `setInputFiles`. */
export async function colorPng(name: string, color: string) {
  const buffer = await sharp({
    create: { width: 320, height: 240, channels: 3, background: color },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The disk files of a stored image URL (`/uploads/logos/<uuid>.webp` and its thumbnail). */
export function filesOfImage(url: string): string[] {
  const key = url.replace(/^\/uploads\//, "").replace(/-thumb\.webp$/, ".webp");
  const root = path.join(dataDir(), "uploads");
  return [path.join(root, key), path.join(root, key.replace(/\.webp$/, "-thumb.webp"))];
}

/** The page's origin, for requests that better-auth and the actions check. */
export function originOf(): string {
  return new URL(test.info().project.use.baseURL as string).origin;
}

/** The Cyrillic words of the page's main content outside what people wrote (and text areas). */
export function russianWordsInMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector("main")?.cloneNode(true) as HTMLElement | undefined;
    for (const element of main?.querySelectorAll("[data-user-content], textarea") ?? []) {
      element.remove();
    }
    return (main?.textContent ?? "").match(/[\u0400-\u04FF]+/g) ?? [];
  });
}

/** The toast area; toasts show the title 'Успешно'/'Ошибка' and a message. */
export function toasts(page: Page) {
  // The app's toasts and the message of an HTML-first page share one name ('Сообщения', 'Messages').
  return page.getByRole("region", { name: /^(Сообщения|Messages)$/ });
}

// ---------------------------------------------------------------------------------------------
// The people of the quote specs: each in a browser of their own, made through the real forms.

/** A person with a browser context of their own, signed in as `account`. */
export interface Person {
  context: BrowserContext;
  page: Page;
  account: NewAccount;
}

/** What a factory's profile says besides its name and place (Bishkek, Kyrgyzstan). */
export interface FactoryProfile {
  /** Activity categories to tick (tender alerts go to the factories they match). */
  categories?: string[];
}

/**
 * A new person in a Russian browser context of their own, registered and confirmed through the
 * forms (see registerAndConfirm). A factory then fills in its factory profile (its name, in
 * Bishkek), without which it cannot quote. Close `context` when done.
 */
export async function newPerson(
  browser: Browser,
  account: NewAccount,
  { categories = [] }: FactoryProfile = {},
): Promise<Person> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "ru-RU",
  });
  const page = await context.newPage();
  await registerAndConfirm(page, account);
  if (account.type === "factory") {
    await page.goto("/profile");
    await page.getByLabel("Название фабрики", { exact: true }).fill(account.name);
    await page.getByLabel("Страна", { exact: true }).selectOption({ label: "Кыргызстан" });
    await page.getByLabel("Город", { exact: true }).selectOption({ label: "Бишкек" });
    const activities = page.getByRole("group", { name: "Сферы деятельности" });
    for (const category of categories) {
      await activities.getByRole("checkbox", { name: category, exact: true }).check();
    }
    await page.getByRole("button", { name: "Сохранить", exact: true }).click();
    await expect(toasts(page).getByText("Профиль обновлен")).toBeVisible();
  }
  return { context, page, account };
}

/** Accepts a quote on a tender's quotes page: its 'Принять отклик' `link`, then the dialog's button. */
export async function acceptQuote(page: Page, link: Locator): Promise<void> {
  await link.click();
  await page
    .getByRole("dialog", { name: "Принять отклик?" })
    .getByRole("button", { name: "Принять и присудить тендер" })
    .click();
}

/**
 * For a serial describe: a new buyer and a new factory (see newPerson), made before its tests and
 * closed after them. Read `people.buyer` and `people.factory` inside the tests.
 */
export function aBuyerAndAFactory(
  buyerName: string,
  factoryName: string,
): { buyer: Person; factory: Person } {
  const people = {} as { buyer: Person; factory: Person };
  test.beforeAll(async ({ browser }) => {
    people.buyer = await newPerson(browser, newAccount("buyer", buyerName));
    people.factory = await newPerson(browser, newAccount("factory", factoryName));
  });
  test.afterAll(async () => {
    await people.buyer?.context.close();
    await people.factory?.context.close();
  });
  return people;
}

/** The session of `signedIn` in a Russian browser context that runs no scripts; close it after. */
export async function withoutScripts(
  browser: Browser,
  signedIn: BrowserContext,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "ru-RU",
    javaScriptEnabled: false,
    storageState: await signedIn.storageState(),
  });
}

/** A small valid PDF called `name`, as a file for `setInputFiles`. */
export function pdfFile(name: string) {
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
    ),
  };
}

export interface NewTender {
  title: string;
  quantity: string;
  budget?: string;
  /** A currency code of the budget (the form's default otherwise). */
  currency?: string;
  /** Production categories to tick. */
  categories?: string[];
}

/**
 * Places a tender through the dialog of /place-tender?new=1 (the page must be signed in) and
 * returns its id, read from its card on /my-tenders where the form leads.
 */
export async function placeTender(page: Page, tender: NewTender): Promise<string> {
  await page.goto("/place-tender?new=1");
  const dialog = page.getByRole("dialog", { name: "Новый тендер" });
  await dialog.getByLabel("Заголовок").fill(tender.title);
  await dialog.getByLabel("Количество, шт.").fill(tender.quantity);
  if (tender.budget) await dialog.getByLabel("Бюджет").fill(tender.budget);
  if (tender.currency) await dialog.getByLabel("Валюта").selectOption(tender.currency);
  const categories = dialog.getByRole("group", { name: "Категории производства" });
  for (const category of tender.categories ?? []) {
    await categories.getByRole("checkbox", { name: category, exact: true }).check();
  }
  await dialog.getByRole("button", { name: "Разместить тендер" }).click();
  await expect(page).toHaveURL(/\/my-tenders$/);
  const href = await page
    .getByTestId("tender-card")
    .getByRole("link", { name: tender.title, exact: true })
    .first()
    .getAttribute("href");
  const id = /\/tenders\/([0-9a-f-]{36})/.exec(href ?? "")?.[1] ?? "";
  expect(id, `the id of the tender ${tender.title}`).not.toBe("");
  return id;
}
