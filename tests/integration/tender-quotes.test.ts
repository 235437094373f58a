// The buyer's page of one tender with its quotes (/my-tenders/{id}) through the real route loader
// and action, and /my-tenders' quote counts and closing: each sort order, the shortlist mark,
// declining with a reason (and a reason too long), accepting (the tender awarded, the other
// quotes declined, the notifications written) and a second accept refused; everybody else (another
// buyer, another factory, the quoting factory, a visitor) neither sees nor changes anything, the
// admin sees without writing; a blocked factory's quote is hidden; closing a tender tells the
// factories that quoted; an unknown intent is a 400.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { quotes as quoteMessages, tenderQuotes } from "~/domain/catalogue";
import { setExchangeRate } from "~/features/quotes/exchange-rates.server";
import {
  QUOTE_SORTS,
  type QuoteSort,
  submitQuote,
  withdrawQuote,
} from "~/features/quotes/quotes.server";
import { MAX_DECLINE_REASON } from "~/features/quotes/schema";
import { createTender } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import { action as tenderAction, loader as tenderLoader } from "~/routes/my-tender";
import { action as myTendersAction, loader as myTendersLoader } from "~/routes/my-tenders";
import type { Person, Reply } from "../support/app-harness";
import { testApp } from "../support/per-file";
import { inDays } from "../support/quote-forms";

const t = tenderQuotes.ru;

const app = testApp();

const currentUser = (person: Person) => app.userOf(person);

/** A factory account with its factory profile. */
async function factory(
  name: string,
  place: { country?: string; city?: string; verified?: boolean } = {},
): Promise<Person> {
  const person = await app.signUp("factory", name);
  await app.db.insert(schema.factories).values({
    userId: person.id,
    name,
    country: place.country ?? "kg",
    city: place.city ?? "kg_1",
    verifiedAt: place.verified ? new Date() : null,
  });
  return person;
}

async function quote(
  maker: Person,
  tenderId: string,
  fields: {
    unitPrice: string;
    quantity: string;
    minOrder?: string;
    leadTimeDays: string;
    validDays: number;
    currency?: string;
  },
): Promise<string> {
  const { validDays, currency = "USD", ...rest } = fields;
  const sent = await submitQuote(app.db, await currentUser(maker), tenderId, {
    currency,
    ...rest,
    validUntil: inDays(validDays),
    message: "Готовы сшить",
  });
  if (!sent.ok) throw new Error(`quote refused: ${JSON.stringify(sent)}`);
  return sent.value.id;
}

async function tenderBy(buyer: Person, title: string, currency?: string): Promise<string> {
  const tender = await createTender(app.db, await currentUser(buyer), {
    title,
    quantity: "800",
    budget: "10000",
    country: "kg",
    ...(currency ? { currency } : {}),
  });
  return tender.id;
}

/** Everything a write could touch: the tender, its quotes and all notifications. */
async function snapshot(tenderId: string) {
  const tender = await app.db
    .select({ status: schema.tenders.status, updatedAt: schema.tenders.updatedAt })
    .from(schema.tenders)
    .where(eq(schema.tenders.id, tenderId));
  const quotes = await app.db
    .select({
      id: schema.quotes.id,
      status: schema.quotes.status,
      shortlisted: schema.quotes.shortlisted,
      declineReason: schema.quotes.declineReason,
      decidedAt: schema.quotes.decidedAt,
    })
    .from(schema.quotes)
    .where(eq(schema.quotes.tenderId, tenderId))
    .orderBy(schema.quotes.id);
  const notifications = await app.db
    .select({ id: schema.notifications.id })
    .from(schema.notifications)
    .orderBy(schema.notifications.id);
  return { tender, quotes, notifications };
}

async function quoteRow(id: string) {
  const [row] = await app.db.select().from(schema.quotes).where(eq(schema.quotes.id, id));
  return row;
}

interface PageData {
  tender: { id: string; status: string };
  viewer: "buyer" | "admin";
  list: { sort: QuoteSort; shortlisted: boolean };
  quotes: {
    id: string;
    status: string;
    shortlisted: boolean;
    declineReason: string | null;
    factory: { name: string; verified: boolean; country: string | null; city: string | null };
  }[];
}

