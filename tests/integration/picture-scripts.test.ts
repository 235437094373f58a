// The light pages' picture and form scripts (picture-scripts.ts) in a real Chromium, on markup
// shaped as the components render it: what a person sees before and after a post.
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COLORS_SCRIPT, FORM_HELPERS_SCRIPT, PICTURE_SCRIPT } from "~/lib/picture-scripts";
import { resolveTestChromium } from "../support/chromium";

const ORIGIN = "http://light.test";

/** A real PNG of 1×1 pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const MESSAGE = `<p id="page-message" role="status" hidden class="page-message" data-class-error="page-message error" data-class-success="page-message success" data-title-error="Ошибка" data-title-success="Готово"></p>`;

const CHECKS = `data-max-bytes="200" data-types="image/png,image/jpeg" data-too-large="Слишком большой" data-bad-type="Не тот тип"`;

let browser: Browser;
let page: Page;
/** What the in-place form's posts carried, and the HTML answered to the next one. */
let posts: string[] = [];
let answer = "";
/** How many times the page was opened (GET). */
let opened = 0;

/** Opens `body` at ORIGIN/page with the scripts at its end. */
async function open(body: string) {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"></head><body>${body}${MESSAGE}<script>${PICTURE_SCRIPT};${COLORS_SCRIPT};${FORM_HELPERS_SCRIPT}</script></body></html>`;
  await page.route(`${ORIGIN}/page`, async (route) => {
    if (route.request().method() === "POST") {
      posts.push(route.request().postDataBuffer()?.toString("latin1") ?? "");
      await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: answer });
    } else {
      opened++;
      await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html });
    }
  });
  await page.goto(`${ORIGIN}/page`);
}

const file = (name: string, mimeType: string, buffer: Buffer = PNG) => ({ name, mimeType, buffer });
const message = () => page.locator("#page-message");

beforeAll(async () => {
  const found = await resolveTestChromium();
  browser = await chromium.launch({ executablePath: found.executablePath, args: found.args });
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  posts = [];
  answer = "";
  opened = 0;
  return () => page.close();
});

describe("new pictures (CHOSEN_PICTURES)", () => {
  const picker = `<form><ul id="list"><li><label>Добавить<input id="photos" type="file" name="photos" multiple data-chosen-pictures="list" data-preview="tpl" data-max="2" data-too-many="Не больше 2" data-refused="{file}: {reason}" data-remove="Убрать «{file}»" ${CHECKS}></label></li></ul><template id="tpl"><li><img alt=""><button type="button"></button></li></template><p id="photos-error" hidden></p><p id="photos-hint">Подсказка</p></form>`;

  it("keeps good files across choices, up to the limit, and says what it refused", async () => {
    await open(picker);
    const input = page.locator("#photos");
    const names = () =>
      input.evaluate((i: HTMLInputElement) => [...(i.files ?? [])].map((f) => f.name));
    await input.setInputFiles([file("a.png", "image/png"), file("b.gif", "image/gif")]);
    await expect.poll(() => page.getByRole("img", { name: "a.png" }).count()).toBe(1);
    expect(await page.locator("#photos-error").textContent()).toBe("Не тот тип");
    expect(await page.locator("#photos-hint").isHidden()).toBe(true);
    expect(await input.getAttribute("aria-invalid")).toBe("true");
    expect(await message().textContent()).toBe("ОшибкаНе тот тип");
    expect(await message().getAttribute("class")).toBe("page-message error");

    // A second choice adds to the first, up to the limit; the rest is refused.
    await input.setInputFiles([file("c.png", "image/png"), file("d.png", "image/png")]);
    await expect.poll(() => page.locator("[data-preview-of]").count()).toBe(2);
    expect(await names()).toEqual(["a.png", "c.png"]);
    expect(await page.locator("#photos-error").textContent()).toBe("Не больше 2");
    // Full: the add tile hides (the input stays in the form).
    expect(await page.locator("#list > li:not([data-preview-of])").getAttribute("class")).toBe(
      "hidden",
    );

    // A kept file taken off; the refusal is gone too.
    await page.getByRole("button", { name: "Убрать «a.png»" }).click();
    expect(await names()).toEqual(["c.png"]);
    expect(await page.locator("#photos-error").isHidden()).toBe(true);
    expect(await input.getAttribute("aria-describedby")).toBe("photos-hint");
  });

  it("refuses too large a file, and one the browser cannot show, named", async () => {
    await open(picker);
    const input = page.locator("#photos");
    await input.setInputFiles([file("big.png", "image/png", Buffer.alloc(300))]);
    expect(await page.locator("#photos-error").textContent()).toBe("Слишком большой");
    await input.setInputFiles([file("fake.png", "image/png", Buffer.from("not a picture"))]);
    await expect
      .poll(() => page.locator("#photos-error").textContent())
      .toBe("fake.png: Не тот тип");
    expect(await page.locator("[data-preview-of]").count()).toBe(0);
    expect(await input.evaluate((i: HTMLInputElement) => i.files?.length)).toBe(0);
  });
});

