// Deleting an account (the danger zone of /profile) works for every role with every kind of row:
// its profile, factory, products with pictures, tenders with photos (active, closed, awarded),
// quotes with attachments on both sides, conversations with attachments, notifications in both
// directions, notification settings, sessions, sign-in accounts and letters. Nothing of the
// account stays; what others keep is theirs (their notifications lose their links and name a
// deleted user). A database failure during deletion answers in our words, never the database's.
import { randomUUID } from "node:crypto";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { deletion, profile } from "~/domain/catalogue";
import { accountHoldings } from "~/features/factories/profiles.server";
import { action as profileAction } from "~/routes/profile";
import * as schema from "~db/schema";
import type { Person } from "../support/app-harness";
import { redirectToast } from "../support/hostile";
import { testApp } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const app = testApp();
const db = () => app.db;

const upload = (folder: string) => `/uploads/${folder}/${randomUUID()}.webp`;
const attachment = (name: string) => ({
  url: `attachments/${randomUUID()}.pdf`,
  name,
  kind: "pdf" as const,
  size: 100,
});

type Role = "buyer" | "factory" | "clothing_seller" | "textile_seller" | "admin";

/** Someone signed up through the real flow (session, password account), of `role`. */
async function member(role: Role, name: string): Promise<Person> {
  const person = await app.signUp(role === "factory" ? "factory" : "buyer", name);
  if (role === "clothing_seller" || role === "textile_seller") {
    await db()
      .update(schema.profiles)
      .set({ userType: role, businessName: name })
      .where(eq(schema.profiles.id, person.id));
  }
  if (role === "admin") await app.makeAdmin(person);
  return person;
}

/** A factory record with a logo and a product with pictures for `person`. */
async function factoryOf(person: Person): Promise<string> {
  const [factory] = await db()
    .insert(schema.factories)
    .values({ userId: person.id, name: person.name, logoUrl: upload("logos") })
    .onConflictDoUpdate({
      target: schema.factories.userId,
      set: { logoUrl: upload("logos") },
    })
    .returning({ id: schema.factories.id });
  const id = factory?.id as string;
  await db()
    .insert(schema.factoryProducts)
    .values({ factoryId: id, userId: person.id, name: "Куртка", images: [upload("products")] });
  return id;
}

async function tenderOf(person: Person, status: "active" | "closed" | "awarded" = "active") {
  const [tender] = await db()
    .insert(schema.tenders)
    .values({
      userId: person.id,
      title: `Тендер ${person.name} ${status}`,
      photos: [upload("tenders"), upload("tenders")],
      status,
    })
    .returning({ id: schema.tenders.id, title: schema.tenders.title });
  return tender as { id: string; title: string };
}

/**
 * A quote of `factory` on `tender` with a file, a conversation with a file from each side, and
 * the notifications of both sides about it.
 */
async function quoteWithConversation(
  tender: { id: string; title: string },
  buyer: Person,
  factory: Person,
  factoryId: string,
  status: "submitted" | "accepted" = "submitted",
) {
  const [quote] = await db()
    .insert(schema.quotes)
    .values({
      tenderId: tender.id,
      factoryId,
      userId: factory.id,
      unitPrice: 10,
      currency: "USD",
      quantity: 100,
      leadTimeDays: 30,
      validUntil: new Date(Date.now() + 86_400_000),
      attachments: [attachment("offer.pdf")],
      status,
    })
    .returning({ id: schema.quotes.id });
  const quoteId = quote?.id as string;
  await db()
    .insert(schema.quoteMessages)
    .values([
      { quoteId, senderId: buyer.id, body: "Вопрос", attachments: [attachment("q.pdf")] },
      { quoteId, senderId: factory.id, body: "Ответ", attachments: [attachment("a.pdf")] },
    ]);
  const about = { tenderId: tender.id, quoteId, tenderTitle: tender.title };
  await db()
    .insert(schema.notifications)
    .values([
      { ...about, userId: buyer.id, actorId: factory.id, kind: "quote-received" },
      { ...about, userId: buyer.id, actorId: factory.id, kind: "message-received" },
      { ...about, userId: factory.id, actorId: buyer.id, kind: "message-received" },
      {
        ...about,
        userId: factory.id,
        actorId: buyer.id,
        kind: status === "accepted" ? "quote-accepted" : "tender-closed",
      },
    ]);
  return quoteId;
}

let around: { otherBuyer: Person; otherFactory: Person; otherFactoryId: string } | undefined;
/** A buyer and a factory who stay (made once for the file). */
async function others() {
  if (!around) {
    const otherBuyer = await member("buyer", "Другой покупатель");
    const otherFactory = await member("factory", "Другая фабрика");
    around = { otherBuyer, otherFactory, otherFactoryId: await factoryOf(otherFactory) };
  }
  return around;
}

