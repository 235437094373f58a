// Live updates through PostgreSQL LISTEN/NOTIFY (app/platform/live.server.ts, app/routes/live.ts).
// - In one process (PGlite by default, PostgreSQL with TEST_DATABASE_URL): the `/live` stream of
//   a signed-in account delivers the events that name it and nobody else's, answers a visitor
//   401, beats every few seconds, and lets go of everything when the client leaves.
// - Two app processes on one PostgreSQL database (with TEST_DATABASE_URL or DATABASE_URL): the
//   production server started twice; a message posted through process A reaches the buyer's
//   stream on process B, and still does after the listeners' connections were cut (as by a
//   PostgreSQL restart). The delivery time is printed.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { openConversation, postMessage } from "~/features/quotes/conversations.server";
import { submitQuote } from "~/features/quotes/quotes.server";
import { createTender } from "~/features/tenders/tenders.server";
import { getUser } from "~/http/session.server";
import type { CurrentUser } from "~/platform/actor.server";
import type { Db } from "~/platform/db.server";
import {
  backoffDelay,
  LIVE_CHANNEL,
  liveHub,
  liveStreamResponse,
  MAX_STREAMS_PER_ACCOUNT,
  MISSED_EVENT_SLACK_MS,
  parseLiveEvent,
} from "~/platform/live.server";
import * as liveRoute from "~/routes/live";
import { BASE_URL, type Person, routeArgs } from "../support/app-harness";
import { userByEmail } from "../support/people";
import { testApp } from "../support/per-file";
import {
  type ProductionServer,
  registerThrough,
  startTwoProcesses,
  type TwoProcesses,
} from "../support/production-server";
import { inDays } from "../support/quote-forms";
import { POSTGRES_URL, type TestDatabase, testDatabaseKind } from "../support/test-db";

interface SseMessage {
  event: string;
  data: string;
  /** performance.now() when it arrived. */
  at: number;
}