const pageOf = (reply: Reply) => reply.data as PageData;
const namesOf = (reply: Reply) => pageOf(reply).quotes.map((item) => item.factory.name);
const toastOf = (reply: Reply) =>
  (reply.data as { toast?: { type: string; description: string } } | undefined)?.toast;

describe("the buyer compares and decides the quotes of a tender", () => {
  let buyer: Person;
  let otherBuyer: Person;
  let admin: Person;
  let cheap: Person;
  let big: Person;
  let fast: Person;
  let outsider: Person;
  let tenderId: string;
  let path: string;
  const ids: Record<"cheap" | "big" | "fast", string> = { cheap: "", big: "", fast: "" };

  beforeAll(async () => {
    [buyer, otherBuyer, admin] = await Promise.all([
      app.signUp("buyer", "Айгуль"),
      app.signUp("buyer", "Другой покупатель"),
      app.signUp("buyer", "Администратор"),
    ]);
    await app.makeAdmin(admin);
    // One at a time: "newest" relies on the order of creation.
    big = await factory("Большая фабрика", { country: "kz", city: "Шымкент-Юг" });
    cheap = await factory("Дешёвая фабрика", { verified: true });
    fast = await factory("Быстрая фабрика");
    outsider = await factory("Посторонняя фабрика");
    tenderId = await tenderBy(buyer, "Пошив худи 800 шт.");
    path = `/my-tenders/${tenderId}`;
    ids.big = await quote(big, tenderId, {
      unitPrice: "15",
      quantity: "1000",
      minOrder: "300",
      leadTimeDays: "20",
      validDays: 60,
    });
    ids.cheap = await quote(cheap, tenderId, {
      unitPrice: "12,50",
      quantity: "500",
      minOrder: "100",
      leadTimeDays: "30",
      validDays: 30,
    });
    ids.fast = await quote(fast, tenderId, {
      unitPrice: "20",
      quantity: "800",
      leadTimeDays: "10",
      validDays: 90,
    });
  }, 120_000);

  it("shows the owner the quotes in each order, by price when the order is missing or unknown", async () => {
    const expected: Record<QuoteSort, string[]> = {
      price: ["Дешёвая фабрика", "Большая фабрика", "Быстрая фабрика"],
      quantity: ["Большая фабрика", "Быстрая фабрика", "Дешёвая фабрика"],
      // No minimum order means any quantity: first.
      minOrder: ["Быстрая фабрика", "Дешёвая фабрика", "Большая фабрика"],
      leadTime: ["Быстрая фабрика", "Большая фабрика", "Дешёвая фабрика"],
      validity: ["Быстрая фабрика", "Большая фабрика", "Дешёвая фабрика"],
      newest: ["Быстрая фабрика", "Дешёвая фабрика", "Большая фабрика"],
      total: ["Дешёвая фабрика", "Большая фабрика", "Быстрая фабрика"],
    };
    for (const sort of QUOTE_SORTS) {
      const reply = await app.get(tenderLoader, `${path}?sort=${sort}`, {
        as: buyer,
        params: { id: tenderId },
      });
      expect(reply.status, sort).toBe(200);
      expect(pageOf(reply).list.sort).toBe(sort);
      expect(namesOf(reply), sort).toEqual(expected[sort]);
    }
    for (const target of [path, `${path}?sort=bogus`, `${path}?sort=`]) {
      const reply = await app.get(tenderLoader, target, { as: buyer, params: { id: tenderId } });
      expect(pageOf(reply).list.sort).toBe("price");
      expect(namesOf(reply)).toEqual(expected.price);
    }
    const page = pageOf(await app.get(tenderLoader, path, { as: buyer, params: { id: tenderId } }));
    expect(page.viewer).toBe("buyer");
    expect(page.tender).toMatchObject({ id: tenderId, status: "active" });
    expect(page.quotes[0]?.factory).toMatchObject({ verified: true, country: "kg", city: "kg_1" });
    expect(page.quotes[1]?.factory).toMatchObject({ verified: false, city: "Шымкент-Юг" });
  });

  it("marks and unmarks a quote as shortlisted, and goes back to the page with its order", async () => {
    const marked = await app.post(tenderAction, `${path}?sort=leadTime`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "shortlist", quoteId: ids.big },
    });
    expect(marked.status).toBe(302);
    expect(marked.location).toBe(`${path}?sort=leadTime`);
    expect(marked.headers.get("set-cookie")).toContain("__toast=");
    expect((await quoteRow(ids.big))?.shortlisted).toBe(true);
    const page = pageOf(await app.get(tenderLoader, path, { as: buyer, params: { id: tenderId } }));
    expect(page.quotes.find((item) => item.id === ids.big)?.shortlisted).toBe(true);

    const unmarked = await app.post(tenderAction, `${path}?accept=${ids.big}`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "unshortlist", quoteId: ids.big },
    });
    expect(unmarked.status).toBe(302);
    // The dialog's parameter is not kept.
    expect(unmarked.location).toBe(path);
    expect((await quoteRow(ids.big))?.shortlisted).toBe(false);
    await app.post(tenderAction, path, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "shortlist", quoteId: ids.cheap },
    });
    expect((await quoteRow(ids.cheap))?.shortlisted).toBe(true);
  });

  it("refuses a decline reason that is too long, in the page's language, and changes nothing", async () => {
    const before = await snapshot(tenderId);
    for (const [prefix, locale] of [
      ["", "ru"],
      ["/en", "en"],
    ] as const) {
      const reply = await app.post(tenderAction, `${prefix}${path}?decline=${ids.fast}`, {
        as: buyer,
        params: { id: tenderId },
        form: { intent: "decline", quoteId: ids.fast, reason: "x".repeat(MAX_DECLINE_REASON + 1) },
      });
      expect(reply.status).toBe(400);
      const result = (reply.data as { result: { error: Record<string, string[]> } }).result;
      expect(result.error.reason).toEqual([
        quoteMessages[locale].errors.declineReasonTooLong(MAX_DECLINE_REASON),
      ]);
    }
    expect(await snapshot(tenderId)).toEqual(before);
  });

  it("declines a quote with a reason and tells the factory", async () => {
    const reply = await app.post(tenderAction, `${path}?decline=${ids.fast}`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "decline", quoteId: ids.fast, reason: "  Срок не подходит  " },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(path);
    const row = await quoteRow(ids.fast);
    expect(row).toMatchObject({ status: "declined", declineReason: "Срок не подходит" });
    expect(row?.decidedAt).toBeInstanceOf(Date);
    const told = await app.db
      .select({ kind: schema.notifications.kind, quoteId: schema.notifications.quoteId })
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, fast.id));
    expect(told).toEqual([{ kind: "quote-declined", quoteId: ids.fast }]);
    const page = pageOf(await app.get(tenderLoader, path, { as: buyer, params: { id: tenderId } }));
    expect(page.quotes.find((item) => item.id === ids.fast)).toMatchObject({
      status: "declined",
      declineReason: "Срок не подходит",
    });
    // Declined once is decided.
    const again = await app.post(tenderAction, path, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "decline", quoteId: ids.fast, reason: "" },
    });
    expect(again.status).toBe(409);
    expect(toastOf(again)?.description).toBe(quoteMessages.ru.problems["already-decided"]);
  });

  it("answers an unknown or missing intent with 400 and changes nothing", async () => {
    const before = await snapshot(tenderId);
    const forms: Record<string, string>[] = [
      { intent: "save", quoteId: ids.cheap },
      { intent: "ACCEPT", quoteId: ids.cheap },
      { quoteId: ids.cheap },
    ];
    for (const form of forms) {
      const reply = await app.post(tenderAction, path, {
        as: buyer,
        params: { id: tenderId },
        form,
      });
      expect(reply.status, JSON.stringify(form)).toBe(400);
      expect(toastOf(reply)).toMatchObject({ type: "error", description: t.unknownIntent });
    }
    const english = await app.post(tenderAction, `/en${path}`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "nonsense", quoteId: ids.cheap },
    });
    expect(toastOf(english)?.description).toBe(tenderQuotes.en.unknownIntent);
    expect(await snapshot(tenderId)).toEqual(before);
  });

  it("lets nobody else see or change anything: another buyer, other factories, a visitor, the admin", async () => {
    const before = await snapshot(tenderId);
    const intents: Record<string, string>[] = [
      { intent: "shortlist", quoteId: ids.big },
      { intent: "unshortlist", quoteId: ids.cheap },
      { intent: "decline", quoteId: ids.big, reason: "Нет" },
      { intent: "accept", quoteId: ids.big },
    ];
    for (const person of [otherBuyer, outsider, big, cheap]) {
      const seen = await app.get(tenderLoader, path, { as: person, params: { id: tenderId } });
      expect(seen.status, person.name).toBe(404);
      for (const form of intents) {
        const reply = await app.post(tenderAction, path, {
          as: person,
          params: { id: tenderId },
          form,
        });
        expect(reply.status, `${person.name} ${form.intent}`).toBe(404);
        expect(toastOf(reply)?.description).toBe(quoteMessages.ru.problems["not-found"]);
      }
    }

    const visitor = await app.get(tenderLoader, `${path}?sort=quantity`, {
      params: { id: tenderId },
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(
      `/login?redirectTo=${encodeURIComponent(`${path}?sort=quantity`)}`,
    );
    const englishVisitor = await app.get(tenderLoader, `/en${path}`, { params: { id: tenderId } });
    expect(englishVisitor.location).toBe(
      `/en/login?redirectTo=${encodeURIComponent(`/en${path}`)}`,
    );
    for (const form of intents) {
      const reply = await app.post(tenderAction, path, { params: { id: tenderId }, form });
      expect(reply.status).toBe(302);
      expect(reply.location).toMatch(/^\/login\?redirectTo=/);
    }

    // The admin sees the page, read-only, and writes nothing.
    const seen = await app.get(tenderLoader, path, { as: admin, params: { id: tenderId } });
    expect(seen.status).toBe(200);
    expect(pageOf(seen).viewer).toBe("admin");
    expect(namesOf(seen)).toHaveLength(3);
    for (const form of intents) {
      const reply = await app.post(tenderAction, path, {
        as: admin,
        params: { id: tenderId },
        form,
      });
      expect(reply.status, `admin ${form.intent}`).toBe(404);
    }

    // Malformed and unknown tender ids are 404 too.
    for (const id of ["not-a-uuid", "0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f"]) {
      const reply = await app.get(tenderLoader, `/my-tenders/${id}`, { as: buyer, params: { id } });
      expect(reply.status).toBe(404);
    }
    expect(await snapshot(tenderId)).toEqual(before);
  });

  it("hides the quote of a blocked factory from the buyer, its counts too", async () => {
    const blocked = await factory("Заблокированная фабрика");
    const blockedQuote = await quote(blocked, tenderId, {
      unitPrice: "1",
      quantity: "900",
      leadTimeDays: "5",
      validDays: 20,
    });
    const count = async () => {
      const reply = await app.get(myTendersLoader, "/my-tenders", { as: buyer });
      return (reply.data as { counts: Record<string, { quotes: number }> }).counts[tenderId]
        ?.quotes;
    };
    expect(
      namesOf(await app.get(tenderLoader, path, { as: buyer, params: { id: tenderId } })),
    ).toContain("Заблокированная фабрика");
    expect(await count()).toBe(4);
    await app.db.update(schema.users).set({ banned: true }).where(eq(schema.users.id, blocked.id));
    const page = await app.get(tenderLoader, path, { as: buyer, params: { id: tenderId } });
    expect(namesOf(page)).not.toContain("Заблокированная фабрика");
    expect(await count()).toBe(3);
    // Nor can the buyer decide it.
    const reply = await app.post(tenderAction, path, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "accept", quoteId: blockedQuote },
    });
    expect(reply.status).toBe(404);
    expect((await quoteRow(blockedQuote))?.status).toBe("submitted");
    await app.db.delete(schema.quotes).where(eq(schema.quotes.id, blockedQuote));
  });

  it("accepts one quote: the tender is awarded, the others declined and told", async () => {
    const reply = await app.post(tenderAction, `${path}?sort=newest&accept=${ids.cheap}`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "accept", quoteId: ids.cheap },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`${path}?sort=newest`);
    const [tender] = await app.db
      .select({ status: schema.tenders.status })
      .from(schema.tenders)
      .where(eq(schema.tenders.id, tenderId));
    expect(tender?.status).toBe("awarded");
    expect((await quoteRow(ids.cheap))?.status).toBe("accepted");
    expect((await quoteRow(ids.big))?.status).toBe("declined");
    // Declined before, with its reason kept.
    expect(await quoteRow(ids.fast)).toMatchObject({
      status: "declined",
      declineReason: "Срок не подходит",
    });

    const told = await app.db
      .select({
        userId: schema.notifications.userId,
        kind: schema.notifications.kind,
        quoteId: schema.notifications.quoteId,
        tenderId: schema.notifications.tenderId,
        tenderTitle: schema.notifications.tenderTitle,
        actorId: schema.notifications.actorId,
      })
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.tenderId, tenderId),
          inArray(schema.notifications.kind, ["quote-accepted", "tender-awarded"]),
        ),
      );
    const common = { tenderId, tenderTitle: "Пошив худи 800 шт.", actorId: buyer.id };
    expect(told).toEqual(
      expect.arrayContaining([
        { ...common, userId: cheap.id, kind: "quote-accepted", quoteId: ids.cheap },
        { ...common, userId: big.id, kind: "tender-awarded", quoteId: ids.big },
      ]),
    );
    expect(told).toHaveLength(2);

    const page = pageOf(await app.get(tenderLoader, path, { as: buyer, params: { id: tenderId } }));
    expect(page.tender.status).toBe("awarded");
    expect(page.quotes.map((item) => [item.factory.name, item.status])).toEqual([
      ["Дешёвая фабрика", "accepted"],
      ["Большая фабрика", "declined"],
      ["Быстрая фабрика", "declined"],
    ]);
  });

  it("refuses a second accept, in the page's language, and changes nothing", async () => {
    const before = await snapshot(tenderId);
    for (const quoteId of [ids.big, ids.cheap]) {
      const reply = await app.post(tenderAction, path, {
        as: buyer,
        params: { id: tenderId },
        form: { intent: "accept", quoteId },
      });
      expect(reply.status).toBe(409);
      expect(toastOf(reply)).toMatchObject({
        type: "error",
        description: quoteMessages.ru.problems["already-decided"],
      });
    }
    const english = await app.post(tenderAction, `/en${path}`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "accept", quoteId: ids.big },
    });
    expect(toastOf(english)?.description).toBe(quoteMessages.en.problems["already-decided"]);
    expect(await snapshot(tenderId)).toEqual(before);
  });
});