/** Every kind of row the account `person` of `role` can have, with others around it. */
async function fullAccount(role: Role) {
  const person = await member(role, `Уходящий ${role}`);
  const { otherBuyer, otherFactory, otherFactoryId } = await others();
  await db()
    .update(schema.profiles)
    .set({ avatarUrl: upload("avatars") })
    .where(eq(schema.profiles.id, person.id));
  await db()
    .insert(schema.notificationSettings)
    .values({ userId: person.id, unsubscribeToken: randomUUID() });
  await db().insert(schema.accountLetters).values({ userId: person.id, kind: "verify-email" });

  // Its tenders: one awarded to the other factory, one active and one closed with quotes.
  const awarded = await tenderOf(person, "awarded");
  await quoteWithConversation(awarded, person, otherFactory, otherFactoryId, "accepted");
  const active = await tenderOf(person, "active");
  await quoteWithConversation(active, person, otherFactory, otherFactoryId);
  const closed = await tenderOf(person, "closed");
  await quoteWithConversation(closed, person, otherFactory, otherFactoryId);

  // A factory's own quotes on others' tenders; an admin's verification of another factory.
  if (role === "factory") {
    const factoryId = await factoryOf(person);
    const theirs = await tenderOf(otherBuyer, "awarded");
    await quoteWithConversation(theirs, otherBuyer, person, factoryId, "accepted");
    const open = await tenderOf(otherBuyer);
    await quoteWithConversation(open, otherBuyer, person, factoryId);
  }
  if (role === "admin") {
    await db()
      .update(schema.factories)
      .set({ verifiedAt: new Date(), verifiedBy: person.id })
      .where(eq(schema.factories.id, otherFactoryId));
  }
  return { person, otherBuyer, otherFactory, otherFactoryId };
}

const tables = Object.values<unknown>(schema).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** Rows of any table that still point at the account `userId` through a foreign key. */
async function rowsPointingAt(userId: string): Promise<string[]> {
  const left: string[] = [];
  for (const table of tables) {
    for (const key of getTableConfig(table).foreignKeys) {
      const { columns, foreignTable } = key.reference();
      if (foreignTable !== schema.users) continue;
      const column = columns[0];
      if (!column) continue;
      const n = await db().$count(table, sql`${column} = ${userId}`);
      if (n > 0) left.push(`${getTableName(table)}.${column.name}: ${n}`);
    }
  }
  const [user] = await db()
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (user) left.push("users");
  return left;
}

const deleteVia = (person: Person, path = "/profile") =>
  app.post(profileAction, path, { as: person, form: { intent: "delete-account" } });

describe(`deleting an account (${testDatabaseKind()})`, () => {
  for (const role of ["buyer", "factory", "clothing_seller", "textile_seller", "admin"] as const) {
    it(`works for a ${role} with every kind of row`, async () => {
      const { person, otherBuyer, otherFactory, otherFactoryId } = await fullAccount(role);
      const user = await app.userOf(person);
      const holdings = await accountHoldings(db(), user);
      // The danger zone names what goes: quotes and conversations on both sides, files as files
      // (an avatar, 2 photos per tender, a PDF per quote and per message; a factory's logo,
      // product picture and its own two quotes).
      const quotes = role === "factory" ? 5 : 3;
      const files = role === "factory" ? 1 + 6 + 9 + 2 + 6 : 1 + 6 + 9;
      expect(holdings).toMatchObject({ tenders: 3, quotes, conversations: quotes, files });
      expect(profile.ru.dangerZone.text(holdings)).toContain(`${files} файл`);
      expect(profile.en.dangerZone.text(holdings)).toContain(
        `${quotes} quotes, ${quotes} conversations`,
      );

      const reply = await deleteVia(person);
      expect(reply.error).toBeUndefined();
      expect(reply.location).toBe("/");
      expect((await redirectToast(reply))?.description).toBe(deletion.ru.success);
      expect(await rowsPointingAt(person.id)).toEqual([]);

      // The others keep their accounts, factory and the notifications about the account's
      // tenders, which now lead nowhere and name nobody.
      expect(await rowsPointingAt(otherBuyer.id)).not.toEqual([]);
      const [factory] = await db()
        .select({ id: schema.factories.id, verifiedBy: schema.factories.verifiedBy })
        .from(schema.factories)
        .where(eq(schema.factories.id, otherFactoryId));
      expect(factory).toEqual({ id: otherFactoryId, verifiedBy: null });
      const kept = await db()
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.userId, otherFactory.id));
      const orphans = kept.filter((n) => n.tenderTitle?.includes(person.name));
      expect(orphans.length).toBeGreaterThanOrEqual(6);
      for (const row of orphans) {
        expect(row).toMatchObject({ actorId: null, tenderId: null, quoteId: null });
      }
      // The factory was told of each of the three tenders that went.
      expect(orphans.filter((n) => n.kind === "tender-deleted")).toHaveLength(3);
    });
  }

  it("answers a database failure in our words, in the page's language, and deletes nothing", async () => {
    const { person } = await fullAccount("buyer");
    // The database refuses this account's deletion with words of its own.
    await db().execute(
      sql.raw(`create function refuse_deletion() returns trigger
      language plpgsql as $$ begin
        raise exception 'Failed query: delete from "users" where "users"."id" = %', old.id;
      end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_deletion before delete on users for each row
        when (old.id = '${person.id}') execute function refuse_deletion()`),
    );
    try {
      for (const [path, locale] of [
        ["/profile", "ru"],
        ["/en/profile", "en"],
      ] as const) {
        const reply = await deleteVia(person, path);
        expect(reply.error).toBeUndefined();
        expect(reply.location).toBe(path);
        const toast = await redirectToast(reply);
        const words = deletion[locale];
        expect(toast).toMatchObject({
          type: "error",
          description: words.failed(words.nothingDeleted),
        });
        expect(toast?.description).not.toMatch(/query|users|\$1|params/i);
      }
      expect(await rowsPointingAt(person.id)).toContain("users");
      expect(await db().$count(schema.tenders, eq(schema.tenders.userId, person.id))).toBe(3);
      expect(
        await db().$count(schema.notifications, eq(schema.notifications.userId, person.id)),
      ).toBeGreaterThan(0);
    } finally {
      await db().execute(sql.raw("drop trigger refuse_deletion on users"));
      await db().execute(sql.raw("drop function refuse_deletion()"));
    }
  });
});
