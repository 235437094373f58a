// The page cache of visitors' HTML-first pages (app/platform/page-cache.server.ts):
// - its rules: what is kept, for how long, what a change or a lost listener does;
// - the database tells the cache (PGlite by default, PostgreSQL with TEST_DATABASE_URL): a write
//   to a table that visitors' pages show drops the pages, a write to any other table does not,
//   and a rolled-back write does not either;
// - two app processes on one PostgreSQL database (with TEST_DATABASE_URL or DATABASE_URL): a
//   visitor's /factories comes from process B's cache, with an ETag and a 304 for a repeat visit,
//   and shows a factory renamed by another writer at the next request.
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConversation } from "~/features/quotes/conversations.server";
import { submitQuote } from "~/features/quotes/quotes.server";
import { createTender } from "~/features/tenders/tenders.server";
import { EVERYTHING, pageTags, parseChangedTags } from "~/lib/page-tags";
import { schema } from "~/platform/db.server";
import { closeLiveHub, liveHub } from "~/platform/live.server";
import {
  acceptedEncoding,
  CACHE_STATUS_HEADER,
  HTML_FIRST_HEADER,
  PAGE_TAGS_HEADER,
  PageCache,
  pageCacheKey,
  pageCacheOf,
  withPageCache,
} from "~/platform/page-cache.server";
import { insertPerson } from "../support/people";
import { testDatabase } from "../support/per-file";
import {
  type ProductionServer,
  startProductionServer,
  startTwoProcesses,
  type TwoProcesses,
} from "../support/production-server";
import { inDays } from "../support/quote-forms";
import { rowWhere } from "../support/rows";
import { POSTGRES_URL, type TestDatabase, testDatabaseKind } from "../support/test-db";

const page = (body: string, tags?: readonly string[]) => ({
  status: 200,
  headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][],
  body: Buffer.from(body),
  etag: `W/"${body}"`,
  bytes: body.length,
  tags,
});

const A = "0b7e4f9c-1111-4e2a-9d3c-aaaaaaaaaaaa";
const B = "0b7e4f9c-2222-4e2a-9d3c-bbbbbbbbbbbb";

function get(path: string, headers: Record<string, string> = {}) {
  return new Request(`http://127.0.0.1${path}`, { headers });
}

