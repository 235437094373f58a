import { existsSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AuthContext,
  register,
  resendConfirmation,
  signIn,
} from "~/features/accounts/accounts.server";
import { createAuth } from "~/features/accounts/auth.server";
import {
  deleteAccount,
  profileGate,
  saveBuyerProfile,
  saveFactoryProfile,
  setProfileImage,
} from "~/features/factories/profiles.server";
import { resolveUser } from "~/http/session.server";
import { schema } from "~/platform/db.server";
import { type Env, parseEnv } from "~/platform/env.server";
import { createMailer, latestMessageTo, readOutbox } from "~/platform/mail.server";
import { removeImages, saveImage, storageFor, uploadPath } from "~/platform/storage.server";
import { formOf } from "../support/actor-context";
import { tempDir, testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();
const dataDir = tempDir("fabricum-accounts-");
let env: Env;
let ctx: AuthContext;

const browser = (ip = "203.0.113.7") =>
  new Request("http://localhost:3000/register", { headers: { "x-fabricum-client-ip": ip } });

function contextFor(overrides: Record<string, string>): AuthContext {
  const settings = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", ...overrides });
  return {
    db: database.db,
    env: settings,
    auth: createAuth(database.db, settings, createMailer(settings)),
  };
}

beforeAll(() => {
  ctx = contextFor({ ADMIN_EMAILS: "boss@example.com" });
  env = ctx.env;
});

/** The registration form sent from a browser, with the password "secret-123" twice. */
function registerAs(email: string, name: string, userType: "buyer" | "factory") {
  return register(ctx, browser(), {
    form: formOf({
      email,
      name,
      userType,
      password: "secret-123",
      confirmPassword: "secret-123",
    }),
  });
}

/** Registers and confirms through the letter's link; returns the signed-in user. */
async function member(email: string, userType: "buyer" | "factory", name = "Участник") {
  const result = await registerAs(email, name, userType);
  expect(result).toMatchObject({ ok: true, value: { status: "confirm-email" } });
  const letter = await latestMessageTo(dataDir, email);
  const response = await ctx.auth.handler(new Request(letter?.link as string));
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const user = await resolveUser(
    ctx,
    new Request("http://localhost:3000/", { headers: { cookie } }),
  );
  if (!user) throw new Error("not signed in after confirmation");
  return user;
}

describe(`registration and sign-in (${testDatabaseKind()})`, () => {
  it("creates the account with its profile and mails a confirmation link", async () => {
    const result = await registerAs("new@example.com", "Ала-Тоо", "factory");
    expect(result).toEqual({
      ok: true,
      value: { status: "confirm-email", email: "new@example.com" },
    });
    const [profile] = await database.db
      .select({ userType: schema.profiles.userType, factoryName: schema.profiles.factoryName })
      .from(schema.profiles)
      .innerJoin(schema.users, eq(schema.users.id, schema.profiles.id))
      .where(eq(schema.users.email, "new@example.com"));
    expect(profile).toEqual({ userType: "factory", factoryName: "Ала-Тоо" });
    const letter = await latestMessageTo(dataDir, "new@example.com");
    expect(letter?.subject).toBe("Подтвердите email на Fabricum");
    expect(letter?.link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it("refuses a second account with the same address", async () => {
    const again = await registerAs("new@example.com", "Другой", "buyer");
    expect(again).toEqual({ ok: false, problem: "email-taken", kind: "refused" });
  });

  it("asks to confirm the address before the first sign-in, and maps a wrong password", async () => {
    expect(
      await signIn(ctx, browser(), {
        form: formOf({ email: "new@example.com", password: "secret-123" }),
      }),
    ).toMatchObject({
      ok: false,
      problem: "email-not-confirmed",
    });
    expect(
      await signIn(ctx, browser(), {
        form: formOf({ email: "new@example.com", password: "wrong-123" }),
      }),
    ).toMatchObject({
      ok: false,
      problem: "invalid-credentials",
    });
  });

  it("gives ADMIN_EMAILS the admin role at sign-up, nobody else", async () => {
    const boss = await member("boss@example.com", "buyer");
    const adminLike = await member("admin.lookalike@example.com", "buyer");
    expect(boss.isAdmin).toBe(true);
    expect(adminLike.isAdmin).toBe(false);
    const result = await signIn(ctx, browser(), {
      form: formOf({
        email: "boss@example.com",
        password: "secret-123",
      }),
    });
    expect(result).toMatchObject({ ok: true, value: { isAdmin: true } });
  });

  it("sends the confirmation letter again on request, once the account's gap has passed", async () => {
    const email = "again@example.com";
    const letters = async () => (await readOutbox(dataDir)).filter((l) => l.to === email);
    await registerAs(email, "Еще Раз", "buyer");
    expect(await letters()).toHaveLength(1);
    const soon = await resendConfirmation(ctx, browser(), { form: formOf({ email: email }) });
    expect(soon).toMatchObject({
      ok: false,
      problem: "resend-wait",
      seconds: expect.any(Number),
    });
    expect(await letters()).toHaveLength(1);
    // Three minutes later.
    await database.db.execute(
      sql`update account_letters set sent_at = sent_at - interval '3 minutes'`,
    );
    expect(await resendConfirmation(ctx, browser(), { form: formOf({ email }) })).toEqual({
      ok: true,
      value: { email },
    });
    expect(await letters()).toHaveLength(2);
    // An unknown address gets the same answer and no letter.
    expect(
      await resendConfirmation(ctx, browser(), {
        form: formOf({ email: "nobody-here@example.com" }),
      }),
    ).toEqual({ ok: true, value: { email: "nobody-here@example.com" } });
    expect((await readOutbox(dataDir)).some((l) => l.to === "nobody-here@example.com")).toBe(false);
  });

  it("tells an unconfirmed account at sign-in whether a new letter went, and when the next may", async () => {
    const email = "unconfirmed@example.com";
    const letters = async () => (await readOutbox(dataDir)).filter((l) => l.to === email);
    await registerAs(email, "Без Подтверждения", "buyer");
    expect(await letters()).toHaveLength(1);
    // Right after the sign-up letter: this sign-in sends nothing, and says when the next may go.
    const soon = await signIn(ctx, browser(), { form: formOf({ email, password: "secret-123" }) });
    expect(soon).toMatchObject({
      ok: false,
      problem: "email-not-confirmed",
      letterSent: false,
    });
    const wait = !soon.ok && soon.problem === "email-not-confirmed" ? soon : null;
    expect(wait?.nextLetterIn).toBeGreaterThan(100);
    expect(wait?.nextLetterIn).toBeLessThanOrEqual(120);
    expect(await letters()).toHaveLength(1);
    // Three minutes later the sign-in itself sends a new letter, and says so.
    await database.db.execute(
      sql`update account_letters set sent_at = sent_at - interval '3 minutes'`,
    );
    const later = await signIn(ctx, browser(), { form: formOf({ email, password: "secret-123" }) });
    expect(later).toMatchObject({
      ok: false,
      problem: "email-not-confirmed",
      letterSent: true,
    });
    expect(await letters()).toHaveLength(2);
    // …and the button's next letter is a gap away again, as the resend itself answers.
    const next = !later.ok && later.problem === "email-not-confirmed" ? later : null;
    expect(next?.nextLetterIn).toBeGreaterThan(100);
    expect(
      await resendConfirmation(ctx, browser(), { form: formOf({ email: email }) }),
    ).toMatchObject({
      ok: false,
      problem: "resend-wait",
    });
  });

  it("locks one account after 5 wrong passwords, from anywhere, not its colleagues", async () => {
    const limited = contextFor({ AUTH_RATE_LIMIT: "true" });
    const office = "198.51.100.9";
    await member("typo@example.com", "buyer", "Опечатка");
    await member("colleague@example.com", "buyer", "Коллега");
    const attempt = (email: string, password: string, address = office) =>
      signIn(limited, browser(address), { form: formOf({ email, password }) });
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await attempt("typo@example.com", "wrong-123"));
    expect(results.slice(0, 4).every((r) => !r.ok && r.problem === "invalid-credentials")).toBe(
      true,
    );
    // The failure that closes sign-in says so, and so does every attempt after it: with the wait.
    for (const locked of results.slice(4)) {
      expect(locked).toMatchObject({ ok: false, problem: "sign-in-locked" });
      const seconds = (!locked.ok && locked.seconds) || 0;
      expect(seconds).toBeGreaterThan(50);
      expect(seconds).toBeLessThanOrEqual(60);
    }
    // The right password does not help while the account is locked, nor does another address.
    expect(await attempt("typo@example.com", "secret-123")).toMatchObject({
      problem: "sign-in-locked",
    });
    expect(await attempt("typo@example.com", "secret-123", "203.0.113.5")).toMatchObject({
      problem: "sign-in-locked",
    });
    // The wait shrinks as the failures age, and the lock opens once they leave the window.
    await database.db.execute(
      sql`update sign_in_failures set failed_at = failed_at - interval '45 seconds'`,
    );
    const later = await attempt("typo@example.com", "secret-123");
    expect(later).toMatchObject({ problem: "sign-in-locked" });
    const rest = (!later.ok && later.seconds) || 0;
    expect(rest).toBeGreaterThan(5);
    expect(rest).toBeLessThanOrEqual(15);
    // A colleague behind the same address signs in.
    expect(await attempt("colleague@example.com", "secret-123")).toMatchObject({ ok: true });
  });

  it("checks at most 5 passwords of one account however many guesses arrive at once", async () => {
    // Issue 27: the limit was check-then-insert; 120 parallel guesses got 55 checked.
    const limited = contextFor({ AUTH_RATE_LIMIT: "true" });
    await member("crowd@example.com", "buyer", "Толпа");
    // Each guess from its own address, so only the per-account limit stands in the way.
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        signIn(limited, browser(`198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`), {
          form: formOf({
            email: "Crowd@example.com",
            password: `wrong-${i}`,
          }),
        }),
      ),
    );
    const codes = results.map((result) => (result.ok ? "ok" : result.problem));
    expect(codes.every((code) => code === "invalid-credentials" || code === "sign-in-locked")).toBe(
      true,
    );
    // Every checked password left one failure; the rest were refused before the check.
    const [counted] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.signInFailures)
      .where(eq(schema.signInFailures.email, "crowd@example.com"));
    expect(counted?.n).toBe(5);
    expect(codes.filter((code) => code === "invalid-credentials").length).toBeLessThanOrEqual(5);
  }, 120_000);

  it("still limits one address that tries many accounts", async () => {
    const limited = contextFor({ AUTH_RATE_LIMIT: "true" });
    const results = [];
    for (let i = 0; i < 32; i++) {
      results.push(
        await signIn(limited, browser("198.51.100.77"), {
          form: formOf({
            email: `nobody-${i}@example.com`,
            password: "wrong-123",
          }),
        }),
      );
    }
    expect(results[0]).toMatchObject({ problem: "invalid-credentials" });
    // …and says how long to wait, as better-auth's limit tells it.
    expect(results.at(-1)).toMatchObject({
      ok: false,
      problem: "rate-limited",
      seconds: expect.any(Number),
    });
    // 32 password checks one after the other: seconds on a quiet machine, far more under load.
  }, 120_000);
});

