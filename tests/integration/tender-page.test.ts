// A tender's own page (/tenders/{id}, app/routes/tender.tsx) through its real loader and meta, and
// the tender's activity categories through the real tender forms: an active tender answers 200
// with its Open Graph tags; unknown, malformed, deleted ids and a blocked owner's tender answer
// 404; a closed or awarded tender shows without contacts; the quote count leaves out withdrawn
// quotes and banned factories' quotes and never carries their content; contacts never reach a
// visitor; categories are checked against the reference list (at most 3) in both languages and
// stored; the sitemap lists active tenders' pages in both languages.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MetaDescriptor } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { messagesFor, tenders as tenderMessages } from "~/domain/catalogue";
import { m } from "~/domain/messages";
import { countTenderQuotes } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import * as myTendersRoute from "~/routes/my-tenders";
import * as placeTenderRoute from "~/routes/place-tender";
import { loader as sitemapLoader } from "~/routes/sitemap";
import * as tenderRoute from "~/routes/tender";
import * as tendersRoute from "~/routes/tenders";
import type { QuoteStatus } from "~db/schema";
import { BASE_URL, type Person, type Reply, routeArgs } from "../support/app-harness";
import { testApp } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

/** The one row a query returned (fails the test when there is none). */
function only<T>(row: T | undefined): T {
  if (row === undefined) throw new Error("no row");
  return row;
}

/** The i-th factory account (sign-up made four). */
const factory = (i: number): Person => only(factories[i]);

const en = messagesFor("en", { tenders: tenderMessages }).tenders;

const app = testApp();
let owner: Person;
let otherBuyer: Person;
let factories: Person[];
let factoryIds: string[];

beforeAll(async () => {
  owner = await app.signUp("buyer", "Заказчик Страницы");
  otherBuyer = await app.signUp("buyer", "Другой Покупатель");
  factories = [];
  factoryIds = [];
  for (const name of ["Фабрика А", "Фабрика Б", "Фабрика В", "Фабрика Г"]) {
    const person = await app.signUp("factory", name);
    const [row] = await app.db
      .insert(schema.factories)
      .values({ userId: person.id, name })
      .returning({ id: schema.factories.id });
    factories.push(person);
    factoryIds.push(only(row).id);
  }
}, 60_000);

/** Places a tender through the /place-tender form; returns its id. */
async function placeTender(fields: [string, string][], as = owner): Promise<string> {
  const title = `Тендер ${randomUUID().slice(0, 8)}`;
  const reply = await app.post(placeTenderRoute.action, "/place-tender?new=1", {
    as,
    form: [["intent", "create"], ["title", title], ...fields],
  });
  expect(reply.status, JSON.stringify(reply.data)).toBe(302);
  const [row] = await app.db
    .select({ id: schema.tenders.id })
    .from(schema.tenders)
    .where(eq(schema.tenders.title, title));
  return only(row).id;
}

async function storedCategories(id: string): Promise<string[]> {
  const [row] = await app.db
    .select({ categories: schema.tenders.categories })
    .from(schema.tenders)
    .where(eq(schema.tenders.id, id));
  return only(row).categories;
}

/** Every message of a refused form, whatever field (or list item) it belongs to. */
function formErrors(reply: Reply): string[] {
  const result = (reply.data as { result?: { error?: Record<string, string[] | null> } }).result;
  return Object.values(result?.error ?? {}).flatMap((messages) => messages ?? []);
}

function openPage(id: string, as?: Person, language: "ru" | "en" = "ru") {
  const path = `${language === "en" ? "/en" : ""}/tenders/${id}`;
  return app.get(tenderRoute.loader, path, { as, params: { id } });
}

type PageData =
  | { found: false }
  | {
      found: true;
      tender: {
        id: string;
        title: string;
        status: string;
        categories: string[];
        contacts: { phone: string | null; telegram: string | null } | null;
      };
      quoteCount: number;
      audience: "owner" | "factory" | "other" | "visitor";
    };

const pageData = (reply: Reply) => reply.data as PageData;

function found(reply: Reply) {
  const loaded = pageData(reply);
  if (!loaded.found) throw new Error("the page answered 'not found'");
  return loaded;
}

