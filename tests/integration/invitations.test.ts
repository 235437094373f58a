// Matching and invitations (issue 29, item 4; app/features/invitations/): the ranking of the
// factories that fit a tender, the limit of MAX_INVITATIONS_PER_TENDER (also under concurrency),
// the states the buyer sees (sent, seen, quoted, declined with its reason), who may invite and
// decline, private tenders (out of the list, the sitemap, the page and the quote form for anyone
// but the owner and the invited factories) and tender alerts that respect the minimum order.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_INVITATIONS_PER_TENDER } from "~/domain/limits";
import { m } from "~/domain/messages";
import {
  declineInvitation,
  invitationPanel,
  invitationsOfTender,
  inviteFactory,
  markInvitationSeen,
  matchingFactories,
  ownInvitations,
} from "~/features/invitations/invitations.server";
import { INVITATION_PROBLEMS } from "~/features/invitations/problems";
import { sendTenderAlerts } from "~/features/notifications/mail-worker.server";
import { quoteFormState, submitQuote } from "~/features/quotes/quotes.server";
import {
  findTenderPage,
  listActiveTenders,
  sitemapTenders,
} from "~/features/tenders/tenders.server";
import { STATUS_OF_KIND } from "~/http/reply.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { createMailer } from "~/platform/mail.server";
import { createDiskStorage } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { type InsertedPerson, insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { inDays } from "../support/quote-forms";

const database = testDatabase();
const storage = createDiskStorage(tempDir("fabricum-invitations-"));
const as = (actor: CurrentUser, locale: "ru" | "en" = "ru"): UseCaseContext => ({
  db: database.db,
  storage,
  actor,
  locale,
});
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

let buyer: InsertedPerson;
let otherBuyer: InsertedPerson;
/** The best fit: verified, both categories, quick to answer. */
let best: InsertedPerson;
/** Fits with one category, not verified. */
let plain: InsertedPerson;
/** Minimum order above the tender's quantity. */
let tooBig: InsertedPerson;
/** Capacity below the tender's quantity. */
let tooSmall: InsertedPerson;
/** Another category only. */
let elsewhere: InsertedPerson;
/** In another country. */
let abroad: InsertedPerson;
let blocked: InsertedPerson;

const CATEGORY = "invite-knit";
const factory = (name: string, extra: Partial<typeof schema.factories.$inferInsert> = {}) =>
  insertPerson(database.db, "factory", name, {
    profile: { factoryName: name },
    factory: { country: "uz", categories: [CATEGORY], ...extra },
  });

/** A tender put straight into the table (the categories here are the test's own). */
async function tender(
  owner: CurrentUser,
  fields: Partial<typeof schema.tenders.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(schema.tenders)
    .values({
      userId: owner.id,
      title: `Тендер ${Math.random().toString(36).slice(2, 8)}`,
      quantity: 500,
      country: "uz",
      categories: [CATEGORY],
      // Alerts are not these tests' business unless they ask.
      alertedAt: new Date(),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("no tender");
  return row;
}

beforeAll(async () => {
  buyer = await insertPerson(database.db, "buyer", "Покупатель");
  otherBuyer = await insertPerson(database.db, "buyer", "Другой покупатель");
  best = await factory("Лучшая", {
    categories: [CATEGORY, "invite-woven"],
    verifiedAt: new Date(),
    minOrder: 100,
    monthlyCapacity: 10_000,
  });
  plain = await factory("Обычная", { minOrder: 300 });
  tooBig = await factory("Крупная", { minOrder: 1000 });
  tooSmall = await factory("Маленькая", { monthlyCapacity: 200 });
  elsewhere = await factory("Другая", { categories: ["invite-other"] });
  abroad = await factory("Заграничная", { country: "kg" });
  blocked = await factory("Заблокированная");
  await database.db
    .update(schema.users)
    .set({ banned: true })
    .where(eq(schema.users.id, blocked.id));
});

describe("the problems' kinds", () => {
  it("give each problem its status", () => {
    const statuses = Object.fromEntries(
      Object.entries(INVITATION_PROBLEMS).map(([p, kind]) => [p, STATUS_OF_KIND[kind]]),
    );
    expect(statuses).toMatchObject({
      invalid: 400,
      "tender-not-found": 404,
      "too-many-invitations": 409,
      "already-invited": 409,
      "invitation-not-found": 404,
      "not-a-factory": 403,
    });
    // Every problem says itself in both languages.
    for (const problem of Object.keys(INVITATION_PROBLEMS).filter((p) => p !== "invalid")) {
      expect(m.invitations.problems).toHaveProperty(problem);
    }
  });
});

describe("matching", () => {
  it("offers the factories that fit, verified and fuller overlap first", async () => {
    const made = await tender(buyer, { categories: [CATEGORY, "invite-woven"] });
    const matches = await matchingFactories(database.db, { ...made, userId: buyer.id });
    const ids = matches.map((match) => match.id);
    expect(ids[0]).toBe(best.factoryId);
    expect(ids).toContain(plain.factoryId);
    for (const out of [tooBig, tooSmall, elsewhere, abroad, blocked]) {
      expect(ids).not.toContain(out.factoryId);
    }
  });

  it("ranks a factory that answers quickly above one that answers slowly", async () => {
    const quick = await factory("Быстрая", { categories: ["invite-speed"] });
    const slow = await factory("Медленная", { categories: ["invite-speed"] });
    const earlier = await tender(otherBuyer, { categories: ["invite-speed"] });
    const now = Date.now();
    await database.db
      .update(schema.tenders)
      .set({ createdAt: new Date(now - 5 * 86_400_000) })
      .where(eq(schema.tenders.id, earlier.id));
    for (const [who, hoursAfter] of [
      [quick, 2],
      [slow, 100],
    ] as const) {
      const sent = await submitQuote(database.db, who, earlier.id, {
        unitPrice: "10",
        currency: "USD",
        quantity: "500",
        leadTimeDays: "30",
        validUntil: inDays(10),
      });
      expect(sent.ok).toBe(true);
      await database.db
        .update(schema.quotes)
        .set({ createdAt: new Date(now - 5 * 86_400_000 + hoursAfter * 3_600_000) })
        .where(and(eq(schema.quotes.tenderId, earlier.id), eq(schema.quotes.userId, who.id)));
    }
    const made = await tender(buyer, { categories: ["invite-speed"] });
    const matches = await matchingFactories(database.db, { ...made, userId: buyer.id });
    expect(matches.map((match) => match.id).slice(0, 2)).toEqual([quick.factoryId, slow.factoryId]);
    expect(matches[0]?.answerHours).toBe(2);
    expect(matches[1]?.answerHours).toBe(100);
  });
});

describe("invitations", () => {
  it("notifies the factory, and shows it sent, seen, quoted", async () => {
    const made = await tender(buyer);
    const sent = await inviteFactory(as(buyer), {
      tenderId: made.id,
      form: form({ factoryId: best.factoryId as string }),
    });
    expect(sent.ok).toBe(true);
    const [notice] = await database.db
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.userId, best.id), eq(schema.notifications.tenderId, made.id)),
      );
    expect(notice).toMatchObject({ kind: "tender-invited", actorId: buyer.id });
    expect((await invitationsOfTender(database.db, buyer, made.id))?.[0]?.state).toBe("sent");
    expect(await ownInvitations(database.db, best, [made.id])).toEqual({ [made.id]: "sent" });

    await markInvitationSeen(database.db, best, made.id);
    expect((await invitationsOfTender(database.db, buyer, made.id))?.[0]?.state).toBe("seen");

    const quoted = await submitQuote(database.db, best, made.id, {
      unitPrice: "12",
      currency: "USD",
      quantity: "500",
      leadTimeDays: "20",
      validUntil: inDays(10),
    });
    expect(quoted.ok).toBe(true);
    expect((await invitationsOfTender(database.db, buyer, made.id))?.[0]?.state).toBe("quoted");
    // A factory that has quoted cannot decline any more.
    const late = await declineInvitation(as(best), {
      tenderId: made.id,
      form: form({ reason: "capacity-full" }),
    });
    expect(late).toMatchObject({ ok: false, problem: "already-quoted" });
    // The panel marks it invited.
    const panel = await invitationPanel(database.db, buyer, made.id);
    expect(panel?.matches.find((match) => match.id === best.factoryId)?.invited).toBe(true);
  });

  it("lets the factory decline with a reason and tells the buyer", async () => {
    const made = await tender(buyer);
    await inviteFactory(as(buyer), {
      tenderId: made.id,
      form: form({ factoryId: plain.factoryId as string }),
    });
    const noNote = await declineInvitation(as(plain, "en"), {
      tenderId: made.id,
      form: form({ reason: "other" }),
    });
    expect(noNote).toMatchObject({ ok: false, problem: "invalid" });
    if (!noNote.ok)
      expect(noNote.fieldErrors?.note).toEqual(["Tell the buyer why you're declining"]);
    const declined = await declineInvitation(as(plain), {
      tenderId: made.id,
      form: form({ reason: "other", note: "Сезон расписан до весны" }),
    });
    expect(declined.ok).toBe(true);
    const [row] = (await invitationsOfTender(database.db, buyer, made.id)) ?? [];
    expect(row).toMatchObject({
      state: "declined",
      declineReason: "other",
      declineNote: "Сезон расписан до весны",
    });
    const [notice] = await database.db
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.userId, buyer.id), eq(schema.notifications.tenderId, made.id)),
      );
    expect(notice).toMatchObject({ kind: "invitation-declined", actorId: plain.id });
    const again = await declineInvitation(as(plain), {
      tenderId: made.id,
      form: form({ reason: "capacity-full" }),
    });
    expect(again).toMatchObject({ ok: false, problem: "already-declined" });
  });

  it("refuses the others: not the owner, not the invited factory, bad input", async () => {
    const made = await tender(buyer);
    const invite = (actor: CurrentUser, factoryId: string, tenderId = made.id) =>
      inviteFactory(as(actor), { tenderId, form: form({ factoryId }) });
    const fid = best.factoryId as string;
    expect(await invite(otherBuyer, fid)).toMatchObject({ problem: "tender-not-found" });
    expect(await invite(best, fid)).toMatchObject({ problem: "tender-not-found" });
    expect(await invite(buyer, blocked.factoryId as string)).toMatchObject({
      problem: "factory-not-found",
    });
    expect(await invite(buyer, "not-a-uuid")).toMatchObject({ problem: "invalid" });
    expect(await invite(buyer, fid, "x'; drop table tenders; --")).toMatchObject({
      problem: "tender-not-found",
    });
    expect((await invite(buyer, fid)).ok).toBe(true);
    expect(await invite(buyer, fid)).toMatchObject({ problem: "already-invited" });
    const decline = (actor: CurrentUser) =>
      declineInvitation(as(actor), { tenderId: made.id, form: form({ reason: "capacity-full" }) });
    expect(await decline(otherBuyer)).toMatchObject({ problem: "not-a-factory" });
    expect(await decline(plain)).toMatchObject({ problem: "invitation-not-found" });
    const bad = await declineInvitation(as(best), {
      tenderId: made.id,
      form: form({ reason: "because", note: "x".repeat(10_000) }),
    });
    expect(bad).toMatchObject({ problem: "invalid" });
    expect((await invitationsOfTender(database.db, buyer, made.id))?.[0]?.state).toBe("sent");
    // A closed tender takes no more invitations.
    await database.db
      .update(schema.tenders)
      .set({ status: "closed" })
      .where(eq(schema.tenders.id, made.id));
    expect(await invite(buyer, plain.factoryId as string)).toMatchObject({
      problem: "tender-not-active",
    });
  });

  it(`keeps at most ${MAX_INVITATIONS_PER_TENDER} a tender, also when they come at once`, async () => {
    const many = [];
    for (let i = 0; i < MAX_INVITATIONS_PER_TENDER + 5; i++) {
      many.push(await factory(`Фабрика ${i}`, { categories: ["invite-many"] }));
    }
    const made = await tender(buyer, { categories: ["invite-many"] });
    const outcomes = await Promise.all(
      many.map((one) =>
        inviteFactory(as(buyer), {
          tenderId: made.id,
          form: form({ factoryId: one.factoryId as string }),
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(MAX_INVITATIONS_PER_TENDER);
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.problem)).toEqual(
      Array(5).fill("too-many-invitations"),
    );
    expect(
      await database.db.$count(
        schema.tenderInvitations,
        eq(schema.tenderInvitations.tenderId, made.id),
      ),
    ).toBe(MAX_INVITATIONS_PER_TENDER);
  });
});