describe(`profiles belong to their owner (${testDatabaseKind()})`, () => {
  it("saves only the actor's own rows, whatever else the input carries", async () => {
    const a = await member("owner-a@example.com", "factory", "Фабрика А");
    const b = await member("owner-b@example.com", "factory", "Фабрика Б");
    await saveFactoryProfile(database.db, b, { name: "Фабрика Б", categories: ["tops"] });
    const first = await saveFactoryProfile(database.db, a, {
      name: "Фабрика А",
      categories: ["outerwear"],
      country: "kg",
      city: "kg_1",
      ...({ userId: b.id, id: "x" } as object),
    });
    expect(first.created).toBe(true);
    const second = await saveFactoryProfile(database.db, a, { name: "Фабрика А+", categories: [] });
    expect(second).toEqual({ factoryId: first.factoryId, created: false });

    const rows = await database.db
      .select({ userId: schema.factories.userId, name: schema.factories.name })
      .from(schema.factories)
      .where(sql`${schema.factories.userId} in (${a.id}, ${b.id})`);
    expect(rows.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { userId: a.id, name: "Фабрика А+" },
      { userId: b.id, name: "Фабрика Б" },
    ]);
  });

  it("refuses the profile's actions of an account without its profile, before its form is read", async () => {
    const buyer = await member("no-profile@example.com", "buyer");
    expect(profileGate({ actor: buyer })).toEqual({ ok: true, value: undefined });
    expect(profileGate({ actor: { ...buyer, profile: null } })).toEqual({
      ok: false,
      problem: "no-profile",
      kind: "forbidden",
    });
  });

  it("keeps the factory and buyer forms to their kinds of account", async () => {
    const buyer = await member("buyer-x@example.com", "buyer");
    const factory = await member("factory-x@example.com", "factory");
    await expect(
      saveFactoryProfile(database.db, buyer, { name: "Нет", categories: [] }),
    ).rejects.toThrow("only a factory saves the factory form");
    await expect(saveBuyerProfile(database.db, factory, { name: "Нет" })).rejects.toThrow(
      "factories use the factory form",
    );
    await saveBuyerProfile(database.db, buyer, {
      name: "Покупатель",
      telegramUrl: "https://t.me/buyer_x",
    });
    const [row] = await database.db
      .select({ name: schema.profiles.name, telegram: schema.profiles.telegramUrl })
      .from(schema.profiles)
      .where(eq(schema.profiles.id, buyer.id));
    expect(row).toEqual({ name: "Покупатель", telegram: "https://t.me/buyer_x" });
  });
});