describe("pictures sent at once (UPLOAD_NOW, IN_PLACE)", () => {
  const region = (count: number) =>
    `<section data-in-place-region="pics" data-failed-title="Не загружено"><p id="count">${count}</p><form method="post" action="/page" enctype="multipart/form-data" data-in-place><input type="hidden" name="intent" value="add-photos"><label><span data-busy-text="Загрузка...">Добавить</span><input id="add" type="file" name="photos" data-upload-now data-failed-title="Не загружено" ${CHECKS}></label></form><div hidden data-upload-progress data-sent="{p}% {l}/{t}" data-saving="Сохраняем"><div role="progressbar"><div></div></div><p></p></div></section>`;

  it("refuses a wrong file under its title and sends nothing", async () => {
    await open(region(0));
    await page.locator("#add").setInputFiles([file("a.gif", "image/gif")]);
    expect(await message().textContent()).toBe("Не загруженоНе тот тип");
    expect(await page.locator("#add").evaluate((i: HTMLInputElement) => i.files?.length)).toBe(0);
    expect(posts).toEqual([]);
  });

  it("sends a good file in place: the region and the message come from the answer, the rest stays", async () => {
    await open(`<input id="typed" value="">${region(0)}`);
    await page.locator("#typed").fill("что-то набранное");
    answer = `<!doctype html><html><head><meta charset="utf-8"></head><body><input id="typed" value=""><p id="page-message" role="status" class="page-message success"><span>Готово</span><span>Изображение загружено</span></p>${region(1)}</body></html>`;
    await page.locator("#add").setInputFiles([file("a.png", "image/png")]);
    await expect.poll(() => page.locator("#count").textContent()).toBe("1");
    expect(posts).toHaveLength(1);
    expect(posts[0]).toContain('name="intent"');
    expect(posts[0]).toContain('filename="a.png"');
    expect(await message().textContent()).toBe("ГотовоИзображение загружено");
    expect(await page.locator("#typed").inputValue()).toBe("что-то набранное");
    expect(await page.locator("#add").evaluate((i) => document.activeElement === i)).toBe(true);
  });

  it("opens the answer as a page when it has no such region (signed out, the row gone)", async () => {
    await open(region(0));
    answer =
      '<!doctype html><html><head><meta charset="utf-8"></head><body><h1>Войдите</h1></body></html>';
    await page.locator("#add").setInputFiles([file("a.png", "image/png")]);
    // The answer's address is opened as a page (here the same address again).
    await expect.poll(() => opened).toBe(2);
    expect(posts).toHaveLength(1);
  });
});

