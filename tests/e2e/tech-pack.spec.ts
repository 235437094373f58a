// A tender's tech pack (docs/decisions/031): the buyer attaches two files when placing a tender
// and removes one in the edit dialog; a factory downloads the other; a visitor sees no list and
// gets 404 on the file's address. Placing with files works without JavaScript too.
// Screenshots for looking at: TECH_PACK_SCREENSHOTS=1.
import { readFile } from "node:fs/promises";
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { colorPng, newAccount, newPerson, pdfFile, toasts, withoutScripts } from "./helpers";

const shots = process.env.TECH_PACK_SCREENSHOTS === "1";

/** Screenshots at 390 and 1280 px; with `at`, that part in view (a dialog scrolls inside). */
async function screenshots(page: Page, name: string, at?: Locator) {
  if (!shots) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await at?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/wt-techpack-${name}-${width}.png`, fullPage: !at });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Fills the new tender's form and chooses the tech pack's files; the dialog. */
async function fillNewTender(
  page: Page,
  title: string,
  files: Parameters<Page["setInputFiles"]>[1],
) {
  await page.goto("/place-tender?new=1");
  // With the app's scripts, the files are chosen once they run (the input keeps its choice).
  await page.waitForLoadState("networkidle");
  const dialog = page.getByRole("dialog", { name: "Новый тендер" });
  await dialog.getByLabel("Заголовок").fill(title);
  await dialog.getByLabel("Количество, шт.").fill("400");
  await dialog.getByLabel("Техпакет", { exact: true }).setInputFiles(files);
  return dialog;
}

/** The id of the buyer's tender called `title`, from its card on /my-tenders. */
async function tenderIdOf(page: Page, title: string): Promise<string> {
  await expect(page).toHaveURL(/\/my-tenders$/);
  const href = await page
    .getByTestId("tender-card")
    .getByRole("link", { name: title, exact: true })
    .first()
    .getAttribute("href");
  const id = /\/tenders\/([0-9a-f-]{36})/.exec(href ?? "")?.[1] ?? "";
  expect(id).not.toBe("");
  return id;
}

async function visitorGets(browser: Browser, path: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  return { context, page, response: await page.request.get(path) };
}

test("the buyer attaches a tech pack, removes a file; a factory downloads; a visitor sees nothing", async ({
  browser,
}) => {
  // Three people signed up through the forms, a download and a visitor's context.
  test.slow();
  const buyer = await newPerson(browser, newAccount("buyer"));
  const factory = await newPerson(browser, newAccount("factory"));
  const title = `Худи с начесом ${Date.now()}`;
  const spec = pdfFile("Спецификация худи.pdf");
  const sketch = await colorPng("эскиз.png", "#2255aa");

  const dialog = await fillNewTender(buyer.page, title, [spec, sketch]);
  await expect(dialog.getByText("Спецификация худи.pdf")).toBeVisible();
  await expect(dialog.getByText("эскиз.png")).toBeVisible();
  await dialog.getByRole("button", { name: "Разместить тендер" }).click();
  const id = await tenderIdOf(buyer.page, title);

  // The owner sees both on the tender's page.
  await buyer.page.goto(`/tenders/${id}`);
  const pack = buyer.page.getByTestId("tech-pack");
  await expect(pack.getByRole("link")).toHaveCount(2);
  await expect(pack).toContainText("Спецификация худи.pdf");
  await expect(pack).toContainText("эскиз.png");

  // Edit: the sketch goes.
  await buyer.page.goto(`/my-tenders?edit=${id}`);
  // The app's scripts first, or the box can be ticked before hydration and lose its state.
  await buyer.page.waitForLoadState("networkidle");
  const edit = buyer.page.getByRole("dialog", { name: "Редактирование тендера" });
  await expect(edit.getByTestId("tech-pack-fields")).toContainText("Спецификация худи.pdf");
  await edit.getByLabel("Удалить «эскиз.png» при сохранении").check();
  await screenshots(buyer.page, "edit", edit.getByTestId("tech-pack-fields"));
  await edit.getByRole("button", { name: "Сохранить изменения" }).click();
  await expect(toasts(buyer.page)).toContainText("Тендер обновлен");
  await buyer.page.goto(`/tenders/${id}`);
  await expect(pack.getByRole("link")).toHaveCount(1);
  await expect(pack).not.toContainText("эскиз.png");
  await screenshots(buyer.page, "owner");

  // The owner's own page of the tender (the quotes) lists it too, in both languages, with links
  // to the same download route.
  for (const [path, heading] of [
    [`/my-tenders/${id}`, "Техпакет"],
    [`/en/my-tenders/${id}`, "Tech pack"],
  ] as const) {
    await buyer.page.goto(path);
    const own = buyer.page.getByTestId("tech-pack");
    await expect(own.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(own.getByRole("link")).toHaveCount(1);
    await expect(own.getByRole("link", { name: /Спецификация худи\.pdf/ })).toHaveAttribute(
      "href",
      new RegExp(`^/tenders/${id}/tech-pack/[0-9a-f-]{36}\\.pdf$`),
    );
    await expect(own).not.toContainText("эскиз.png");
  }
  await screenshots(buyer.page, "my-tender", buyer.page.getByTestId("tech-pack"));

  // A factory with a profile downloads the specification: the very bytes sent.
  await factory.page.goto(`/tenders/${id}`);
  const link = factory.page
    .getByTestId("tech-pack")
    .getByRole("link", { name: /Спецификация худи\.pdf/ });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/tenders/${id}/tech-pack/[0-9a-f-]{36}\\.pdf$`));
  const [download] = await Promise.all([factory.page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Спецификация худи.pdf");
  expect((await readFile((await download.path()) ?? "")).equals(spec.buffer)).toBe(true);
  await screenshots(factory.page, "factory");

  // A visitor: the same page without the list, and 404 on the file.
  const visitor = await visitorGets(browser, href);
  expect(visitor.response.status()).toBe(404);
  expect(visitor.response.headers()["cache-control"]).toBe("private, no-store");
  await visitor.page.goto(`/tenders/${id}`);
  await expect(visitor.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.page.getByTestId("tech-pack")).toHaveCount(0);
  await expect(visitor.page.getByText("Спецификация худи.pdf")).toHaveCount(0);
  await visitor.context.close();
  // Another buyer gets 404 too.
  const other = await newPerson(browser, newAccount("buyer"));
  expect((await other.page.request.get(href)).status()).toBe(404);
  await other.context.close();

  await buyer.context.close();
  await factory.context.close();
});

