// A buyer's saved factories and saved searches as use cases (app/features/saved/saved.server.ts):
// what each keeps, that only the buyer's own rows are read or changed, each problem with its kind
// (and so its HTTP status), and that bad input of any shape answers a problem, never an error.
import { beforeAll, describe, expect, it } from "vitest";
import { SAVED_LIMITS, SAVED_PROBLEMS } from "~/features/saved/problems";
import {
  listSavedFactories,
  listSavedSearches,
  normalisedSearch,
  noteSavedFactory,
  removeSearch,
  savedAmong,
  saveFactory,
  saveSearch,
  setSearchLetters,
  unsaveFactory,
} from "~/features/saved/saved.server";
import { STATUS_OF_KIND } from "~/http/reply.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { createDiskStorage } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";

const database = testDatabase();
const storage = createDiskStorage(tempDir("fabricum-saved-"));

const as = (actor: CurrentUser, locale: "ru" | "en" = "ru"): UseCaseContext => ({
  db: database.db,
  storage,
  actor,
  locale,
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

let buyer: CurrentUser;
let stranger: CurrentUser;
let factoryUser: CurrentUser;
let admin: CurrentUser;
let factoryId: string;
let unlistedId: string;

beforeAll(async () => {
  buyer = await insertPerson(database.db, "buyer", "Покупатель");
  stranger = await insertPerson(database.db, "buyer", "Чужой покупатель");
  admin = await insertPerson(database.db, "buyer", "Админ", { role: "admin" });
  const factory = await insertPerson(database.db, "factory", "Швейная фабрика", {
    factory: { categories: ["outerwear"], country: "kg", city: "kg_1" },
  });
  factoryUser = factory;
  factoryId = factory.factoryId as string;
  // A factory without a country or category is not in the directory.
  const unlisted = await insertPerson(database.db, "factory", "Без профиля", { factory: {} });
  unlistedId = unlisted.factoryId as string;
});

describe("problems", () => {
  it("each problem has the status of its kind", () => {
    const statuses = Object.fromEntries(
      Object.entries(SAVED_PROBLEMS).map(([problem, kind]) => [problem, STATUS_OF_KIND[kind]]),
    );
    expect(statuses).toEqual({
      invalid: 400,
      "not-a-buyer": 403,
      "factory-not-found": 404,
      "not-saved": 404,
      "search-not-found": 404,
      "too-many": 429,
    });
  });
});

describe("saved factories", () => {
  it("a buyer saves a factory once, notes it, and removes it", async () => {
    const form = formOf({ factoryId });
    expect(await saveFactory(as(buyer), form)).toEqual({ ok: true, value: { factoryId } });
    expect(await saveFactory(as(buyer), form)).toEqual({ ok: true, value: { factoryId } });
    let list = await listSavedFactories(database.db, buyer);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ factoryId, name: "Швейная фабрика", note: "" });
    expect(await savedAmong(database.db, buyer, [factoryId, "nonsense"])).toEqual(
      new Set([factoryId]),
    );

    const noted = await noteSavedFactory(
      as(buyer),
      formOf({ factoryId, note: "  Звонить Айгуль\r\nпо вторникам  " }),
    );
    expect(noted).toEqual({
      ok: true,
      value: { factoryId, note: "Звонить Айгуль\nпо вторникам" },
    });
    list = await listSavedFactories(database.db, buyer);
    expect(list[0]?.note).toBe("Звонить Айгуль\nпо вторникам");

    // Nobody else sees or changes the buyer's saved factory and its note.
    expect(await listSavedFactories(database.db, stranger)).toEqual([]);
    expect(await savedAmong(database.db, stranger, [factoryId])).toEqual(new Set());
    expect(await noteSavedFactory(as(stranger), formOf({ factoryId, note: "x" }))).toMatchObject({
      ok: false,
      problem: "not-saved",
    });
    expect(await unsaveFactory(as(stranger), formOf({ factoryId }))).toMatchObject({
      ok: false,
      problem: "not-saved",
    });
    expect((await listSavedFactories(database.db, buyer))[0]?.note).toBe(
      "Звонить Айгуль\nпо вторникам",
    );

    expect(await unsaveFactory(as(buyer), formOf({ factoryId }))).toEqual({
      ok: true,
      value: { factoryId },
    });
    expect(await listSavedFactories(database.db, buyer)).toEqual([]);
    expect(await unsaveFactory(as(buyer), formOf({ factoryId }))).toMatchObject({
      problem: "not-saved",
      kind: "missing",
    });
  });

  it("only a buyer saves, and only a factory of the directory", async () => {
    for (const actor of [factoryUser, admin]) {
      expect(await saveFactory(as(actor), formOf({ factoryId }))).toMatchObject({
        ok: false,
        problem: "not-a-buyer",
        kind: "forbidden",
      });
    }
    for (const id of [unlistedId, "00000000-0000-0000-0000-000000000000", "", "x".repeat(5000)]) {
      expect(await saveFactory(as(buyer), formOf({ factoryId: id }))).toMatchObject({
        ok: false,
        problem: "factory-not-found",
      });
    }
    expect(await saveFactory(as(buyer), new FormData())).toMatchObject({
      problem: "factory-not-found",
    });
  });

  it("a note longer than the limit is refused in the request's language", async () => {
    await saveFactory(as(buyer), formOf({ factoryId }));
    const long = "я".repeat(1001);
    const ru = await noteSavedFactory(as(buyer), formOf({ factoryId, note: long }));
    expect(ru).toMatchObject({ ok: false, problem: "invalid" });
    expect(ru.ok ? [] : ru.fieldErrors?.note).toEqual(["Заметка длиннее 1000 символов."]);
    const en = await noteSavedFactory(as(buyer, "en"), formOf({ factoryId, note: long }));
    expect(en.ok ? [] : en.fieldErrors?.note).toEqual(["The note is longer than 1000 characters."]);
    // Several values or a file where a note should be: a problem, never an error.
    const odd = new FormData();
    odd.append("factoryId", factoryId);
    odd.append("note", "a");
    odd.append("note", "b");
    expect((await noteSavedFactory(as(buyer), odd)).ok).toBe(false);
    const file = new FormData();
    file.append("factoryId", factoryId);
    file.append("note", new File(["x"], "x.txt"));
    expect((await noteSavedFactory(as(buyer), file)).ok).toBe(false);
    await unsaveFactory(as(buyer), formOf({ factoryId }));
  });
});

