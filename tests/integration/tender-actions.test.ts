// The buyer's tender actions as use cases (app/features/tenders/tender-actions.server.ts): each
// problem of TENDER_PROBLEMS they answer, with its kind (and so its HTTP status), and what they
// leave in storage when they refuse.
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tenders } from "~/domain/catalogue";
import { MAX_TENDER_PHOTOS } from "~/domain/limits";
import { TENDER_PROBLEMS } from "~/features/tenders/problems";
import {
  addPhotosToTender,
  closeTender,
  discardTender,
  editTender,
  placeTender,
  reopenTender,
  takePhotoOffTender,
} from "~/features/tenders/tender-actions.server";
import { createTender, setTenderStatus } from "~/features/tenders/tenders.server";
import { STATUS_OF_KIND } from "~/http/reply.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { createDiskStorage } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { filesUnder, png, storedImage, uploadedFile } from "../support/images";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";

const database = testDatabase();
const uploads = tempDir("fabricum-tender-actions-");
const storage = createDiskStorage(uploads);

const as = (actor: CurrentUser, locale: "ru" | "en" = "ru"): UseCaseContext => ({
  db: database.db,
  storage,
  actor,
  locale,
});

const pngFile = async (name: string) =>
  new File([new Uint8Array(await png("#123456"))], name, { type: "image/png" });

function formOf(fields: Record<string, string>, photos: readonly File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const photo of photos) form.append("photos", photo);
  return form;
}

/** Every file in the uploads folder's tenders directory. */
const storedTenderFiles = () => filesUnder(path.join(uploads, "tenders"));

let owner: CurrentUser;
let stranger: CurrentUser;

beforeAll(async () => {
  owner = await insertPerson(database.db, "buyer", "Владелец");
  stranger = await insertPerson(database.db, "buyer", "Чужой");
});

describe("the problems' kinds keep the statuses the tender pages answered", () => {
  it("maps each problem to its status", () => {
    const statuses = Object.fromEntries(
      Object.entries(TENDER_PROBLEMS).map(([problem, kind]) => [problem, STATUS_OF_KIND[kind]]),
    );
    expect(statuses).toEqual({
      "signed-out": 401,
      invalid: 400,
      "not-found": 404,
      "not-updated": 404,
      "not-deleted": 404,
      "photo-not-removed": 404,
      locked: 409,
      "too-many-tenders": 429,
      "too-many-photos": 400,
      "no-photos": 400,
      "photos-failed": 500,
    });
  });

  it("has a text for each problem in both languages (the limit is said with its numbers)", () => {
    const said = Object.keys(TENDER_PROBLEMS).filter(
      (problem) => problem !== "invalid" && problem !== "too-many-tenders",
    );
    for (const texts of [tenders.ru.problems, tenders.en.problems]) {
      expect(Object.keys(texts).sort()).toEqual(said.sort());
    }
  });
});

describe("placeTender", () => {
  it("places a tender with its photos, in the context's language", async () => {
    const placed = await placeTender(as(owner), {
      form: formOf({ title: "Куртки" }, [await pngFile("a.png")]),
      limited: true,
    });
    expect(placed).toMatchObject({ ok: true, value: { title: "Куртки", status: "active" } });
    if (!placed.ok) return;
    expect(placed.value.photos).toHaveLength(1);
    expect(existsSync(uploadedFile(uploads, placed.value.photos[0] as string))).toBe(true);
  });

  it("refuses the form's fields in the context's language, storing nothing", async () => {
    const before = storedTenderFiles();
    const placed = await placeTender(as(owner, "en"), {
      form: formOf({ title: " " }, [await pngFile("b.png")]),
      limited: false,
    });
    expect(placed).toEqual({
      ok: false,
      problem: "invalid",
      kind: "invalid",
      fieldErrors: { title: [tenders.en.titleRequired] },
    });
    expect(storedTenderFiles()).toEqual(before);
  });

  it("refuses a photo that is not a picture by its content, and keeps none of the others", async () => {
    const before = storedTenderFiles();
    const fake = new File(["not an image"], "fake.png", { type: "image/png" });
    const placed = await placeTender(as(owner), {
      form: formOf({ title: "Брюки" }, [await pngFile("ok.png"), fake]),
      limited: false,
    });
    expect(placed).toEqual({
      ok: false,
      problem: "invalid",
      kind: "invalid",
      fieldErrors: {
        "": [tenders.ru.placeFailed],
        photos: ["fake.png: Поддерживаются только файлы JPG, PNG и WebP"],
      },
    });
    expect(storedTenderFiles()).toEqual(before);
  });
});

