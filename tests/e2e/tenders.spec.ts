import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import {
  colorPng,
  newAccount,
  registerAndConfirm,
  signInAs,
  toasts,
  withoutScripts,
} from "./helpers";

// Tenders as people use them: a visitor on /place-tender and /my-tenders; a new buyer places a
// tender with two photos (oversize and wrong-type photos refused with SPEC's messages), finds it
// on /tenders with each filter (quantity bounds inclusive), sees the contacts; a visitor gets the
// sign-in prompt instead; a factory sees the 'Тендеры' link and the contacts; then the buyer
// edits it (photos too), closes it (gone from /tenders), reopens it and deletes it. Other specs
// run against the same server at once: the title is unique and no total is relied on.

const msg = {
  authRequired: "Требуется авторизация",
  tooLarge: "Размер файла должен быть менее 5MB",
  wrongType: "Поддерживаются только файлы JPG, PNG и WebP",
  placed: "Тендер размещен",
  updated: "Тендер обновлен",
  deleted: "Тендер удален",
  closed: "Тендер закрыт",
  reopened: "Тендер снова открыт",
  photoUploaded: "Фото загружено",
  photoRemoved: "Фото удалено",
  loginPrompt: "Войдите, чтобы увидеть контакты заказчика",
  range: "Минимальное количество не может быть больше максимального",
};

