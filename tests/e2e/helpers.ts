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

/** The interface language a person of the specs uses: Russian pages, or English ones under /en. */
export type Language = "ru" | "en";

/** `pathname` in `language`: ('/orders', 'en') → '/en/orders'. */
export function inLanguage(pathname: string, language: Language = "ru"): string {
  if (language === "ru") return pathname;
  return pathname === "/" ? "/en" : `/en${pathname}`;
}

/** The words of the shared forms (registration, profile, tender, accepting a quote) per language. */
const WORDS = {
  ru: {
    browserLocale: "ru-RU",
    types: { buyer: "Покупатель", factory: "Швейная фабрика" },
    name: "Имя или название компании",
    password: "Пароль",
    confirmPassword: "Подтвердите пароль",
    register: "Зарегистрироваться",
    confirmHeading: "Подтвердите email",
    confirmSubject: CONFIRM_SUBJECT,
    accountMenu: (name: string) => `Меню аккаунта: ${name}`,
    factoryName: "Название фабрики",
    country: ["Страна", "Кыргызстан"],
    city: ["Город", "Бишкек"],
    activities: "Сферы деятельности",
    save: "Сохранить",
    profileSaved: "Профиль обновлен",
    acceptDialog: "Принять отклик?",
    acceptConfirm: "Принять и присудить тендер",
    newTender: "Новый тендер",
    tenderTitle: "Заголовок",
    quantity: "Количество, шт.",
    budget: "Бюджет",
    currency: "Валюта",
    categories: "Категории производства",
    placeTender: "Разместить тендер",
  },
  en: {
    browserLocale: "en-GB",
    types: { buyer: "Buyer", factory: "Sewing factory" },
    name: "Name or company name",
    password: "Password",
    confirmPassword: "Confirm password",
    register: "Create account",
    confirmHeading: "Confirm your email",
    confirmSubject: /^Confirm your email on /,
    accountMenu: (name: string) => `Account menu: ${name}`,
    factoryName: "Factory name",
    country: ["Country", "Kyrgyzstan"],
    city: ["City", "Bishkek"],
    activities: "Lines of business",
    save: "Save",
    profileSaved: "Profile updated",
    acceptDialog: "Accept this quote?",
    acceptConfirm: "Accept and award the tender",
    newTender: "New tender",
    tenderTitle: "Title",
    quantity: "Quantity, pcs",
    budget: "Budget",
    currency: "Currency",
    categories: "Production categories",
    placeTender: "Place a tender",
  },
} as const;

/**
 * Picks the user type on the registration form by clicking its card, as a person does (the
 * radio itself is visually hidden inside the card).
 */
export async function chooseUserType(
  page: Page,
  type: NewAccount["type"],
  language: Language = "ru",
): Promise<void> {
  const label = WORDS[language].types[type];
  await page.locator("label").filter({ hasText: label }).click();
  await expect(page.getByRole("radio", { name: label })).toBeChecked();
}

/**
 * Fills and submits the registration form in `language` (the page must be signed out): the
 * account's interface and letters are then in that language.
 */
export async function fillRegistration(
  page: Page,
  account: NewAccount,
  language: Language = "ru",
): Promise<void> {
  const w = WORDS[language];
  await page.goto(inLanguage("/register", language));
  await page.getByLabel(w.name).fill(account.name);
  await chooseUserType(page, account.type, language);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel(w.password, { exact: true }).fill(account.password);
  await page.getByLabel(w.confirmPassword).fill(account.password);
  await page.getByRole("button", { name: w.register, exact: true }).click();
}

/**
 * Registers through the form, opens the confirmation link from the outbox and waits until the
 * account menu shows the name: the page's context is then signed in as the new account.
 */
export async function registerAndConfirm(
  page: Page,
  account: NewAccount,
  language: Language = "ru",
): Promise<void> {
  const w = WORDS[language];
  const started = Date.now();
  await fillRegistration(page, account, language);
  await expect(page.getByRole("heading", { name: w.confirmHeading })).toBeVisible();
  const letter = await waitForMail(account.email, w.confirmSubject, { after: started - 1000 });
  await page.goto(letter.link as string);
  await expect(accountButton(page, account.name, language)).toBeVisible();
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
export function accountButton(page: Page, name: string, language: Language = "ru") {
  return page.getByRole("banner").getByRole("button", { name: WORDS[language].accountMenu(name) });
}

/**
 * On an HTML-first page (an account form posted by the browser itself, not by the app): the next
 * form that goes is stopped right after the page's own script has handled it (a listener on the
 * window runs after the page's on the document), so that a test can see its busy state while it
 * would be on its way; the returned function sends it. (Holding a browser's own post in the
 * network would hold the page's navigation, and Playwright with it.)
 */
export async function holdFormSubmission(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    window.addEventListener(
      "submit",
      (event) => {
        if (event.defaultPrevented) return;
        event.preventDefault();
        (window as unknown as { heldForm?: HTMLFormElement }).heldForm =
          event.target as HTMLFormElement;
      },
      { once: true },
    );
  });
  return async () => {
    await page.evaluate(() =>
      (window as unknown as { heldForm?: HTMLFormElement }).heldForm?.submit(),
    );
  };
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
  /** The person's language: their browser's, the forms they use, their interface and letters. */
  language?: Language;
}