describe("/my-tenders: quote counts and closing a tender", () => {
  it("counts quotes (not withdrawn) per tender and tells the quoting factories when it closes", async () => {
    const buyer = await app.signUp("buyer", "Покупатель закрывает");
    const first = await factory("Первая фабрика");
    const second = await factory("Вторая фабрика");
    const leaving = await factory("Уходящая фабрика");
    const tenderId = await tenderBy(buyer, "Футболки 300 шт.");
    const quiet = await tenderBy(buyer, "Тендер без откликов");
    const fields = { unitPrice: "5", quantity: "300", leadTimeDays: "14", validDays: 30 };
    const firstQuote = await quote(first, tenderId, fields);
    const secondQuote = await quote(second, tenderId, fields);
    const leavingQuote = await quote(leaving, tenderId, fields);
    expect(await withdrawQuote(app.db, await currentUser(leaving), leavingQuote)).toMatchObject({
      ok: true,
    });
    await app.db.insert(schema.quoteMessages).values([
      { quoteId: firstQuote, senderId: first.id, body: "Здравствуйте" },
      { quoteId: firstQuote, senderId: first.id, body: "Есть вопрос" },
      { quoteId: firstQuote, senderId: buyer.id, body: "Слушаю" },
    ]);

    const list = await app.get(myTendersLoader, "/my-tenders", { as: buyer });
    const counts = (list.data as { counts: Record<string, { quotes: number; unread: number }> })
      .counts;
    expect(counts[tenderId]).toEqual({ quotes: 2, unread: 2 });
    expect(counts[quiet]).toBeUndefined();

    const closed = await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "close", tenderId },
    });
    expect(closed.status).toBe(302);
    const told = async () =>
      app.db
        .select({ userId: schema.notifications.userId, quoteId: schema.notifications.quoteId })
        .from(schema.notifications)
        .where(
          and(
            eq(schema.notifications.tenderId, tenderId),
            eq(schema.notifications.kind, "tender-closed"),
          ),
        );
    expect(await told()).toEqual(
      expect.arrayContaining([
        { userId: first.id, quoteId: firstQuote },
        { userId: second.id, quoteId: secondQuote },
      ]),
    );
    expect(await told()).toHaveLength(2);

    // A repeated post does not tell them twice; another buyer's close tells nobody.
    await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "close", tenderId },
    });
    expect(await told()).toHaveLength(2);
    const stranger = await app.signUp("buyer", "Чужой покупатель");
    await app.post(myTendersAction, "/my-tenders", {
      as: buyer,
      form: { intent: "reopen", tenderId },
    });
    const refused = await app.post(myTendersAction, "/my-tenders", {
      as: stranger,
      form: { intent: "close", tenderId },
    });
    expect(refused.status).toBe(404);
    expect(await told()).toHaveLength(2);
  });
});