test("without JavaScript the buyer places a tender with a tech pack of two files", async ({
  browser,
}) => {
  const buyer = await newPerson(browser, newAccount("buyer"));
  const context = await withoutScripts(browser, buyer.context);
  const page = await context.newPage();
  const title = `Футболки без скриптов ${Date.now()}`;
  const dialog = await fillNewTender(page, title, [
    pdfFile("Табель мер.pdf"),
    await colorPng("лекала.png", "#aa5522"),
  ]);
  await dialog.getByRole("button", { name: "Разместить тендер" }).click();
  const id = await tenderIdOf(page, title);
  await page.goto(`/tenders/${id}`);
  const pack = page.getByTestId("tech-pack");
  await expect(pack.getByRole("link")).toHaveCount(2);
  await expect(pack).toContainText("Табель мер.pdf");
  await expect(pack).toContainText("лекала.png");

  // A wrong type, by content: refused with its message, nothing placed.
  const refused = `Отказ ${Date.now()}`;
  const again = await fillNewTender(page, refused, [
    {
      name: "спецификация.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html>not a pdf</html>"),
    },
  ]);
  await again.getByRole("button", { name: "Разместить тендер" }).click();
  await expect(
    page.getByText("Это не PDF-файл, или файл поврежден", { exact: false }),
  ).toBeVisible();
  await page.goto("/my-tenders");
  await expect(page.getByRole("link", { name: refused })).toHaveCount(0);
  await context.close();
  await buyer.context.close();
});
