import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeFactoryFilters } from "~/domain/factory-filters";
import { findFactory, listFactories } from "~/features/factories/factories.server";
import { cityIdsMatching } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import { loader as factoryLoader } from "~/routes/factory";
import { loader as homeLoader } from "~/routes/home";
import { loader as language, action as languageSwitch } from "~/routes/language";
import { action as loginAction, loader as loginLoader } from "~/routes/login";
import { action as profileAction } from "~/routes/profile";
import { action as registerAction } from "~/routes/register";
import { testApp } from "../support/per-file";

// The account's language: the sign-up page's, then the one chosen with the switcher.

const app = testApp();

const localeOfAccount = async (email: string) => {
  const [row] = await app.db
    .select({ locale: schema.profiles.locale })
    .from(schema.profiles)
    .innerJoin(schema.users, eq(schema.users.id, schema.profiles.id))
    .where(eq(schema.users.email, email));
  return row?.locale;
};

describe("the account's language", () => {
  it("is the language of the sign-up page", async () => {
    const english = `en-${Date.now()}@example.com`;
    const reply = await app.post(registerAction, "/en/register", {
      form: {
        name: "Anna Schmidt",
        userType: "buyer",
        email: english,
        password: "Secret-123",
        confirmPassword: "Secret-123",
      },
    });
    expect(reply.status).toBeLessThan(400);
    expect(await localeOfAccount(english)).toBe("en");
    const person = await app.signUp("buyer");
    expect(await localeOfAccount(person.email)).toBe("ru");
  });

  it("follows the switcher's form, which remembers the choice and goes only to our own pages", async () => {
    const person = await app.signUp("factory");
    const reply = await app.post(languageSwitch, "/language", {
      as: person,
      form: { to: "/en/factories?country=kg" },
    });
    expect(reply.status).toBe(303);
    expect(reply.location).toBe("/en/factories?country=kg");
    expect(reply.headers.get("set-cookie")).toMatch(/^fabricum_lang=en; Path=\//);
    expect(await localeOfAccount(person.email)).toBe("en");

    const back = await app.post(languageSwitch, "/language", {
      as: person,
      form: { to: "/tenders" },
    });
    expect(back.location).toBe("/tenders");
    expect(back.headers.get("set-cookie")).toMatch(/^fabricum_lang=ru;/);
    expect(await localeOfAccount(person.email)).toBe("ru");

    for (const to of ["//evil.example/en", "https://evil.example", "/\\evil.example"]) {
      const away = await app.post(languageSwitch, "/language", { form: { to } });
      expect(away.location, to).toBe("/");
    }
  });

  it("a GET (a link, from anywhere) switches the cookie only, never the account", async () => {
    // Issue 27: GET /language wrote the account's language, so a link on another site switched
    // the language of a person's letters.
    const person = await app.signUp("buyer");
    const reply = await app.get(language, "/language?to=%2Fen%2Ftenders", { as: person });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/en/tenders");
    expect(reply.headers.get("set-cookie")).toMatch(/^fabricum_lang=en;/);
    expect(await localeOfAccount(person.email)).toBe("ru");
  });
});

describe("a factory's own English texts", () => {
  it("are saved beside the original and read back for English pages", async () => {
    const person = await app.signUp("factory", "Ала-Тоо Лен");
    const save = (fields: Record<string, string>) =>
      app.post(profileAction, "/en/profile", {
        as: person,
        form: { intent: "save", name: "Ала-Тоо Лен", country: "kg", categories: "tops", ...fields },
      });
    const saved = await save({
      description: "Шьем льняные рубашки.",
      nameEn: "  Ala-Too Linen ",
      descriptionEn: "We sew linen shirts.",
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/en/profile");
    const [row] = await app.db
      .select({ id: schema.factories.id })
      .from(schema.factories)
      .where(eq(schema.factories.userId, person.id));
    const factory = await findFactory(app.db, row?.id);
    expect(factory).toMatchObject({
      name: "Ала-Тоо Лен",
      nameEn: "Ala-Too Linen",
      description: "Шьем льняные рубашки.",
      descriptionEn: "We sew linen shirts.",
    });
    const list = await listFactories(app.db, normalizeFactoryFilters({ q: "Ала-Тоо Лен" }));
    expect(list.items.find((card) => card.id === row?.id)).toMatchObject({
      nameEn: "Ala-Too Linen",
      excerptEn: "We sew linen shirts.",
    });
    // Emptied again: English pages show the original.
    await save({ description: "Шьем льняные рубашки.", nameEn: " ", descriptionEn: "" });
    expect(await findFactory(app.db, row?.id)).toMatchObject({ nameEn: null, descriptionEn: null });
    // A line break in the English name is refused in English, and nothing changes.
    const refused = await save({ nameEn: "Ala\nToo" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Keep it to one line, without line breaks");
  });
});

describe("hostile addresses for the switcher", () => {
  it("any `to` gives a redirect to one of our pages and a language cookie, never an error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (to) => {
        const reply = await app.get(language, `/language?to=${encodeURIComponent(to)}`);
        expect(reply.error).toBeUndefined();
        expect(reply.status).toBe(302);
        expect(reply.location?.startsWith("/")).toBe(true);
        expect(reply.location?.startsWith("//")).toBe(false);
        expect(reply.headers.get("set-cookie")).toMatch(/^fabricum_lang=(ru|en);/);
        const posted = await app.post(languageSwitch, "/language", { form: { to } });
        expect(posted.error).toBeUndefined();
        expect(posted.status).toBe(303);
        expect(posted.location?.startsWith("/")).toBe(true);
        expect(posted.location?.startsWith("//")).toBe(false);
      }),
      { numRuns: 60 },
    );
  });
});

describe("tender city search", () => {
  it("finds a reference city by its English name as well", () => {
    expect(cityIdsMatching("almaty")).toEqual(["kz_1"]);
    expect(cityIdsMatching("Алматы")).toEqual(["kz_1"]);
    expect(cityIdsMatching("bishk")).toEqual(["kg_1"]);
  });
});

describe("where a returning person lands after signing in", () => {
  const signIn = (path: string, email: string, redirectTo?: string) =>
    app.post(loginAction, path, {
      form: { email, password: "secret-password-1", ...(redirectTo ? { redirectTo } : {}) },
    });

  it("is the workspace in the page's language, unless the sign-in came from a page", async () => {
    const factory = await app.signUp("factory");
    const buyer = await app.signUp("buyer");
    const admin = await app.signUp("buyer");
    await app.makeAdmin(admin);
    expect((await signIn("/login", factory.email)).location).toBe("/factory-dashboard");
    expect((await signIn("/en/login", factory.email)).location).toBe("/en/factory-dashboard");
    expect((await signIn("/login", buyer.email)).location).toBe("/my-tenders");
    expect((await signIn("/en/login", buyer.email)).location).toBe("/en/my-tenders");
    expect((await signIn("/login", admin.email)).location).toBe("/admin");
    // A sign-in asked for by a page goes back to it.
    expect((await signIn("/login", buyer.email, "/tenders?tender=x")).location).toBe(
      "/tenders?tender=x",
    );
    // Opening the sign-in page while signed in leads to the workspace as well…
    expect((await app.get(loginLoader, "/login", { as: factory })).location).toBe(
      "/factory-dashboard",
    );
    expect((await app.get(loginLoader, "/en/login", { as: buyer })).location).toBe(
      "/en/my-tenders",
    );
    // …while the landing page stays where the logo leads.
    const home = await app.get(homeLoader, "/", { as: buyer });
    expect(home.status).toBe(200);
    expect(home.location).toBeNull();
  });
});

describe("a factory's own page", () => {
  it("offers its owner, and nobody else, a link to edit it", async () => {
    const owner = await app.signUp("factory", "Своя Фабрика");
    const other = await app.signUp("factory", "Чужая Фабрика");
    const saved = await app.post(profileAction, "/profile", {
      as: owner,
      form: {
        intent: "save",
        name: "Своя Фабрика",
        country: "kg",
        city: "kg_1",
        categories: "tops",
      },
    });
    expect(saved.status).toBe(302);
    const [row] = await app.db
      .select({ id: schema.factories.id })
      .from(schema.factories)
      .where(eq(schema.factories.userId, owner.id));
    const id = row?.id as string;
    const ownOf = async (as: typeof owner | null, path = `/factory/${id}`) =>
      ((await app.get(factoryLoader, path, { as, params: { id } })).data as { own: boolean }).own;
    expect(await ownOf(owner)).toBe(true);
    expect(await ownOf(owner, `/en/factories/${id}`)).toBe(true);
    expect(await ownOf(other)).toBe(false);
    expect(await ownOf(null)).toBe(false);
  });
});