describe("saved searches", () => {
  it("the same search in any order or with blanks is one saved search", () => {
    expect(normalisedSearch("?q=трикотаж&country=kg&page=3&city=").query).toBe(
      "country=kg&q=%D1%82%D1%80%D0%B8%D0%BA%D0%BE%D1%82%D0%B0%D0%B6",
    );
    expect(normalisedSearch("country=kg&q=трикотаж").query).toBe(
      normalisedSearch("q=трикотаж&country=kg").query,
    );
    expect(normalisedSearch("category=nonsense&verified=1").query).toBe("verified=1");
  });

  it("a buyer saves a search, switches its letters off and on, and removes it", async () => {
    const first = await saveSearch(as(buyer), formOf({ query: "q=трикотаж&country=kg" }));
    expect(first.ok).toBe(true);
    const again = await saveSearch(as(buyer), formOf({ query: "?country=kg&q=трикотаж&page=2" }));
    expect(again).toEqual(first);
    const id = first.ok ? first.value.id : "";
    let [search] = await listSavedSearches(database.db, buyer);
    expect(search).toMatchObject({ id, letters: true, filters: { q: "трикотаж", country: "kg" } });

    expect(
      await setSearchLetters(as(stranger), formOf({ searchId: id, letters: "off" })),
    ).toMatchObject({ problem: "search-not-found" });
    expect(await setSearchLetters(as(buyer), formOf({ searchId: id, letters: "off" }))).toEqual({
      ok: true,
      value: { id, letters: false },
    });
    [search] = await listSavedSearches(database.db, buyer);
    expect(search?.letters).toBe(false);
    expect(await setSearchLetters(as(buyer), formOf({ searchId: id, letters: "on" }))).toEqual({
      ok: true,
      value: { id, letters: true },
    });
    // Switching on what is on changes nothing and still succeeds.
    expect((await setSearchLetters(as(buyer), formOf({ searchId: id, letters: "on" }))).ok).toBe(
      true,
    );

    expect(await listSavedSearches(database.db, stranger)).toEqual([]);
    expect(await removeSearch(as(stranger), formOf({ searchId: id }))).toMatchObject({
      problem: "search-not-found",
      kind: "missing",
    });
    expect(await removeSearch(as(buyer), formOf({ searchId: id }))).toEqual({
      ok: true,
      value: { id },
    });
    expect(await listSavedSearches(database.db, buyer)).toEqual([]);
    expect(await removeSearch(as(buyer), formOf({ searchId: "' or 1=1 --" }))).toMatchObject({
      problem: "search-not-found",
    });
  });

  it("a factory or an admin saves no search; a buyer keeps at most the limit", async () => {
    expect(await saveSearch(as(factoryUser), formOf({ query: "q=x" }))).toMatchObject({
      problem: "not-a-buyer",
    });
    expect(await saveSearch(as(admin), formOf({ query: "q=x" }))).toMatchObject({
      problem: "not-a-buyer",
    });
    const many = await insertPerson(database.db, "buyer", "Много поисков");
    await database.db.insert(schema.savedSearches).values(
      Array.from({ length: SAVED_LIMITS.searches }, (_, i) => ({
        userId: many.id,
        query: `q=${i}`,
      })),
    );
    expect(await saveSearch(as(many), formOf({ query: "q=ещё" }))).toMatchObject({
      problem: "too-many",
      kind: "too-many",
    });
    // A search it has already is no new one.
    expect((await saveSearch(as(many), formOf({ query: "q=3" }))).ok).toBe(true);
  });
});
