// Tenders against a real database and real images (sharp): ownership between two buyers (update,
// close, reopen, delete and photo changes with real ids change nothing), the public list's
// filters (inclusive quantity bounds, case-insensitive city, min > max), contacts hidden from
// visitors, the form's rules and messages, and the photo limit.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_TENDER_PHOTOS } from "~/domain/limits";
import { m } from "~/domain/messages";
import { normalizeTenderFilters, tendersHref } from "~/domain/tender-filters";
import { photoProblem, tenderSchema } from "~/features/tenders/schema";
import { placeTender } from "~/features/tenders/tender-actions.server";
import {
  addTenderPhotos,
  cityIdsMatching,
  createTender,
  deleteTender,
  findActiveTender,
  getOwnTender,
  listActiveTenders,
  listOwnTenders,
  removeTenderPhoto,
  setTenderStatus,
  storeTenderPhotos,
  updateTender,
} from "~/features/tenders/tenders.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { createDiskStorage } from "~/platform/storage.server";
import type { UserType } from "~db/schema";
import { png, storedImage, uploadedFile } from "../support/images";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const t = m.tenders;

const database = testDatabase();
const uploads = tempDir("fabricum-tenders-");
const storage = createDiskStorage(uploads);

const person = (userType: UserType, name = "Покупатель") =>
  insertPerson(database.db, userType, name);

const upload = (color?: string) => storedImage(storage, "tenders", color);
const fileOf = (url: string) => uploadedFile(uploads, url);

async function stored(id: string) {
  const [row] = await database.db.select().from(schema.tenders).where(eq(schema.tenders.id, id));
  return row;
}

/** The placing form with these fields (and files as `photos`). */
function tenderFormOf(fields: Record<string, string>, photos: readonly File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const photo of photos) form.append("photos", photo);
  return form;
}

/** The field errors placeTender refused the form with; fails the test when it did not refuse so. */
async function validationErrors(
  actor: CurrentUser,
  fields: Record<string, string>,
  photos: readonly File[] = [],
): Promise<Record<string, readonly string[]>> {
  const placed = await placeTender(
    { db: database.db, storage, actor, locale: "ru" },
    { form: tenderFormOf(fields, photos), limited: false },
  );
  expect(placed).toMatchObject({ ok: false, problem: "invalid", kind: "invalid" });
  return placed.ok ? {} : (placed.fieldErrors ?? {});
}

const filters = (input: Parameters<typeof normalizeTenderFilters>[0] = {}) =>
  normalizeTenderFilters(input);