describe("private tenders", () => {
  it("are seen by the owner and the invited factories only", async () => {
    const made = await tender(buyer, { title: "Закрытый тендер", private: true });
    await inviteFactory(as(buyer), {
      tenderId: made.id,
      form: form({ factoryId: best.factoryId as string }),
    });
    expect(await findTenderPage(database.db, null, made.id)).toBeNull();
    expect(await findTenderPage(database.db, plain, made.id)).toBeNull();
    expect(await findTenderPage(database.db, otherBuyer, made.id)).toBeNull();
    expect((await findTenderPage(database.db, best, made.id))?.tender.id).toBe(made.id);
    expect((await findTenderPage(database.db, buyer, made.id))?.own).toBe(true);
    // Not in the public list nor the sitemap.
    const listed = async (viewer: CurrentUser | null) =>
      (await listActiveTenders(database.db, viewer, { page: 1 } as never)).items.map((i) => i.id);
    expect(await listed(null)).not.toContain(made.id);
    expect(await listed(plain)).not.toContain(made.id);
    // The invited factory finds it on /tenders, marked as its invitation.
    expect(await listed(best)).toContain(made.id);
    const sitemap = await sitemapTenders(database.db, { offset: 0, limit: 10_000 });
    expect(sitemap.map((item) => item.id)).not.toContain(made.id);
    // The quote form and a posted quote answer 'not found' to an uninvited factory.
    expect(await quoteFormState(database.db, plain, made.id)).toBeNull();
    const posted = await submitQuote(database.db, plain, made.id, {
      unitPrice: "10",
      currency: "USD",
      quantity: "500",
      leadTimeDays: "30",
      validUntil: inDays(10),
    });
    expect(posted).toMatchObject({ ok: false, problem: "tender-not-found" });
    expect((await quoteFormState(database.db, best, made.id))?.problem).toBeNull();
  });
});