/** The page's meta tags, as React Router builds them for the document's head. */
function metaOf(reply: Reply, pathname: string): MetaDescriptor[] {
  type MetaArgs = Parameters<typeof tenderRoute.meta>[0];
  const loaderData = reply.data as MetaArgs["loaderData"];
  // The root's match carries the site's settings; the page's meta reads only its loaderData.
  const root = { id: "root", loaderData: { site: { siteName: "Fabricum", baseUrl: BASE_URL } } };
  return tenderRoute.meta({
    loaderData,
    params: { id: "" },
    location: { pathname, search: "", hash: "", state: null, key: "default", mask: undefined },
    matches: [root] as unknown as MetaArgs["matches"],
    error: undefined,
  });
}

function tag(tags: MetaDescriptor[], key: string): string | undefined {
  const found = tags.find(
    (t) => ("property" in t && t.property === key) || ("name" in t && t.name === key),
  );
  return found && "content" in found ? String(found.content) : undefined;
}

async function addQuote(tenderId: string, index: number, status: QuoteStatus) {
  await app.db.insert(schema.quotes).values({
    tenderId,
    factoryId: only(factoryIds[index]),
    userId: factory(index).id,
    unitPrice: 12.5,
    currency: "USD",
    quantity: 500,
    leadTimeDays: 30,
    validUntil: new Date(Date.now() + 30 * 86_400_000),
    message: `Секретное предложение ${index}`,
    status,
  });
}

async function setBanned(person: Person, banned: boolean) {
  await app.db.update(schema.users).set({ banned }).where(eq(schema.users.id, person.id));
}

describe(`activity categories on tenders (${testDatabaseKind()})`, () => {
  it("are stored from the form, each once, and shown on the page as chosen", async () => {
    const id = await placeTender([
      ["categories", "outerwear"],
      ["categories", "sportswear"],
      ["categories", "outerwear"],
    ]);
    expect(await storedCategories(id)).toEqual(["outerwear", "sportswear"]);
    expect(found(await openPage(id)).tender.categories).toEqual(["outerwear", "sportswear"]);

    // None is fine: the tender is for any factory.
    const none = await placeTender([]);
    expect(await storedCategories(none)).toEqual([]);
  });

  it("refuses a slug outside the list and more than 3, in the page's language", async () => {
    const unknown = await app.post(placeTenderRoute.action, "/place-tender?new=1", {
      as: owner,
      form: [
        ["intent", "create"],
        ["title", "Неизвестная категория"],
        ["categories", "rockets"],
      ],
    });
    expect(unknown.status).toBe(400);
    expect(formErrors(unknown)).toContain(m.tenders.categoriesInvalid);

    const four = [
      ["categories", "outerwear"],
      ["categories", "bottoms"],
      ["categories", "tops"],
      ["categories", "sportswear"],
    ] as [string, string][];
    const tooMany = await app.post(placeTenderRoute.action, "/place-tender?new=1", {
      as: owner,
      form: [["intent", "create"], ["title", "Четыре категории"], ...four],
    });
    expect(tooMany.status).toBe(400);
    expect(formErrors(tooMany)).toContain("Выберите не более 3 категорий производства");

    const english = await app.post(placeTenderRoute.action, "/en/place-tender?new=1", {
      as: owner,
      form: [["intent", "create"], ["title", "Four categories"], ...four],
    });
    expect(english.status).toBe(400);
    expect(formErrors(english)).toContain("Choose no more than 3 production categories");
    const englishUnknown = await app.post(placeTenderRoute.action, "/en/place-tender?new=1", {
      as: owner,
      form: [
        ["intent", "create"],
        ["title", "Unknown"],
        ["categories", "rockets"],
      ],
    });
    expect(formErrors(englishUnknown)).toContain(en.categoriesInvalid);

    const stored = await app.db
      .select({ id: schema.tenders.id })
      .from(schema.tenders)
      .where(eq(schema.tenders.title, "Четыре категории"));
    expect(stored).toEqual([]);
  });

  it("are changed by the owner's edit form and by nobody else's", async () => {
    const id = await placeTender([["categories", "tops"]]);
    const edit = (as: Person, categories: string[]) =>
      app.post(myTendersRoute.action, "/my-tenders", {
        as,
        form: [
          ["intent", "save"],
          ["tenderId", id],
          ["title", "Правка категорий"],
          ...categories.map((slug) => ["categories", slug] as [string, string]),
        ],
      });
    expect((await edit(otherBuyer, ["miscellaneous"])).status).toBe(404);
    expect(await storedCategories(id)).toEqual(["tops"]);
    expect((await edit(owner, ["dresses-jumpsuits", "home-nightwear"])).status).toBe(302);
    expect(await storedCategories(id)).toEqual(["dresses-jumpsuits", "home-nightwear"]);
    const refused = await edit(owner, ["tops", "bottoms", "outerwear", "sportswear"]);
    expect(refused.status).toBe(400);
    expect(await storedCategories(id)).toEqual(["dresses-jumpsuits", "home-nightwear"]);
    // Unchecking every box clears them.
    expect((await edit(owner, [])).status).toBe(302);
    expect(await storedCategories(id)).toEqual([]);
  });
});