describe(`ownership between two buyers (${testDatabaseKind()})`, () => {
  let alice: CurrentUser;
  let bob: CurrentUser;
  let tenderId: string;
  let photos: string[];

  beforeAll(async () => {
    alice = await person("buyer", "Алиса");
    bob = await person("buyer", "Боб");
    photos = [await upload("#c8322f"), await upload("#2e8a57")];
    const tender = await createTender(
      database.db,
      alice,
      {
        title: "  Пошив худи  ",
        category: "unisex",
        quantity: "300",
        country: "kg",
        city: "kg_1",
        phone: "+996 555 12-34-56",
        whatsapp: "https://wa.me/996555123456",
        telegram: "@alice_buyer",
        budget: "4500,50",
      },
      photos,
    );
    tenderId = tender.id;
    expect(tender).toMatchObject({
      title: "Пошив худи",
      status: "active",
      quantity: 300,
      city: "kg_1",
      budget: 4500.5,
      currency: "USD",
      photos,
      contacts: {
        phone: "+996555123456",
        whatsapp: "+996555123456",
        telegram: "https://t.me/alice_buyer",
      },
    });
  });

  it("another buyer's update, close, reopen and delete with the real id change nothing", async () => {
    const before = await stored(tenderId);
    expect(await updateTender(database.db, bob, tenderId, { title: "Захвачено" })).toEqual({
      ok: false,
      problem: "not-found",
    });
    expect(await setTenderStatus(database.db, bob, tenderId, "closed")).toBeNull();
    expect(await setTenderStatus(database.db, bob, tenderId, "active")).toBeNull();
    expect(await deleteTender(database.db, bob, tenderId)).toBeNull();
    expect(await stored(tenderId)).toEqual(before);
  });

  it("another buyer cannot remove or add photos", async () => {
    expect(await removeTenderPhoto(database.db, bob, tenderId, photos[0])).toBeNull();
    const extra = await upload();
    expect(await addTenderPhotos(database.db, bob, tenderId, extra)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await stored(tenderId))?.photos).toEqual(photos);
    for (const url of photos) expect(existsSync(fileOf(url))).toBe(true);
  });

  it("another buyer does not see it among own tenders nor opens it for editing", async () => {
    expect((await listOwnTenders(database.db, bob)).items).toEqual([]);
    expect(await getOwnTender(database.db, bob, tenderId)).toBeNull();
    expect(await getOwnTender(database.db, alice, tenderId)).toMatchObject({ id: tenderId });
  });

  it("malformed and unknown ids change nothing", async () => {
    for (const id of ["", "1", "' or 1=1 --", randomUUID()]) {
      expect(await updateTender(database.db, alice, id, { title: "X" })).toMatchObject({
        ok: false,
      });
      expect(await setTenderStatus(database.db, alice, id, "closed")).toBeNull();
      expect(await deleteTender(database.db, alice, id)).toBeNull();
      expect(await removeTenderPhoto(database.db, alice, id, photos[0])).toBeNull();
    }
    expect((await stored(tenderId))?.status).toBe("active");
  });

  it("the owner edits, closes (gone from /tenders), reopens, removes a photo and deletes", async () => {
    const updated = await updateTender(database.db, alice, tenderId, {
      title: "Пошив худи оверсайз",
      quantity: "350",
      budget: "5000",
      currency: "EUR",
      description: "   ",
    });
    expect(updated.ok && updated.tender).toMatchObject({
      title: "Пошив худи оверсайз",
      quantity: 350,
      budget: 5000,
      currency: "EUR",
      description: null,
      // Fields not sent are cleared: the form always sends them all.
      category: null,
      photos,
    });

    expect(await setTenderStatus(database.db, alice, tenderId, "closed")).toMatchObject({
      status: "closed",
    });
    expect(await findActiveTender(database.db, null, tenderId)).toBeNull();
    let list = await listActiveTenders(database.db, null, filters());
    expect(list.items.map((x) => x.id)).not.toContain(tenderId);
    expect((await listOwnTenders(database.db, alice)).items.map((x) => x.status)).toEqual([
      "closed",
    ]);

    await setTenderStatus(database.db, alice, tenderId, "active");
    list = await listActiveTenders(database.db, null, filters());
    expect(list.items.map((x) => x.id)).toContain(tenderId);

    expect(await removeTenderPhoto(database.db, alice, tenderId, photos[0])).toBe(photos[0]);
    expect(await removeTenderPhoto(database.db, alice, tenderId, photos[0])).toBeNull();
    expect(await deleteTender(database.db, alice, tenderId)).toEqual({
      outcome: "deleted",
      files: [photos[1]],
    });
    expect(await stored(tenderId)).toBeUndefined();
  });
});

