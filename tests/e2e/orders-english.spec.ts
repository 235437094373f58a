import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import {
  aBuyerAndAFactory,
  acceptQuote,
  colorPng,
  expectNotified,
  type Person,
  pdfFile,
  placeTender,
  russianWordsInMain,
  screenshotsWhen,
  stepForm,
  toasts,
  waitForMail,
} from "./helpers";

// The order journey of orders.spec.ts (issue 30, decisions 032 and 033) done by English-speaking
// people: a buyer and a factory who registered on the English pages, so that their interface and
// letters are English. The buyer accepts the quote; the factory sends a sample, the buyer sends it
// back with a comment, the factory sends it again, the buyer approves; production, the quality
// check with its PDF report, shipping, delivery; the buyer reviews the order, the factory replies,
// and the factory's English page shows both. Each step reaches the other side as an English
// notification and an English letter that leads to the English order page, and the pages show no
// Russian. The steps orders.spec.ts does without JavaScript are done here with it.
// Screenshots for looking at: ORDERS_ENGLISH_SCREENSHOTS=1 (/tmp/wt-orders-en-*.png).

const screenshots = screenshotsWhen("ORDERS_ENGLISH_SCREENSHOTS", "orders-en");
const stamp = Date.now().toString(36);
const title = `Polo shirts ${stamp}`;
const people = aBuyerAndAFactory("Emma Clarke", `Thames Stitch ${stamp}`, "en");
const CYRILLIC = /[\u0400-\u04FF]/;

/** The main content of the page has no Russian word (people's own words are English here too). */
async function expectNoRussian(page: Page) {
  expect(await russianWordsInMain(page), page.url()).toEqual([]);
}