describe(`the tender's own page (${testDatabaseKind()})`, () => {
  let tenderId: string;

  beforeAll(async () => {
    tenderId = await placeTender([
      ["category", "women"],
      ["quantity", "1200"],
      ["country", "kg"],
      ["city", "kg_1"],
      ["budget", "4500"],
      ["currency", "USD"],
      ["phone", "+996 555 12-34-56"],
      ["telegram", "@page_buyer"],
      ["description", "Летние платья из штапеля, размеры 42–52"],
      ["categories", "dresses-jumpsuits"],
      ["categories", "outerwear"],
    ]);
  });

  it("answers 200 with Open Graph and Twitter tags for an active tender", async () => {
    const reply = await openPage(tenderId);
    expect(reply.status).toBe(200);
    const loaded = found(reply);
    const tags = metaOf(reply, `/tenders/${tenderId}`);
    expect(tag(tags, "og:title")).toBe(loaded.tender.title);
    expect(tag(tags, "og:type")).toBe("website");
    expect(tag(tags, "og:url")).toBe(`${BASE_URL}/tenders/${tenderId}`);
    // No photo: the site's own picture.
    expect(tag(tags, "og:image")).toBe(`${BASE_URL}/og-image.png`);
    const description = tag(tags, "og:description") ?? "";
    expect(description).toMatch(/Количество: 1\s200\sшт\./);
    expect(description).toContain("Кыргызстан");
    expect(description).toMatch(/4\s500\s\$/);
    expect(description).toContain("Платья и комбинезоны, Верхняя одежда");
    expect(description).not.toContain("12-34-56");
    expect(tag(tags, "twitter:card")).toBe("summary_large_image");
    expect(tag(tags, "twitter:title")).toBe(loaded.tender.title);
    expect(tag(tags, "twitter:image")).toBe(`${BASE_URL}/og-image.png`);
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: `${BASE_URL}/tenders/${tenderId}`,
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "en",
      href: `${BASE_URL}/en/tenders/${tenderId}`,
    });
    expect(tag(tags, "robots")).toBeUndefined();

    // In English: the same tender, described in English.
    const english = await openPage(tenderId, undefined, "en");
    const enTags = metaOf(english, `/en/tenders/${tenderId}`);
    expect(tag(enTags, "og:url")).toBe(`${BASE_URL}/en/tenders/${tenderId}`);
    expect(tag(enTags, "og:description")).toContain("Dresses and jumpsuits, Outerwear");
    expect(tag(enTags, "og:description")).toContain("1,200 pcs");
  });

  it("uses the first photo as the preview picture", async () => {
    const photo = `/uploads/tenders/${randomUUID()}.webp`;
    await app.db
      .update(schema.tenders)
      .set({ photos: [photo] })
      .where(eq(schema.tenders.id, tenderId));
    const tags = metaOf(await openPage(tenderId), `/tenders/${tenderId}`);
    expect(tag(tags, "og:image")).toBe(`${BASE_URL}${photo}`);
    expect(tag(tags, "twitter:image")).toBe(`${BASE_URL}${photo}`);
    await app.db.update(schema.tenders).set({ photos: [] }).where(eq(schema.tenders.id, tenderId));
  });

  it("keeps the contacts from visitors and shows them to signed-in people", async () => {
    const visitor = found(await openPage(tenderId));
    expect(visitor.tender.contacts).toBeNull();
    expect(visitor.audience).toBe("visitor");
    expect(JSON.stringify(visitor)).not.toContain("12-34-56");
    expect(JSON.stringify(visitor)).not.toContain("page_buyer");

    const asFactory = found(await openPage(tenderId, factory(0)));
    expect(asFactory.audience).toBe("factory");
    expect(asFactory.tender.contacts?.telegram).toBe("https://t.me/page_buyer");
    expect(found(await openPage(tenderId, otherBuyer)).audience).toBe("other");
    expect(found(await openPage(tenderId, owner)).audience).toBe("owner");
  });

  it("counts quotes without the withdrawn ones and those of banned factories, never their content", async () => {
    expect(found(await openPage(tenderId)).quoteCount).toBe(0);
    await addQuote(tenderId, 0, "submitted");
    await addQuote(tenderId, 1, "declined");
    await addQuote(tenderId, 2, "withdrawn");
    await addQuote(tenderId, 3, "submitted");
    expect(await countTenderQuotes(app.db, tenderId)).toBe(3);
    await setBanned(factory(3), true);
    expect(await countTenderQuotes(app.db, tenderId)).toBe(2);
    const reply = await openPage(tenderId, owner);
    expect(found(reply).quoteCount).toBe(2);
    expect(JSON.stringify(reply.data)).not.toContain("Секретное предложение");
    await setBanned(factory(3), false);
    expect(await countTenderQuotes(app.db, tenderId)).toBe(3);
    // Another tender's quotes are its own.
    expect(await countTenderQuotes(app.db, randomUUID())).toBe(0);
  });

  it("answers 404 for an unknown, malformed or deleted id and for a blocked owner's tender", async () => {
    for (const id of [randomUUID(), "not-a-uuid", "1' or '1'='1"]) {
      const reply = await openPage(id);
      expect(reply.status, id).toBe(404);
      expect(pageData(reply).found).toBe(false);
      expect(tag(metaOf(reply, `/tenders/${id}`), "robots")).toBe("noindex");
    }

    await setBanned(owner, true);
    try {
      for (const viewer of [undefined, factory(0)]) {
        const reply = await openPage(tenderId, viewer);
        expect(reply.status).toBe(404);
        expect(pageData(reply).found).toBe(false);
      }
    } finally {
      await setBanned(owner, false);
    }
    expect((await openPage(tenderId)).status).toBe(200);

    const deleted = await placeTender([]);
    await app.db.delete(schema.tenders).where(eq(schema.tenders.id, deleted));
    expect((await openPage(deleted)).status).toBe(404);
  });

  it("shows a closed or awarded tender with its status, without contacts, and not to search engines", async () => {
    const closedId = await placeTender([["telegram", "@closed_buyer"]]);
    const close = await app.post(myTendersRoute.action, "/my-tenders", {
      as: owner,
      form: { intent: "close", tenderId: closedId },
    });
    expect(close.status).toBe(302);
    for (const viewer of [undefined, factory(0), owner]) {
      const reply = await openPage(closedId, viewer);
      expect(reply.status).toBe(200);
      const loaded = found(reply);
      expect(loaded.tender.status).toBe("closed");
      expect(loaded.tender.contacts).toBeNull();
      expect(JSON.stringify(loaded)).not.toContain("closed_buyer");
    }
    expect(found(await openPage(closedId, owner)).audience).toBe("owner");
    const tags = metaOf(await openPage(closedId), `/tenders/${closedId}`);
    expect(tag(tags, "robots")).toBe("noindex");
    expect(tag(tags, "og:description")).toMatch(/^Закрыт/);

    await app.db
      .update(schema.tenders)
      .set({ status: "awarded" })
      .where(eq(schema.tenders.id, closedId));
    const awarded = found(await openPage(closedId, factory(0)));
    expect(awarded.tender.status).toBe("awarded");
    expect(awarded.tender.contacts).toBeNull();
    // The owner can neither reopen nor close it.
    for (const intent of ["reopen", "close"]) {
      const reply = await app.post(myTendersRoute.action, "/my-tenders", {
        as: owner,
        form: { intent, tenderId: closedId },
      });
      expect(reply.status).toBe(404);
    }
    expect(found(await openPage(closedId)).tender.status).toBe("awarded");
  });

  it("tells the chosen factory it won, with its conversation and the buyer's contacts; nobody else", async () => {
    const id = await placeTender([
      ["phone", "+996 700 11-22-33"],
      ["telegram", "@award_buyer"],
    ]);
    await app.db
      .update(schema.profiles)
      .set({ phone: "+996 555 00-11-22" })
      .where(eq(schema.profiles.id, owner.id));
    await addQuote(id, 1, "accepted");
    await addQuote(id, 2, "declined");
    await app.db.update(schema.tenders).set({ status: "awarded" }).where(eq(schema.tenders.id, id));
    const winner = found(await openPage(id, factory(1))) as ReturnType<typeof found> & {
      myQuote: { id: string; status: string } | null;
      buyer: { name: string; email: string; phone: string | null } | null;
    };
    expect(winner.myQuote).toMatchObject({ status: "accepted" });
    expect(JSON.stringify(winner.tender.contacts)).toContain("award_buyer");
    expect(winner.buyer).toEqual({
      name: "Заказчик Страницы",
      email: owner.email,
      phone: "+996 555 00-11-22",
    });
    // The declined factory, another factory and the others see neither.
    for (const viewer of [factory(2), factory(3), otherBuyer, undefined]) {
      const seen = found(await openPage(id, viewer)) as typeof winner;
      expect(seen.tender.contacts).toBeNull();
      expect(seen.buyer).toBeNull();
      expect(JSON.stringify(seen)).not.toContain("award_buyer");
    }
    expect((found(await openPage(id, factory(2))) as typeof winner).myQuote).toMatchObject({
      status: "declined",
    });
  });

  it("marks on /tenders the tenders the viewing factory quoted, for that factory only", async () => {
    const quotedId = await placeTender([]);
    const otherId = await placeTender([]);
    await addQuote(quotedId, 3, "submitted");
    type ListData = { quoted: Record<string, { status: string }>; factory: boolean };
    const list = async (as?: Person, query = "") =>
      (await app.get(tendersRoute.loader, `/tenders${query}`, { as })).data as ListData;
    const mine = await list(factory(3));
    expect(mine.factory).toBe(true);
    expect(mine.quoted[quotedId]).toMatchObject({ status: "submitted" });
    expect(mine.quoted[otherId]).toBeUndefined();
    // The dialog's tender is marked too, also when it is not on the page.
    expect((await list(factory(3), `?tender=${quotedId}&page=99`)).quoted[quotedId]).toBeDefined();
    for (const viewer of [factory(2), otherBuyer, owner, undefined]) {
      expect((await list(viewer)).quoted[quotedId]).toBeUndefined();
    }
    expect((await list(owner)).factory).toBe(false);
  });

  it("is in the sitemap in both languages while active, and only then", async () => {
    const sitemap = async () => {
      const request = new Request(`${BASE_URL}/sitemap.xml`);
      const response = (await sitemapLoader(await routeArgs(request, {}))) as Response;
      return response.text();
    };
    let xml = await sitemap();
    expect(xml).toContain(`<loc>${BASE_URL}/tenders/${tenderId}</loc>`);
    expect(xml).toContain(`<loc>${BASE_URL}/en/tenders/${tenderId}</loc>`);
    expect(xml).toContain(
      `<xhtml:link rel="alternate" hreflang="en" href="${BASE_URL}/en/tenders/${tenderId}"/>`,
    );

    await app.db
      .update(schema.tenders)
      .set({ status: "closed" })
      .where(eq(schema.tenders.id, tenderId));
    xml = await sitemap();
    expect(xml).not.toContain(`/tenders/${tenderId}`);
    await app.db
      .update(schema.tenders)
      .set({ status: "active" })
      .where(eq(schema.tenders.id, tenderId));

    await setBanned(owner, true);
    xml = await sitemap();
    expect(xml).not.toContain(`/tenders/${tenderId}`);
    await setBanned(owner, false);
  });
});
