/**
 * A production process as an operator runs it (issue 27, item 7): health checks, one JSON log
 * line per request with its request id and no secrets, database timeouts that turn a hung or
 * slow database into 503 answers instead of hung requests, and an outage that writes a bounded
 * number of lines. The database is reached through a private TCP proxy that the test cuts.
 * PostgreSQL only: the embedded database cannot hang or be cut.
 */
import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProductionServer, startProductionServer } from "../support/production-server";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import {
  createTestDatabase,
  POSTGRES_URL,
  type TestDatabase,
  uniqueDatabaseName,
} from "../support/test-db";

const FORM = "application/x-www-form-urlencoded";
const PASSWORD = "pass-Words-42";

/** Every line a stream writes, split as it arrives (a line may come in several chunks). */
function collectLines(stream: Readable | null | undefined, into: string[]) {
  let rest = "";
  stream?.on("data", (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split("\n");
    rest = parts.pop() ?? "";
    into.push(...parts);
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function get(url: string, headers: Record<string, string> = {}) {
  const started = Date.now();
  const response = await fetch(url, {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const body = await response.text();
  return { response, body, ms: Date.now() - started };
}

describe.skipIf(!POSTGRES_URL)("a production process on PostgreSQL, as operators see it", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ProductionServer;
  const lines: string[] = [];
  let cookie = "";
  let sessionToken = "";
  const email = `ops-${randomBytes(4).toString("hex")}@example.com`;

  beforeAll(async () => {
    database = await createTestDatabase({
      serverUrl: POSTGRES_URL,
      name: uniqueDatabaseName("ops"),
    });
    const target = new URL(database.url as string);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    server = await startProductionServer({
      env: {
        DATABASE_URL: proxy.through(database.url as string),
        BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
        LOG_FORMAT: "json",
        TRUST_PROXY: "loopback",
        PAGE_CACHE_MB: "0",
        MAIL_WORKER_INTERVAL_MS: "0",
        EMAIL_VERIFICATION: "false",
        DATABASE_CONNECT_TIMEOUT_MS: "1500",
        DATABASE_STATEMENT_TIMEOUT_MS: "1500",
      },
    });
    collectLines(server.process.stdout, lines);
    collectLines(server.process.stderr, lines);
    const registered = await fetch(`${server.baseUrl}/register`, {
      method: "POST",
      headers: { "content-type": FORM, origin: server.baseUrl },
      body: new URLSearchParams({
        name: "Оператор",
        userType: "buyer",
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
      redirect: "manual",
    });
    await registered.arrayBuffer();
    const setCookies = registered.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
    cookie = setCookies.join("; ");
    const session = setCookies.find((c) => c.includes("session_token"));
    sessionToken = decodeURIComponent(session?.split("=")[1] ?? "").split(".")[0] ?? "";
    expect(sessionToken.length).toBeGreaterThan(20);
  }, 240_000);

  afterAll(async () => {
    proxy?.restore();
    await server?.stop();
    await proxy?.close();
    await database?.destroy();
  });

  it("answers /healthz and /readyz uncached, and keeps them out of robots", async () => {
    const live = await get(`${server.baseUrl}/healthz`);
    expect(live.response.status).toBe(200);
    expect(live.response.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(live.body)).toEqual({ status: "ok" });
    const ready = await waitFor("ready", async () => {
      const answer = await get(`${server.baseUrl}/readyz`);
      return answer.response.status === 200 ? answer : undefined;
    });
    expect(ready.response.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(ready.body)).toMatchObject({
      status: "ok",
      checks: { database: "ok", listener: "ok", storage: "ok" },
    });
    expect(ready.response.headers.get("set-cookie")).toBeNull();
    const robots = await get(`${server.baseUrl}/robots.txt`);
    expect(robots.body).toContain("Disallow: /healthz");
    expect(robots.body).toContain("Disallow: /readyz");
  });

  it("writes one JSON line per request with its request id, and no cookie, token or password", async () => {
    const from = lines.length;
    const mine = await get(`${server.baseUrl}/my-tenders`, { cookie });
    expect(mine.response.status).toBe(200);
    const passed = await get(`${server.baseUrl}/factories?q=a&token=${sessionToken}`, {
      "x-request-id": "proxy-given-id-1",
    });
    expect(passed.response.headers.get("x-request-id")).toBe("proxy-given-id-1");
    const made = mine.response.headers.get("x-request-id") ?? "";
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    // A path with broken encoding: 400, one line, no stack.
    const broken = await get(`${server.baseUrl}/factories/%ff`);
    expect(broken.response.status).toBe(400);
    expect(broken.body).toContain("неверно закодированные символы");
    const brokenEn = await get(`${server.baseUrl}/en/%E0%A4%A`);
    expect(brokenEn.response.status).toBe(400);
    expect(brokenEn.body).toContain("wrongly encoded");
    // A wrong password: better-auth's own logging must not show it either.
    const wrong = await fetch(`${server.baseUrl}/login`, {
      method: "POST",
      headers: { "content-type": FORM, origin: server.baseUrl },
      body: new URLSearchParams({ email, password: "Wrong-Password-77" }),
      redirect: "manual",
    });
    await wrong.arrayBuffer();

    const records = await waitFor("the request lines", async () => {
      const parsed = lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
      return parsed.filter((r) => r.method).length >= 5 ? parsed : undefined;
    });
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const requestOf = (id: string) => records.find((r) => r.requestId === id && r.method);
    expect(requestOf(made)).toMatchObject({
      level: "info",
      method: "GET",
      path: "/my-tenders",
      status: 200,
    });
    expect(typeof requestOf(made)?.durationMs).toBe("number");
    expect(typeof requestOf(made)?.time).toBe("string");
    expect(requestOf("proxy-given-id-1")).toMatchObject({
      path: "/factories?q=a&token=[redacted]",
      status: 200,
    });
    const brokenLines = records.filter((r) => String(r.path).includes("%ff"));
    expect(brokenLines).toHaveLength(1);
    expect(records.some((r) => r.stack)).toBe(false);
    const all = lines.join("\n");
    for (const secret of [sessionToken, cookie, PASSWORD, "Wrong-Password-77"]) {
      expect(all).not.toContain(secret);
    }
  });

  it("answers 503 when a statement runs past DATABASE_STATEMENT_TIMEOUT_MS, instead of hanging", async () => {
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table factories in access exclusive mode");
      const page = await get(`${server.baseUrl}/factories?q=locked`, { cookie });
      expect(page.response.status).toBe(503);
      expect(page.ms).toBeLessThan(15_000);
    } finally {
      await locker.query("rollback").catch(() => {});
      await locker.end();
    }
  });

  it("answers 503 within the connect timeout when the database hangs, writes few lines, and recovers", async () => {
    const from = lines.length;
    proxy.cut();
    // The pool's open connections are gone; new ones are accepted and never answered.
    const first = await get(`${server.baseUrl}/my-tenders`, { cookie });
    expect(first.response.status).toBe(503);
    const hung = await get(`${server.baseUrl}/factories?q=hung`, { cookie });
    expect(hung.response.status).toBe(503);
    // DATABASE_CONNECT_TIMEOUT_MS is 1.5 s; generous for a loaded machine, far from "forever".
    expect(hung.ms).toBeLessThan(15_000);
    const ready = await get(`${server.baseUrl}/readyz`);
    expect(ready.response.status).toBe(503);
    const state = JSON.parse(ready.body);
    expect(state.status).toBe("unavailable");
    expect(state.checks.database).not.toBe("ok");
    expect((await get(`${server.baseUrl}/healthz`)).response.status).toBe(200);

    // An outage under load: 60 signed-in requests, 10 at a time.
    let sent = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (sent < 60) {
          sent += 1;
          const answer = await get(`${server.baseUrl}/my-tenders?n=${sent}`, { cookie });
          statuses.push(answer.response.status);
        }
      }),
    );
    expect(new Set(statuses)).toEqual(new Set([503]));
    const during = lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
    const notRequests = during.filter((r) => !r.method);
    // One line per kind of error per 10 s (plus the listener's reconnect attempts), not one or
    // more per request.
    expect(notRequests.length, JSON.stringify(notRequests, null, 1)).toBeLessThan(25);
    expect(lines.slice(from).join("\n")).not.toContain(sessionToken);

    proxy.restore();
    await waitFor(
      "ready again",
      async () => {
        const answer = await get(`${server.baseUrl}/readyz`);
        return answer.response.status === 200 ? true : undefined;
      },
      60_000,
    );
    expect((await get(`${server.baseUrl}/my-tenders`, { cookie })).response.status).toBe(200);
  }, 120_000);
});
