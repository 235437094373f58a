// The English buyer's journey (issue 29, "Done when"): a buyer with an English browser finds a
// knitwear factory in Uzbekistan with a minimum order of at most 500 and a verified OEKO-TEX
// certificate through the directory's filters (the demo's «Фергана Трикотаж», whose owner is the
// demo account factory-11@example.com), saves it, places a tender with a tech pack of two files,
// and invites the factory from the tender's invitations; the factory, in a browser of its own,
// sees the invitation (a notification, the tender marked on /tenders), downloads the tech pack and
// sends a quote. A second test does the filters and the invitation without JavaScript.
// Each test has a buyer of its own (new accounts): they run side by side with the other specs.
import { readFile } from "node:fs/promises";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { colorPng, demoAccount, newAccount, newPerson, pdfFile, toasts } from "./helpers";

/** The demo factory the journey finds, and its owner's account (every demo factory's password). */
const FACTORY = /Fergana|Фергана/;
const FACTORY_EMAIL = "factory-11@example.com";

/** A new buyer, registered through the forms, in an English browser of its own. */
async function englishBuyer(browser: Browser, javaScript = true) {
  const person = await newPerson(browser, newAccount("buyer", "Emma Clarke"));
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "en-GB",
    javaScriptEnabled: javaScript,
    storageState: await person.context.storageState(),
  });
  await person.context.close();
  return { context, page: await context.newPage() };
}

/** The demo factory's owner, signed in through the form in a browser of their own. */
async function factoryOwner(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "ru-RU",
  });
  const page = await context.newPage();
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: FACTORY_EMAIL, password: demoAccount("factory").password },
    headers: { origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return { context, page };
}

/** Sets the four filters on /en/factories (each applies as it changes with JavaScript). */
async function filterDirectory(page: Page, apply: boolean) {
  await page.goto("/en/factories");
  // The app's scripts first, or a choice can come before hydration.
  await page.waitForLoadState("networkidle");
  await page
    .getByLabel("Lines of business")
    .selectOption({ label: "T-shirts, shirts and blouses" });
  await page.getByLabel("Country", { exact: true }).selectOption({ label: "Uzbekistan" });
  await page.getByLabel("Minimum order up to, pieces").fill("500");
  await page
    .getByLabel("Certification (verified)")
    .selectOption({ label: "OEKO-TEX Standard 100" });
  if (apply) await page.getByRole("button", { name: /^Show/ }).click();
  await expect(page).toHaveURL(/[?&]category=tops(&|$)/);
  await expect(page).toHaveURL(/[?&]country=uz(&|$)/);
  await expect(page).toHaveURL(/[?&]moq=500(&|$)/);
  await expect(page).toHaveURL(/[?&]cert=oeko-tex-100(&|$)/);
  return page.getByRole("main").getByRole("link", { name: FACTORY }).first();
}

