// The capability profile (issue 29, items 2 and 3): the factory saves it through its page
// (/profile/capabilities), refused input changes nothing and is said in the page's language,
// the factory page shows it, and the directory filters and sorts by it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setFactoryVerified } from "~/features/admin/admin.server";
import { saveCapabilities } from "~/features/factories/capabilities.server";
import { findFactory, listFactories } from "~/features/factories/factories.server";
import { schema } from "~/platform/db.server";
import { storageFor } from "~/platform/storage.server";
import * as factoriesRoute from "~/routes/factories";
import * as profileRoute from "~/routes/profile";
import * as capabilitiesRoute from "~/routes/profile-capabilities";
import { contextOf, formOf } from "../support/actor-context";
import type { Person } from "../support/app-harness";
import { insertPerson } from "../support/people";
import { testApp } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const app = testApp();

const profileForm = (name: string): [string, string][] => [
  ["intent", "save"],
  ["name", name],
  ["country", "uz"],
  ["categories", "tops"],
];

const capabilityForm: [string, string][] = [
  ["minOrder", "300"],
  ["monthlyCapacity", "25 000"],
  ["leadTimeDays", "30"],
  ["sampleDays", "7"],
  ["staffCount", "120"],
  ["foundedYear", "2009"],
  ["services", "sampling"],
  ["services", "printing"],
  ["services", "printing"],
  ["materials", "knit"],
  ["exportMarkets", "eu"],
  ["exportMarkets", "cis"],
  ["languages", "ru"],
  ["languages", "en"],
];

const capabilitiesOf = async (userId: string) => {
  const [row] = await app.db
    .select({
      minOrder: schema.factories.minOrder,
      monthlyCapacity: schema.factories.monthlyCapacity,
      leadTimeDays: schema.factories.leadTimeDays,
      sampleDays: schema.factories.sampleDays,
      staffCount: schema.factories.staffCount,
      foundedYear: schema.factories.foundedYear,
      services: schema.factories.services,
      materials: schema.factories.materials,
      exportMarkets: schema.factories.exportMarkets,
      languages: schema.factories.languages,
      updatedAt: schema.factories.updatedAt,
    })
    .from(schema.factories)
    .where(eq(schema.factories.userId, userId));
  return row;
};

