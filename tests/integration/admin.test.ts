// The admin services against a real database: every function refuses non-admins itself and
// changes nothing; the user list's filters and search; factory verification; blocking hides the
// owner's factory, portfolio and tenders from the public queries and ends their sessions, and a
// blocked user cannot sign in; unblocking restores everything; an admin cannot block themself.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn } from "~/features/accounts/accounts.server";
import { createAuth } from "~/features/accounts/auth.server";
import {
  blockUser,
  getUserDetail,
  listUsers,
  setFactoryVerified,
  unblockUser,
} from "~/features/admin/admin.server";
import {
  findFactory,
  listFactories,
  sitemapFactories,
} from "~/features/factories/factories.server";
import { listPortfolio } from "~/features/products/products.server";
import { findActiveTender, listActiveTenders } from "~/features/tenders/tenders.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { parseEnv } from "~/platform/env.server";
import { createMailer } from "~/platform/mail.server";
import type { UserType } from "~db/schema";
import { contextOf, formOf } from "../support/actor-context";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";

const database = testDatabase();

const tag = randomUUID().slice(0, 8);

const person = (userType: UserType, name: string, { admin = false } = {}) =>
  insertPerson(database.db, userType, name, {
    role: admin ? "admin" : "user",
    profile: userType === "factory" ? { factoryName: name } : {},
  });

async function factoryOf(owner: CurrentUser, name: string) {
  const [row] = await database.db
    .insert(schema.factories)
    .values({
      userId: owner.id,
      name,
      description: `${name} шьет куртки`,
      country: "kg",
      categories: ["outerwear"],
    })
    .returning();
  if (!row) throw new Error("no factory");
  await database.db.insert(schema.factoryProducts).values({
    factoryId: row.id,
    userId: owner.id,
    name: `Куртка ${name}`,
  });
  return row;
}

const noFilters = { gender: null, country: null, city: null, minQuantity: null, maxQuantity: null };

