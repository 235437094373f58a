/**
 * A database that cannot be reached: every page that needs it answers 503 with Retry-After (a
 * passing outage), never a 500 or an empty 200, and a wrong query is still an error, not an
 * outage. On PostgreSQL the outage is real (the database stops taking connections and its open
 * ones are ended) and the same process serves again when it is back; PGlite is embedded, so its
 * outage is a closed database.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { getUser } from "~/http/session.server";
import { isDatabaseUnreachable, isPassingConnectFailure, openDatabase } from "~/platform/db.server";
import * as root from "~/root";
import * as adminRoute from "~/routes/admin";
import * as factoriesRoute from "~/routes/factories";
import * as factoryRoute from "~/routes/factory";
import * as portfolioRoute from "~/routes/factory-portfolio";
import * as productsRoute from "~/routes/factory-products";
import * as homeRoute from "~/routes/home";
import * as myTendersRoute from "~/routes/my-tenders";
import * as tendersRoute from "~/routes/tenders";
import { type Person, type Reply, startTestApp, type TestApp } from "../support/app-harness";
import {
  freePort,
  type ProductionServer,
  registerThrough,
  startProductionServer,
} from "../support/production-server";
import { startTcpProxy } from "../support/tcp-proxy";
import {
  createTestDatabase,
  POSTGRES_URL,
  type TestDatabase,
  testDatabaseKind,
  uniqueDatabaseName,
} from "../support/test-db";

let app: TestApp;
let buyer: Person;
let factory: Person;
let admin: Person;
let factoryId: string;

beforeAll(async () => {
  app = await startTestApp();
  buyer = await app.signUp("buyer");
  factory = await app.signUp("factory");
  admin = await app.signUp("buyer", "Админ");
  await app.makeAdmin(admin);
  const owner = await getUser(
    new Request("http://localhost/", { headers: { cookie: factory.cookie } }),
  );
  if (!owner) throw new Error("no factory user");
  const saved = await saveFactoryProfile(app.db, owner, {
    name: "Фабрика Сбой",
    country: "kg",
    categories: ["tops"],
  });
  factoryId = saved.factoryId;
}, 120_000);

afterAll(async () => {
  await setReachable(true).catch(() => {});
  await app?.destroy().catch(() => {});
});

/** Takes the database away (or gives it back): this file's, or the one named. */
async function setReachable(reachable: boolean, name?: string) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (!reachable) await app.runtime.database.close();
    return;
  }
  const database = name ?? databaseNameOf(process.env.DATABASE_URL);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`alter database ${database} allow_connections ${reachable}`);
    if (!reachable) {
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [database],
      );
    }
  } finally {
    await admin.end();
  }
}

const databaseNameOf = (url: string | undefined) => new URL(url as string).pathname.slice(1);

function expectUnavailable(reply: Reply, page: string) {
  expect(reply.error, `${page}: ${String(reply.error)}`).toBeUndefined();
  expect(reply.status, page).toBe(503);
  expect(reply.headers.get("Retry-After"), page).toBe("30");
}