/** A real PNG over 5 MB (noise does not compress). */
async function bigPng() {
  const buffer = await sharp({
    create: {
      width: 1700,
      height: 1400,
      channels: 3,
      background: "#000",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(buffer.byteLength).toBeGreaterThan(6 * 1024 * 1024 - 1);
  return { name: "big.png", mimeType: "image/png", buffer };
}

const textFile = { name: "note.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") };

function card(page: Page, title: string) {
  return page.getByTestId("tender-card").filter({ hasText: title });
}

test.describe("signed out", () => {
  test("/place-tender offers registration and sign-in; the form button is disabled", async ({
    page,
  }) => {
    await page.goto("/place-tender");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const open = page.getByTestId("open-tender-form");
    await expect(open).toBeDisabled();
    await expect(open).toHaveText(msg.authRequired);
    await expect(page.getByRole("link", { name: "Зарегистрироваться" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Войти" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fplace-tender",
    );
    await expect(page.getByRole("link", { name: "Смотреть все тендеры" })).toHaveAttribute(
      "href",
      "/tenders",
    );
    await expect(
      page.getByRole("heading", { name: "Почему стоит разместить тендер" }),
    ).toBeVisible();
    // Even at the form's address no form is shown to a visitor.
    await page.goto("/place-tender?new=1");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The navigation offers placing, not viewing.
    const nav = page.getByRole("navigation", { name: "Основная навигация" });
    await expect(nav.getByRole("link", { name: "Разместить тендер" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Мои тендеры" })).toHaveCount(0);
  });

  test("/my-tenders asks to sign in and links back", async ({ page }) => {
    const response = await page.goto("/my-tenders");
    expect(response?.status()).toBe(401);
    await expect(
      page.getByRole("heading", { level: 1, name: "Войдите, чтобы увидеть свои тендеры" }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Войти" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fmy-tenders",
    );
  });

  test("a post after the session expired is answered 'Необходимо войти в систему'", async ({
    request,
  }) => {
    const response = await request.post("/place-tender?new=1", {
      form: { intent: "create", title: "Без входа" },
      headers: { Origin: new URL(test.info().project.use.baseURL as string).origin },
    });
    expect(response.status()).toBe(401);
    expect(await response.text()).toContain("Необходимо войти в систему");
  });
});

test.describe("a buyer's tender from placing to deleting", () => {
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  const title = `Пошив платьев ${Date.now().toString(36)}`;
  const buyer = newAccount("buyer", "Тендер Покупатель");
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      locale: "ru-RU",
    });
    page = await context.newPage();
    await registerAndConfirm(page, buyer);
  });
  test.afterAll(async () => {
    await context?.close();
  });

  test("places a tender with two photos; bad photos are refused with SPEC's messages", async () => {
    const nav = page.getByRole("navigation", { name: "Основная навигация" });
    await expect(nav.getByRole("link", { name: "Мои тендеры" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Разместить тендер" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Тендеры", exact: true })).toHaveCount(0);

    await page.goto("/place-tender");
    await page.getByTestId("open-tender-form").click();
    const dialog = page.getByRole("dialog", { name: "Новый тендер" });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole("button", { name: "Разместить тендер" });
    await expect(submit).toBeDisabled();

    const photos = dialog.getByLabel("Фотографии");
    await photos.setInputFiles([await bigPng()]);
    await expect(dialog.getByText(msg.tooLarge)).toBeVisible();
    await photos.setInputFiles([textFile]);
    await expect(dialog.getByText(msg.wrongType)).toBeVisible();
    await photos.setInputFiles([
      await colorPng("front.png", "#c8322f"),
      await colorPng("back.png", "#2f5fb3"),
    ]);
    await expect(dialog.getByRole("img", { name: "front.png" })).toBeVisible();
    await expect(dialog.getByRole("img", { name: "back.png" })).toBeVisible();

    await dialog.getByLabel("Заголовок").fill("   ");
    await expect(submit).toBeDisabled();
    await dialog.getByLabel("Заголовок").fill(title);
    await expect(submit).toBeEnabled();
    await dialog.getByLabel("Для кого").selectOption({ label: "Женский" });
    await dialog.getByLabel("Количество, шт.").fill("777");
    await dialog.getByLabel("Описание").fill("Летние платья из штапеля");
    await expect(dialog.getByLabel("Город")).toBeDisabled();
    await dialog.getByLabel("Страна").selectOption({ label: "Кыргызстан" });
    await dialog.getByLabel("Город").selectOption({ label: "Ош" });
    await dialog.getByLabel("Требования").fill("Размеры 42–52");
    await dialog.getByLabel("Телефон").fill("+996 555 77 88 99");
    await dialog.getByLabel("Telegram").fill("@tender_buyer");
    await dialog.getByLabel("Бюджет").fill("1500");
    await dialog.getByLabel("Валюта").selectOption("EUR");
    await submit.click();

    await expect(page).toHaveURL(/\/my-tenders$/);
    await expect(toasts(page).getByText(msg.placed)).toBeVisible();
    const mine = card(page, title);
    await expect(mine.getByTestId("tender-status")).toHaveText("Активен");
    await expect(mine).toContainText("777 шт.");
    await expect(mine).toContainText("Ош, Кыргызстан");
    await expect(mine).toContainText(/1\s500\s€/);
    await expect(mine).toContainText("2 фото");
  });

  test("finds it on /tenders with each filter; the quantity bounds are inclusive", async () => {
    await page.goto("/tenders");
    const filters = page.getByRole("form", { name: "Фильтры" });
    const listed = card(page, title);

    await filters.getByLabel("Для кого").selectOption({ label: "Женский" });
    await expect(page).toHaveURL(/gender=/);
    await expect(listed).toBeVisible();

    await filters.getByLabel("Страна").selectOption({ label: "Кыргызстан" });
    await expect(page).toHaveURL(/country=kg/);
    await expect(listed).toBeVisible();

    await filters.getByLabel("Город").fill("оШ");
    await filters.getByLabel("Город").press("Enter");
    await expect(page).toHaveURL(/city=/);
    await expect(listed).toBeVisible();

    await filters.getByLabel("Количество от").fill("777");
    await filters.getByLabel("Количество до").fill("777");
    await filters.getByRole("button", { name: "Применить" }).click();
    await expect(page).toHaveURL(/minQuantity=777&maxQuantity=777/);
    await expect(listed).toBeVisible();

    await page.goto("/tenders?minQuantity=778");
    await expect(page.getByText(/^Найдено:/)).toBeVisible();
    await expect(listed).toHaveCount(0);
    await page.goto("/tenders?maxQuantity=776&country=kg");
    await expect(page.getByText(/^Найдено:/)).toBeVisible();
    await expect(listed).toHaveCount(0);
    await page.goto("/tenders?gender=%D0%BC%D1%83%D0%B6%D1%81%D0%BA%D0%BE%D0%B9&country=kg");
    await expect(listed).toHaveCount(0);
    await page.goto("/tenders?city=%D0%B1%D0%B8%D1%88%D0%BA%D0%B5%D0%BA");
    await expect(listed).toHaveCount(0);

    await page.goto("/tenders?minQuantity=900&maxQuantity=10");
    await expect(page.getByRole("alert").filter({ hasText: msg.range })).toBeVisible();

    // The details dialog, with every field, both photos and the contacts as links.
    await page.goto("/tenders?city=%D0%9E%D1%88&minQuantity=777");
    await listed.getByRole("link", { name: title }).click();
    const details = page.getByRole("dialog", { name: title });
    await expect(details).toContainText("Летние платья из штапеля");
    await expect(details).toContainText("Размеры 42–52");
    await expect(details).toContainText("Ош, Кыргызстан");
    await expect(details.getByRole("img", { name: `${title} — фото 2` })).toBeVisible();
    await expect(details.getByRole("link", { name: "+996 555 77 88 99" })).toHaveAttribute(
      "href",
      "tel:+996555778899",
    );
    await expect(details.getByRole("link", { name: "@tender_buyer" })).toHaveAttribute(
      "href",
      "https://t.me/tender_buyer",
    );
  });

  test("a visitor sees the tender but a sign-in prompt instead of the contacts", async ({
    page: visitor,
  }) => {
    await visitor.goto("/tenders?minQuantity=777&maxQuantity=777");
    await card(visitor, title).getByRole("link", { name: title }).click();
    const details = visitor.getByRole("dialog", { name: title });
    await expect(details.getByText(msg.loginPrompt)).toBeVisible();
    await expect(details.getByRole("link", { name: "Войти" })).toHaveAttribute(
      "href",
      /^\/login\?redirectTo=%2Ftenders%3Ftender%3D/,
    );
    // Not in the server's HTML either.
    const html = await (await visitor.request.get(visitor.url())).text();
    expect(html).toContain(title);
    expect(html).not.toContain("77 88 99");
    expect(html).not.toContain("tender_buyer");
  });

  test("a factory sees the 'Тендеры' link and the contacts", async ({ page: factory }) => {
    await signInAs(factory, "factory");
    await factory.goto("/");
    const nav = factory.getByRole("navigation", { name: "Основная навигация" });
    await expect(nav.getByRole("link", { name: "Разместить тендер" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Мои тендеры" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Тендеры", exact: true }).click();
    await expect(factory).toHaveURL(/\/tenders$/);
    await factory.goto("/tenders?minQuantity=777&maxQuantity=777");
    await card(factory, title).getByRole("link", { name: title }).click();
    const details = factory.getByRole("dialog", { name: title });
    await expect(details.getByRole("link", { name: "+996 555 77 88 99" })).toBeVisible();
    await expect(details.getByText(msg.loginPrompt)).toHaveCount(0);
  });

  test("edits it, photos included, from /my-tenders", async () => {
    await page.goto("/my-tenders");
    await card(page, title)
      .getByRole("link", { name: `Редактировать: ${title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Редактирование тендера" });
    await expect(dialog.getByLabel("Заголовок")).toHaveValue(title);
    await expect(dialog.getByLabel("Бюджет")).toHaveValue("1500");
    await expect(dialog.getByLabel("Валюта")).toHaveValue("EUR");

    // Photos change at once.
    const add = dialog.getByLabel("Добавить фото");
    await add.setInputFiles([await bigPng()]);
    await expect(toasts(page).getByText(msg.tooLarge)).toBeVisible();
    await add.setInputFiles([textFile]);
    await expect(toasts(page).getByText(msg.wrongType)).toBeVisible();
    await add.setInputFiles([await colorPng("side.png", "#2e8a57")]);
    await expect(toasts(page).getByText(msg.photoUploaded)).toBeVisible();
    await expect(dialog.getByRole("img", { name: `${title} — фото 3` })).toBeVisible();
    await dialog.getByRole("button", { name: `Удалить фото: ${title} — фото 1` }).click();
    // Asked first, like deleting the whole tender.
    await page
      .getByRole("alertdialog", { name: "Удалить фото?" })
      .getByRole("button", { name: "Удалить фото" })
      .click();
    await expect(toasts(page).getByText(msg.photoRemoved)).toBeVisible();
    await expect(dialog.getByRole("img", { name: `${title} — фото 3` })).toHaveCount(0);

    await dialog.getByLabel("Количество, шт.").fill("800");
    await dialog.getByLabel("Бюджет").fill("2000.50");
    await dialog.getByLabel("Валюта").selectOption("USD");
    await dialog.getByRole("button", { name: "Сохранить изменения" }).click();
    await expect(toasts(page).getByText(msg.updated)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const mine = card(page, title);
    await expect(mine).toContainText("800 шт.");
    await expect(mine).toContainText(/2\s000,50\s\$/);
    await expect(mine).toContainText("2 фото");
  });

  test("closes it (gone from /tenders), reopens it (back) and deletes it", async () => {
    const onTenders = async () => {
      await page.goto("/tenders?minQuantity=800&maxQuantity=800");
      await expect(page.getByText(/^Найдено:/)).toBeVisible();
      return card(page, title).count();
    };
    /** On /my-tenders, presses one of the tender card's buttons, named "{action}: {title}". */
    const pressOnMyTenders = async (action: string) => {
      await page.goto("/my-tenders");
      await card(page, title)
        .getByRole("button", { name: `${action}: ${title}` })
        .click();
    };
    // Closing asks first: 'Отмена' keeps it open; the dialog has its own address.
    await page.goto("/my-tenders");
    const closeLink = card(page, title).getByRole("link", { name: `Закрыть тендер: ${title}` });
    await closeLink.click();
    const asking = page.getByRole("dialog", { name: "Закрыть тендер?" });
    await expect(asking).toContainText(title);
    await expect(page).toHaveURL(/[?&]close=/);
    await asking.getByRole("link", { name: "Отмена" }).click();
    await expect(asking).toHaveCount(0);
    await expect(card(page, title).getByTestId("tender-status")).toHaveText("Активен");
    // Without JavaScript the same address shows the same question, and its button closes it.
    const href = (await closeLink.getAttribute("href")) as string;
    const plain = await withoutScripts(page.context().browser() as Browser, context);
    const noJs = await plain.newPage();
    await noJs.goto(href);
    await noJs
      .getByRole("dialog", { name: "Закрыть тендер?" })
      .getByRole("button", { name: "Закрыть тендер" })
      .click();
    await expect(noJs).toHaveURL(/\/my-tenders$/);
    await expect(card(noJs, title).getByTestId("tender-status")).toHaveText("Закрыт");
    await plain.close();
    await pressOnMyTenders("Открыть снова");
    await expect(toasts(page).getByText(msg.reopened)).toBeVisible();
    await page.goto("/my-tenders");
    await card(page, title)
      .getByRole("link", { name: `Закрыть тендер: ${title}` })
      .click();
    await page
      .getByRole("dialog", { name: "Закрыть тендер?" })
      .getByRole("button", { name: "Закрыть тендер" })
      .click();
    await expect(toasts(page).getByText(msg.closed)).toBeVisible();
    await expect(card(page, title).getByTestId("tender-status")).toHaveText("Закрыт");
    expect(await onTenders()).toBe(0);

    await pressOnMyTenders("Открыть снова");
    await expect(toasts(page).getByText(msg.reopened)).toBeVisible();
    await expect(card(page, title).getByTestId("tender-status")).toHaveText("Активен");
    expect(await onTenders()).toBe(1);

    await pressOnMyTenders("Удалить");
    const confirm = page.getByRole("alertdialog", { name: "Удалить тендер?" });
    await expect(confirm).toContainText(title);
    await confirm.getByRole("button", { name: "Удалить" }).click();
    await expect(toasts(page).getByText(msg.deleted)).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    await expect(page.getByText("У вас пока нет тендеров")).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Разместить тендер" }).last(),
    ).toHaveAttribute("href", "/place-tender");
  });
});
