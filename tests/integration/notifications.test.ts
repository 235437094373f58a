// Notifications against the real app (routes, services, database): events made by the real quote
// and conversation services land in the right account only; the list and the bell's count are per
// account; marking read touches only one's own rows; a deleted actor reads as a deleted user and a
// blocked one is hidden; the settings form is validated per role (a buyer cannot choose tender
// alerts) and saved; the unsubscribe link works without a session by its token, a wrong token
// changes nothing, opening the link changes nothing, the RFC 8058 one-click POST works from
// another site, and unknown intents are 400.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notificationHref } from "~/domain/notifications";
import { deleteAccount } from "~/features/factories/profiles.server";
import {
  ensureNotificationSettings,
  findUnsubscribe,
  insertNotifications,
  listNotifications,
  markNotificationsRead,
  openNotification,
  saveNotificationSettings,
  unreadNotificationCount,
  unsubscribeByToken,
} from "~/features/notifications/notifications.server";
import { postMessage } from "~/features/quotes/conversations.server";
import { declineQuote, submitQuote } from "~/features/quotes/quotes.server";
import { resolveUser } from "~/http/session.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { isCrossSiteWrite } from "~/platform/security.server";
import { loader as rootLoader } from "~/root";
import * as settingsRoute from "~/routes/notification-settings";
import * as notificationsRoute from "~/routes/notifications";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { contextOf, formOf } from "../support/actor-context";
import { BASE_URL, type Person, routeArgs } from "../support/app-harness";
import { testApp } from "../support/per-file";
import { inDays } from "../support/quote-forms";
import { rowWhere } from "../support/rows";

const app = testApp();

interface Account {
  person: Person;
  user: CurrentUser;
}

async function account(role: "buyer" | "factory", name?: string): Promise<Account> {
  const person = await app.signUp(role, name);
  const user = await resolveUser(
    app.runtime,
    new Request(BASE_URL, { headers: { cookie: person.cookie } }),
  );
  if (!user) throw new Error("no session");
  return { person, user };
}

/** A factory account with its factory record (the quote service needs one). */
async function factoryAccount(name: string, nameEn: string | null = null): Promise<Account> {
  const made = await account("factory", name);
  await app.db
    .insert(schema.factories)
    .values({ userId: made.user.id, name, nameEn, country: "kg" });
  return made;
}

async function tenderOf(buyer: Account, title: string): Promise<string> {
  const [row] = await app.db
    .insert(schema.tenders)
    .values({ userId: buyer.user.id, title, quantity: 500, country: "kg" })
    .returning({ id: schema.tenders.id });
  if (!row) throw new Error("no tender");
  return row.id;
}

async function quote(factory: Account, tenderId: string): Promise<string> {
  const outcome = await submitQuote(app.db, factory.user, tenderId, {
    unitPrice: "12.50",
    currency: "USD",
    quantity: "500",
    leadTimeDays: "30",
    validUntil: inDays(30),
  });
  if (!outcome.ok) throw new Error(`quote failed: ${JSON.stringify(outcome)}`);
  return outcome.value.id;
}

async function readAtOf(id: string): Promise<Date | null> {
  const [row] = await app.db
    .select({ readAt: schema.notifications.readAt })
    .from(schema.notifications)
    .where(eq(schema.notifications.id, id));
  return row?.readAt ?? null;
}

const settingsOf = (userId: string) =>
  rowWhere(app.db, schema.notificationSettings, "userId", userId);