describe(`the capability profile (${testDatabaseKind()})`, () => {
  let factory: Person;

  beforeAll(async () => {
    factory = await app.signUp("factory", "Ташкент Трикотаж");
    const saved = await app.post(profileRoute.action, "/profile", {
      as: factory,
      form: profileForm(factory.name),
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
  });

  it("is saved from its page and shown on the factory page", async () => {
    const reply = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      as: factory,
      form: capabilityForm,
    });
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
    expect(reply.location).toBe("/profile/capabilities");
    const stored = await capabilitiesOf(factory.id);
    expect(stored).toMatchObject({
      minOrder: 300,
      monthlyCapacity: 25000,
      leadTimeDays: 30,
      sampleDays: 7,
      staffCount: 120,
      foundedYear: 2009,
      services: ["sampling", "printing"],
      materials: ["knit"],
      exportMarkets: ["eu", "cis"],
      languages: ["ru", "en"],
    });
    const page = await app.get(capabilitiesRoute.loader, "/profile/capabilities", { as: factory });
    expect(page.data).toMatchObject({ state: "ready", value: { minOrder: 300 } });
    const [row] = await app.db
      .select({ id: schema.factories.id })
      .from(schema.factories)
      .where(eq(schema.factories.userId, factory.id));
    const detail = await findFactory(app.db, row?.id);
    expect(detail?.capabilities).toMatchObject({ minOrder: 300, languages: ["ru", "en"] });
  });

  it("clears a number left blank and a list left unchecked", async () => {
    const reply = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      as: factory,
      form: [["minOrder", "150"]],
    });
    expect(reply.status).toBe(302);
    expect(await capabilitiesOf(factory.id)).toMatchObject({
      minOrder: 150,
      monthlyCapacity: null,
      services: [],
      languages: [],
    });
    await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      as: factory,
      form: capabilityForm,
    });
  });

  const refused: [string, [string, string][], string, string][] = [
    ["a minimum order of 0", [["minOrder", "0"]], "minOrder", "Введите число от 1 до 100 000 000"],
    [
      "a word for a number",
      [["monthlyCapacity", "много"]],
      "monthlyCapacity",
      "Введите целое число",
    ],
    ["a fraction", [["leadTimeDays", "1.5"]], "leadTimeDays", "Введите целое число"],
    [
      "a lead time of a year and a day",
      [["leadTimeDays", "366"]],
      "leadTimeDays",
      "Введите число от 1 до 365",
    ],
    [
      "a year before 1800",
      [["foundedYear", "1700"]],
      "foundedYear",
      "Введите число от 1 800 до 2 100",
    ],
    [
      "a huge number",
      [["staffCount", "9".repeat(400)]],
      "staffCount",
      "Введите число от 1 до 1 000 000",
    ],
    [
      "an unknown service",
      [["services", "teleportation"]],
      "services",
      "Выберите значения из списка",
    ],
    ["an unknown language", [["languages", "xx"]], "languages", "Выберите значения из списка"],
  ];
  for (const [what, form, field, message] of refused) {
    it(`refuses ${what}, says why by the field and changes nothing`, async () => {
      const before = await capabilitiesOf(factory.id);
      const reply = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
        as: factory,
        form,
      });
      expect(reply.status).toBe(400);
      const result = (reply.data as { result: { error: Record<string, string[]> } }).result;
      // A list's wrong item speaks at its place in the list ('services[0]').
      const said = Object.entries(result.error)
        .filter(([name]) => name === field || name.startsWith(`${field}[`))
        .flatMap(([, messages]) => messages);
      expect(said[0]?.replace(/\u00a0/g, " ")).toBe(message);
      expect(await capabilitiesOf(factory.id)).toEqual(before);
    });
  }

  it("says it in English on the English page", async () => {
    const reply = await app.post(capabilitiesRoute.action, "/en/profile/capabilities", {
      as: factory,
      form: [["leadTimeDays", "0"]],
    });
    expect(reply.status).toBe(400);
    const result = (reply.data as { result: { error: Record<string, string[]> } }).result;
    expect(result.error.leadTimeDays).toEqual(["Enter a number from 1 to 365"]);
  });

  it("is refused to a buyer and to a factory that has not saved its profile yet", async () => {
    const buyer = await app.signUp("buyer", "Покупатель");
    const asBuyer = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      as: buyer,
      form: capabilityForm,
    });
    expect(asBuyer.status).toBe(403);
    const buyerPage = await app.get(capabilitiesRoute.loader, "/profile/capabilities", {
      as: buyer,
    });
    expect(buyerPage.status).toBe(403);
    const fresh = await app.signUp("factory", "Новая фабрика");
    const early = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      as: fresh,
      form: capabilityForm,
    });
    expect(early.status).toBe(409);
    const visitor = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      form: capabilityForm,
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
  });

  it("answers an Outcome to a direct call, without text", async () => {
    const user = await app.userOf(factory);
    const context = {
      db: app.db,
      storage: storageFor(app.runtime.env),
      actor: user,
      locale: "ru" as const,
    };
    const form = new FormData();
    form.append("minOrder", "abc");
    const outcome = await saveCapabilities(context, { form });
    expect(outcome).toMatchObject({ ok: false, problem: "invalid", kind: "invalid" });
  });
});