describe(`a database that cannot be reached (${testDatabaseKind()})`, () => {
  it("a wrong query is an error, not an outage", async () => {
    const wrong = await app.db.execute(sql`selec 1`).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(Error);
    expect(isDatabaseUnreachable(wrong)).toBe(false);
    expect(isDatabaseUnreachable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });

  // Found by `SCENARIO=nginx npm run bench:load`: a post whose transaction lost its connection in
  // a PostgreSQL restart got, from its rollback, pg's "Client has encountered a connection error
  // and is not queryable", which was not taken for an outage: a 500 instead of 503.
  it.skipIf(!POSTGRES_URL)("a client whose connection broke is an outage", async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    const broke = new Promise<void>((resolve) => client.on("error", () => resolve()));
    await client.connect();
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
    await admin.end();
    await broke;
    const error = await client.query("rollback").catch((e: unknown) => e);
    expect(String(error)).toContain("not queryable");
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(isDatabaseUnreachable(new Error("wrapped", { cause: error }))).toBe(true);
    await client.end().catch(() => {});
  });

  it("every page that needs it answers 503 with Retry-After", async () => {
    // Up: the pages answer as usual.
    expect((await app.get(factoriesRoute.loader, "/factories")).status).toBe(200);
    expect((await app.get(root.loader, "/", { as: buyer })).status).toBe(200);

    await setReachable(false);

    const visitor: [string, Parameters<TestApp["get"]>[0], string, Record<string, string>?][] = [
      ["landing", homeRoute.loader, "/"],
      ["factory directory", factoriesRoute.loader, "/factories"],
      ["factory page", factoryRoute.loader, `/factory/${factoryId}`, { id: factoryId }],
      ["portfolio", portfolioRoute.loader, `/factory-products/${factoryId}`, { id: factoryId }],
      ["tenders", tendersRoute.loader, "/tenders"],
    ];
    for (const [page, loader, path, params] of visitor) {
      expectUnavailable(await app.get(loader, path, { params }), page);
    }
    // Signed in: the session itself cannot be read, so the whole page is unavailable.
    for (const [who, person] of [
      ["buyer", buyer],
      ["factory", factory],
      ["admin", admin],
    ] as const) {
      expectUnavailable(await app.get(root.loader, "/", { as: person }), `root as ${who}`);
      expectUnavailable(
        await app.get(myTendersRoute.loader, "/my-tenders", { as: person }),
        `my tenders as ${who}`,
      );
      expectUnavailable(
        await app.get(productsRoute.loader, "/factory-products", { as: person }),
        `products as ${who}`,
      );
      expectUnavailable(
        await app.get(adminRoute.loader, "/admin", { as: person }),
        `admin as ${who}`,
      );
    }
  }, 120_000);

  it.runIf(testDatabaseKind() === "postgres")(
    "the same process serves again once the database is back",
    async () => {
      await setReachable(true);
      const factories = await app.get(factoriesRoute.loader, "/factories");
      expect(factories.status).toBe(200);
      expect((factories.data as { total: number }).total).toBeGreaterThanOrEqual(1);
      const signedIn = await app.get(root.loader, "/", { as: buyer });
      expect(signedIn.status).toBe(200);
      expect((signedIn.data as { user: { email: string } }).user.email).toBe(buyer.email);
    },
    60_000,
  );
});