describe("tender alerts", () => {
  it("skip factories whose minimum order is above the quantity, and private tenders", async () => {
    const alertCategory = "invite-alerts";
    const small = await factory("Алерт малая", { categories: [alertCategory], minOrder: 50 });
    const large = await factory("Алерт крупная", { categories: [alertCategory], minOrder: 5000 });
    const any = await factory("Алерт любая", { categories: [alertCategory] });
    const open = await tender(buyer, {
      title: "Алерт открытый",
      categories: [alertCategory],
      alertedAt: null,
    });
    const closed = await tender(buyer, {
      title: "Алерт закрытый",
      categories: [alertCategory],
      alertedAt: null,
      private: true,
    });
    const mailer = createMailer({
      dataDir: tempDir("fabricum-invitation-alerts-"),
      SMTP_URL: undefined,
      MAIL_FROM: "x@y.z",
    });
    await sendTenderAlerts({
      db: database.db,
      mailer,
      env: { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" },
    });
    const alerts = await database.db
      .select({ tenderId: schema.tenderAlerts.tenderId, userId: schema.tenderAlerts.userId })
      .from(schema.tenderAlerts)
      .where(inArray(schema.tenderAlerts.tenderId, [open.id, closed.id]));
    const to = alerts.filter((a) => a.tenderId === open.id).map((a) => a.userId);
    expect(to).toContain(small.id);
    expect(to).toContain(any.id);
    expect(to).not.toContain(large.id);
    expect(alerts.filter((a) => a.tenderId === closed.id)).toEqual([]);
  });
});