describe("the public list", () => {
  let owner: CurrentUser;
  let factory: CurrentUser;
  const ids: Record<string, string> = {};
  const mark = `Z${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    owner = await person("buyer");
    factory = await person("factory", "Фабрика");
    const make = async (key: string, input: Record<string, unknown>) => {
      const tender = await createTender(database.db, owner, { title: `${mark} ${key}`, ...input });
      ids[key] = tender.id;
    };
    await make("q100-bishkek", { quantity: 100, country: "kg", city: "kg_1", category: "men" });
    await make("q200-almaty", {
      quantity: 200,
      country: "kz",
      city: "kz_1",
      category: "women",
      phone: "+7 701 987 65 43",
    });
    await make("q300-free-city", { quantity: 300, country: "kz", category: "kids" });
    // A free city label stored by older data.
    await database.db
      .update(schema.tenders)
      .set({ city: "Шымкент-Юг" })
      .where(eq(schema.tenders.id, ids["q300-free-city"] as string));
    await make("closed", { quantity: 150, country: "kg", city: "kg_1" });
    await setTenderStatus(database.db, owner, ids.closed, "closed");
  });

  const found = async (input: Parameters<typeof normalizeTenderFilters>[0]) => {
    const list = await listActiveTenders(database.db, factory, filters(input));
    return list.items
      .filter((x) => x.title.startsWith(mark))
      .map((x) => x.title.slice(mark.length + 1));
  };

  it("shows active tenders newest first, never closed ones", async () => {
    expect(await found({})).toEqual(["q300-free-city", "q200-almaty", "q100-bishkek"]);
  });

  it("filters by gender and country", async () => {
    expect(await found({ gender: "women" })).toEqual(["q200-almaty"]);
    // A link made before genders had keys still filters.
    expect(await found({ gender: "Женский" })).toEqual(["q200-almaty"]);
    expect(await found({ country: "KZ" })).toEqual(["q300-free-city", "q200-almaty"]);
    expect(await found({ gender: "men", country: "kz" })).toEqual([]);
  });

  it("matches the city text in any letter case, for reference ids and free labels", async () => {
    const almaty = cityIdsMatching("алматы");
    expect(almaty).toEqual(["kz_1"]);
    expect(await found({ city: "АЛМАТЫ" })).toEqual(["q200-almaty"]);
    expect(await found({ city: "бишк" })).toEqual(["q100-bishkek"]);
    expect(await found({ city: "шымкент-юг" })).toEqual(["q300-free-city"]);
    // A stored id is not matched as text; wildcards are literal.
    expect(await found({ city: "kg_1" })).toEqual([]);
    expect(await found({ city: "%" })).toEqual([]);
  });

  it("keeps both quantity bounds inclusive", async () => {
    expect(await found({ minQuantity: "200" })).toEqual(["q300-free-city", "q200-almaty"]);
    expect(await found({ maxQuantity: "200" })).toEqual(["q200-almaty", "q100-bishkek"]);
    expect(await found({ minQuantity: 200, maxQuantity: 200 })).toEqual(["q200-almaty"]);
    expect(await found({ minQuantity: "100", maxQuantity: "300" })).toHaveLength(3);
  });

  it("answers min > max with its own problem instead of an empty list by accident", async () => {
    const list = await listActiveTenders(
      database.db,
      null,
      filters({ minQuantity: "500", maxQuantity: "10" }),
    );
    // The page says it in words ('Минимальное количество не может быть больше максимального').
    expect(list.error).toBe("quantity-range");
    expect(list.items).toEqual([]);
  });

  it("reads URL filters leniently and writes them back in one order", () => {
    expect(
      filters({ gender: "men", country: "xx", city: "  Ош ", minQuantity: "abc", page: "2" }),
    ).toEqual({
      gender: "men",
      country: null,
      city: "Ош",
      minQuantity: null,
      maxQuantity: null,
      page: 2,
    });
    expect(tendersHref(filters({ maxQuantity: "5", gender: "унисекс", page: "1" }))).toBe(
      "/tenders?gender=unisex&maxQuantity=5",
    );
  });

  it("gives contacts to signed-in viewers only", async () => {
    const forVisitor = await listActiveTenders(database.db, null, filters({ city: "алматы" }));
    expect(forVisitor.items[0]?.contacts).toBeNull();
    expect(JSON.stringify(forVisitor)).not.toContain("9876543");
    expect((await findActiveTender(database.db, null, ids["q200-almaty"]))?.contacts).toBeNull();
    const forFactory = await findActiveTender(database.db, factory, ids["q200-almaty"]);
    expect(forFactory?.contacts).toEqual({
      phone: "+77019876543",
      whatsapp: null,
      telegram: null,
    });
  });
});

describe("the form's rules", () => {
  it("requires a trimmed title with SPEC's message", async () => {
    const buyer = await person("buyer");
    expect(await validationErrors(buyer, { title: "   " })).toEqual({
      title: ["Заголовок обязателен для заполнения"],
    });
  });

  it("checks quantity, gender, country and city, budget and contacts", async () => {
    const buyer = await person("buyer");
    const errors = await validationErrors(buyer, {
      title: "Т",
      quantity: "0",
      category: "мужское",
      budget: "-5",
      phone: "abc",
      telegram: "@x",
    });
    expect(errors.quantity).toEqual([t.quantityMin]);
    expect(errors.category).toEqual([t.genderInvalid]);
    expect(errors.budget).toEqual([t.budgetInvalid]);
    expect(errors.phone).toBeDefined();
    expect(errors.telegram).toBeDefined();
    expect((await validationErrors(buyer, { title: "Т", quantity: "1.5" })).quantity).toEqual([
      t.quantityInvalid,
    ]);
    // The city must be one of the chosen country's (checked once the other fields are valid).
    expect(await validationErrors(buyer, { title: "Т", country: "kg", city: "kz_1" })).toEqual({
      city: [t.cityInvalid],
    });
    expect((await validationErrors(buyer, { title: "Т", country: "xx" })).country).toEqual([
      t.countryInvalid,
    ]);
  });

  it("trims text, stores empty as null and keeps the currency only with a budget", async () => {
    const buyer = await person("buyer");
    const tender = await createTender(database.db, buyer, {
      title: " Футболки ",
      description: "  ",
      requirements: " ГОСТ ",
      currency: "EUR",
    });
    expect(tender).toMatchObject({
      title: "Футболки",
      description: null,
      requirements: "ГОСТ",
      budget: null,
      currency: null,
      quantity: null,
      status: "active",
    });
  });

  it("gives SPEC's photo messages for a big file and a wrong type, in the browser and on the server", async () => {
    expect(photoProblem({ size: 6 * 1024 * 1024, type: "image/png" }, "ru")).toBe(
      "Размер файла должен быть менее 5MB",
    );
    expect(photoProblem({ size: 100, type: "image/gif" }, "ru")).toBe(
      "Поддерживаются только файлы JPG, PNG и WebP",
    );
    const form = new FormData();
    form.set("title", "Т");
    form.append(
      "photos",
      new File([new Uint8Array(6 * 1024 * 1024)], "big.png", { type: "image/png" }),
    );
    form.append("photos", new File(["text"], "note.txt", { type: "text/plain" }));
    const submission = parseWithZod(form, { schema: tenderSchema("ru") });
    expect(submission.status).toBe("error");
    const photoErrors = Object.entries(
      submission.status === "error" ? (submission.error ?? {}) : {},
    )
      .filter(([key]) => key.startsWith("photos"))
      .flatMap(([, messages]) => messages ?? []);
    expect(photoErrors).toEqual(
      expect.arrayContaining([
        "Размер файла должен быть менее 5MB",
        "Поддерживаются только файлы JPG, PNG и WebP",
      ]),
    );

    // The content decides on the server: a text file named .png is refused, nothing is kept.
    const good = new File([new Uint8Array(await png("#000"))], "ok.png", { type: "image/png" });
    const fake = new File(["not an image"], "fake.png", { type: "image/png" });
    const result = await storeTenderPhotos(storage, [good, fake], "ru");
    expect(result).toEqual({
      ok: false,
      errors: ["fake.png: Поддерживаются только файлы JPG, PNG и WebP"],
    });
  });

  it("allows at most 5 photos, also when added later", async () => {
    const buyer = await person("buyer");
    const six = await Promise.all(Array.from({ length: 6 }, () => upload()));
    const sixFiles = await Promise.all(
      Array.from(
        { length: 6 },
        async (_, i) =>
          new File([new Uint8Array(await png("#000"))], `${i}.png`, { type: "image/png" }),
      ),
    );
    expect(await validationErrors(buyer, { title: "Т" }, sixFiles)).toEqual({
      photos: [t.photosTooMany(MAX_TENDER_PHOTOS)],
    });
    // Callers without a form cannot pass the limit either.
    await expect(createTender(database.db, buyer, { title: "Т" }, six)).rejects.toThrow(
      /at most 5 photos/,
    );
    const tender = await createTender(database.db, buyer, { title: "Т" }, six.slice(0, 4));
    expect(await addTenderPhotos(database.db, buyer, tender.id, six.slice(4))).toEqual({
      ok: false,
      reason: "too-many",
    });
    const added = await addTenderPhotos(database.db, buyer, tender.id, six[4] as string);
    expect(added).toEqual({ ok: true, photos: six.slice(0, 5) });
    expect(await addTenderPhotos(database.db, buyer, tender.id, six[5] as string)).toEqual({
      ok: false,
      reason: "too-many",
    });
    // Only our own tender uploads may be attached.
    await expect(
      createTender(database.db, buyer, { title: "Т" }, ["https://evil.example/x.webp"]),
    ).rejects.toThrow(/not a tender photo/);
  });
});

describe(`tender genders stored before they had keys (${testDatabaseKind()})`, () => {
  it("migration 0004 turns the Russian words into keys and leaves the rest alone", async () => {
    const owner = await person("buyer");
    const rows = { мужской: "men", женский: "women", детский: "kids", унисекс: "unisex" };
    const made: Record<string, string> = {};
    for (const word of [...Object.keys(rows), "something else"]) {
      const tender = await createTender(database.db, owner, { title: `Старый ${word}` });
      await database.db
        .update(schema.tenders)
        .set({ category: word })
        .where(eq(schema.tenders.id, tender.id));
      made[word] = tender.id;
    }
    const migration = readFileSync(
      path.join(process.cwd(), "db/migrations/0004_tender_gender_keys.sql"),
      "utf8",
    );
    await database.db.execute(sql.raw(migration));
    for (const [word, id] of Object.entries(made)) {
      const [row] = await database.db
        .select({ category: schema.tenders.category })
        .from(schema.tenders)
        .where(eq(schema.tenders.id, id));
      expect(row?.category, word).toBe(rows[word as keyof typeof rows] ?? word);
    }
  });
});

describe(`an awarded tender (${testDatabaseKind()})`, () => {
  /** A buyer's tender with a photo, quoted by two factories; `awarded`: the first one won. */
  async function quotedTender(awarded: boolean) {
    const buyer = await person("buyer");
    const winner = await insertPerson(database.db, "factory", "Победитель", { factory: {} });
    const rival = await insertPerson(database.db, "factory", "Соперник", { factory: {} });
    const photo = await upload();
    const tender = await createTender(
      database.db,
      buyer,
      { title: "Пошив курток", quantity: "2000" },
      [photo],
    );
    const quoteOf = async (
      factory: typeof winner,
      status: "accepted" | "submitted" | "declined",
    ) => {
      const [quote] = await database.db
        .insert(schema.quotes)
        .values({
          tenderId: tender.id,
          factoryId: factory.factoryId as string,
          userId: factory.id,
          unitPrice: 10,
          currency: "USD",
          quantity: 2000,
          leadTimeDays: 30,
          validUntil: new Date(Date.now() + 86_400_000),
          attachments: [
            { url: `attachments/${randomUUID()}.pdf`, name: "offer.pdf", kind: "pdf", size: 10 },
          ],
          status,
        })
        .returning({ id: schema.quotes.id });
      await database.db
        .insert(schema.quoteMessages)
        .values({ quoteId: quote?.id as string, senderId: buyer.id, body: "Здравствуйте" });
      await database.db.insert(schema.notifications).values({
        userId: factory.id,
        actorId: buyer.id,
        kind: "message-received",
        tenderId: tender.id,
        quoteId: quote?.id,
        tenderTitle: tender.title,
      });
      return quote?.id as string;
    };
    const winnerQuote = await quoteOf(winner, awarded ? "accepted" : "submitted");
    const rivalQuote = await quoteOf(rival, awarded ? "declined" : "submitted");
    if (awarded) {
      await database.db
        .update(schema.tenders)
        .set({ status: "awarded" })
        .where(eq(schema.tenders.id, tender.id));
    }
    return { buyer, winner, rival, tender, photo, winnerQuote, rivalQuote };
  }

  const noticesOf = (userId: string) =>
    database.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));

  it("keeps its terms: edits and photo changes are refused, nothing changes", async () => {
    const { buyer, tender, photo } = await quotedTender(true);
    const before = await stored(tender.id);
    expect(
      await updateTender(database.db, buyer, tender.id, {
        title: "Пошив курток",
        quantity: "5000",
      }),
    ).toEqual({ ok: false, problem: "locked" });
    expect(await addTenderPhotos(database.db, buyer, tender.id, await upload())).toMatchObject({
      ok: false,
    });
    expect(await removeTenderPhoto(database.db, buyer, tender.id, photo)).toBeNull();
    expect(await stored(tender.id)).toEqual(before);
  });

  it("is archived, not deleted: the winner keeps its quote, conversation and notifications", async () => {
    const { buyer, winner, tender, winnerQuote, rivalQuote } = await quotedTender(true);
    expect(await deleteTender(database.db, buyer, tender.id)).toEqual({ outcome: "archived" });
    expect((await stored(tender.id))?.archivedAt).toBeInstanceOf(Date);
    expect((await listOwnTenders(database.db, buyer)).items).toEqual([]);
    for (const quoteId of [winnerQuote, rivalQuote]) {
      expect(await database.db.$count(schema.quotes, eq(schema.quotes.id, quoteId))).toBe(1);
      expect(
        await database.db.$count(schema.quoteMessages, eq(schema.quoteMessages.quoteId, quoteId)),
      ).toBe(1);
    }
    expect(await noticesOf(winner.id)).toMatchObject([
      { tenderId: tender.id, quoteId: winnerQuote },
    ]);
  });

  it("when not awarded, is deleted with its quotes, and the factories are told", async () => {
    const { buyer, winner, rival, tender } = await quotedTender(false);
    const removal = await deleteTender(database.db, buyer, tender.id);
    expect(removal?.outcome).toBe("deleted");
    expect(await stored(tender.id)).toBeUndefined();
    for (const factory of [winner, rival]) {
      const notices = await noticesOf(factory.id);
      expect(notices.map((n) => n.kind).sort()).toEqual(["message-received", "tender-deleted"]);
      for (const notice of notices) {
        expect(notice).toMatchObject({ tenderId: null, quoteId: null, tenderTitle: tender.title });
      }
    }
  });
});
