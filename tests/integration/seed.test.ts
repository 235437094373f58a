import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { and, count, countDistinct, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeCounts, readDemoAccounts, type SeedReport, seedDemo } from "~/demo/seed.server";
import { CATEGORY_SLUGS, COUNTRY_CODES, isCityOf } from "~/domain/reference";
import {
  listNotifications,
  unreadNotificationCount,
} from "~/features/notifications/notifications.server";
import { listOrders, openOrder } from "~/features/orders/orders.server";
import { listOwnQuotes, listTenderQuotes } from "~/features/quotes/quotes.server";
import { factoryReviews } from "~/features/reviews/reviews.server";
import { quoteCountsForTenders } from "~/features/tenders/tenders.server";
import { type CurrentUser, loadProfileSummary, toCurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { type Env, parseEnv } from "~/platform/env.server";
import { uploadPath } from "~/platform/storage.server";
import { QUOTE_STATUSES } from "~db/schema";
import { tempDir, testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();
const dataDir = tempDir("fabricum-seed-");
const env: Env = parseEnv({ DATA_DIR: dataDir });
let first: SeedReport;

beforeAll(async () => {
  first = await seedDemo(database.db, env);
}, 120_000);

/** A demo account as the app sees it when signed in. */
async function signedIn(email: string): Promise<CurrentUser> {
  const [user] = await database.db
    .select({
      id: schema.users.id,
      email: schema.users.email,
      emailVerified: schema.users.emailVerified,
      role: schema.users.role,
    })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  if (!user) throw new Error(`no ${email}`);
  return toCurrentUser(user, await loadProfileSummary(database.db, user.id));
}

describe(`demo seed (${testDatabaseKind()})`, () => {
  it("fills an empty database", () => {
    expect(first.created).toBe(true);
    expect(first.counts?.factories).toBeGreaterThanOrEqual(40);
    expect(first.counts?.tenders).toBeGreaterThanOrEqual(25);
  });

  it("spreads factories over all 15 countries and all 10 categories, with valid cities", async () => {
    const rows = await database.db
      .select({
        country: schema.factories.country,
        city: schema.factories.city,
        categories: schema.factories.categories,
        logoUrl: schema.factories.logoUrl,
      })
      .from(schema.factories);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(COUNTRY_CODES));
    expect(new Set(rows.flatMap((r) => r.categories))).toEqual(new Set(CATEGORY_SLUGS));
    for (const row of rows) {
      expect(isCityOf(row.country, row.city)).toBe(true);
      // Every logo is a real file that was written.
      const file = uploadPath(dataDir, row.logoUrl ?? "");
      expect(file && existsSync(file)).toBe(true);
    }
  });

  it("gives every factory 3 to 8 products, each with pictures on disk", async () => {
    const perFactory = await database.db
      .select({ factoryId: schema.factoryProducts.factoryId, n: count() })
      .from(schema.factoryProducts)
      .groupBy(schema.factoryProducts.factoryId);
    const [factories] = await database.db.select({ n: count() }).from(schema.factories);
    expect(perFactory).toHaveLength(factories?.n ?? -1);
    for (const row of perFactory) {
      expect(row.n).toBeGreaterThanOrEqual(3);
      expect(row.n).toBeLessThanOrEqual(8);
    }
    const products = await database.db
      .select({ images: schema.factoryProducts.images, userId: schema.factoryProducts.userId })
      .from(schema.factoryProducts);
    const images = products.flatMap((p) => p.images);
    expect(images.length).toBeGreaterThanOrEqual(products.length);
    expect(new Set(images).size).toBe(images.length);
    for (const url of images.slice(0, 50)) {
      const file = uploadPath(dataDir, url);
      expect(file && existsSync(file)).toBe(true);
    }
  });

  it("has tenders from several buyers, mostly active", async () => {
    const [row] = await database.db
      .select({ buyers: countDistinct(schema.tenders.userId), n: count() })
      .from(schema.tenders);
    expect(row?.n).toBeGreaterThanOrEqual(25);
    expect(row?.buyers).toBeGreaterThanOrEqual(3);
    const [active] = await database.db
      .select({ n: count() })
      .from(schema.tenders)
      .where(eq(schema.tenders.status, "active"));
    expect(active?.n).toBeGreaterThanOrEqual(20);
  });

  it("gives most tenders a tech pack: a specification PDF, a sketch on some, stored privately", async () => {
    const rows = await database.db
      .select({ techPack: schema.tenders.techPack })
      .from(schema.tenders);
    const packs = rows.map((row) => row.techPack).filter((files) => files.length > 0);
    expect(packs.length).toBeGreaterThanOrEqual(Math.floor(rows.length / 2));
    const files = packs.flat();
    expect(files.some((file) => file.kind === "image")).toBe(true);
    expect(new Set(files.map((file) => file.url)).size).toBe(files.length);
    for (const file of files) {
      expect(file.url).toMatch(/^attachments\/[0-9a-f-]{36}\.(pdf|webp)$/);
      const bytes = readFileSync(path.join(dataDir, "uploads", file.url));
      expect(bytes.byteLength).toBe(file.size);
      if (file.kind === "pdf") expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
  });

  it("creates the three demo accounts with working passwords; only admin@ is an admin", async () => {
    const accounts = readDemoAccounts(dataDir);
    expect(accounts.map((a) => a.email).sort()).toEqual([
      "admin@example.com",
      "buyer@example.com",
      "factory@example.com",
    ]);
    for (const account of accounts) {
      const [row] = await database.db
        .select({
          hash: schema.accounts.password,
          role: schema.users.role,
          verified: schema.users.emailVerified,
          userType: schema.profiles.userType,
        })
        .from(schema.users)
        .innerJoin(schema.accounts, eq(schema.accounts.userId, schema.users.id))
        .innerJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
        .where(eq(schema.users.email, account.email));
      expect(row?.verified).toBe(true);
      expect(await verifyPassword({ hash: row?.hash ?? "", password: account.password })).toBe(
        true,
      );
      expect(row?.role === "admin").toBe(account.role === "admin");
      if (account.role === "factory") expect(row?.userType).toBe("factory");
    }
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where email not like '%@example.com'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("gives the demo buyer quotes on its tenders, one awarded, with unread messages", async () => {
    const buyer = await signedIn("buyer@example.com");
    // The tenders of the buyer's list: the archived ones are earlier orders' (decision 034).
    const own = await database.db
      .select({ id: schema.tenders.id, status: schema.tenders.status })
      .from(schema.tenders)
      .where(and(eq(schema.tenders.userId, buyer.id), isNull(schema.tenders.archivedAt)));
    const counts = await quoteCountsForTenders(
      database.db,
      buyer,
      own.map((t) => t.id),
    );
    const pages = await Promise.all(own.map((t) => listTenderQuotes(database.db, buyer, t.id)));
    const withQuotes = pages.filter((page) => (page?.quotes.length ?? 0) > 0);
    // At least two open tenders with 2–3 quotes, one of them shortlisted.
    const compared = withQuotes.filter(
      (page) =>
        page?.tender.status === "active" &&
        (page?.quotes.length ?? 0) >= 2 &&
        (page?.quotes.length ?? 0) <= 3 &&
        page?.quotes.some((quote) => quote.shortlisted),
    );
    expect(compared.length).toBeGreaterThanOrEqual(2);
    // One tender awarded: one quote accepted, the others declined.
    const awarded = withQuotes.filter((page) => page?.tender.status === "awarded");
    expect(awarded).toHaveLength(1);
    const statuses = awarded[0]?.quotes.map((quote) => quote.status).sort();
    expect(statuses?.filter((s) => s === "accepted")).toHaveLength(1);
    expect(statuses?.filter((s) => s !== "accepted").every((s) => s === "declined")).toBe(true);
    // Unread messages from factories, as /my-tenders counts them.
    const unread = Object.values(counts).reduce((sum, c) => sum + c.unread, 0);
    expect(unread).toBeGreaterThanOrEqual(2);
    expect(unread).toBeLessThanOrEqual(6);
  });

  it("gives the demo factory a quote in every state on other buyers' tenders, with unread messages", async () => {
    const factory = await signedIn("factory@example.com");
    const { items } = await listOwnQuotes(database.db, factory);
    expect(new Set(items.map((quote) => quote.status))).toEqual(new Set(QUOTE_STATUSES));
    const accepted = items.find((quote) => quote.status === "accepted");
    expect(accepted?.tender.status).toBe("awarded");
    const declined = items.filter((quote) => quote.status === "declined");
    expect(declined.some((quote) => (quote.declineReason ?? "").length > 10)).toBe(true);
    const submitted = items.find((quote) => quote.status === "submitted");
    expect(submitted?.tender.status).toBe("active");
    // Tenders of at least three buyers other than the demo buyer.
    const owners = await database.db
      .selectDistinct({ userId: schema.tenders.userId, email: schema.users.email })
      .from(schema.quotes)
      .innerJoin(schema.tenders, eq(schema.tenders.id, schema.quotes.tenderId))
      .innerJoin(schema.users, eq(schema.users.id, schema.tenders.userId))
      .where(eq(schema.quotes.userId, factory.id));
    expect(owners.filter((o) => o.email !== "buyer@example.com").length).toBeGreaterThanOrEqual(2);
    const unread = items.reduce((sum, quote) => sum + quote.unread, 0);
    expect(unread).toBeGreaterThanOrEqual(2);
    expect(unread).toBeLessThanOrEqual(6);
  });

  it("seeds plausible quotes, never on the quoting factory's own tender", async () => {
    const rows = await database.db
      .select({
        id: schema.quotes.id,
        status: schema.quotes.status,
        factoryUser: schema.quotes.userId,
        factoryOwner: schema.factories.userId,
        buyer: schema.tenders.userId,
        tenderId: schema.tenders.id,
        tenderStatus: schema.tenders.status,
        tenderQuantity: schema.tenders.quantity,
        tenderCurrency: schema.tenders.currency,
        tenderCreated: schema.tenders.createdAt,
        quantity: schema.quotes.quantity,
        minOrder: schema.quotes.minOrder,
        unitPrice: schema.quotes.unitPrice,
        currency: schema.quotes.currency,
        leadTimeDays: schema.quotes.leadTimeDays,
        sampleAvailable: schema.quotes.sampleAvailable,
        samplePrice: schema.quotes.samplePrice,
        validUntil: schema.quotes.validUntil,
        createdAt: schema.quotes.createdAt,
        message: schema.quotes.message,
      })
      .from(schema.quotes)
      .innerJoin(schema.tenders, eq(schema.tenders.id, schema.quotes.tenderId))
      .innerJoin(schema.factories, eq(schema.factories.id, schema.quotes.factoryId));
    expect(rows.length).toBe(first.counts?.quotes);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const now = Date.now();
    for (const row of rows) {
      expect(row.factoryUser).toBe(row.factoryOwner);
      expect(row.buyer).not.toBe(row.factoryUser);
      expect(row.tenderStatus).not.toBe("closed");
      expect(row.createdAt.getTime()).toBeGreaterThan(row.tenderCreated.getTime());
      expect(row.createdAt.getTime()).toBeLessThan(now);
      expect(row.validUntil.getTime()).toBeGreaterThan(now);
      expect(row.leadTimeDays).toBeGreaterThanOrEqual(14);
      expect(row.leadTimeDays).toBeLessThanOrEqual(60);
      expect(row.quantity).toBeLessThanOrEqual(row.tenderQuantity ?? 0);
      expect(row.quantity).toBeGreaterThanOrEqual((row.tenderQuantity ?? 0) * 0.5);
      if (row.minOrder !== null) expect(row.minOrder).toBeLessThanOrEqual(row.quantity);
      expect(["USD", row.tenderCurrency]).toContain(row.currency);
      expect(row.unitPrice).toBeGreaterThan(0);
      expect(row.samplePrice !== null).toBe(row.sampleAvailable);
      expect(row.message?.length ?? 0).toBeGreaterThan(20);
    }
    expect(rows.some((row) => row.sampleAvailable)).toBe(true);
    expect(rows.some((row) => !row.sampleAvailable)).toBe(true);
    // 1–4 quotes on about two thirds of the tenders that were open to quotes.
    const perTender = new Map<string, number>();
    for (const row of rows) perTender.set(row.tenderId, (perTender.get(row.tenderId) ?? 0) + 1);
    for (const n of perTender.values()) {
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    const [open] = await database.db
      .select({ n: count() })
      .from(schema.tenders)
      .where(sql`${schema.tenders.status} <> 'closed'`);
    const share = perTender.size / (open?.n ?? 1);
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.85);
    // Every awarded tender has exactly one accepted quote, and only awarded tenders have one.
    const awardedTenders = new Set(
      rows.filter((row) => row.tenderStatus === "awarded").map((r) => r.tenderId),
    );
    const acceptedTenders = rows.filter((row) => row.status === "accepted").map((r) => r.tenderId);
    expect(new Set(acceptedTenders)).toEqual(awardedTenders);
    expect(acceptedTenders).toHaveLength(awardedTenders.size);
    for (const row of rows.filter((r) => awardedTenders.has(r.tenderId))) {
      expect(["accepted", "declined", "withdrawn"]).toContain(row.status);
    }
  });

  it("writes conversations between the two parties, after their quote", async () => {
    const rows = await database.db
      .select({
        sender: schema.quoteMessages.senderId,
        body: schema.quoteMessages.body,
        createdAt: schema.quoteMessages.createdAt,
        quoteId: schema.quotes.id,
        quoted: schema.quotes.createdAt,
        lastMessageAt: schema.quotes.lastMessageAt,
        factoryUser: schema.quotes.userId,
        buyer: schema.tenders.userId,
      })
      .from(schema.quoteMessages)
      .innerJoin(schema.quotes, eq(schema.quotes.id, schema.quoteMessages.quoteId))
      .innerJoin(schema.tenders, eq(schema.tenders.id, schema.quotes.tenderId));
    expect(rows.length).toBe(first.counts?.messages);
    const perQuote = new Map<string, typeof rows>();
    for (const row of rows) perQuote.set(row.quoteId, [...(perQuote.get(row.quoteId) ?? []), row]);
    expect(perQuote.size).toBeGreaterThanOrEqual(10);
    const now = Date.now();
    for (const messages of perQuote.values()) {
      const newest = Math.max(...messages.map((m) => m.createdAt.getTime()));
      expect(messages[0]?.lastMessageAt?.getTime()).toBe(newest);
      for (const message of messages) {
        expect([message.buyer, message.factoryUser]).toContain(message.sender);
        expect(message.createdAt.getTime()).toBeGreaterThan(message.quoted.getTime());
        expect(message.createdAt.getTime()).toBeLessThan(now);
        expect(message.body.length).toBeGreaterThan(10);
      }
    }
    // Both sides speak in most conversations.
    const twoSided = [...perQuote.values()].filter(
      (messages) => new Set(messages.map((m) => m.sender)).size === 2,
    );
    expect(twoSided.length).toBeGreaterThanOrEqual(perQuote.size * 0.8);
  });

  it("invites factories to the demo buyer's tenders, in each state (issue 29)", async () => {
    const rows = await database.db
      .select({ state: schema.tenderInvitations.state })
      .from(schema.tenderInvitations);
    expect(new Set(rows.map((row) => row.state))).toEqual(
      new Set(["sent", "seen", "quoted", "declined"]),
    );
  });

  it("makes the order of each accepted quote: both demo accounts find one (issue 30)", async () => {
    const accepted = await database.db
      .select({ id: schema.quotes.id })
      .from(schema.quotes)
      .where(eq(schema.quotes.status, "accepted"));
    const orders = await database.db.select().from(schema.orders);
    // Every order made from a quote is an accepted quote's; the others are the reviews' past
    // orders (app/demo/reviews.ts): delivered, between other accounts than the two demo ones.
    const fromQuotes = orders.filter((order) => order.quoteId !== null);
    expect(fromQuotes.map((order) => order.quoteId).sort()).toEqual(
      accepted.map((q) => q.id).sort(),
    );
    expect(orders.filter((o) => o.quoteId === null).every((o) => o.step === "delivered")).toBe(
      true,
    );
    const buyer = await signedIn("buyer@example.com");
    const factory = await signedIn("factory@example.com");
    const buyerOrders = await listOrders(database.db, buyer, { state: null });
    const factoryOrders = await listOrders(database.db, factory, { state: null });
    expect(buyerOrders.items.length).toBeGreaterThan(0);
    expect(factoryOrders.items.length).toBeGreaterThan(0);
    // The demo buyer's: two sample rounds, then late at production.
    expect(buyerOrders.counts.late).toBe(1);
    const lateItem = buyerOrders.items.find(
      (item) => item.tenderTitle === "Детские комбинезоны демисезонные",
    );
    const late = await openOrder(database.db, buyer, lateItem?.id);
    expect(late?.events.map((event) => event.kind)).toEqual([
      "sample-sent",
      "sample-returned",
      "sample-sent",
      "sample-approved",
    ]);
    expect(late?.step).toBe("production");
    // The demo factory's: the sample is with the buyer.
    expect(factoryOrders.items[0]).toMatchObject({ step: "sample-review", owes: "buyer" });
    // Earlier orders between the two (decision 034): delivered, cancelled, shipped; both see them
    // in every state, their tenders archived (not in the buyer's tender list).
    for (const list of [buyerOrders, factoryOrders]) {
      expect(list.counts.delivered).toBeGreaterThanOrEqual(1);
      expect(list.counts.cancelled).toBeGreaterThanOrEqual(1);
      expect(list.counts["in-progress"]).toBeGreaterThanOrEqual(1);
    }
    const byTitle = (title: string) =>
      factoryOrders.items.find((item) => item.tenderTitle === title);
    expect(byTitle("Футболки поло с вышивкой логотипа")).toMatchObject({ step: "delivered" });
    expect(byTitle("Худи оверсайз с принтом")).toMatchObject({ step: "cancelled" });
    expect(byTitle("Рабочие куртки для склада")).toMatchObject({ step: "delivery", owes: "buyer" });
    const delivered = await openOrder(
      database.db,
      factory,
      byTitle("Футболки поло с вышивкой логотипа")?.id,
    );
    expect(delivered?.events.map((event) => event.kind)).toEqual([
      "sample-sent",
      "sample-approved",
      "production-started",
      "quality-passed",
      "shipped",
      "delivered",
    ]);
    const report = delivered?.events.find((event) => event.kind === "quality-passed");
    expect(report?.attachments).toMatchObject([{ kind: "pdf" }]);
    const cancelled = await openOrder(database.db, buyer, byTitle("Худи оверсайз с принтом")?.id);
    expect(cancelled?.cancelReason).toContain("Коллекцию перенесли");
    const archived = await database.db
      .select({ archivedAt: schema.tenders.archivedAt, status: schema.tenders.status })
      .from(schema.tenders)
      .innerJoin(schema.orders, eq(schema.orders.tenderId, schema.tenders.id))
      .where(eq(schema.orders.factoryUserId, factory.id));
    expect(archived.filter((row) => row.archivedAt !== null)).toHaveLength(3);
    expect(archived.every((row) => row.status === "awarded")).toBe(true);
  });

  it("reviews the delivered demo orders, with answers, so factories show ratings (decision 033)", async () => {
    const reviews = await database.db.select().from(schema.reviews);
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews.some((review) => review.answer !== null)).toBe(true);
    const delivered = await database.db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(eq(schema.orders.step, "delivered"));
    expect(new Set(reviews.map((r) => r.orderId))).toEqual(new Set(delivered.map((o) => o.id)));
    const rated = await database.db
      .select({ id: schema.factories.id, count: schema.factories.reviewCount })
      .from(schema.factories)
      .where(sql`${schema.factories.reviewCount} > 0`);
    expect(rated.length).toBeGreaterThan(1);
    const page = await factoryReviews(database.db, rated[0]?.id as string);
    expect(page.items.length).toBe(page.reputation.count);
    expect(page.reputation.onTimePercent).not.toBeNull();
    // No review notifications: the demo's notifications stay its quotes'.
    const notices = await database.db
      .select({ kind: schema.notifications.kind })
      .from(schema.notifications);
    expect(notices.filter((n) => n.kind.startsWith("review-"))).toEqual([]);
  });

  it("notifies about those events: existing quotes, the right accounts, no email to send", async () => {
    const rows = await database.db
      .select({
        userId: schema.notifications.userId,
        kind: schema.notifications.kind,
        actorId: schema.notifications.actorId,
        tenderId: schema.notifications.tenderId,
        tenderTitle: schema.notifications.tenderTitle,
        mailState: schema.notifications.mailState,
        quote: { tenderId: schema.quotes.tenderId, factoryUser: schema.quotes.userId },
        tender: { title: schema.tenders.title, buyer: schema.tenders.userId },
      })
      .from(schema.notifications)
      .leftJoin(schema.quotes, eq(schema.quotes.id, schema.notifications.quoteId))
      .leftJoin(schema.tenders, eq(schema.tenders.id, schema.quotes.tenderId))
      // The certificate decisions' notices are about no quote (app/demo/certificates.server.ts).
      .where(sql`${schema.notifications.certification} is null`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.quote).not.toBeNull();
      expect(row.tenderId).toBe(row.quote?.tenderId);
      expect(row.tenderTitle).toBe(row.tender?.title);
      expect(row.mailState).toBe("sent");
      const parties = [row.tender?.buyer, row.quote?.factoryUser];
      expect(parties).toContain(row.userId);
      expect(parties).toContain(row.actorId);
      expect(row.actorId).not.toBe(row.userId);
      expect(row.userId === row.tender?.buyer).toBe(
        row.kind === "quote-received" ||
          (row.kind === "message-received" && row.actorId === row.quote?.factoryUser),
      );
    }

    for (const [email, kinds] of [
      ["buyer@example.com", ["quote-received", "message-received"]],
      [
        "factory@example.com",
        [
          "message-received",
          "quote-accepted",
          "quote-declined",
          "tender-awarded",
          "certificate-verified",
          "certificate-rejected",
        ],
      ],
    ] as const) {
      const account = await signedIn(email);
      const page = await listNotifications(database.db, account);
      const own = await database.db
        .select({ kind: schema.notifications.kind, readAt: schema.notifications.readAt })
        .from(schema.notifications)
        .where(eq(schema.notifications.userId, account.id));
      expect(new Set(own.map((n) => n.kind))).toEqual(new Set(kinds));
      const unread = await unreadNotificationCount(database.db, account);
      expect(unread).toBe(page.unread);
      expect(unread).toBeGreaterThan(0);
      expect(unread).toBeLessThan(own.length);
      // A message notification is unread exactly when the message is.
      const unreadMessages = await database.db
        .select({ n: count() })
        .from(schema.notifications)
        .where(
          and(
            eq(schema.notifications.userId, account.id),
            eq(schema.notifications.kind, "message-received"),
            sql`${schema.notifications.readAt} is null`,
          ),
        );
      const side = account.userType === "factory" ? "factory" : "buyer";
      const { rows: counted } = await database.db.execute<{ n: number }>(sql`
        select count(*)::int as n
          from quote_messages m
          join quotes q on q.id = m.quote_id
          join tenders t on t.id = q.tender_id
         where m.sender_id <> ${account.id}
           and ${side === "buyer" ? sql`t.user_id` : sql`q.user_id`} = ${account.id}
           and (${side === "buyer" ? sql`q.buyer_read_at` : sql`q.factory_read_at`} is null
                or m.created_at > ${side === "buyer" ? sql`q.buyer_read_at` : sql`q.factory_read_at`})`);
      expect(unreadMessages[0]?.n).toBe(counted[0]?.n);
    }
  });

  it("reports the quotes and messages it added", () => {
    const text = describeCounts(first.counts);
    expect(text).toMatch(new RegExp(`, ${first.counts?.quotes} отклик(а|ов)?, `));
    expect(text).toMatch(new RegExp(`, ${first.counts?.messages} сообщени(е|я|й), `));
  });

  it("adds nothing when run again", async () => {
    const countAll = async () =>
      (
        await database.db.execute<{ n: number }>(sql`
          select (select count(*) from users) + (select count(*) from factories)
               + (select count(*) from factory_products) + (select count(*) from tenders)
               + (select count(*) from quotes) + (select count(*) from quote_messages)
               + (select count(*) from notifications) as n`)
      ).rows[0]?.n;
    const before = Number(await countAll());
    const again = await seedDemo(database.db, env, { onlyIfEmpty: false });
    expect(again).toMatchObject({ created: false, skipped: "already-seeded" });
    expect(Number(await countAll())).toBe(before);
  });
});

describe(`automatic seed on start (${testDatabaseKind()})`, () => {
  const other = testDatabase();

  it("leaves a database that already has users alone", async () => {
    await other.db.insert(schema.users).values({ id: "u1", name: "A", email: "a@example.com" });
    const report = await seedDemo(other.db, parseEnv({ DATA_DIR: tempDir("fabricum-seed-") }));
    expect(report).toMatchObject({ created: false, skipped: "database-not-empty" });
    const [factories] = await other.db.select({ n: count() }).from(schema.factories);
    expect(factories?.n).toBe(0);
  });
});