describe("admin services", () => {
  let admin: CurrentUser;
  let buyer: CurrentUser;
  let factoryUser: CurrentUser;
  let factory: { id: string };
  let tenderId: string;

  beforeAll(async () => {
    admin = await person("buyer", "Админ", { admin: true });
    buyer = await person("buyer", `Покупатель ${tag}`);
    factoryUser = await person("factory", `Фабрика ${tag}`);
    factory = await factoryOf(factoryUser, `Фабрика ${tag}`);
    const [tender] = await database.db
      .insert(schema.tenders)
      .values({ userId: factoryUser.id, title: `Тендер ${tag}` })
      .returning();
    tenderId = tender?.id as string;
  });

  it("refuses a buyer and a factory actor in every function, changing nothing", async () => {
    const db = database.db;
    for (const actor of [buyer, factoryUser, null]) {
      const calls = [
        () => listUsers(db, actor, {}),
        () => getUserDetail(db, actor, buyer.id),
        () =>
          setFactoryVerified(contextOf(db, actor), {
            verified: true,
            form: formOf({ factoryId: factory.id, note: "ok" }),
          }),
        () =>
          blockUser(contextOf(db, actor), { form: formOf({ userId: buyer.id, reason: "spam" }) }),
        () => unblockUser(contextOf(db, actor), { form: formOf({ userId: buyer.id }) }),
      ];
      for (const call of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toMatchObject({ init: { status: 403 } });
      }
    }
    const [f] = await db.select().from(schema.factories).where(eq(schema.factories.id, factory.id));
    expect(f?.verifiedAt).toBeNull();
    const [u] = await db.select().from(schema.users).where(eq(schema.users.id, buyer.id));
    expect(u?.banned).not.toBe(true);
  });

  it("lists users newest first with type filter and case-insensitive search", async () => {
    const db = database.db;
    const all = await listUsers(db, admin, {});
    expect(all.pageSize).toBe(25);
    const times = all.items.map((row) => row.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const buyers = await listUsers(db, admin, { type: "buyer", q: `ПОКУПАТЕЛЬ ${tag}` });
    expect(buyers.items.map((row) => row.id)).toEqual([buyer.id]);
    expect(buyers.items[0]).toMatchObject({
      name: `Покупатель ${tag}`,
      blocked: false,
    });
    const factories = await listUsers(db, admin, { type: "factory", q: `фабрика ${tag}` });
    expect(factories.items.map((row) => row.id)).toEqual([factoryUser.id]);
    expect(factories.items[0]?.userType).toBe("factory");
    const byEmail = await listUsers(db, admin, { q: buyer.email.toUpperCase() });
    expect(byEmail.items.map((row) => row.id)).toEqual([buyer.id]);
    const none = await listUsers(db, admin, { q: `нет-такого-${tag}` });
    expect(none).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it("gives details for a buyer and a factory", async () => {
    const db = database.db;
    const b = await getUserDetail(db, admin, buyer.id);
    expect(b).toMatchObject({ email: buyer.email, userType: "buyer", factory: null });
    const f = await getUserDetail(db, admin, factoryUser.id);
    expect(f?.factory).toMatchObject({
      id: factory.id,
      productCount: 1,
      portfolioHref: `/factory-products/${factory.id}`,
      country: "kg",
      verified: false,
    });
    expect(await getUserDetail(db, admin, "nobody")).toBeNull();
  });

  it("verifies and revokes a factory with a note", async () => {
    const db = database.db;
    expect(
      await setFactoryVerified(contextOf(db, admin), {
        verified: true,
        form: formOf({ factoryId: factory.id, note: "Документы проверены" }),
      }),
    ).toEqual({ ok: true, value: { verified: true } });
    expect((await findFactory(db, factory.id))?.verified).toBe(true);
    const verifiedOnly = await listFactories(db, { verified: "1", q: tag });
    expect(verifiedOnly.items.map((card) => card.id)).toEqual([factory.id]);
    expect(verifiedOnly.items[0]?.verified).toBe(true);
    const detail = await getUserDetail(db, admin, factoryUser.id);
    expect(detail?.factory).toMatchObject({
      verified: true,
      verificationNote: "Документы проверены",
    });

    expect(
      await setFactoryVerified(contextOf(db, admin), {
        verified: false,
        form: formOf({ factoryId: factory.id, note: "Истек срок" }),
      }),
    ).toEqual({ ok: true, value: { verified: false } });
    expect((await findFactory(db, factory.id))?.verified).toBe(false);
    expect((await listFactories(db, { verified: "1", q: tag })).total).toBe(0);
    expect(
      await setFactoryVerified(contextOf(db, admin), {
        verified: true,
        form: formOf({ factoryId: randomUUID(), note: null }),
      }),
    ).toEqual({ ok: false, problem: "not-found", kind: "missing" });
  });

  it("block hides the factory, portfolio and tenders; unblock restores them", async () => {
    const db = database.db;
    const visible = async () => ({
      list: (await listFactories(db, { q: tag })).items.some((card) => card.id === factory.id),
      found: (await findFactory(db, factory.id)) !== null,
      portfolio: (await listPortfolio(db, factory.id)).total,
      sitemap: (await sitemapFactories(db, { offset: 0, limit: 100_000 })).some(
        (row) => row.id === factory.id,
      ),
      tenders: (await listActiveTenders(db, null, { ...noFilters, page: 1 })).items.some(
        (tender) => tender.id === tenderId,
      ),
      tender: (await findActiveTender(db, null, tenderId)) !== null,
    });
    const shown = {
      list: true,
      found: true,
      portfolio: 1,
      sitemap: true,
      tenders: true,
      tender: true,
    };
    expect(await visible()).toEqual(shown);

    await db.insert(schema.sessions).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: factoryUser.id,
      expiresAt: new Date(Date.now() + 3600_000),
      updatedAt: new Date(),
    });
    await blockUser(contextOf(db, admin), {
      form: formOf({ userId: factoryUser.id, reason: "Спам" }),
    });
    expect(await visible()).toEqual({
      list: false,
      found: false,
      portfolio: 0,
      sitemap: false,
      tenders: false,
      tender: false,
    });
    const sessions = await db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, factoryUser.id));
    expect(sessions).toEqual([]);
    const listed = await listUsers(db, admin, { q: factoryUser.email });
    expect(listed.items[0]?.blocked).toBe(true);
    // Nothing was deleted.
    const [stillThere] = await db
      .select()
      .from(schema.factories)
      .where(eq(schema.factories.id, factory.id));
    expect(stillThere).toBeDefined();

    await unblockUser(contextOf(db, admin), { form: formOf({ userId: factoryUser.id }) });
    expect(await visible()).toEqual(shown);
  });

  it("does not let an admin block themself or another admin", async () => {
    const db = database.db;
    const other = await person("buyer", "Второй админ", { admin: true });
    expect(
      await blockUser(contextOf(db, admin), { form: formOf({ userId: admin.id, reason: "x" }) }),
    ).toEqual({
      ok: false,
      problem: "cannot-block-self",
      kind: "forbidden",
    });
    expect(
      await blockUser(contextOf(db, admin), { form: formOf({ userId: other.id, reason: "x" }) }),
    ).toEqual({
      ok: false,
      problem: "cannot-block-admin",
      kind: "forbidden",
    });
    const rows = await db.select().from(schema.users).where(eq(schema.users.role, "admin"));
    expect(rows.every((row) => row.banned !== true)).toBe(true);
  });

  it("answers a problem for an unknown user or factory and for a note or reason it cannot store", async () => {
    const db = database.db;
    const as = contextOf(db, admin);
    const problem = (problem: string, kind: string) => ({ ok: false, problem, kind });
    expect(await blockUser(as, { form: formOf({ userId: "nobody", reason: "x" }) })).toEqual(
      problem("not-found", "missing"),
    );
    expect(await unblockUser(as, { form: formOf({ userId: "nobody" }) })).toEqual(
      problem("not-found", "missing"),
    );
    expect(await unblockUser(as, { form: formOf({}) })).toEqual(problem("not-found", "missing"));
    expect(
      await blockUser(as, { form: formOf({ userId: buyer.id, reason: "спам\u0000" }) }),
    ).toEqual(problem("reason-invalid", "refused"));
    expect(
      await setFactoryVerified(as, {
        verified: true,
        form: formOf({ factoryId: factory.id, note: "ок\u0007" }),
      }),
    ).toEqual(problem("note-invalid", "refused"));
    expect(
      await setFactoryVerified(as, { verified: true, form: formOf({ factoryId: "1; drop" }) }),
    ).toEqual(problem("not-found", "missing"));
    const [row] = await db.select().from(schema.users).where(eq(schema.users.id, buyer.id));
    expect(row?.banned ?? false).toBe(false);
  });
});