// The answers as a browser gets them: the production server, on a PostgreSQL database of its own
// that goes away while it runs (the embedded database cannot be taken from a running server).
describe.runIf(testDatabaseKind() === "postgres")("the production server in an outage", () => {
  let server: ProductionServer;
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({
      serverUrl: POSTGRES_URL,
      name: uniqueDatabaseName("outage_http"),
    });
    server = await startProductionServer({
      env: {
        DATABASE_URL: database.url as string,
        BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
        MAIL_WORKER_INTERVAL_MS: "0",
        EMAIL_VERIFICATION: "false",
        DATABASE_STATEMENT_TIMEOUT_MS: "1500",
      },
    });
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    if (database) {
      await setReachable(true, databaseNameOf(database.url)).catch(() => {});
      await database.destroy();
    }
  });

  it("every page answers 503 with Retry-After, in both languages, and serves again after", async () => {
    const name = databaseNameOf(database.url);
    const pages = ["/", "/factories", "/tenders", "/en/factories", `/factory/${randomUUID()}`];
    await setReachable(false, name);
    for (const path of pages) {
      const response = await fetch(`${server.baseUrl}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After"), path).toBe("30");
    }
    await setReachable(true, name);
    // The pool takes a new connection for the next request.
    const back = await fetch(`${server.baseUrl}/tenders`);
    await back.arrayBuffer();
    expect(back.status).toBe(200);
    expect(back.headers.get("Retry-After")).toBeNull();
  }, 120_000);

  it("a post whose action meets the database's time limit answers 503 with Retry-After, not 500", async () => {
    const cookie = await registerThrough(server.baseUrl, {
      userType: "buyer",
      name: "Покупатель В Сбое",
      email: `outage-${randomUUID()}@example.com`,
    });
    // The session is found (its tables are free), then the action's own first query waits on a
    // lock past the server's statement timeout: the database is too slow to answer, the same
    // outage as a connection lost between two queries, which no route handles itself.
    const locker = new pg.Client({ connectionString: database.url as string });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table tenders, notifications in access exclusive mode");
      const posts: Array<[string, Record<string, string>]> = [
        ["/my-tenders", { intent: "close", tenderId: randomUUID() }],
        ["/notifications", { intent: "read-all" }],
        ["/en/notifications", { intent: "read-all" }],
      ];
      for (const [path, fields] of posts) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: "POST",
          headers: { cookie, Origin: server.baseUrl, "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams(fields),
          redirect: "manual",
        });
        await response.arrayBuffer();
        expect(response.status, path).toBe(503);
        expect(response.headers.get("Retry-After"), path).toBe("30");
      }
    } finally {
      await locker.query("rollback").catch(() => {});
      await locker.end();
    }
  }, 120_000);
});

describe("a database that restarts", () => {
  it("a connection attempt turned away for a moment is tried again; others are not", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const startingUp = Object.assign(new Error("the database system is starting up"), {
      code: "57P03",
    });
    const notAllowed = Object.assign(new Error('database "x" is not currently accepting'), {
      code: "55000",
    });
    const wrongPassword = Object.assign(new Error("password authentication failed"), {
      code: "28P01",
    });
    expect(isPassingConnectFailure(refused)).toBe(true);
    expect(isPassingConnectFailure(startingUp)).toBe(true);
    expect(isPassingConnectFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isPassingConnectFailure(notAllowed)).toBe(false);
    expect(isPassingConnectFailure(wrongPassword)).toBe(false);
    expect(isPassingConnectFailure(new Error("timeout exceeded when trying to connect"))).toBe(
      false,
    );
    expect(isPassingConnectFailure(null)).toBe(false);
  });

  // `bench:load`'s PostgreSQL restart (SCENARIO=nginx): requests that came while the server was
  // between its stop and its start answered 503; now they wait for it, within the connect timeout.
  it.runIf(POSTGRES_URL)(
    "a query while nothing listens waits for the server to come back and is served",
    async () => {
      const target = new URL(POSTGRES_URL as string);
      const port = await freePort();
      const url = new URL(target);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      const database = await openDatabase({
        url: url.toString(),
        pool: { connectTimeoutMs: 8000 },
      });
      try {
        const started = performance.now();
        // Drizzle's query starts when it is awaited or `then` is called: start it now.
        const answer = database.db.execute<{ one: number }>(sql`select 1 as one`).then((r) => r);
        await new Promise((resolve) => setTimeout(resolve, 700));
        const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432), port);
        try {
          const result = (await answer) as unknown as { rows: { one: number }[] };
          expect(result.rows[0]?.one).toBe(1);
          expect(performance.now() - started).toBeGreaterThanOrEqual(600);
        } finally {
          await proxy.close();
        }
      } finally {
        await database.close();
      }
    },
    30_000,
  );

  it.runIf(POSTGRES_URL)(
    "gives up after the connect timeout when the server does not come back: an outage",
    async () => {
      const url = new URL(POSTGRES_URL as string);
      url.hostname = "127.0.0.1";
      url.port = String(await freePort());
      const database = await openDatabase({ url: url.toString(), pool: { connectTimeoutMs: 800 } });
      try {
        const started = performance.now();
        const error = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
        const waited = performance.now() - started;
        expect(isDatabaseUnreachable(error)).toBe(true);
        expect(waited).toBeGreaterThanOrEqual(300);
        expect(waited).toBeLessThan(10_000);
      } finally {
        await database.close();
      }
    },
    30_000,
  );
});