test.describe("an order in English from the award to the review", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  /** The English order page, /en/orders/{id}. */
  let orderPath = "";

  /**
   * `person` is told of a step: the newest notification on their English notifications page, and
   * an English letter whose link leads to `leadsTo` (the English order page).
   */
  async function expectTold(
    person: Person,
    notification: string,
    subject: string,
    leadsTo = orderPath,
  ) {
    await expectNotified(person.page, notification, "en");
    await expectNoRussian(person.page);
    const letter = await waitForMail(person.account.email, new RegExp(`^${subject}`));
    expect(letter.link).toContain(leadsTo);
    expect(letter.text).toContain(leadsTo);
    expect(letter.text).not.toMatch(CYRILLIC);
    expect(letter.html).toContain('<html lang="en">');
  }

  test("the buyer accepts a quote and both sides find the order under 'Orders'", async () => {
    const { buyer, factory } = people;
    const b = buyer.page;
    const f = factory.page;
    const tenderId = await placeTender(b, { title, quantity: "800" }, "en");
    await f.goto(`/en/tenders/${tenderId}/quote`);
    await f.getByLabel("Price per unit", { exact: true }).fill("6.40");
    await f.getByLabel("Quantity you can make, pcs", { exact: true }).fill("800");
    await f.getByLabel("Lead time, days", { exact: true }).fill("25");
    await f.getByLabel("We can make a sample").check();
    await f.getByLabel("Sample lead time, days").fill("5");
    await f.getByRole("button", { name: "Send quote" }).click();
    await expect(toasts(f).getByText("Quote sent")).toBeVisible();

    await b.goto(`/en/my-tenders/${tenderId}`);
    await acceptQuote(
      b,
      b.getByRole("link", { name: `Accept the quote from ${factory.account.name}` }),
      "en",
    );
    await expect(
      toasts(b).getByText("Quote accepted — the tender is awarded to the factory"),
    ).toBeVisible();

    await b.getByRole("link", { name: "Orders", exact: true }).first().click();
    await expect(b).toHaveURL(/\/en\/orders$/);
    const row = b.getByRole("listitem").filter({ hasText: title });
    await expect(row).toContainText("Send a sample");
    await expect(row).toContainText("Factory's step");
    await expect(row).toContainText(factory.account.name);
    await expectNoRussian(b);
    await row.getByRole("link", { name: `Open the order “${title}”` }).click();
    await expect(b).toHaveURL(/\/en\/orders\/[0-9a-f-]{36}$/);
    orderPath = new URL(b.url()).pathname;
    await expect(b.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(b.getByText("The terms were copied from the accepted quote")).toBeVisible();
    await expect(b.getByTestId("order-next")).toHaveText("Send a sample");
    await expect(stepForm(b, "Send a sample")).toHaveCount(0);
    await expect(stepForm(b, "Cancel the order")).toBeVisible();
    await expectNoRussian(b);
    // The quote's conversation and the order lead to each other, in English.
    await b.getByRole("link", { name: "Open the conversation" }).click();
    await expect(b).toHaveURL(/\/en\/quotes\/[0-9a-f-]{36}/);
    await b.getByRole("link", { name: "Open the order for this quote" }).click();
    await expect(b).toHaveURL(new RegExp(`${orderPath}$`));
    await expectAccessible(b, "an English order's page with its forms");
    await screenshots(b, "order-new");

    await expectTold(
      factory,
      `Your quote for “${title}” was accepted`,
      `Your quote was accepted: "${title}"`,
      "/en/quotes/",
    );
    await f.goto("/en/orders");
    await expect(f.getByRole("listitem").filter({ hasText: title })).toContainText("Your step");
  });

  test("sample sent with a photo, sent back with a comment, sent again, approved", async () => {
    const { buyer, factory } = people;
    const f = factory.page;
    const b = buyer.page;
    await f.goto(orderPath);
    let form = stepForm(f, "Send a sample");
    await form.getByLabel("Tracking number").fill("EMS 123 456");
    await form
      .getByLabel("Photos and documents")
      .setInputFiles(await colorPng("sample.png", "#2e86c1"));
    await form.getByRole("button", { name: "Sample sent" }).click();
    await expect(toasts(f).getByText("Sample marked as sent")).toBeVisible();
    await expect(f.getByTestId("order-next")).toHaveText("Approve the sample or send it back");
    await expectTold(
      buyer,
      `${factory.account.name} sent a sample for the order “${title}”`,
      `Sample sent: "${title}"`,
    );

    await b.goto(orderPath);
    await expect(b.getByTestId("order-history")).toContainText("EMS 123 456");
    await expect(
      b.getByTestId("order-history").getByRole("img", { name: "sample.png" }),
    ).toBeVisible();
    form = stepForm(b, "Send back for rework");
    await form.getByRole("button", { name: "Send back for rework" }).click();
    await expect(form.getByText("Say what to fix in the sample")).toBeVisible();
    await form.getByLabel("Comment").fill("The collar is crooked: please redo the placket.");
    await form.getByRole("button", { name: "Send back for rework" }).click();
    await expect(toasts(b).getByText("Sample sent back for rework")).toBeVisible();
    await expect(b.getByTestId("order-next")).toHaveText("Send a sample");
    await expectNoRussian(b);
    await screenshots(b, "order-returned");
    await expectTold(
      factory,
      `${buyer.account.name} sent the sample back for rework on the order “${title}”`,
      `Sample sent back: "${title}"`,
    );

    await f.goto(orderPath);
    await expect(f.getByTestId("order-history")).toContainText("The collar is crooked");
    await expect(f.getByTestId("order-history")).toContainText("Sample sent back for rework");
    await stepForm(f, "Send a sample").getByRole("button", { name: "Sample sent" }).click();
    await expect(toasts(f).getByText("Sample marked as sent")).toBeVisible();

    await b.goto(orderPath);
    await stepForm(b, "The sample is right")
      .getByRole("button", { name: "Approve the sample" })
      .click();
    await expect(toasts(b).getByText("Sample approved")).toBeVisible();
    await expect(b.getByTestId("order-next")).toHaveText("Start production");
    await expectTold(
      factory,
      `${buyer.account.name} approved the sample for the order “${title}”`,
      `Sample approved: "${title}"`,
    );
  });

  test("production, the quality check with its PDF report, shipping", async () => {
    const { buyer, factory } = people;
    const f = factory.page;
    const b = buyer.page;
    await f.goto(orderPath);
    await stepForm(f, "Production").getByRole("button", { name: "Production started" }).click();
    await expect(toasts(f).getByText("Production started")).toBeVisible();
    await expect(f.getByTestId("order-next")).toHaveText("Pass the quality check");
    await expectTold(
      buyer,
      `${factory.account.name} started production of the order “${title}”`,
      `Production started: "${title}"`,
    );

    await f.goto(orderPath);
    let form = stepForm(f, "Quality check");
    await form.getByRole("button", { name: "Quality check passed" }).click();
    await expect(
      form.getByText("Attach the inspection report as a PDF", { exact: true }),
    ).toBeVisible();
    await form
      .getByLabel("Inspection report (PDF) and photos")
      .setInputFiles(pdfFile("inspection.pdf"));
    await form.getByRole("button", { name: "Quality check passed" }).click();
    await expect(toasts(f).getByText("Quality check passed")).toBeVisible();
    await expect(f.getByRole("link", { name: "Download inspection.pdf" })).toBeVisible();
    await expectTold(
      buyer,
      `${factory.account.name}: the order “${title}” passed the quality check`,
      `Quality check passed: "${title}"`,
    );

    await f.goto(orderPath);
    form = stepForm(f, "Shipping");
    await form.getByLabel("Carrier").fill("DHL Express");
    await form.getByLabel("Tracking number").fill("JD0146 0000 1234");
    await form.getByLabel("Photos and documents").setInputFiles(pdfFile("invoice.pdf"));
    await form.getByRole("button", { name: "Shipped" }).click();
    await expect(toasts(f).getByText("Shipment recorded")).toBeVisible();
    await expect(stepForm(f, "Cancel the order")).toHaveCount(0);
    await expectNoRussian(f);
    await screenshots(f, "order-shipped");
    await expectTold(
      buyer,
      `${factory.account.name} shipped the order “${title}”`,
      `Shipped: "${title}"`,
    );

    await b.goto(orderPath);
    await expect(b.getByTestId("order-history")).toContainText("DHL Express");
    const download = b.waitForEvent("download");
    await b.getByRole("link", { name: "Download inspection.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("inspection.pdf");
  });

  test("the buyer confirms delivery; the lists group the order as delivered", async () => {
    const { buyer, factory } = people;
    const b = buyer.page;
    await b.goto(orderPath);
    await stepForm(b, "Delivery").getByRole("button", { name: "Confirm delivery" }).click();
    await expect(toasts(b).getByText("Delivery confirmed")).toBeVisible();
    await expect(b.getByTestId("order-state")).toHaveText("Delivered");
    await expect(b.getByRole("form", { name: "Rate the factory" })).toBeVisible();
    await expectNoRussian(b);
    await expectTold(
      factory,
      `${buyer.account.name} confirmed delivery of the order “${title}”`,
      `Delivered: "${title}"`,
    );

    await b.goto("/en/orders?state=delivered");
    await expect(b.getByRole("listitem").filter({ hasText: title })).toContainText(
      "Order complete",
    );
    await expectNoRussian(b);
    await screenshots(b, "list-delivered");
  });

  test("the buyer reviews the order, the factory replies once; each is told", async () => {
    const { buyer, factory } = people;
    const b = buyer.page;
    await b.goto(orderPath);
    const review = b.getByRole("form", { name: "Rate the factory" });
    await review.getByRole("group", { name: "Quality" }).getByLabel("5 — excellent").check();
    await review.getByRole("group", { name: "Communication" }).getByLabel("4 — good").check();
    await review.getByRole("group", { name: "On time" }).getByLabel("5 — excellent").check();
    await review.getByRole("button", { name: "Publish review" }).click();
    await expect(review.getByText("Write your review")).toBeVisible();
    await review
      .getByLabel("Your review: what went well and what didn't")
      .fill("Neatly sewn polo shirts, and the sample was fixed quickly. Recommended.");
    await review.getByRole("button", { name: "Publish review" }).click();
    await expect(toasts(b).getByText("Thank you! Your review is published")).toBeVisible();
    await expect(b.getByRole("form", { name: "Rate the factory" })).toHaveCount(0);
    await expect(b.getByTestId("review")).toContainText("verified order");
    await expectTold(
      factory,
      `${buyer.account.name} reviewed the order “${title}”`,
      `New review of the order "${title}"`,
    );

    const f = factory.page;
    await f.goto(orderPath);
    const reply = f.getByRole("form", { name: "Reply to the review" });
    await reply.getByLabel("Your reply").fill("Thank you! We look forward to the next order.");
    await reply.getByRole("button", { name: "Publish reply" }).click();
    await expect(toasts(f).getByText("Reply published")).toBeVisible();
    await expect(f.getByRole("form", { name: "Reply to the review" })).toHaveCount(0);
    await expect(f.getByTestId("review-answer")).toContainText("We look forward");
    await expectNoRussian(f);
    await screenshots(f, "order-reviewed");
    await expectTold(
      buyer,
      `${factory.account.name} replied to your review of the order “${title}”`,
      `The factory replied to your review: "${title}"`,
    );
  });

  test("the factory's English page shows the review and the reply", async ({ page }) => {
    const b = people.buyer.page;
    await b.goto(orderPath);
    await b.getByRole("link", { name: "Reviews on the factory's page" }).click();
    await expect(b).toHaveURL(/\/en\/factory\/[0-9a-f-]{36}#factory-reviews$/);
    const factoryPath = new URL(b.url()).pathname;
    // As a visitor.
    await page.goto(factoryPath);
    const section = page.getByRole("region", { name: "Reviews" });
    await expect(section.getByTestId("reputation")).toContainText("4.7");
    await expect(section.getByTestId("reputation")).toContainText("1 review");
    await expect(section.getByTestId("reputation")).toContainText("100% (1 of 1)");
    const review = section.getByTestId("review");
    await expect(review).toContainText("verified order");
    await expect(review).toContainText("Neatly sewn polo shirts");
    await expect(review.getByTestId("review-answer")).toContainText("We look forward");
    await expectNoRussian(page);
    await screenshots(page, "factory-reviews");
  });
});