describe("comparing quotes in different currencies, the shortlist filter, the quote notices", () => {
  let buyer: Person;
  let tenderId: string;
  let path: string;
  const ids: Record<"eur" | "usd" | "kgs", string> = { eur: "", usd: "", kgs: "" };
  const load = async (target: string, as: Person = buyer) =>
    pageOf(await app.get(tenderLoader, target, { as, params: { id: tenderId } }));

  beforeAll(async () => {
    buyer = await app.signUp("buyer", "Сравнивающий покупатель");
    tenderId = await tenderBy(buyer, "Куртки в трех валютах");
    path = `/my-tenders/${tenderId}`;
    const terms = { quantity: "100", leadTimeDays: "20", validDays: 30 };
    // 6 € ≈ 6,48 $, 7 $, 450 сом ≈ 5,18 $ by the demo rates of the migration (1 November 2026).
    ids.eur = await quote(await factory("Евро фабрика"), tenderId, {
      ...terms,
      unitPrice: "6",
      currency: "EUR",
    });
    ids.usd = await quote(await factory("Долларовая фабрика"), tenderId, {
      ...terms,
      unitPrice: "7",
      currency: "USD",
    });
    ids.kgs = await quote(await factory("Сомовая фабрика"), tenderId, {
      ...terms,
      quantity: "300",
      unitPrice: "450",
      currency: "KGS",
    });
  }, 60_000);

  it("orders by price and by total in one currency, and names the rates' day", async () => {
    const byPrice = await load(path);
    expect(byPrice.quotes.map((item) => item.id)).toEqual([ids.kgs, ids.eur, ids.usd]);
    const page = byPrice as unknown as {
      comparison: { currency: string; rateDate: Date; missing: string[] };
      quotes: { id: string; total: number; compared: { unitPrice: number; total: number } }[];
    };
    expect(page.comparison).toEqual({
      currency: "USD",
      rateDate: new Date("2026-11-01T00:00:00Z"),
      missing: [],
    });
    const kgs = page.quotes.find((item) => item.id === ids.kgs);
    expect(kgs?.total).toBe(135_000);
    expect(kgs?.compared.unitPrice).toBeCloseTo(5.175, 6);
    expect(kgs?.compared.total).toBeCloseTo(1552.5, 6);
    // 300 × 450 сом ≈ 1 552,50 $ is more than 100 × 7 $ = 700 $.
    const byTotal = await load(`${path}?sort=total`);
    expect(byTotal.quotes.map((item) => item.id)).toEqual([ids.eur, ids.usd, ids.kgs]);

    // A new rate from the admin changes the order and the day named.
    expect(
      await setExchangeRate(app.db, { currency: "KGS", usdPerUnit: "0,02", date: "2026-11-20" }),
    ).toMatchObject({ ok: true });
    try {
      const after = (await load(path)) as unknown as typeof page;
      expect(after.quotes.map((item) => item.id)).toEqual([ids.eur, ids.usd, ids.kgs]);
      // The oldest rate used is named (EUR's is still of 1 November).
      expect(after.comparison.rateDate).toEqual(new Date("2026-11-01T00:00:00Z"));
    } finally {
      await setExchangeRate(app.db, { currency: "KGS", usdPerUnit: 0.0115, date: "2026-11-01" });
    }
  });

  it("compares in the tender's own currency when it has a rate", async () => {
    const other = await tenderBy(buyer, "Тендер в сомах", "KGS");
    const eur = await quote(await factory("Евро фабрика 2"), other, {
      quantity: "100",
      leadTimeDays: "20",
      validDays: 30,
      unitPrice: "6",
      currency: "EUR",
    });
    const reply = await app.get(tenderLoader, `/my-tenders/${other}`, {
      as: buyer,
      params: { id: other },
    });
    const page = reply.data as {
      comparison: { currency: string };
      quotes: { id: string; compared: { unitPrice: number; currency: string } }[];
    };
    expect(page.comparison.currency).toBe("KGS");
    expect(page.quotes[0]?.id).toBe(eur);
    expect(page.quotes[0]?.compared.currency).toBe("KGS");
    expect(page.quotes[0]?.compared.unitPrice).toBeCloseTo((6 * 1.08) / 0.0115, 6);
  });

  it("refuses rates that make no sense and keeps the stored one", async () => {
    const before = await app.db.select().from(schema.exchangeRates);
    for (const input of [
      { currency: "XXX", usdPerUnit: "1" },
      { currency: "EUR", usdPerUnit: "0" },
      { currency: "EUR", usdPerUnit: "-1" },
      { currency: "EUR", usdPerUnit: "abc" },
      { currency: "EUR", usdPerUnit: "1e9" },
      { currency: "USD", usdPerUnit: "2" },
      { currency: "EUR", usdPerUnit: "1.1", date: "завтра" },
      { currency: "EUR", usdPerUnit: "1.1", date: "2999-01-01" },
    ]) {
      expect((await setExchangeRate(app.db, input)).ok, JSON.stringify(input)).toBe(false);
    }
    expect(await app.db.select().from(schema.exchangeRates)).toEqual(before);
  });

  it("lists the shortlisted quotes only, and keeps the filter in the decisions' addresses", async () => {
    await app.post(tenderAction, path, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "shortlist", quoteId: ids.usd },
    });
    const only = await load(`${path}?only=shortlisted`);
    expect(only.quotes.map((item) => item.id)).toEqual([ids.usd]);
    expect((only as unknown as { counts: unknown }).counts).toEqual({ all: 3, shortlisted: 1 });
    expect(only.list).toEqual({ sort: "price", shortlisted: true });
    const marked = await app.post(tenderAction, `${path}?only=shortlisted`, {
      as: buyer,
      params: { id: tenderId },
      form: { intent: "shortlist", quoteId: ids.eur },
    });
    expect(marked.location).toBe(`${path}?only=shortlisted`);
    expect((await load(`${path}?only=shortlisted`)).quotes.map((item) => item.id)).toEqual([
      ids.eur,
      ids.usd,
    ]);
    expect((await load(`${path}?only=bogus`)).quotes).toHaveLength(3);
  });

  it("reads the buyer's notices of new quotes on the tender when the page opens, nobody else's", async () => {
    const unread = async (userId: string) =>
      app.db
        .select({ kind: schema.notifications.kind })
        .from(schema.notifications)
        .where(
          and(
            eq(schema.notifications.userId, userId),
            eq(schema.notifications.tenderId, tenderId),
            isNull(schema.notifications.readAt),
          ),
        );
    const late = await factory("Поздняя фабрика");
    const lateQuote = await quote(late, tenderId, {
      quantity: "100",
      leadTimeDays: "20",
      validDays: 30,
      unitPrice: "8",
    });
    await app.db.insert(schema.quoteMessages).values({
      quoteId: lateQuote,
      senderId: late.id,
      body: "Вопрос",
    });
    await app.db.insert(schema.notifications).values({
      userId: buyer.id,
      kind: "message-received",
      actorId: late.id,
      tenderId,
      quoteId: lateQuote,
      tenderTitle: "Куртки в трех валютах",
    });
    expect((await unread(buyer.id)).map((row) => row.kind).sort()).toEqual([
      "message-received",
      "quote-received",
    ]);
    // An admin's look reads nothing.
    const admin = await app.signUp("buyer", "Админ смотрит");
    await app.makeAdmin(admin);
    await load(path, admin);
    expect(await unread(buyer.id)).toHaveLength(2);
    await load(path);
    // The messages stay unread until their conversation is opened.
    expect(await unread(buyer.id)).toEqual([{ kind: "message-received" }]);
  });
});