describe("the actions on one's own tender", () => {
  let tenderId: string;
  let photo: string;

  beforeAll(async () => {
    photo = await storedImage(storage, "tenders", "#abcdef");
    tenderId = (await createTender(database.db, owner, { title: "Худи" }, [photo])).id;
  });

  it("answers another buyer's id as not there, and changes nothing", async () => {
    const theirs = as(stranger);
    const form = formOf({ title: "Захвачено", url: photo }, [await pngFile("c.png")]);
    expect(await editTender(theirs, { tenderId, form })).toMatchObject({
      ok: false,
      problem: "not-updated",
      kind: "missing",
    });
    expect(await closeTender(theirs, { tenderId })).toMatchObject({ problem: "not-updated" });
    expect(await reopenTender(theirs, { tenderId })).toMatchObject({ problem: "not-updated" });
    expect(await discardTender(theirs, { tenderId })).toMatchObject({
      problem: "not-deleted",
      kind: "missing",
    });
    expect(await addPhotosToTender(theirs, { tenderId, form })).toMatchObject({
      problem: "not-found",
      kind: "missing",
    });
    expect(await takePhotoOffTender(theirs, { tenderId, form })).toMatchObject({
      problem: "photo-not-removed",
      kind: "missing",
    });
    const [row] = await database.db
      .select()
      .from(schema.tenders)
      .where(eq(schema.tenders.id, tenderId));
    expect(row).toMatchObject({ title: "Худи", status: "active", photos: [photo] });
    expect(existsSync(uploadedFile(uploads, photo))).toBe(true);
  });

  it("refuses adding no file, or more photos than the limit", async () => {
    const mine = as(owner);
    expect(await addPhotosToTender(mine, { tenderId, form: formOf({}) })).toMatchObject({
      problem: "no-photos",
      kind: "refused",
    });
    const many = await Promise.all(
      Array.from({ length: MAX_TENDER_PHOTOS }, (_, i) => pngFile(`${i}.png`)),
    );
    expect(await addPhotosToTender(mine, { tenderId, form: formOf({}, many) })).toMatchObject({
      problem: "too-many-photos",
      kind: "refused",
    });
  });

  it("adds and takes off a photo, removing its file", async () => {
    const mine = as(owner);
    expect(
      await addPhotosToTender(mine, { tenderId, form: formOf({}, [await pngFile("d.png")]) }),
    ).toEqual({ ok: true, value: undefined });
    expect(await takePhotoOffTender(mine, { tenderId, form: formOf({ url: photo }) })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(existsSync(uploadedFile(uploads, photo))).toBe(false);
  });

  it("closes, reopens, and refuses to change an awarded tender's terms", async () => {
    const mine = as(owner);
    expect(await closeTender(mine, { tenderId })).toMatchObject({
      ok: true,
      value: { status: "closed" },
    });
    expect(await reopenTender(mine, { tenderId })).toMatchObject({
      ok: true,
      value: { status: "active" },
    });
    await database.db
      .update(schema.tenders)
      .set({ status: "awarded" })
      .where(eq(schema.tenders.id, tenderId));
    expect(await editTender(mine, { tenderId, form: formOf({ title: "Новое" }) })).toMatchObject({
      ok: false,
      problem: "locked",
      kind: "conflict",
    });
    expect(await setTenderStatus(database.db, owner, tenderId, "closed")).toBeNull();
    expect(await discardTender(mine, { tenderId })).toEqual({ ok: true, value: "archived" });
  });

  it("deletes a tender and its photos", async () => {
    const mine = as(owner);
    const kept = await storedImage(storage, "tenders", "#00ff00");
    const { id } = await createTender(database.db, owner, { title: "Платья" }, [kept]);
    expect(await discardTender(mine, { tenderId: id })).toEqual({ ok: true, value: "deleted" });
    expect(existsSync(uploadedFile(uploads, kept))).toBe(false);
    expect(await discardTender(mine, { tenderId: id })).toMatchObject({ problem: "not-deleted" });
  });
});