/** An HTML-first page as the document entry answers it. */
function rendered(body: string, extra: Record<string, string> = {}) {
  return new Response(body, {
    headers: { "content-type": "text/html", [HTML_FIRST_HEADER]: "1", ...extra },
  });
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 5_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the page cache's rules", () => {
  it("keeps and serves nothing until its listener LISTENs, and starts empty each time it does", () => {
    const cache = new PageCache(1024 * 1024);
    expect(cache.set("k", page("a"), cache.generation)).toBe(false);
    cache.listening(true);
    expect(cache.set("k", page("a"), cache.generation)).toBe(true);
    expect(cache.get("k")?.body.toString()).toBe("a");
    cache.listening(false);
    expect(cache.get("k")).toBeUndefined();
    cache.listening(true);
    expect(cache.get("k")).toBeUndefined();
  });

  it("does not keep a page rendered across a change", () => {
    const cache = new PageCache(1024 * 1024);
    cache.listening(true);
    const before = cache.generation;
    cache.drop();
    expect(cache.set("k", page("stale"), before)).toBe(false);
    expect(cache.get("k")).toBeUndefined();
  });

  it("drops only the pages a change touches", () => {
    const cache = new PageCache(1024 * 1024);
    cache.listening(true);
    const kept = {
      a: [pageTags.factory(A)],
      b: [pageTags.factory(B)],
      directory: [pageTags.directory()],
      kg: [pageTags.directory("kg")],
      uz: [pageTags.directory("uz")],
      home: [pageTags.directory(), pageTags.tenders()],
      tenders: [pageTags.tenders()],
      about: [],
      undeclared: undefined,
    };
    for (const [key, tags] of Object.entries(kept)) {
      expect(cache.set(key, page(key, tags), cache.generation)).toBe(true);
    }
    cache.drop([pageTags.factory(A), pageTags.directory("kg")]);
    const left = () => Object.keys(kept).filter((key) => cache.get(key) !== undefined);
    expect(left()).toEqual(["b", "uz", "tenders", "about"]);
    expect(cache.stats().dropped).toBe(5);
    cache.drop([pageTags.tender(B)]);
    expect(left()).toEqual(["b", "uz", "tenders", "about"]);
    // Too large to name: everything goes, the static page too.
    cache.drop([EVERYTHING]);
    expect(left()).toEqual([]);
  });

  it("keeps a page rendered across a change only when the change touched nothing it shows", () => {
    const cache = new PageCache(1024 * 1024);
    cache.listening(true);
    const before = cache.generation;
    cache.drop([pageTags.factory(A), pageTags.directory("kg")]);
    cache.drop([pageTags.tender(B)]);
    expect(cache.set("b", page("b", [pageTags.factory(B)]), before)).toBe(true);
    expect(cache.set("uz", page("uz", [pageTags.directory("uz")]), before)).toBe(true);
    expect(cache.set("a", page("a", [pageTags.factory(A)]), before)).toBe(false);
    expect(cache.set("all", page("all", [pageTags.directory()]), before)).toBe(false);
    expect(cache.set("tender", page("tender", [pageTags.tender(B)]), before)).toBe(false);
    expect(cache.set("undeclared", page("undeclared"), before)).toBe(false);
    // A render older than the changes the cache remembers is never kept.
    const old = cache.generation;
    for (let i = 0; i < 1001; i += 1) cache.drop([pageTags.tender(A)]);
    expect(cache.set("b", page("b", [pageTags.factory(B)]), old)).toBe(false);
    expect(cache.set("b", page("b", [pageTags.factory(B)]), cache.generation - 5)).toBe(true);
  });

  it("lets the least recently used pages go to stay within its size", () => {
    const cache = new PageCache(1000);
    cache.listening(true);
    for (const key of "abcdefgh") cache.set(key, page(key.repeat(120)), cache.generation);
    cache.get("a");
    cache.set("i", page("i".repeat(120)), cache.generation);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("i")).toBeDefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000);
    // A page larger than an eighth of the cache is never kept.
    expect(cache.set("j", page("j".repeat(200)), cache.generation)).toBe(false);
  });

  it("keys a visitor's GET by address and offered language, and nothing else", () => {
    expect(pageCacheKey(get("/factories?page=2"))).toBe("- /factories?page=2");
    expect(pageCacheKey(get("/factories", { "accept-language": "en-GB,en;q=0.9" }))).toBe(
      "en /factories",
    );
    // Chosen already: no offer, the same page as for anyone else.
    expect(
      pageCacheKey(get("/factories", { "accept-language": "en", cookie: "fabricum_lang=en" })),
    ).not.toBe("en /factories");
    expect(pageCacheKey(new Request("http://127.0.0.1/login", { method: "POST" }))).toBeNull();
    expect(pageCacheKey(get("/factories", { cookie: "better-auth.session_token=abc" }))).toBeNull();
    expect(pageCacheKey(get("/", { cookie: "__toast=xyz" }))).toBeNull();
    expect(pageCacheKey(get("/factories.data"))).toBeNull();
  });

  it("serves a kept page with its ETag, a 304 for the same ETag, and passes the app's pages by", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.listening(true);
    let renders = 0;
    const render = async () => {
      renders += 1;
      return rendered("<html>factories</html>");
    };
    const first = await withPageCache(get("/factories"), cache, render);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe("miss");
    expect(first.headers.has(HTML_FIRST_HEADER)).toBe(false);
    expect(first.headers.has(PAGE_TAGS_HEADER)).toBe(false);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^W\/"/);
    expect(await first.text()).toBe("<html>factories</html>");

    const second = await withPageCache(get("/factories"), cache, render);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    expect(await second.text()).toBe("<html>factories</html>");
    const repeat = await withPageCache(get("/factories", { "if-none-match": etag }), cache, render);
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe("");
    expect(renders).toBe(1);

    // A page of the app (not HTML-first) and one that sets a cookie are never kept.
    const app = await withPageCache(get("/my-tenders"), cache, async () => new Response("app"));
    expect(app.headers.get("etag")).toBeNull();
    const cookie = await withPageCache(get("/login"), cache, async () =>
      rendered("login", { "set-cookie": "a=b" }),
    );
    expect(cookie.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    expect(cache.stats().entries).toBe(1);
  });
});