/**
 * A new person in a browser context of their own (Russian, or English with `language: 'en'`),
 * registered and confirmed through the forms (see registerAndConfirm). A factory then fills in
 * its factory profile (its name, in Bishkek), without which it cannot quote. Close `context`
 * when done.
 */
export async function newPerson(
  browser: Browser,
  account: NewAccount,
  { categories = [], language = "ru" }: FactoryProfile = {},
): Promise<Person> {
  const w = WORDS[language];
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: w.browserLocale,
  });
  const page = await context.newPage();
  await registerAndConfirm(page, account, language);
  if (account.type === "factory") {
    await page.goto(inLanguage("/profile", language));
    await page.getByLabel(w.factoryName, { exact: true }).fill(account.name);
    await page.getByLabel(w.country[0], { exact: true }).selectOption({ label: w.country[1] });
    await page.getByLabel(w.city[0], { exact: true }).selectOption({ label: w.city[1] });
    const activities = page.getByRole("group", { name: w.activities });
    for (const category of categories) {
      await activities.getByRole("checkbox", { name: category, exact: true }).check();
    }
    await page.getByRole("button", { name: w.save, exact: true }).click();
    await expect(toasts(page).getByText(w.profileSaved)).toBeVisible();
  }
  return { context, page, account };
}

/** Accepts a quote on a tender's quotes page: its accept `link`, then the dialog's button. */
export async function acceptQuote(
  page: Page,
  link: Locator,
  language: Language = "ru",
): Promise<void> {
  await link.click();
  await page
    .getByRole("dialog", { name: WORDS[language].acceptDialog })
    .getByRole("button", { name: WORDS[language].acceptConfirm })
    .click();
}

/**
 * For a serial describe: a new buyer and a new factory (see newPerson), speaking `language`, made
 * before its tests and closed after them. Read `people.buyer` and `people.factory` inside the tests.
 */
export function aBuyerAndAFactory(
  buyerName: string,
  factoryName: string,
  language: Language = "ru",
): { buyer: Person; factory: Person } {
  const people = {} as { buyer: Person; factory: Person };
  test.beforeAll(async ({ browser }) => {
    people.buyer = await newPerson(browser, newAccount("buyer", buyerName), { language });
    people.factory = await newPerson(browser, newAccount("factory", factoryName), { language });
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
 * Places a tender through the dialog of /place-tender?new=1 in `language` (the page must be
 * signed in) and returns its id, read from its card on /my-tenders where the form leads.
 */
export async function placeTender(
  page: Page,
  tender: NewTender,
  language: Language = "ru",
): Promise<string> {
  const w = WORDS[language];
  await page.goto(inLanguage("/place-tender?new=1", language));
  const dialog = page.getByRole("dialog", { name: w.newTender });
  await dialog.getByLabel(w.tenderTitle).fill(tender.title);
  await dialog.getByLabel(w.quantity).fill(tender.quantity);
  if (tender.budget) await dialog.getByLabel(w.budget).fill(tender.budget);
  if (tender.currency) await dialog.getByLabel(w.currency).selectOption(tender.currency);
  const categories = dialog.getByRole("group", { name: w.categories });
  for (const category of tender.categories ?? []) {
    await categories.getByRole("checkbox", { name: category, exact: true }).check();
  }
  await dialog.getByRole("button", { name: w.placeTender }).click();
  await expect(page).toHaveURL(new RegExp(`${inLanguage("/my-tenders", language)}$`));
  const href = await page
    .getByTestId("tender-card")
    .getByRole("link", { name: tender.title, exact: true })
    .first()
    .getAttribute("href");
  const id = /\/tenders\/([0-9a-f-]{36})/.exec(href ?? "")?.[1] ?? "";
  expect(id, `the id of the tender ${tender.title}`).not.toBe("");
  return id;
}

// ---------------------------------------------------------------------------------------------
// The order specs (orders.spec.ts in Russian, orders-english.spec.ts in English).

/** A step's form on the order page, by its heading. */
export const stepForm = (page: Page, name: string) => page.getByRole("form", { name });

/** The newest notification of `page`'s account says `text` (on its page in `language`). */
export async function expectNotified(
  page: Page,
  text: string | RegExp,
  language: Language = "ru",
): Promise<void> {
  await page.goto(inLanguage("/notifications", language));
  await expect(page.getByTestId("notification").first()).toContainText(text);
}

/**
 * Screenshots for looking at, only when the environment variable `variable` is '1': the whole
 * page at 390 and 1280 px as /tmp/wt-`prefix`-`name`-`width`.png.
 */
export function screenshotsWhen(variable: string, prefix: string) {
  const enabled = process.env[variable] === "1";
  return async (page: Page, name: string): Promise<void> => {
    if (!enabled) return;
    const size = page.viewportSize();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/wt-${prefix}-${name}-${width}.png`, fullPage: true });
    }
    if (size) await page.setViewportSize(size);
  };
}
