// Issue 26, item 8: a factory with its own English name goes by it in English — in the letters
// it is sent (the greeting), in the header's account menu and on its dashboard; Russian pages
// and letters keep the original.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { sendNotificationEmails } from "~/features/notifications/mail-worker.server";
import { acceptQuote, submitQuote } from "~/features/quotes/quotes.server";
import { createTender } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import type { Mailer, MailMessage } from "~/platform/mail.server";
import { loader as rootLoader } from "~/root";
import { loader as dashboardLoader } from "~/routes/factory-dashboard";
import { testApp } from "../support/per-file";
import { inDays } from "../support/quote-forms";
import { testDatabaseKind } from "../support/test-db";

const app = testApp();
const sent: MailMessage[] = [];
const recorder: Mailer = {
  mode: "outbox",
  async send(message) {
    sent.push(message);
    return { messageId: String(sent.length) };
  },
  close() {},
};

describe(`the factory's English name in English (${testDatabaseKind()})`, () => {
  it("greets, names and shows the factory by its English name in English only", async () => {
    const factory = await app.signUp("factory", "Ташкент Трикотаж");
    await saveFactoryProfile(app.db, await app.userOf(factory), {
      name: "Ташкент Трикотаж",
      nameEn: "Tashkent Knit",
      country: "uz",
      categories: ["tops"],
    });
    const header = async (path: string) =>
      ((await app.get(rootLoader, path, { as: factory })).data as { user: { displayName: string } })
        .user.displayName;
    expect(await header("/en/factory-dashboard")).toBe("Tashkent Knit");
    expect(await header("/factory-dashboard")).toBe("Ташкент Трикотаж");
    const dashboard = await app.get(dashboardLoader, "/en/factory-dashboard", { as: factory });
    expect(dashboard.data).toMatchObject({ factory: { nameEn: "Tashkent Knit" } });

    // A letter to the factory in its language: English greets it by its English name.
    const buyer = await app.signUp("buyer", "Айгуль");
    const tender = await createTender(app.db, await app.userOf(buyer), {
      title: `Футболки ${randomUUID().slice(0, 6)}`,
    });
    const quote = await submitQuote(app.db, await app.userOf(factory), tender.id, {
      unitPrice: "5",
      currency: "USD",
      quantity: "500",
      leadTimeDays: "30",
      validUntil: inDays(30),
    });
    if (!quote.ok) throw new Error(`quote refused: ${JSON.stringify(quote)}`);
    const letterOnAward = async (locale: "ru" | "en") => {
      await app.db
        .update(schema.profiles)
        .set({ locale })
        .where(eq(schema.profiles.id, factory.id));
      sent.length = 0;
      await sendNotificationEmails({
        db: app.db,
        mailer: recorder,
        env: { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" },
      });
      return sent.find((mail) => mail.to === factory.email);
    };
    expect((await acceptQuote(app.db, await app.userOf(buyer), quote.value.id)).ok).toBe(true);
    const english = await letterOnAward("en");
    expect(english?.text).toMatch(/^Hello, Tashkent Knit!/);
    expect(english?.html).toContain("Hello, Tashkent Knit!");
    expect(english?.text).not.toContain("Ташкент");
  });

  it("keeps the original name in Russian letters", async () => {
    const factory = await app.signUp("factory", "Бухара Стиль");
    await saveFactoryProfile(app.db, await app.userOf(factory), {
      name: "Бухара Стиль",
      nameEn: "Bukhara Style",
      country: "uz",
      categories: ["tops"],
    });
    const buyer = await app.signUp("buyer", "Дина");
    const tender = await createTender(app.db, await app.userOf(buyer), { title: "Платья 300 шт" });
    const quote = await submitQuote(app.db, await app.userOf(factory), tender.id, {
      unitPrice: "7",
      currency: "USD",
      quantity: "300",
      leadTimeDays: "20",
      validUntil: inDays(20),
    });
    if (!quote.ok) throw new Error(`quote refused: ${JSON.stringify(quote)}`);
    expect((await acceptQuote(app.db, await app.userOf(buyer), quote.value.id)).ok).toBe(true);
    sent.length = 0;
    await sendNotificationEmails({
      db: app.db,
      mailer: recorder,
      env: { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" },
    });
    expect(sent.find((mail) => mail.to === factory.email)?.text).toMatch(
      /^Здравствуйте, Бухара Стиль!/,
    );
  });
});