describe("signing in while blocked", () => {
  it("is refused as blocked, and signs in again after unblocking", async () => {
    const settings = parseEnv({ DATA_DIR: tempDir("fabricum-admin-"), NODE_ENV: "test" });
    const ctx = {
      db: database.db,
      env: settings,
      auth: createAuth(database.db, settings, createMailer(settings)),
    };
    const email = `blocked-${tag}@example.com`;
    const request = () =>
      new Request("http://localhost:3000/login", {
        headers: { "x-fabricum-client-ip": "10.1.1.1" },
      });
    const reply = await ctx.auth.api.signUpEmail({
      body: { email, password: "secret-123", name: "Блок" },
    });
    await database.db
      .update(schema.users)
      .set({ emailVerified: true })
      .where(eq(schema.users.id, reply.user.id));
    await database.db.insert(schema.profiles).values({ id: reply.user.id, userType: "buyer" });
    const admin = await person("buyer", "Админ 2", { admin: true });
    await blockUser(contextOf(database.db, admin), {
      form: formOf({ userId: reply.user.id, reason: "Спам" }),
    });
    const blocked = await signIn(ctx, request(), {
      form: formOf({ email, password: "secret-123" }),
    });
    expect(blocked).toEqual({ ok: false, problem: "banned", kind: "unauthenticated" });
    await unblockUser(contextOf(database.db, admin), { form: formOf({ userId: reply.user.id }) });
    const again = await signIn(ctx, request(), { form: formOf({ email, password: "secret-123" }) });
    expect(again.ok).toBe(true);
  });
});