/** Places a tender in English (Uzbekistan, T-shirts, 500 pieces), with `files` as its tech pack. */
async function placeEnglishTender(
  page: Page,
  title: string,
  files: Parameters<Page["setInputFiles"]>[1],
): Promise<string> {
  await page.goto("/en/place-tender?new=1");
  await page.waitForLoadState("networkidle");
  const dialog = page.getByRole("dialog", { name: "New tender" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Quantity, pcs").fill("500");
  await dialog
    .getByRole("group", { name: "Production categories" })
    .getByRole("checkbox", { name: "T-shirts, shirts and blouses", exact: true })
    .check();
  await dialog.getByLabel("Country of production").selectOption({ label: "Uzbekistan" });
  await dialog.getByLabel("Tech pack", { exact: true }).setInputFiles(files);
  await dialog.getByRole("button", { name: "Place a tender" }).click();
  await expect(page).toHaveURL(/\/en\/my-tenders$/);
  const href = await page
    .getByTestId("tender-card")
    .getByRole("link", { name: title, exact: true })
    .first()
    .getAttribute("href");
  const id = /\/tenders\/([0-9a-f-]{36})/.exec(href ?? "")?.[1] ?? "";
  expect(id).not.toBe("");
  return id;
}

/** Invites the factory on the tender's invitations page (/my-tenders/{id}/invitations). */
async function invite(page: Page, tenderId: string) {
  await page.goto(`/en/my-tenders/${tenderId}/invitations`);
  await expect(page).toHaveURL(new RegExp(`/en/my-tenders/${tenderId}`));
  const matches = page.getByRole("region", { name: "Factories that fit" });
  await matches.getByRole("button", { name: /^Invite: (Fergana|Фергана)/ }).click();
  const invitations = page.getByRole("region", { name: "Invitations" });
  await expect(invitations.getByRole("listitem").filter({ hasText: FACTORY })).toBeVisible();
}

test("an English buyer finds, saves and invites an OEKO-TEX knitwear factory; it downloads the tech pack and quotes", async ({
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const title = `Organic cotton T-shirts ${stamp}`;
  const buyer = await englishBuyer(browser);
  const { page } = buyer;

  // The directory's filters find the factory.
  const found = await filterDirectory(page, false);
  await expect(found).toBeVisible();

  // Saved, and listed on /en/saved-factories.
  await page
    .getByRole("button", { name: /^Save the factory “(Fergana|Фергана)/ })
    .first()
    .click();
  await expect(toasts(page)).toContainText("Factory saved.");
  await page.goto("/en/saved-factories");
  await expect(page.getByTestId("saved-factory").filter({ hasText: FACTORY })).toBeVisible();

  // A tender with a tech pack of two files.
  const spec = pdfFile("Tech pack - T-shirts.pdf");
  const sketch = await colorPng("front-sketch.png", "#335577");
  const tenderId = await placeEnglishTender(page, title, [spec, sketch]);
  await invite(page, tenderId);
  await expect(toasts(page)).toContainText("Invitation sent");

  // The factory, in its own browser: the notification, the mark on /tenders, the files, a quote.
  const factory = await factoryOwner(browser);
  await factory.page.goto("/notifications");
  await expect(
    factory.page.getByTestId("notification").filter({ hasText: title }).first(),
  ).toBeVisible();
  await factory.page.goto("/tenders");
  await expect(
    factory.page
      .getByTestId("tender-card")
      .filter({ hasText: title })
      .getByTestId("tender-invited"),
  ).toHaveText("Вас пригласили");

  await factory.page.goto(`/tenders/${tenderId}`);
  await expect(factory.page.getByRole("region", { name: "Вас пригласили" })).toBeVisible();
  const pack = factory.page.getByTestId("tech-pack");
  await expect(pack.getByRole("link")).toHaveCount(2);
  const [download] = await Promise.all([
    factory.page.waitForEvent("download"),
    pack.getByRole("link", { name: /Tech pack - T-shirts\.pdf/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Tech pack - T-shirts.pdf");
  expect((await readFile((await download.path()) ?? "")).equals(spec.buffer)).toBe(true);

  await factory.page.goto(`/tenders/${tenderId}/quote`);
  await factory.page.getByLabel("Цена за единицу").fill("4.2");
  await factory.page.getByLabel("Валюта").selectOption("USD");
  await factory.page.getByLabel("Срок производства, дней").fill("30");
  await factory.page.getByLabel("Сообщение покупателю").fill("OEKO-TEX certified cotton jersey.");
  await factory.page.getByRole("button", { name: "Отправить отклик" }).click();
  await expect(factory.page).toHaveURL(/\/my-quotes$/);
  await expect(toasts(factory.page).getByText("Отклик отправлен")).toBeVisible();

  // The buyer sees the quote: the invitation is answered.
  await page.goto(`/en/my-tenders/${tenderId}`);
  await expect(
    page
      .getByRole("region", { name: "Invitations" })
      .getByRole("listitem")
      .filter({ hasText: FACTORY }),
  ).toContainText("Quote received");

  await factory.context.close();
  await buyer.context.close();
});

test("without JavaScript an English buyer filters the directory and invites the factory", async ({
  browser,
}) => {
  test.slow();
  const title = `Jersey hoodies ${Date.now().toString(36)}`;
  // The tender (with its tech pack) is placed with JavaScript; the rest is done without.
  const withScripts = await englishBuyer(browser);
  const tenderId = await placeEnglishTender(withScripts.page, title, [
    pdfFile("Spec.pdf"),
    await colorPng("sketch.png", "#775533"),
  ]);
  const context = await withScripts.context.browser()?.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "en-GB",
    javaScriptEnabled: false,
    storageState: await withScripts.context.storageState(),
  });
  if (!context) throw new Error("no browser");
  const page = await context.newPage();

  const found = await filterDirectory(page, true);
  await expect(found).toBeVisible();
  await invite(page, tenderId);
  await expect(
    page
      .getByRole("region", { name: "Invitations" })
      .getByRole("listitem")
      .filter({ hasText: FACTORY }),
  ).toContainText("Sent");

  await context.close();
  await withScripts.context.close();
});