describe(`the directory's capability filters and sorts (${testDatabaseKind()})`, () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const day = 24 * 3600_000;
    const base = Date.now() - 100 * day;
    const rows = {
      knitEu: {
        minOrder: 100,
        monthlyCapacity: 50_000,
        leadTimeDays: 20,
        services: ["printing", "sampling"],
        materials: ["knit"],
        exportMarkets: ["eu"],
        languages: ["ru", "en"],
      },
      denimBig: {
        minOrder: 1000,
        monthlyCapacity: 200_000,
        leadTimeDays: 45,
        services: ["washing-dyeing"],
        materials: ["denim"],
        exportMarkets: ["us", "eu"],
        languages: ["ru"],
      },
      smallKnit: {
        minOrder: 500,
        monthlyCapacity: 5_000,
        leadTimeDays: 30,
        services: ["embroidery"],
        materials: ["knit", "linen"],
        exportMarkets: ["cis"],
        languages: ["ru", "en", "uz"],
      },
      silent: {},
    } as const;
    let n = 0;
    for (const [key, columns] of Object.entries(rows)) {
      n += 1;
      const person = await insertPerson(app.db, "factory", `Фильтр ${key}`, {
        factory: {
          country: "am",
          categories: ["tops"],
          createdAt: new Date(base + n * day),
          ...(columns as object),
        },
      });
      ids[key] = person.factoryId as string;
    }
    const admin = await insertPerson(app.db, "buyer", "Админ", { role: "admin" });
    // Verified: denimBig (the factory) and knitEu's OEKO-TEX certificate; smallKnit's is pending.
    await setFactoryVerified(contextOf(app.db, admin), {
      verified: true,
      form: formOf({ factoryId: ids.denimBig as string, note: null }),
    });
    await app.db.insert(schema.factoryCertificates).values([
      { factoryId: ids.knitEu as string, certification: "oeko-tex-100", status: "verified" },
      { factoryId: ids.smallKnit as string, certification: "oeko-tex-100", status: "pending" },
      { factoryId: ids.denimBig as string, certification: "gots", status: "rejected" },
    ]);
  });

  const found = async (query: Record<string, string>) => {
    const list = await listFactories(app.db, { country: "am", ...query });
    return list.items.map((card) => card.id).filter((id) => Object.values(ids).includes(id));
  };
  const named = (...keys: string[]) => keys.map((key) => ids[key]);

  it("filters by every capability, alone and together", async () => {
    expect(await found({ moq: "500" })).toEqual(named("smallKnit", "knitEu"));
    expect(await found({ capacity: "50000" })).toEqual(named("denimBig", "knitEu"));
    expect(await found({ lead: "30" })).toEqual(named("smallKnit", "knitEu"));
    expect(await found({ service: "printing" })).toEqual(named("knitEu"));
    expect(await found({ material: "knit" })).toEqual(named("smallKnit", "knitEu"));
    expect(await found({ market: "eu" })).toEqual(named("denimBig", "knitEu"));
    expect(await found({ english: "1" })).toEqual(named("smallKnit", "knitEu"));
    expect(await found({ material: "knit", moq: "200", english: "1" })).toEqual(named("knitEu"));
    expect(await found({ material: "silk" })).toEqual([]);
  });

  it("counts only verified certificates", async () => {
    expect(await found({ cert: "oeko-tex-100" })).toEqual(named("knitEu"));
    expect(await found({ cert: "gots" })).toEqual([]);
  });

  it("follows every change of a certificate (the list kept with the factory, migration 0028)", async () => {
    const certificates = schema.factoryCertificates;
    const kept = async (key: string) => {
      const [row] = await app.db
        .select({ list: schema.factories.verifiedCertifications })
        .from(schema.factories)
        .where(eq(schema.factories.id, ids[key] as string));
      return row?.list;
    };
    expect(await kept("knitEu")).toEqual(["oeko-tex-100"]);
    const rejected = and(
      eq(certificates.factoryId, ids.denimBig as string),
      eq(certificates.certification, "gots"),
    );
    // Verified later: found; a second one keeps the list in order.
    await app.db.update(certificates).set({ status: "verified" }).where(rejected);
    await app.db.insert(certificates).values({
      factoryId: ids.denimBig as string,
      certification: "amfori-bsci",
      status: "verified",
    });
    expect(await kept("denimBig")).toEqual(["amfori-bsci", "gots"]);
    expect(await found({ cert: "gots" })).toEqual(named("denimBig"));
    // Rejected again, then removed: gone.
    await app.db.update(certificates).set({ status: "rejected" }).where(rejected);
    expect(await found({ cert: "gots" })).toEqual([]);
    await app.db.delete(certificates).where(eq(certificates.factoryId, ids.denimBig as string));
    expect(await kept("denimBig")).toEqual([]);
    expect(await found({ cert: "amfori-bsci" })).toEqual([]);
    expect(await found({ cert: "oeko-tex-100" })).toEqual(named("knitEu"));
  });

  it("counts what it lists, and caps the count when there are more", async () => {
    const list = await listFactories(app.db, { country: "am", material: "knit" });
    expect(list.total).toBe(2);
    expect(list.totalCapped).toBeUndefined();
    const capped = await listFactories(app.db, { country: "am", lead: "365" }, { countCap: 2 });
    expect(capped).toMatchObject({ total: 2, totalCapped: true });
  });

  it("sorts by the newest and by the verified first", async () => {
    expect(await found({ sort: "newest" })).toEqual(
      named("silent", "smallKnit", "denimBig", "knitEu"),
    );
    expect((await found({ sort: "verified" }))[0]).toBe(ids.denimBig);
  });

  it("reads the filters from the directory's address", async () => {
    const reply = await app.get(
      factoriesRoute.loader,
      "/factories?country=am&material=knit&moq=200&cert=oeko-tex-100&sort=newest",
    );
    const data = reply.data as Awaited<ReturnType<typeof listFactories>>;
    expect(data.items.map((card) => card.id)).toEqual(named("knitEu"));
    expect(data.filters).toMatchObject({
      material: "knit",
      maxMinOrder: 200,
      certification: "oeko-tex-100",
      sort: "newest",
    });
  });

  it("puts minimum order and lead time on the cards", async () => {
    const list = await listFactories(app.db, { country: "am", service: "printing" });
    expect(list.items[0]).toMatchObject({ minOrder: 100, leadTimeDays: 20 });
  });
});