describe("colours (COLORS_SCRIPT)", () => {
  const palette = JSON.stringify({
    черный: ["Черный", "Черный", "#111111"],
    black: ["Черный", "Черный", "#111111"],
    красный: ["Красный", "Красный", "#c8322f"],
  });
  const widget = `<form><div data-colors data-palette='${palette}' data-remove="Убрать «{color}»"><ul aria-label="Цвета" data-color-chips hidden></ul><template data-color-chip><li><span><span data-color-swatch></span><span data-color-name data-user-content></span></span><input type="hidden" name="colors" value=""><button type="button" data-color-remove></button></li></template><input id="draft" name="colors" data-color-draft><button type="button" data-color-add data-colors-js hidden>Добавить</button><ul><li><button type="button" data-color-suggest="Черный">Черный</button></li><li><button type="button" data-color-suggest="Красный">Красный</button></li></ul></div><button id="other" type="button">x</button></form>`;
  const chips = () =>
    page
      .locator("[data-color-chips] input")
      .evaluateAll((l) => l.map((i) => (i as HTMLInputElement).value));

  it("turns typed text into chips (commas, spaces, once each, palette names), and back", async () => {
    await open(widget);
    // Shown by the script (the server hides what needs it).
    expect(await page.getByRole("button", { name: "Добавить" }).isVisible()).toBe(true);
    await page.locator("#draft").fill(" красный , Красный,  , синий   морской");
    await page.locator("#draft").press("Enter");
    expect(await chips()).toEqual(["Красный", "синий морской"]);
    expect(await page.locator("#draft").inputValue()).toBe("");
    expect(await page.getByRole("button", { name: "Красный", exact: true }).isHidden()).toBe(true);
    // Leaving the box commits what is typed; a suggestion adds its colour and hides.
    await page.locator("#draft").fill("black");
    await page.locator("#other").focus();
    expect(await chips()).toEqual(["Красный", "синий морской", "Черный"]);
    expect(
      await page
        .locator("[data-color-swatch]")
        .nth(2)
        .evaluate((s) => (s as HTMLElement).style.backgroundColor),
    ).toBe("rgb(17, 17, 17)");
    expect(await page.getByRole("button", { name: "Черный", exact: true }).isHidden()).toBe(true);
    await page.getByRole("button", { name: "Убрать «Красный»" }).click();
    expect(await chips()).toEqual(["синий морской", "Черный"]);
    expect(await page.getByRole("button", { name: "Красный", exact: true }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Красный", exact: true }).click();
    expect(await chips()).toEqual(["синий морской", "Черный", "Красный"]);
  });
});

describe("form helpers (FORM_HELPERS_SCRIPT)", () => {
  it("counts ticked boxes, stops at a limit and keeps a button waiting for a text", async () => {
    await open(
      `<form><fieldset id="boxes" data-max-checked="2"><input type="checkbox" id="a"><input type="checkbox" id="b"><input type="checkbox" id="c"></fieldset><span data-count-of="boxes" data-labels='["ни одной","одна","две","три"]'>?</span><input id="name" value=""><button id="save" data-needs-text="name">Сохранить</button></form>`,
    );
    const count = page.locator("[data-count-of]");
    expect(await count.textContent()).toBe("ни одной");
    expect(await page.locator("#save").isDisabled()).toBe(true);
    await page.locator("#a").check();
    await page.locator("#b").check();
    expect(await count.textContent()).toBe("две");
    expect(await page.locator("#c").isDisabled()).toBe(true);
    await page.locator("#a").uncheck();
    expect(await page.locator("#c").isDisabled()).toBe(false);
    await page.locator("#name").fill("   ");
    expect(await page.locator("#save").isDisabled()).toBe(true);
    await page.locator("#name").fill("Имя");
    expect(await page.locator("#save").isDisabled()).toBe(false);
  });
});

describe("a form's city select (FORM_HELPERS_SCRIPT)", () => {
  it("takes its groups apart and follows its country, keeping the chosen city", async () => {
    await open(
      `<form><select id="country"><option value="">—</option><option value="kg" selected>KG</option><option value="kz">KZ</option></select><select id="city" data-follows="country" data-grouped><option value="" data-labels='["Сначала страну","Выберите город","Нет городов"]'>Выберите город</option><optgroup label="KZ"><option value="kz_1" data-parent="kz">Алматы</option></optgroup><optgroup label="KG"><option value="kg_1" data-parent="kg">Бишкек</option><option value="kg_2" data-parent="kg" selected>Ош</option></optgroup></select></form>`,
    );
    const city = page.locator("#city");
    expect(await city.locator("optgroup").count()).toBe(0);
    expect(await city.inputValue()).toBe("kg_2");
    expect(
      await city
        .locator("option")
        .evaluateAll((l) =>
          l.map(
            (o) => `${(o as HTMLOptionElement).value}${(o as HTMLOptionElement).hidden ? "-" : ""}`,
          ),
        ),
    ).toEqual(["", "kg_1", "kg_2", "kz_1-"]);
  });
});

describe("a picture whose answer is the page (IN_PLACE, region 'page')", () => {
  it("puts the answer's body and title in place of the page's", async () => {
    await open(
      `<header id="nav">без фото</header><div data-in-place-region="page" data-failed-title="Не загружено"><form method="post" action="/page" enctype="multipart/form-data" data-in-place><input id="add" type="file" name="image" data-upload-now ${CHECKS}></form></div>`,
    );
    answer = `<!doctype html><html><head><meta charset="utf-8"><title>Профиль</title></head><body><header id="nav">с фото</header>${MESSAGE.replace(" hidden", "").replace("></p>", ">Изображение загружено</p>")}</body></html>`;
    await page.locator("#add").setInputFiles([file("a.png", "image/png")]);
    await expect.poll(() => page.locator("#nav").textContent()).toBe("с фото");
    expect(await page.title()).toBe("Профиль");
    expect(await message().textContent()).toBe("Изображение загружено");
    expect(posts).toHaveLength(1);
    expect(opened).toBe(1);
  });
});
