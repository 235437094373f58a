// Where stored files sit (app/platform/file-columns.server.ts). The columns that hold them are
// declared once in the schema (FILE_COLUMNS), and every column named like a file is declared or
// known to hold something else. An account's files are those of every row that goes with it (the
// cascades from its user row): its own pictures and photos, and the attachments of every quote it
// is a party to and of their conversations; nobody else's.
import { randomUUID } from "node:crypto";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { accountHoldings, deleteAccount } from "~/features/factories/profiles.server";
import { accountFiles, fileColumnKeys, fileUrlsIn } from "~/platform/file-columns.server";
import * as schema from "~db/schema";
import { type InsertedPerson, insertPerson } from "../support/people";
import { testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const tables = Object.values<unknown>(schema).filter((value): value is PgTable =>
  is(value, PgTable),
);
const nameOf = (column: { table: PgTable; name: string }) =>
  `${getTableName(column.table)}.${column.name}`;

/** Names that could mean a stored file. */
const FILE_LIKE = /(^|_)(url|image|photo|picture|logo|avatar|attachment|file|document|pack)s?$/;
/** Columns named so that hold something else: links to elsewhere, or better-auth's unused image. */
const NOT_FILES = [
  "users.image",
  "profiles.instagram_url",
  "profiles.telegram_url",
  "factories.instagram_url",
  "factories.telegram_url",
];

describe("file columns in the schema", () => {
  it("are declared, every column named like a file but the known others", () => {
    const named = tables.flatMap((table) =>
      Object.values(getTableColumns(table))
        .filter((column) => FILE_LIKE.test(column.name))
        .map(nameOf),
    );
    const declared = schema.FILE_COLUMNS.map(nameOf);
    expect(named.filter((name) => !NOT_FILES.includes(name)).sort()).toEqual(declared.sort());
    expect(declared.filter((name) => NOT_FILES.includes(name))).toEqual([]);
  });

  it("hold one address, a list of addresses or a list of attachments", () => {
    for (const column of schema.FILE_COLUMNS) {
      expect(["text", "text[]", "jsonb"], nameOf(column)).toContain(column.getSQLType());
    }
    expect(() => accountFiles(randomUUID())).not.toThrow();
  });

  it("are found by their keys in a table's rows", () => {
    expect(fileColumnKeys(schema.profiles)).toEqual(["avatarUrl"]);
    expect(fileColumnKeys(schema.quoteMessages)).toEqual(["attachments"]);
    expect(fileColumnKeys(schema.users)).toEqual([]);
    expect(fileUrlsIn("/uploads/a.webp")).toEqual(["/uploads/a.webp"]);
    expect(fileUrlsIn(null)).toEqual([]);
    expect(fileUrlsIn(["/uploads/a.webp", "/uploads/b.webp"])).toHaveLength(2);
    expect(fileUrlsIn([{ url: "attachments/a.pdf", name: "a.pdf" }])).toEqual([
      "attachments/a.pdf",
    ]);
  });
});

const database = testDatabase();

const upload = (folder: string) => `/uploads/${folder}/${randomUUID()}.webp`;
const attachment = (name: string) => ({
  url: `attachments/${randomUUID()}.pdf`,
  name,
  kind: "pdf" as const,
  size: 100,
});

/** A buyer with an avatar and a tender with photos and a tech pack; `files` are theirs. */
async function buyerWithTender(name: string) {
  const avatar = upload("avatars");
  const buyer = await insertPerson(database.db, "buyer", name, { profile: { avatarUrl: avatar } });
  const photos = [upload("tenders"), upload("tenders")];
  const techPack = [attachment("spec.pdf")];
  const [tender] = await database.db
    .insert(schema.tenders)
    .values({ userId: buyer.id, title: `Тендер ${name}`, photos, techPack })
    .returning({ id: schema.tenders.id });
  return {
    buyer,
    tenderId: tender?.id as string,
    files: [avatar, ...photos, ...techPack.map((file) => file.url)],
  };
}

/** A factory with an avatar, a logo and a product with pictures; `files` are theirs. */
async function factoryWithProduct(name: string) {
  const avatar = upload("avatars");
  const logo = upload("logos");
  const factory = await insertPerson(database.db, "factory", name, {
    profile: { avatarUrl: avatar },
    factory: { logoUrl: logo },
  });
  const images = [upload("products"), upload("products")];
  await database.db
    .insert(schema.factoryProducts)
    .values({ factoryId: factory.factoryId as string, userId: factory.id, name, images });
  return { factory, files: [avatar, logo, ...images] };
}

/** A quote with a file, and one message with a file from each of `writers`: their files. */
async function quoteOn(
  tenderId: string,
  factory: InsertedPerson,
  writers: readonly InsertedPerson[],
): Promise<string[]> {
  const [quote] = await database.db
    .insert(schema.quotes)
    .values({
      tenderId,
      factoryId: factory.factoryId as string,
      userId: factory.id,
      unitPrice: 10,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 30,
      validUntil: new Date(Date.now() + 86_400_000),
      attachments: [attachment("offer.pdf")],
    })
    .returning();
  if (!quote) throw new Error("no quote");
  const messages = await database.db
    .insert(schema.quoteMessages)
    .values(
      writers.map((writer) => ({
        quoteId: quote.id,
        senderId: writer.id,
        attachments: [attachment("note.pdf")],
      })),
    )
    .returning();
  return [...quote.attachments, ...messages.flatMap((message) => message.attachments)].map(
    (file) => file.url,
  );
}

describe(`an account's files (${testDatabaseKind()})`, () => {
  it("are those of every row that goes with it, and nobody else's", async () => {
    const b = await buyerWithTender("Покупатель Б");
    const c = await buyerWithTender("Покупатель В");
    const f = await factoryWithProduct("Фабрика Ф");
    const rival = await factoryWithProduct("Фабрика Г");
    const fOnB = await quoteOn(b.tenderId, f.factory, [b.buyer, f.factory]);
    const fOnC = await quoteOn(c.tenderId, f.factory, [c.buyer]);
    const rivalOnB = await quoteOn(b.tenderId, rival.factory, [b.buyer]);

    const fFiles = [...f.files, ...fOnB, ...fOnC];
    expect((await accountHoldings(database.db, f.factory)).files).toBe(fFiles.length);
    expect((await deleteAccount(database.db, f.factory)).sort()).toEqual(fFiles.sort());
    // The factory's quote on B's tender went with it; the rival's stays with B.
    expect((await deleteAccount(database.db, b.buyer)).sort()).toEqual(
      [...b.files, ...rivalOnB].sort(),
    );
    expect((await deleteAccount(database.db, c.buyer)).sort()).toEqual(c.files.sort());
    expect((await deleteAccount(database.db, rival.factory)).sort()).toEqual(rival.files.sort());
  });
});