/** Reads a Server-Sent Events body as it arrives; waits for messages that match. */
function readSse(body: ReadableStream<Uint8Array>) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const pump = (async () => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("event:")) event = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trim());
          }
          if (data.length > 0)
            messages.push({ event, data: data.join("\n"), at: performance.now() });
          cut = buffer.indexOf("\n\n");
        }
        notify();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      notify();
    }
  })();
  return {
    messages,
    comments,
    get ended() {
      return ended;
    },
    pump,
    /** The first message from `from` on that matches, within `timeoutMs`. */
    async next(
      match: (message: SseMessage) => boolean,
      timeoutMs = 5000,
      from = 0,
    ): Promise<SseMessage> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(from).find(match);
        if (found) return found;
        if (ended) throw new Error(`the stream ended; got ${JSON.stringify(messages)}`);
        const left = deadline - performance.now();
        if (left <= 0)
          throw new Error(`nothing matched in ${timeoutMs} ms: ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}

const isLive =
  (quoteId: string, kind = "message") =>
  (message: SseMessage) =>
    message.event === "live" &&
    (JSON.parse(message.data) as { quoteId?: string; kind?: string }).quoteId === quoteId &&
    (JSON.parse(message.data) as { kind?: string }).kind === kind;

async function waitFor(check: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("condition not reached");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Saves the factory's profile, places the buyer's tender and quotes on it: the quote's id. */
async function quoteBetween(
  db: Db,
  buyer: CurrentUser,
  factory: () => Promise<CurrentUser>,
  order: {
    factoryName: string;
    title: string;
    quantity: string;
    unitPrice: string;
    leadTimeDays: string;
  },
): Promise<string> {
  await saveFactoryProfile(db, await factory(), { name: order.factoryName, categories: [] });
  const tender = await createTender(db, buyer, {
    title: order.title,
    quantity: order.quantity,
    country: "kg",
  });
  const quote = await submitQuote(db, await factory(), tender.id, {
    unitPrice: order.unitPrice,
    currency: "USD",
    quantity: order.quantity,
    leadTimeDays: order.leadTimeDays,
    validUntil: inDays(10),
  });
  if (!quote.ok) throw new Error(JSON.stringify(quote));
  return quote.value.id;
}

describe(`live updates in one process (${testDatabaseKind()})`, () => {
  const app = testApp();
  let buyer: Person;
  let factory: Person;
  let stranger: Person;
  let factoryUser: CurrentUser;
  let quoteId: string;

  const userOf = async (person: Person) => {
    const user = await getUser(new Request(BASE_URL, { headers: { cookie: person.cookie } }));
    if (!user) throw new Error("no session");
    return user;
  };

  /** Opens `/live` through the route as `person`; the controller ends the request. */
  async function openStream(person: Person | null) {
    const controller = new AbortController();
    const request = new Request(`${BASE_URL}/live`, {
      headers: person ? { cookie: person.cookie } : {},
      signal: controller.signal,
    });
    const response = (await liveRoute.loader(await routeArgs(request, {}))) as Response;
    return { response, controller };
  }

  beforeAll(async () => {
    buyer = await app.signUp("buyer", "Покупатель Лайв");
    factory = await app.signUp("factory", "Фабрика Лайв");
    stranger = await app.signUp("buyer", "Посторонний");
    quoteId = await quoteBetween(app.db, await userOf(buyer), () => userOf(factory), {
      factoryName: "Фабрика Лайв",
      title: "Футболки 1000 шт",
      quantity: "1000",
      unitPrice: "3",
      leadTimeDays: "14",
    });
    factoryUser = await userOf(factory);
  }, 120_000);

  /** Streams a failed test left open. */
  const onTeardown: (() => void)[] = [];
  afterEach(() => {
    for (const stop of onTeardown.splice(0)) stop();
  });

  it("answers a visitor 401", async () => {
    const { response } = await openStream(null);
    expect(response.status).toBe(401);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers HEAD with the stream's headers at once, holding no slot", async () => {
    // Issue 27: each HEAD held a slot for the stream's lifetime; 20 HEADs → 429 on /live.
    const hub = liveHub(app.runtime.database);
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT + 5; i++) {
      const controller = new AbortController();
      onTeardown.push(() => controller.abort());
      const request = new Request(`${BASE_URL}/live`, {
        method: "HEAD",
        headers: { cookie: factory.cookie },
        signal: controller.signal,
      });
      const response = (await liveRoute.loader(await routeArgs(request, {}))) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      expect(response.body).toBeNull();
    }
    expect(hub.count(factory.id)).toBe(0);
    // The account's own stream still opens.
    const stream = await openStream(factory);
    onTeardown.push(() => stream.controller.abort());
    expect(stream.response.status).toBe(200);
    expect(hub.count(factory.id)).toBe(1);
  });

  it("delivers an account's events to its stream only, and lets go when the client leaves", async () => {
    const hub = liveHub(app.runtime.database);
    const mine = await openStream(buyer);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(mine.response.headers.get("Cache-Control")).toMatch(/\bno-store\b/);
    expect(mine.response.headers.get("Cache-Control")).toMatch(/\bno-transform\b/);
    const theirs = await openStream(stranger);
    const buyerStream = readSse(mine.response.body as ReadableStream<Uint8Array>);
    const strangerStream = readSse(theirs.response.body as ReadableStream<Uint8Array>);
    onTeardown.push(
      () => mine.controller.abort(),
      () => theirs.controller.abort(),
    );
    await buyerStream.next((message) => message.event === "ready", 15_000);
    await strangerStream.next((message) => message.event === "ready", 15_000);
    expect(hub.count(buyer.id)).toBe(1);

    // Junk on the channel is ignored; the listener goes on.
    await app.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, 'not json')`);
    expect(parseLiveEvent("not json")).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ users: ["x"], kind: "other" }))).toBeNull();

    const started = performance.now();
    const posted = await postMessage(app.db, factoryUser, quoteId, { body: "Готовы начать" });
    expect(posted.ok).toBe(true);
    const event = await buyerStream.next(isLive(quoteId));
    expect(JSON.parse(event.data)).toEqual({
      kind: "message",
      quoteId,
      tenderId: expect.any(String),
    });
    // Only the kind and the ids: never the list of accounts.
    expect(event.data).not.toContain(buyer.id);
    expect(event.at - started).toBeLessThan(5000);
    await buyerStream.next(
      (message) => message.event === "live" && JSON.parse(message.data).kind === "notification",
    );
    // The stranger's stream heard nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(strangerStream.messages.map((message) => message.event)).toEqual(["ready"]);

    // A rolled-back write tells nobody.
    const before = buyerStream.messages.length;
    await app.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify({ users: [buyer.id], kind: "message", quoteId })})`,
        );
        throw new Error("rollback");
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(buyerStream.messages.length).toBe(before);

    // The client leaves: the stream ends and the subscription is gone.
    mine.controller.abort();
    theirs.controller.abort();
    await buyerStream.pump;
    await strangerStream.pump;
    await waitFor(() => hub.count(buyer.id) === 0 && hub.count(stranger.id) === 0);
  });

  it("tells the writer's stream when the other side has read its messages", async () => {
    const writer = await openStream(factory);
    onTeardown.push(() => writer.controller.abort());
    const stream = readSse(writer.response.body as ReadableStream<Uint8Array>);
    await stream.next((message) => message.event === "ready", 15_000);
    await postMessage(app.db, factoryUser, quoteId, { body: "Прочитайте, пожалуйста" });
    // Its own message reaches its other tabs.
    await stream.next(isLive(quoteId));
    const from = stream.messages.length;
    // The buyer opens the conversation: the factory's page is told (its marks turn 'read').
    await openConversation(app.db, await userOf(buyer), quoteId);
    await stream.next(isLive(quoteId), 5000, from);
    // Opened again with nothing new: nobody is told.
    const quiet = stream.messages.length;
    await openConversation(app.db, await userOf(buyer), quoteId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.messages.length).toBe(quiet);
  });

  it("tells a page's new stream to resync when an event came after the page was rendered", async () => {
    const hub = liveHub(app.runtime.database);
    const renderedAt = Date.now();
    // The page was rendered; before its stream opens, the buyer writes to the factory.
    await postMessage(app.db, await userOf(buyer), quoteId, { body: "Пока страница грузилась" });
    await waitFor(() => hub.lastEventAt(factory.id) >= renderedAt);
    const open = async (since: number) => {
      const controller = new AbortController();
      onTeardown.push(() => controller.abort());
      const request = new Request(`${BASE_URL}/live?since=${since}`, {
        headers: { cookie: factory.cookie },
        signal: controller.signal,
      });
      const response = (await liveRoute.loader(await routeArgs(request, {}))) as Response;
      return readSse(response.body as ReadableStream<Uint8Array>);
    };
    const missed = await open(renderedAt);
    await missed.next((message) => message.event === "ready", 15_000);
    await missed.next((message) => message.event === "resync", 2000);
    // A page rendered after the event (beyond the slack) is told nothing.
    const fresh = await open(Date.now() + MISSED_EVENT_SLACK_MS + 1000);
    await fresh.next((message) => message.event === "ready", 15_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fresh.messages.some((message) => message.event === "resync")).toBe(false);
  });

  it("beats while idle and ends after its time, then lets go", async () => {
    const hub = liveHub(app.runtime.database);
    const open = hub.count(buyer.id);
    const controller = new AbortController();
    onTeardown.push(() => controller.abort());
    const response = liveStreamResponse(hub, buyer.id, controller.signal, {
      heartbeatMs: 40,
      maxAgeMs: 400,
    });
    const stream = readSse(response.body as ReadableStream<Uint8Array>);
    await stream.pump;
    expect(stream.ended).toBe(true);
    expect(stream.comments.filter((comment) => comment === "ping").length).toBeGreaterThanOrEqual(
      3,
    );
    expect(hub.count(buyer.id)).toBe(open);
  });
});

// ---------------------------------------------------------------------------------------------

describe("the listener's reconnection", () => {
  it("waits longer after each failed attempt, at most 30 s", () => {
    expect([0, 1, 2, 3, 10, 50].map(backoffDelay)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000]);
  });
});

describe.skipIf(!POSTGRES_URL)("live updates across two app processes on PostgreSQL", () => {
  let processes: TwoProcesses;
  let database: TestDatabase;
  let a: ProductionServer;
  let b: ProductionServer;
  const cookies: Record<string, string> = {};
  const opened: AbortController[] = [];
  let quoteId = "";

  const register = (server: ProductionServer, userType: "buyer" | "factory", email: string) =>
    registerThrough(server.baseUrl, {
      userType,
      email,
      name: userType === "factory" ? "Фабрика Два Процесса" : "Покупатель Два Процесса",
    });

  const currentUser = (email: string) => userByEmail(database.db, email);

  async function openStream(server: ProductionServer, cookie: string) {
    const controller = new AbortController();
    opened.push(controller);
    const response = await fetch(`${server.baseUrl}/live`, {
      headers: { cookie, "accept-encoding": "gzip, deflate, br" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    // Not compressed: every event leaves the server at once.
    expect(response.headers.get("content-encoding")).toBeNull();
    return { stream: readSse(response.body as ReadableStream<Uint8Array>), controller };
  }

  function postThrough(server: ProductionServer, cookie: string, body: string) {
    return fetch(`${server.baseUrl}/quotes/${quoteId}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.baseUrl,
        cookie,
      },
      body: new URLSearchParams({ intent: "send", body }),
      redirect: "manual",
    });
  }

  beforeAll(async () => {
    processes = await startTwoProcesses("fabricum_live", {
      EMAIL_VERIFICATION: "false",
      SEED_DEMO: "false",
    });
    ({ database, a, b } = processes);

    const buyerEmail = `live-buyer-${randomBytes(4).toString("hex")}@example.com`;
    const factoryEmail = `live-factory-${randomBytes(4).toString("hex")}@example.com`;
    cookies.buyer = await register(a, "buyer", buyerEmail);
    cookies.factory = await register(b, "factory", factoryEmail);
    quoteId = await quoteBetween(
      database.db,
      await currentUser(buyerEmail),
      () => currentUser(factoryEmail),
      {
        factoryName: "Фабрика Два Процесса",
        title: "Куртки 200 шт",
        quantity: "200",
        unitPrice: "25",
        leadTimeDays: "30",
      },
    );
  }, 600_000);

  afterAll(async () => {
    for (const controller of opened) controller.abort();
    await processes?.stop();
  });

  it("delivers a message written through process A to the buyer's stream on process B", async () => {
    const onB = await openStream(b, cookies.buyer as string);
    const onA = await openStream(a, cookies.factory as string);
    await onB.stream.next((message) => message.event === "ready", 15_000);
    await onA.stream.next((message) => message.event === "ready", 15_000);

    const sent = performance.now();
    const posted = await postThrough(a, cookies.factory as string, "Сообщение через процесс A");
    const answered = performance.now();
    expect(posted.status).toBe(302);
    const event = await onB.stream.next(isLive(quoteId), 5000);
    const delivery = event.at - sent;
    console.log(
      `[live] A's POST → B's stream: ${delivery.toFixed(1)} ms from the request's start, ${(event.at - answered).toFixed(1)} ms after A answered`,
    );
    expect(delivery).toBeLessThan(5000);
    // The writer's own process tells its other tabs too.
    await onA.stream.next(isLive(quoteId), 5000);

    // The listeners' connections are cut, as by a PostgreSQL restart: each process connects
    // again by itself, tells its streams to reload, and delivers what comes next.
    // For a few seconds the database takes no new connections either: the listeners retry
    // with backoff until it does.
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    const from = onB.stream.messages.length;
    await admin.query(`alter database ${processes.name} allow_connections false`);
    const { rows } = await admin.query(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and application_name = 'fabricum-live'",
      [processes.name],
    );
    expect(rows.length).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(onB.stream.messages.slice(from).some((message) => message.event === "resync")).toBe(
      false,
    );
    await admin.query(`alter database ${processes.name} allow_connections true`);
    await admin.end();
    await onB.stream.next((message) => message.event === "resync", 10_000, from);
    const again = performance.now();
    expect((await postThrough(a, cookies.factory as string, "После переподключения")).status).toBe(
      302,
    );
    const second = await onB.stream.next(isLive(quoteId), 5000, from);
    console.log(`[live] after the reconnect: ${(second.at - again).toFixed(1)} ms`);
    expect(second.at - again).toBeLessThan(5000);

    onB.controller.abort();
    onA.controller.abort();
    await onB.stream.pump;
    await onA.stream.pump;
  }, 60_000);
});