describe("a kept page carries its tags", () => {
  it("keeps the tags the document entry names, and drops the page on a change of them only", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.listening(true);
    const render = (tags: string) => async () =>
      rendered("<html>page</html>", { [PAGE_TAGS_HEADER]: tags });
    const a = await withPageCache(get(`/factory/${A}`), cache, render(pageTags.factory(A)));
    const about = await withPageCache(get("/about"), cache, render(""));
    expect([a, about].map((r) => r.headers.get(CACHE_STATUS_HEADER))).toEqual(["miss", "miss"]);
    expect(a.headers.has(PAGE_TAGS_HEADER)).toBe(false);
    cache.drop([pageTags.factory(B)]);
    expect(cache.stats().entries).toBe(2);
    cache.drop([pageTags.factory(A)]);
    expect(cache.get(`- /factory/${A}`)).toBeUndefined();
    expect(cache.get("- /about")).toBeDefined();
  });
});

describe("a kept page is compressed once", () => {
  it("takes the encoding the browser accepts, brotli before gzip, and never one it refuses", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip, deflate")).toBe("gzip");
    expect(acceptedEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(acceptedEncoding("*")).toBe("br");
    expect(acceptedEncoding("*;q=0.1, br;q=0")).toBe("gzip");
    expect(acceptedEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(acceptedEncoding("identity")).toBeNull();
    expect(acceptedEncoding("")).toBeNull();
    expect(acceptedEncoding(null)).toBeNull();
    expect(acceptedEncoding("br;q=nonsense, gzip")).toBe("gzip");
  });

  it("answers every hit with the bytes compressed when it was kept, in the accepted encoding", async () => {
    const cache = new PageCache(1024 * 1024);
    cache.listening(true);
    const html = `<html>${"Фабрики Бишкека, трикотаж оптом. ".repeat(200)}</html>`;
    let renders = 0;
    const render = async () => {
      renders += 1;
      return rendered(html);
    };
    const first = await withPageCache(
      get("/factories", { "accept-encoding": "br" }),
      cache,
      render,
    );
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe("miss");
    expect(first.headers.get("content-encoding")).toBe("br");
    const kept = Buffer.from(await first.arrayBuffer());
    expect(brotliDecompressSync(kept).toString()).toBe(html);
    expect(kept.length).toBeLessThan(Buffer.byteLength(html) / 10);
    expect(first.headers.get("content-length")).toBe(String(kept.length));
    expect(first.headers.get("vary")).toMatch(/Accept-Encoding/i);

    const hits = await Promise.all(
      ["br", "gzip, deflate", "identity", ""].map((accept) =>
        withPageCache(
          get("/factories", accept ? { "accept-encoding": accept } : {}),
          cache,
          render,
        ),
      ),
    );
    expect(hits.map((hit) => hit.headers.get(CACHE_STATUS_HEADER))).toEqual([
      "hit",
      "hit",
      "hit",
      "hit",
    ]);
    expect(hits.map((hit) => hit.headers.get("content-encoding"))).toEqual([
      "br",
      "gzip",
      null,
      null,
    ]);
    const [br, gz, identity, none] = await Promise.all(
      hits.map(async (hit) => Buffer.from(await hit.arrayBuffer())),
    );
    // The same stored bytes for every hit of an encoding: nothing compressed per request.
    expect(br?.equals(kept)).toBe(true);
    expect(gunzipSync(gz as Buffer).toString()).toBe(html);
    expect(identity?.toString()).toBe(html);
    expect(none?.toString()).toBe(html);
    expect(renders).toBe(1);
    // One validator for the page whatever its encoding.
    expect(new Set(hits.map((hit) => hit.headers.get("etag"))).size).toBe(1);
  });

  it("compresses nothing in advance for a page it does not keep", async () => {
    const cache = new PageCache(1024 * 1024);
    // Not listening: nothing is kept.
    const answer = await withPageCache(
      get("/factories", { "accept-encoding": "br" }),
      cache,
      async () => rendered("<html>factories</html>"),
    );
    expect(answer.headers.get(CACHE_STATUS_HEADER)).toBe("bypass");
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(await answer.text()).toBe("<html>factories</html>");
  });
});

describe(`the database tells every page cache about changes (${testDatabaseKind()})`, () => {
  const database = testDatabase();
  let cache: PageCache;

  beforeAll(async () => {
    cache = pageCacheOf(database, 4);
    await waitFor(() => cache.stats().listening, "the listener");
  });

  // Before the database is destroyed (hooks after the tests run in reverse order).
  afterAll(() => closeLiveHub(database));

  /** How many times the cache was dropped because of `write` (its notifications, counted). */
  async function dropsAfter(write: () => Promise<unknown>): Promise<number> {
    // A marker write on a table the pages show, after `write`: PostgreSQL delivers notifications
    // in commit order, so once the count stops moving after the marker's, `write`'s are in.
    const before = cache.stats().drops;
    await write();
    await database.db.execute(sql`select pg_notify('fabricum_pages', 'marker')`);
    await waitFor(() => cache.stats().drops > before, "the marker's drop");
    let seen = -1;
    while (cache.stats().drops !== seen) {
      seen = cache.stats().drops;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return seen - before - 1;
  }

  it("drops the pages on a write to a table the pages show, even one from another session", async () => {
    await insertPerson(database.db, "factory", "Фабрика Сессия", { factory: {} });
    await dropsAfter(async () => {});
    cache.set("k", page("x"), cache.generation);
    const drops = await dropsAfter(() =>
      database.db.execute(sql`update factories set name = name || ' 2'`),
    );
    expect(drops).toBeGreaterThanOrEqual(1);
    expect(cache.get("k")).toBeUndefined();
  });

  it("keeps the pages on writes that visitors do not see and on a rolled-back write", async () => {
    const drops = await dropsAfter(async () => {
      await database.db.execute(sql`update notifications set id = id where false`);
      await database.db.execute(sql`update sessions set token = token where false`);
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update factories set name = name || ' 3'`);
          throw new Error("rolled back");
        })
        .catch(() => {});
    });
    expect(drops).toBe(0);
  });

  it("keeps the pages when a conversation is read or a language chosen, drops them on a visible change", async () => {
    // Issue 27: read marks (quotes) and the language (profiles) dropped every cached page.
    const db = database.db;
    const buyer = await insertPerson(db, "buyer", "Покупатель Кэш");
    const factory = await insertPerson(db, "factory", "Фабрика Кэш", { factory: {} });
    const tender = await createTender(db, buyer, { title: "Худи 300 шт", quantity: "300" });
    const quote = await submitQuote(db, factory, tender.id, {
      unitPrice: "7",
      currency: "USD",
      quantity: "300",
      leadTimeDays: "20",
      validUntil: inDays(10),
    });
    if (!quote.ok) throw new Error(JSON.stringify(quote));
    const updatedAt = async () =>
      (await rowWhere(db, schema.quotes, "id", quote.value.id))?.updatedAt.getTime();
    const before = await updatedAt();
    // The set-up's own notifications in first (PostgreSQL delivers them a little later).
    await dropsAfter(async () => {});
    const quiet = await dropsAfter(async () => {
      // Both sides read the conversation, twice; the buyer switches the language twice.
      for (const viewer of [buyer, factory, buyer, factory]) {
        expect(await openConversation(db, viewer, quote.value.id)).not.toBeNull();
      }
      for (const locale of ["en", "ru"]) {
        await db.update(schema.profiles).set({ locale }).where(eq(schema.profiles.id, buyer.id));
      }
    });
    expect(quiet).toBe(0);
    // A read mark is no change of the quote (lists sort by updated_at).
    expect(await updatedAt()).toBe(before);
    const [read] = await db
      .select({ buyer: schema.quotes.buyerReadAt, factory: schema.quotes.factoryReadAt })
      .from(schema.quotes)
      .where(eq(schema.quotes.id, quote.value.id));
    expect(read?.buyer).not.toBeNull();
    expect(read?.factory).not.toBeNull();
    // What visitors may see still drops the pages: a quote's terms, a profile's name.
    cache.set("k", page("x"), cache.generation);
    const loud = await dropsAfter(async () => {
      await db
        .update(schema.quotes)
        .set({ leadTimeDays: 21 })
        .where(eq(schema.quotes.id, quote.value.id));
    });
    expect(loud).toBeGreaterThanOrEqual(1);
    expect(cache.get("k")).toBeUndefined();
    // A profile shows on no visitor's page; its factory's page goes, should it ever.
    expect(
      await dropsAfter(() =>
        db
          .update(schema.profiles)
          .set({ name: "Новое имя" })
          .where(eq(schema.profiles.id, factory.id)),
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  /** The tags the database named for `write` (every NOTIFY until a marker's, in commit order). */
  async function changesOf(write: () => Promise<unknown>): Promise<string[]> {
    const payloads: string[] = [];
    const marker = `marker:${randomBytes(4).toString("hex")}`;
    const stop = liveHub(database).watchPages({
      changed: (payload) => payloads.push(payload),
      connected: () => {},
    });
    try {
      await write();
      await database.db.execute(sql`select pg_notify('fabricum_pages', ${marker})`);
      await waitFor(() => payloads.includes(marker), "the marker");
    } finally {
      stop();
    }
    return payloads.slice(0, payloads.indexOf(marker)).flatMap(parseChangedTags).sort();
  }

  /** Keeps a page with `tags` under `key` in this process's cache. */
  const keep = (key: string, tags: readonly string[]) =>
    expect(cache.set(key, page(key, tags), cache.generation)).toBe(true);

  it("drops factory A's page and the directory on a change to A, and keeps factory B's page", async () => {
    const db = database.db;
    const a = await insertPerson(db, "factory", "Фабрика А", { factory: { country: "kg" } });
    const b = await insertPerson(db, "factory", "Фабрика Б", { factory: { country: "uz" } });
    const idA = a.factoryId as string;
    const idB = b.factoryId as string;
    await dropsAfter(async () => {});
    keep("a", [pageTags.factory(idA)]);
    keep("b", [pageTags.factory(idB)]);
    keep("directory", [pageTags.directory()]);
    keep("kg", [pageTags.directory("kg")]);
    keep("uz", [pageTags.directory("uz")]);
    keep("tenders", [pageTags.tenders()]);
    const changed = await changesOf(() =>
      db
        .update(schema.factories)
        .set({ description: "Шьем трикотаж" })
        .where(eq(schema.factories.id, idA)),
    );
    expect(changed).toEqual([pageTags.directory("kg"), pageTags.factory(idA)]);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("directory")).toBeUndefined();
    expect(cache.get("kg")).toBeUndefined();
    expect(cache.get("b")).toBeDefined();
    expect(cache.get("uz")).toBeDefined();
    expect(cache.get("tenders")).toBeDefined();
    // A new description of a factory that had one (its completeness stays): A's page, the
    // directory pages that show A's card and the search pages; not the other directory pages.
    keep("a", [pageTags.factory(idA)]);
    keep("kg with A", [pageTags.directory("kg"), pageTags.card(idA)]);
    keep("directory with B", [pageTags.directory(), pageTags.card(idB)]);
    keep("search", [pageTags.directory(), pageTags.factoryTexts()]);
    keep("home", [pageTags.directory(), pageTags.tenders()]);
    expect(
      await changesOf(() =>
        db
          .update(schema.factories)
          .set({ description: "Шьем трикотаж и худи" })
          .where(eq(schema.factories.id, idA)),
      ),
    ).toEqual([pageTags.card(idA), pageTags.factoryTexts(), pageTags.factory(idA)].sort());
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("kg with A")).toBeUndefined();
    expect(cache.get("search")).toBeUndefined();
    expect(cache.get("directory with B")).toBeDefined();
    expect(cache.get("home")).toBeDefined();
    expect(cache.get("b")).toBeDefined();
    // A new phone number: A's page only (the directory shows no contacts).
    keep("a", [pageTags.factory(idA)]);
    keep("kg", [pageTags.directory("kg")]);
    expect(
      await changesOf(() =>
        db
          .update(schema.factories)
          .set({ phone: "+996555123456" })
          .where(eq(schema.factories.id, idA)),
      ),
    ).toEqual([pageTags.factory(idA)]);
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("kg")).toBeDefined();
    // A product of A: A's page (the directory's search text lives in factories, named there).
    keep("a", [pageTags.factory(idA)]);
    const product = await changesOf(() =>
      db.insert(schema.factoryProducts).values({ factoryId: idA, userId: a.id, name: "Худи" }),
    );
    expect(product).toContain(pageTags.factory(idA));
    expect(product).not.toContain(pageTags.factory(idB));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")).toBeDefined();
    // An update that changes nothing but updated_at names nothing.
    expect(
      await changesOf(() =>
        db
          .update(schema.factories)
          .set({ updatedAt: new Date() })
          .where(eq(schema.factories.id, idB)),
      ),
    ).toEqual([]);
  });

  it("keeps every page on a message, a read mark, a notification and a tender's alerts", async () => {
    const db = database.db;
    const buyer = await insertPerson(db, "buyer", "Покупатель Тихий");
    const factory = await insertPerson(db, "factory", "Фабрика Тихая", { factory: {} });
    const tender = await createTender(db, buyer, { title: "Платья 500 шт", quantity: "500" });
    const quote = await submitQuote(db, factory, tender.id, {
      unitPrice: "9",
      currency: "USD",
      quantity: "500",
      leadTimeDays: "25",
      validUntil: inDays(10),
    });
    if (!quote.ok) throw new Error(JSON.stringify(quote));
    await dropsAfter(async () => {});
    // Every kind of page that could show any of it (a page declaring nothing would go with the
    // marker that ends `changesOf`).
    keep("all kinds", [
      pageTags.directory(),
      pageTags.tenders(),
      pageTags.tender(tender.id),
      pageTags.factory(factory.factoryId as string),
    ]);
    const changed = await changesOf(async () => {
      await db.insert(schema.quoteMessages).values({
        quoteId: quote.value.id,
        senderId: buyer.id,
        body: "Когда образец?",
      });
      await db
        .update(schema.quotes)
        .set({ lastMessageAt: new Date() })
        .where(eq(schema.quotes.id, quote.value.id));
      await openConversation(db, factory, quote.value.id);
      await db.insert(schema.notifications).values({
        userId: buyer.id,
        kind: "quote-received",
        tenderId: tender.id,
        quoteId: quote.value.id,
        tenderTitle: "Платья 500 шт",
        mailState: "skipped",
      });
      await db
        .update(schema.notifications)
        .set({ readAt: new Date() })
        .where(eq(schema.notifications.userId, buyer.id));
      await db
        .update(schema.tenders)
        .set({ alertedAt: new Date() })
        .where(eq(schema.tenders.id, tender.id));
    });
    expect(changed).toEqual([]);
    expect(cache.get("all kinds")).toBeDefined();
  });

  it("drops a tender's page on a quote, not the tender list or factory pages", async () => {
    const db = database.db;
    const buyer = await insertPerson(db, "buyer", "Покупатель Тендер");
    const factory = await insertPerson(db, "factory", "Фабрика Тендер", { factory: {} });
    const tender = await createTender(db, buyer, { title: "Худи 200 шт", quantity: "200" });
    const other = await createTender(db, buyer, { title: "Брюки 100 шт", quantity: "100" });
    await dropsAfter(async () => {});
    keep("tender", [pageTags.tender(tender.id)]);
    keep("other", [pageTags.tender(other.id)]);
    keep("tenders", [pageTags.tenders()]);
    keep("factory", [pageTags.factory(factory.factoryId as string)]);
    const changed = await changesOf(() =>
      submitQuote(db, factory, tender.id, {
        unitPrice: "6",
        currency: "USD",
        quantity: "200",
        leadTimeDays: "30",
        validUntil: inDays(10),
      }),
    );
    expect(changed).toEqual([pageTags.tender(tender.id)]);
    expect(cache.get("tender")).toBeUndefined();
    expect(cache.get("other")).toBeDefined();
    expect(cache.get("tenders")).toBeDefined();
    expect(cache.get("factory")).toBeDefined();
    // A new tender: its page and the list.
    const created = await changesOf(() => createTender(db, buyer, { title: "Куртки 50 шт" }));
    expect(created).toContain(pageTags.tenders());
    expect(cache.get("tenders")).toBeUndefined();
  });

  it("names everything for a statement whose tags would not fit a NOTIFY, and for an account", async () => {
    const db = database.db;
    const many = await changesOf(async () => {
      await db.execute(sql`
        insert into users (id, name, email)
        select 'bulk-' || i, 'Bulk ' || i, 'bulk-' || i || '@example.com' from generate_series(1, 200) i`);
      await db.execute(sql`
        insert into factories (user_id, name, country)
        select 'bulk-' || i, 'Фабрика ' || i, 'kg' from generate_series(1, 200) i`);
    });
    expect(many).toEqual([EVERYTHING]);
    const person = await insertPerson(db, "buyer", "Покупатель Блок");
    expect(
      await changesOf(() =>
        db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, person.id)),
      ),
    ).toEqual([EVERYTHING]);
  });
});

describe("a hit answered before React Router (the production server)", () => {
  let server: ProductionServer;

  beforeAll(async () => {
    server = await startProductionServer();
  }, 300_000);

  afterAll(() => server?.stop());

  /** The headers of an answer, but those that differ between any two answers (date, request id). */
  const headersOf = (response: Response) =>
    Object.fromEntries(
      [...response.headers].filter(
        ([name]) => !["date", "x-request-id", CACHE_STATUS_HEADER.toLowerCase()].includes(name),
      ),
    );

  it("carries the very headers and bytes of the page rendered by React Router, in each encoding and for a 304", async () => {
    for (const path of ["/about", "/en/factories", "/tenders"]) {
      for (const encoding of ["br, gzip", "gzip", "identity"]) {
        // A fresh address each time (a query the page ignores), so the first answer is a render.
        const address = `${server.baseUrl}${path}?v=${randomBytes(3).toString("hex")}`;
        const headers = { "accept-encoding": encoding };
        const rendered = await fetch(address, { headers });
        const renderedBody = await rendered.text();
        const hit = await fetch(address, { headers });
        const hitBody = await hit.text();
        expect([path, encoding, rendered.status]).toEqual([path, encoding, 200]);
        expect(rendered.headers.get(CACHE_STATUS_HEADER)).toBe("miss");
        expect(hit.headers.get(CACHE_STATUS_HEADER)).toBe("hit");
        expect(headersOf(hit)).toEqual(headersOf(rendered));
        expect(hitBody).toBe(renderedBody);
        // The hit has the page's security headers and its hashed-script policy.
        expect(hit.headers.get("content-security-policy")).toContain("script-src");
        expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
        expect(hit.headers.has(PAGE_TAGS_HEADER)).toBe(false);
        expect(hit.headers.has(HTML_FIRST_HEADER)).toBe(false);
        const repeat = await fetch(address, {
          headers: { ...headers, "if-none-match": hit.headers.get("etag") ?? "" },
        });
        expect(repeat.status).toBe(304);
        expect(await repeat.text()).toBe("");
        // A browser taking neither brotli nor gzip is answered by React Router's side, as
        // before: its 304 is the same as the early one.
        const through = await fetch(address, {
          headers: {
            "accept-encoding": "identity",
            "if-none-match": hit.headers.get("etag") ?? "",
          },
        });
        expect(through.status).toBe(304);
        expect(headersOf(through)).toEqual(headersOf(repeat));
      }
    }
    // A signed-in request or a toast waiting is never answered from the cache.
    const address = `${server.baseUrl}/about`;
    await (await fetch(address)).arrayBuffer();
    for (const cookie of ["better-auth.session_token=x", "__toast=y"]) {
      const personal = await fetch(address, { headers: { cookie } });
      await personal.arrayBuffer();
      expect(personal.headers.get(CACHE_STATUS_HEADER)).not.toBe("hit");
    }
  }, 120_000);
});

describe.skipIf(!POSTGRES_URL)("the page cache across two app processes on PostgreSQL", () => {
  let processes: TwoProcesses;
  let database: TestDatabase;
  let a: ProductionServer;
  let b: ProductionServer;

  beforeAll(async () => {
    // The first process seeds the demo data.
    processes = await startTwoProcesses("fabricum_pages", { SEED_DEMO: "true" }, 300_000);
    ({ database, a, b } = processes);
  }, 600_000);

  afterAll(() => processes?.stop());

  it("serves B's cached /factories until another writer renames a factory, then the new name", async () => {
    const [factory] = await database.db
      .select({ id: schema.factories.id, name: schema.factories.name })
      .from(schema.factories)
      .orderBy(schema.factories.name)
      .limit(1);
    if (!factory) throw new Error("no demo factory");
    const path = `/factory/${factory.id}`;

    const first = await fetch(`${b.baseUrl}${path}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(factory.name);
    // A visitor's page: no framework script, no per-request nonce in its policy.
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    expect(first.headers.get("content-security-policy")).not.toContain("nonce-");
    const second = await fetch(`${b.baseUrl}${path}`);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe("hit");
    const etag = second.headers.get("etag") ?? "";
    expect(etag).toBe(first.headers.get("etag"));
    const repeat = await fetch(`${b.baseUrl}${path}`, { headers: { "if-none-match": etag } });
    expect(repeat.status).toBe(304);

    const renamed = `Переименованная ${randomBytes(3).toString("hex")}`;
    const started = performance.now();
    await database.db
      .update(schema.factories)
      .set({ name: renamed })
      .where(eq(schema.factories.id, factory.id));
    // The NOTIFY reaches B on commit; the next request renders afresh.
    let latest = "";
    for (let attempt = 0; attempt < 50 && !latest.includes(renamed); attempt += 1) {
      latest = await (await fetch(`${b.baseUrl}${path}`)).text();
      if (!latest.includes(renamed)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(latest).toContain(renamed);
    console.log(
      `[page cache] B showed the new name ${Math.round(performance.now() - started)} ms after the commit`,
    );
    const again = await fetch(`${b.baseUrl}${path}`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(200);
    // A signed-in person's request never gets a visitor's cached page.
    const personal = await fetch(`${a.baseUrl}${path}`, {
      headers: { cookie: "better-auth.session_token=not-a-session" },
    });
    expect(personal.headers.get(CACHE_STATUS_HEADER)).not.toBe("hit");
  });
});