describe(`account deletion (${testDatabaseKind()})`, () => {
  it("removes every row and file of the account and nothing of anyone else's", async () => {
    const storage = storageFor(env);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#0f5f5c" },
    })
      .png()
      .toBuffer();
    const picture = async (folder: "logos" | "products" | "tenders") => {
      const saved = await saveImage(storage, png, { folder });
      if (!saved.ok) throw new Error(saved.reason);
      return saved.url;
    };
    const owner = await member("leaving@example.com", "factory", "Уходящая фабрика");
    const neighbour = await member("staying@example.com", "factory", "Остающаяся фабрика");
    const logo = await picture("logos");
    const { factoryId } = await saveFactoryProfile(database.db, owner, {
      name: "Уходящая",
      categories: [],
    });
    await setProfileImage(database.db, owner, logo);
    const productImage = await picture("products");
    const tenderPhoto = await picture("tenders");
    await database.db
      .insert(schema.factoryProducts)
      .values({ factoryId, userId: owner.id, name: "Куртка", images: [productImage] });
    await database.db
      .insert(schema.tenders)
      .values({ userId: owner.id, title: "Тендер", photos: [tenderPhoto] });
    const { factoryId: otherFactory } = await saveFactoryProfile(database.db, neighbour, {
      name: "Остающаяся",
      categories: [],
    });

    const files = await deleteAccount(database.db, owner);
    expect(files.sort()).toEqual([logo, productImage, tenderPhoto].sort());
    await removeImages(storage, files);

    const { rows } = await database.db.execute<{ n: number }>(sql`
      select (select count(*) from users where id = ${owner.id})
           + (select count(*) from profiles where id = ${owner.id})
           + (select count(*) from sessions where user_id = ${owner.id})
           + (select count(*) from accounts where user_id = ${owner.id})
           + (select count(*) from factories where user_id = ${owner.id})
           + (select count(*) from factory_products where user_id = ${owner.id})
           + (select count(*) from tenders where user_id = ${owner.id}) as n`);
    expect(Number(rows[0]?.n)).toBe(0);
    for (const url of files) {
      expect(existsSync(uploadPath(dataDir, url) as string)).toBe(false);
      expect(existsSync(uploadPath(dataDir, url.replace(".webp", "-thumb.webp")) as string)).toBe(
        false,
      );
    }
    const [kept] = await database.db
      .select({ id: schema.factories.id })
      .from(schema.factories)
      .where(eq(schema.factories.userId, neighbour.id));
    expect(kept?.id).toBe(otherFactory);
  });
});