describe("the list and the bell", () => {
  let buyer: Account;
  let otherBuyer: Account;
  let silk: Account;
  let tenderId: string;
  let quoteId: string;

  beforeAll(async () => {
    buyer = await account("buyer", "Анна Покупатель");
    otherBuyer = await account("buyer", "Другой Покупатель");
    silk = await factoryAccount("Шелк Восток", "Silk East");
    tenderId = await tenderOf(buyer, "Платья 500 шт");
    quoteId = await quote(silk, tenderId);
    const posted = await postMessage(app.db, silk.user, quoteId, { body: "Здравствуйте!" });
    expect(posted.ok).toBe(true);
  });

  it("gives each account its own notifications, newest first, with the actor's name", async () => {
    const list = await listNotifications(app.db, buyer.user);
    expect(list.items.map((item) => item.kind)).toEqual(["message-received", "quote-received"]);
    expect(list.total).toBe(2);
    expect(list.unread).toBe(2);
    const [message, received] = list.items;
    expect(received).toMatchObject({
      tenderId,
      quoteId,
      tenderTitle: "Платья 500 шт",
      read: false,
      // A factory is named by its factory's name, with its own English name for English pages.
      actor: { name: "Шелк Восток", nameEn: "Silk East" },
    });
    expect(message?.quoteId).toBe(quoteId);
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(2);
    // Nobody else sees them.
    expect((await listNotifications(app.db, otherBuyer.user)).total).toBe(0);
    expect(await unreadNotificationCount(app.db, otherBuyer.user)).toBe(0);
    expect(await unreadNotificationCount(app.db, silk.user)).toBe(0);
  });

  it("leads each kind to its place", () => {
    const ids = { tenderId: "t", quoteId: "q" };
    expect(notificationHref({ kind: "quote-received", ...ids })).toBe("/my-tenders/t");
    expect(notificationHref({ kind: "message-received", ...ids })).toBe("/quotes/q");
    for (const kind of ["quote-accepted", "quote-declined", "tender-awarded", "tender-closed"]) {
      expect(notificationHref({ kind: kind as "quote-accepted", ...ids })).toBe("/quotes/q");
      expect(
        notificationHref({ kind: kind as "quote-accepted", tenderId: "t", quoteId: null }),
      ).toBe("/tenders/t");
    }
    expect(notificationHref({ kind: "tender-closed", tenderId: null, quoteId: null })).toBeNull();
  });

  it("puts the count into the root loader for a signed-in account only", async () => {
    const signedIn = await app.get(rootLoader, "/", { as: buyer.person });
    expect(
      (signedIn.data as { user: { unreadNotifications: number } }).user.unreadNotifications,
    ).toBe(2);
    const visitor = await app.get(rootLoader, "/");
    expect((visitor.data as { user: unknown }).user).toBeNull();
  });

  it("sends a visitor from /notifications to sign in", async () => {
    const reply = await app.get(notificationsRoute.loader, "/notifications");
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/login?redirectTo=%2Fnotifications");
    const post = await app.post(notificationsRoute.action, "/notifications", {
      form: { intent: "read-all" },
    });
    expect(post.status).toBe(302);
    expect(post.location).toMatch(/^\/login/);
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(2);
  });

  it("marks only the account's own rows read", async () => {
    const [mine] = (await listNotifications(app.db, buyer.user)).items;
    if (!mine) throw new Error("no notification");
    // Another account's ids change nothing, by the service or by the page.
    expect(
      await markNotificationsRead(contextOf(app.db, otherBuyer.user), { ids: [mine.id] }),
    ).toEqual({ ok: false, problem: "not-found", kind: "missing" });
    expect(await markNotificationsRead(contextOf(app.db, otherBuyer.user), { ids: "all" })).toEqual(
      { ok: true, value: { changed: 0 } },
    );
    const foreign = await app.post(notificationsRoute.action, "/notifications", {
      as: otherBuyer.person,
      form: { intent: "open", id: mine.id },
    });
    expect(foreign.status).toBe(404);
    const foreignRead = await app.post(notificationsRoute.action, "/notifications", {
      as: otherBuyer.person,
      form: { intent: "read", id: mine.id },
    });
    expect(foreignRead.status).toBe(404);
    expect(await readAtOf(mine.id)).toBeNull();
    expect(await openNotification(contextOf(app.db, otherBuyer.user), { id: mine.id })).toEqual({
      ok: false,
      problem: "not-found",
      kind: "missing",
    });
    // Malformed ids are ignored.
    expect(
      await markNotificationsRead(contextOf(app.db, buyer.user), { ids: ["not-a-uuid", ""] }),
    ).toEqual({ ok: false, problem: "not-found", kind: "missing" });
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(2);
  });

  it("opens a notification: read now, and the page goes to its place (in the page's language)", async () => {
    const list = await listNotifications(app.db, buyer.user);
    const received = list.items.find((item) => item.kind === "quote-received");
    if (!received) throw new Error("no quote-received");
    const reply = await app.post(notificationsRoute.action, "/en/notifications", {
      as: buyer.person,
      form: { intent: "open", id: received.id },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/en/my-tenders/${tenderId}`);
    expect(await readAtOf(received.id)).not.toBeNull();
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(1);
    const loaded = await app.get(notificationsRoute.loader, "/notifications", { as: buyer.person });
    const page = (loaded.data as { list: Awaited<ReturnType<typeof listNotifications>> }).list;
    expect(page.unread).toBe(1);
    expect(page.items.find((item) => item.id === received.id)?.read).toBe(true);
  });

  it("marks all read with PRG, and answers 400 to an unknown intent", async () => {
    const unknown = await app.post(notificationsRoute.action, "/notifications", {
      as: buyer.person,
      form: { intent: "delete-everything" },
    });
    expect(unknown.status).toBe(400);
    const none = await app.post(notificationsRoute.action, "/notifications", {
      as: buyer.person,
      form: {},
    });
    expect(none.status).toBe(400);
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(1);
    const reply = await app.post(notificationsRoute.action, "/notifications?page=1", {
      as: buyer.person,
      form: { intent: "read-all" },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/notifications?page=1");
    expect(reply.headers.get("set-cookie")).toContain("__toast=");
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(0);
  });

  it("tells the factory of the buyer's decision", async () => {
    const declined = await declineQuote(app.db, buyer.user, quoteId, null);
    expect(declined.ok).toBe(true);
    const [latest] = (await listNotifications(app.db, silk.user)).items;
    expect(latest).toMatchObject({
      kind: "quote-declined",
      quoteId,
      actor: { name: "Анна Покупатель", nameEn: null },
    });
  });

  it("shows a deleted actor as a deleted user, and hides a blocked one's events", async () => {
    const gone = await factoryAccount("Фабрика Уходит");
    const blocked = await factoryAccount("Фабрика Блок");
    await quote(gone, tenderId);
    await quote(blocked, tenderId);
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(2);

    await deleteAccount(app.db, gone.user);
    await app.db
      .update(schema.users)
      .set({ banned: true })
      .where(eq(schema.users.id, blocked.user.id));

    const list = await listNotifications(app.db, buyer.user);
    const fromGone = list.items.filter((item) => item.actor === null);
    expect(fromGone).toHaveLength(1);
    // Its quote went with the account; the tender is still there.
    expect(fromGone[0]).toMatchObject({ kind: "quote-received", quoteId: null, tenderId });
    expect(list.items.some((item) => item.actor?.name === "Фабрика Блок")).toBe(false);
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(1);
    expect(list.unread).toBe(1);

    // The page's texts: the deleted user in words, in both languages.
    const { notifications } = await import("~/domain/catalogue");
    expect(notifications.ru.deletedUser).toBe("Удаленный пользователь");
    expect(notifications.en.deletedUser).toBe("Deleted user");

    // The blocked one's row is still stored, and comes back when the block is lifted.
    await app.db
      .update(schema.users)
      .set({ banned: false })
      .where(eq(schema.users.id, blocked.user.id));
    expect(await unreadNotificationCount(app.db, buyer.user)).toBe(2);
  });

  it("pages the list, newest first", async () => {
    const reader = await account("buyer", "Читатель");
    await insertNotifications(
      app.db,
      Array.from({ length: 23 }, (_, index) => ({
        userId: reader.user.id,
        kind: "tender-closed" as const,
        actorId: null,
        tenderId: null,
        quoteId: null,
        tenderTitle: `Тендер ${index}`,
      })),
    );
    // Spread over the last hours, in no particular order.
    await app.db.execute(
      sql`update notifications set created_at = now() - interval '1 minute' * floor(random() * 600) where user_id = ${reader.user.id}`,
    );
    const first = await listNotifications(app.db, reader.user);
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(20);
    const second = await listNotifications(app.db, reader.user, { page: "2" });
    expect(second.items).toHaveLength(3);
    const times = [...first.items, ...second.items].map((item) => item.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // A page past the end shows the last one; garbage is page 1.
    expect((await listNotifications(app.db, reader.user, { page: "99" })).page).toBe(2);
    expect((await listNotifications(app.db, reader.user, { page: "x" })).page).toBe(1);
    // A notification whose tender and quote are gone leads nowhere: opening it only reads it.
    const [last] = second.items;
    if (!last) throw new Error("no item");
    expect(await openNotification(contextOf(app.db, reader.user), { id: last.id })).toEqual({
      ok: true,
      value: { href: null },
    });
    const reply = await app.post(notificationsRoute.action, "/notifications?page=2", {
      as: reader.person,
      form: { intent: "open", id: (second.items[1] as { id: string }).id },
    });
    expect(reply.location).toBe("/notifications?page=2");
  });
});

describe("notification settings", () => {
  it("creates the defaults on first view: emails on, tender alerts at once", async () => {
    const factory = await factoryAccount("Фабрика Настройки");
    const reply = await app.get(settingsRoute.loader, "/notification-settings", {
      as: factory.person,
    });
    expect(reply.data).toEqual({
      audience: "factory",
      settings: { emailEvents: true, tenderAlerts: "instant", alertsOwnCountry: false },
    });
    const visitor = await app.get(settingsRoute.loader, "/notification-settings");
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
  });

  it("saves a factory's choices through the form (PRG with a toast)", async () => {
    const factory = await factoryAccount("Фабрика Форма");
    const reply = await app.post(settingsRoute.action, "/en/notification-settings", {
      as: factory.person,
      form: { intent: "save", tenderAlerts: "daily", alertsOwnCountry: "on" },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/en/notification-settings");
    expect(reply.headers.get("set-cookie")).toContain("__toast=");
    expect(await settingsOf(factory.user.id)).toMatchObject({
      emailEvents: false,
      tenderAlerts: "daily",
      alertsOwnCountry: true,
    });
    const back = await app.post(settingsRoute.action, "/notification-settings", {
      as: factory.person,
      form: { intent: "save", emailEvents: "on", tenderAlerts: "off" },
    });
    expect(back.status).toBe(302);
    expect(await settingsOf(factory.user.id)).toMatchObject({
      emailEvents: true,
      tenderAlerts: "off",
      alertsOwnCountry: false,
    });
  });

  it("refuses a factory's form without a valid alert choice, in the page's language", async () => {
    const factory = await factoryAccount("Фабрика Ошибка");
    await ensureNotificationSettings(app.db, factory.user.id);
    const before = await settingsOf(factory.user.id);
    for (const [path, tenderAlerts, message] of [
      ["/notification-settings", "", "Выберите, как присылать новые тендеры"],
      ["/en/notification-settings", "", "Choose how to receive new tenders"],
      ["/notification-settings", "hourly", "Выберите один из вариантов"],
    ] as const) {
      const reply = await app.post(settingsRoute.action, path, {
        as: factory.person,
        form: { intent: "save", emailEvents: "on", tenderAlerts },
      });
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.data)).toContain(message);
    }
    expect(await settingsOf(factory.user.id)).toEqual(before);
    // The service checks again on its own.
    const direct = await saveNotificationSettings(contextOf(app.db, factory.user), {
      form: formOf({ emailEvents: "on", tenderAlerts: "weekly" }),
    });
    expect(direct).toMatchObject({ ok: false, problem: "invalid" });
    expect(await settingsOf(factory.user.id)).toEqual(before);
  });

  it("lets a buyer turn emails off but not choose tender alerts", async () => {
    const buyer = await account("buyer");
    const loaded = await app.get(settingsRoute.loader, "/notification-settings", {
      as: buyer.person,
    });
    expect((loaded.data as { audience: string }).audience).toBe("account");
    const before = await settingsOf(buyer.user.id);

    const refused = await app.post(settingsRoute.action, "/notification-settings", {
      as: buyer.person,
      form: { intent: "save", tenderAlerts: "daily" },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("только фабрикам");
    const country = await app.post(settingsRoute.action, "/notification-settings", {
      as: buyer.person,
      form: { intent: "save", emailEvents: "on", alertsOwnCountry: "on" },
    });
    expect(country.status).toBe(400);
    expect(await settingsOf(buyer.user.id)).toEqual(before);
    // The use case refuses the same, with the form's own words.
    const { notifications } = await import("~/domain/catalogue");
    const { factoriesOnly } = notifications.ru.settings.errors;
    for (const fields of [{ tenderAlerts: "daily" }, { alertsOwnCountry: "on" }]) {
      expect(
        await saveNotificationSettings(contextOf(app.db, buyer.user), { form: formOf(fields) }),
      ).toEqual({
        ok: false,
        problem: "invalid",
        kind: "invalid",
        fieldErrors: { "": [factoriesOnly] },
      });
    }
    expect(await settingsOf(buyer.user.id)).toEqual(before);

    const saved = await app.post(settingsRoute.action, "/notification-settings", {
      as: buyer.person,
      form: { intent: "save" },
    });
    expect(saved.status).toBe(302);
    expect(await settingsOf(buyer.user.id)).toMatchObject({
      emailEvents: false,
      tenderAlerts: before?.tenderAlerts,
      alertsOwnCountry: false,
    });
  });

  it("answers 400 to an unknown intent and changes nothing", async () => {
    const factory = await factoryAccount("Фабрика Интент");
    await ensureNotificationSettings(app.db, factory.user.id);
    const before = await settingsOf(factory.user.id);
    for (const form of [{ intent: "drop" }, { tenderAlerts: "off" }] as Record<string, string>[]) {
      const reply = await app.post(settingsRoute.action, "/notification-settings", {
        as: factory.person,
        form,
      });
      expect(reply.status).toBe(400);
    }
    expect(await settingsOf(factory.user.id)).toEqual(before);
  });
});

describe("unsubscribe by the emails' token", () => {
  async function subscriber() {
    const factory = await factoryAccount(`Фабрика ${randomUUID().slice(0, 6)}`);
    const settings = await ensureNotificationSettings(app.db, factory.user.id);
    return { factory, token: settings.unsubscribeToken };
  }

  it("turns off what the link names, without a session", async () => {
    const { factory, token } = await subscriber();
    expect(await unsubscribeByToken({ db: app.db }, { token, what: "events" })).toEqual({
      ok: true,
      value: { emailEvents: false, tenderAlerts: "instant" },
    });
    expect(await unsubscribeByToken({ db: app.db }, { token, what: "alerts" })).toEqual({
      ok: true,
      value: { emailEvents: false, tenderAlerts: "off" },
    });
    await app.db
      .update(schema.notificationSettings)
      .set({ emailEvents: true, tenderAlerts: "daily" })
      .where(eq(schema.notificationSettings.userId, factory.user.id));
    const reply = await app.post(unsubscribeRoute.action, `/unsubscribe/${token}`, {
      params: { token },
      form: { intent: "unsubscribe" },
    });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/unsubscribe/${token}?what=all`);
    expect(await settingsOf(factory.user.id)).toMatchObject({
      emailEvents: false,
      tenderAlerts: "off",
    });
    // The page now says so.
    const after = await app.get(unsubscribeRoute.loader, `/unsubscribe/${token}`, {
      params: { token },
    });
    expect(after.data).toEqual({ state: "done", what: "all" });
  });

  it("changes nothing for a wrong token", async () => {
    const { factory, token } = await subscriber();
    const before = await settingsOf(factory.user.id);
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const candidate of [wrong, "", "x", `${token}x`, "'; drop table users; --"]) {
      expect(await unsubscribeByToken({ db: app.db }, { token: candidate, what: "all" })).toEqual({
        ok: false,
        problem: "unknown-token",
        kind: "missing",
      });
      expect(await findUnsubscribe(app.db, candidate)).toEqual({
        ok: false,
        problem: "unknown-token",
        kind: "missing",
      });
    }
    const reply = await app.post(unsubscribeRoute.action, `/unsubscribe/${wrong}?what=events`, {
      params: { token: wrong },
      form: { intent: "unsubscribe" },
    });
    expect(reply.status).toBe(404);
    expect(reply.data).toMatchObject({ state: "invalid" });
    const page = await app.get(unsubscribeRoute.loader, `/unsubscribe/${wrong}`, {
      params: { token: wrong },
    });
    expect(page.status).toBe(404);
    expect(await settingsOf(factory.user.id)).toEqual(before);
  });

  it("changes nothing when the link is only opened (mail scanners follow links)", async () => {
    const { factory, token } = await subscriber();
    const before = await settingsOf(factory.user.id);
    for (const what of ["events", "alerts", "all", "bogus"]) {
      const page = await app.get(unsubscribeRoute.loader, `/unsubscribe/${token}?what=${what}`, {
        params: { token },
      });
      expect(page.status).toBe(200);
      expect(page.data).toEqual({ state: "confirm", what: what === "bogus" ? "all" : what });
      expect(page.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await settingsOf(factory.user.id)).toEqual(before);
  });

  it("takes the RFC 8058 one-click POST from a mail provider, even from another site", async () => {
    const { factory, token } = await subscriber();
    const url = `${BASE_URL}/en/unsubscribe/${token}?what=alerts`;
    // What the production server's cross-site check says about it, before any action runs.
    for (const origin of ["https://mail.example", null]) {
      expect(
        isCrossSiteWrite({ method: "POST", origin, fetchSite: "cross-site", url }, BASE_URL),
      ).toBe(false);
    }
    // Only this route's POST is let through.
    for (const path of ["/notifications", "/notification-settings", `/unsubscribe/${token}/x`]) {
      expect(
        isCrossSiteWrite(
          {
            method: "POST",
            origin: "https://mail.example",
            fetchSite: null,
            url: `${BASE_URL}${path}`,
          },
          BASE_URL,
        ),
      ).toBe(true);
    }
    const request = new Request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
    });
    const reply = (await unsubscribeRoute.action(await routeArgs(request, { token }))) as {
      data: unknown;
      init: ResponseInit | null;
    };
    expect(reply.init?.status ?? 200).toBe(200);
    expect(reply.data).toEqual({ state: "done", what: "alerts" });
    expect(await settingsOf(factory.user.id)).toMatchObject({
      emailEvents: true,
      tenderAlerts: "off",
    });
  });

  it("refuses its own form from another site, and unknown intents", async () => {
    const { factory, token } = await subscriber();
    const before = await settingsOf(factory.user.id);
    const forged = await app.post(unsubscribeRoute.action, `/unsubscribe/${token}`, {
      params: { token },
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      form: { intent: "unsubscribe" },
    });
    expect(forged.status).toBe(403);
    for (const form of [{ intent: "subscribe" }, {}, { "List-Unsubscribe": "Maybe" }] as Record<
      string,
      string
    >[]) {
      const reply = await app.post(unsubscribeRoute.action, `/unsubscribe/${token}`, {
        params: { token },
        form,
      });
      expect(reply.status).toBe(400);
    }
    expect(await settingsOf(factory.user.id)).toEqual(before);
  });
});

describe("the database's own rules", () => {
  it("keeps one settings row per account whatever happens", async () => {
    const buyer = await account("buyer");
    await Promise.all([
      ensureNotificationSettings(app.db, buyer.user.id),
      saveNotificationSettings(contextOf(app.db, buyer.user), { form: formOf({}) }),
      ensureNotificationSettings(app.db, buyer.user.id),
    ]);
    const rows = await app.db
      .select()
      .from(schema.notificationSettings)
      .where(and(eq(schema.notificationSettings.userId, buyer.user.id)));
    expect(rows).toHaveLength(1);
  });
});
