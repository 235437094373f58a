// The weekly letter of a saved search (app/features/saved/search-letters.server.ts) with a
// recording mailer: it names only the factories that joined since the last letter and match, comes
// once a week, is sent again after a failure (at least once, with the same Message-ID), stays away
// when switched off, and its unsubscribe link works without signing in.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { unsubscribeByToken } from "~/features/notifications/notifications.server";
import { saveSearch } from "~/features/saved/saved.server";
import { sendSavedSearchLetters } from "~/features/saved/search-letters.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import type { Mailer } from "~/platform/mail.server";
import { createDiskStorage } from "~/platform/storage.server";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { recordingMailer } from "../support/recording-mailer";

const database = testDatabase();
const storage = createDiskStorage(tempDir("fabricum-saved-letters-"));
const env = { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" };
const DAY = 24 * 60 * 60 * 1000;
const start = new Date("2026-06-01T09:00:00Z");
const at = (days: number) => new Date(start.getTime() + days * DAY);

let buyer: CurrentUser;
let searchId: string;

async function factoryJoined(name: string, when: Date, country = "uz", categories = ["knitwear"]) {
  const person = await insertPerson(database.db, "factory", name, {
    factory: { country, city: null, categories, createdAt: when },
  });
  return person.factoryId as string;
}

beforeAll(async () => {
  buyer = await insertPerson(database.db, "buyer", "Покупатель писем", {
    profile: { locale: "en" },
  });
  await factoryJoined("Old Knit", at(-30));
  const form = new FormData();
  form.set("query", "country=uz");
  const saved = await saveSearch({ db: database.db, storage, actor: buyer, locale: "en" }, form);
  if (!saved.ok) throw new Error("not saved");
  searchId = saved.value.id;
  await database.db
    .update(schema.savedSearches)
    .set({ notifiedUntil: start })
    .where(eq(schema.savedSearches.id, searchId));
});

describe("the weekly letter of a saved search", () => {
  it("names the new matching factories once a week, with an unsubscribe link", async () => {
    await factoryJoined("Tashkent Knit", at(2));
    await factoryJoined("Bishkek Sew", at(3), "kg");
    const { mailer, sent } = recordingMailer();
    // Before the week is over: nothing.
    expect(await sendSavedSearchLetters({ db: database.db, mailer, env }, at(6))).toBe(0);
    expect(await sendSavedSearchLetters({ db: database.db, mailer, env }, at(7))).toBe(1);
    expect(sent).toHaveLength(1);
    const letter = sent[0];
    expect(letter?.to).toBe(buyer.email);
    expect(letter?.subject).toBe("A new factory for your search Uzbekistan");
    expect(letter?.text).toContain("Tashkent Knit");
    expect(letter?.text).not.toContain("Bishkek Sew");
    expect(letter?.text).not.toContain("Old Knit");
    expect(letter?.headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/fabricum\.test\/en\/unsubscribe\/[A-Za-z0-9_-]{43}\?what=searches>$/,
    );
    // The same week again: nothing more.
    expect(await sendSavedSearchLetters({ db: database.db, mailer, env }, at(8))).toBe(0);
    // A week without news moves on without a letter.
    expect(await sendSavedSearchLetters({ db: database.db, mailer, env }, at(15))).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it("a failed letter is sent again later with the same Message-ID", async () => {
    await factoryJoined("Samarkand Silk", at(16));
    const ids: string[] = [];
    let fail = true;
    const flaky: Mailer = {
      mode: "outbox",
      async send(message) {
        ids.push(message.messageId ?? "");
        if (fail) throw new Error("SMTP away");
        return { messageId: "1" };
      },
      close() {},
    };
    expect(await sendSavedSearchLetters({ db: database.db, mailer: flaky, env }, at(23))).toBe(0);
    fail = false;
    // Within the retry hour the search stays leased; after it the letter goes.
    expect(await sendSavedSearchLetters({ db: database.db, mailer: flaky, env }, at(23))).toBe(0);
    const later = new Date(at(23).getTime() + 2 * 60 * 60 * 1000);
    expect(await sendSavedSearchLetters({ db: database.db, mailer: flaky, env }, later)).toBe(1);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it("the unsubscribe link turns the letters off without signing in", async () => {
    const [settings] = await database.db
      .select({ token: schema.notificationSettings.unsubscribeToken })
      .from(schema.notificationSettings)
      .where(eq(schema.notificationSettings.userId, buyer.id));
    const outcome = await unsubscribeByToken(
      { db: database.db },
      { token: settings?.token, what: "searches" },
    );
    expect(outcome.ok).toBe(true);
    const [row] = await database.db
      .select()
      .from(schema.savedSearches)
      .where(eq(schema.savedSearches.id, searchId));
    expect(row?.letters).toBe(false);
    // The other emails stay as they were.
    expect(outcome.ok && outcome.value.emailEvents).toBe(true);
    await factoryJoined("Fergana Cotton", at(40));
    const { mailer, sent } = recordingMailer();
    expect(await sendSavedSearchLetters({ db: database.db, mailer, env }, at(60))).toBe(0);
    expect(sent).toHaveLength(0);
  });
});
