// Two production processes on one PostgreSQL database with S3, behind Debian's nginx configured
// by the deployment guide's own file (deploy/nginx/fabricum.conf: Host not passed on, TLS left
// out for the test): sign-up through one process and a form post through the other, an upload on
// one and the file served by the other, a cross-site post still refused; then a rolling restart
// under load (GETs and posts through nginx while each process in turn gets SIGTERM and starts
// again): no failed request, every acknowledged post stored once, live streams ended with a
// short retry hint. Skipped when nginx is not installed (CI installs it) or without PostgreSQL.
import { randomBytes } from "node:crypto";
import { like } from "drizzle-orm";
import type S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { submitQuote } from "~/features/quotes/quotes.server";
import { createTender } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import { type Nginx, nginxBinary, startNginx } from "../support/nginx";
import { userByEmail } from "../support/people";
import { tempDir } from "../support/per-file";
import {
  freePort,
  type ProductionServer,
  registerThrough,
  startProductionServer,
} from "../support/production-server";
import { inDays, pdfFile } from "../support/quote-forms";
import { startS3rver } from "../support/s3rver";
import {
  createTestDatabase,
  POSTGRES_URL,
  type TestDatabase,
  uniqueDatabaseName,
} from "../support/test-db";

const NGINX = nginxBinary();
if (!NGINX) console.warn("[behind-nginx] skipped: nginx is not installed (apt-get install nginx)");
if (!POSTGRES_URL) console.warn("[behind-nginx] skipped: no TEST_DATABASE_URL (PostgreSQL)");

/** Polls `check` until it is true or `timeoutMs` passed. */
async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!NGINX || !POSTGRES_URL)("two processes behind nginx", () => {
  let database: TestDatabase;
  let s3: S3rver;
  let nginx: Nginx;
  let settings: Record<string, string>;
  const servers: ProductionServer[] = [];
  let baseUrl = "";
  let quoteId = "";
  let buyerEmail = "";
  const cookies = { buyer: "", factory: "" };

  /** A browser's form post on the public site, sent to `address` (balanced or pinned). */
  function post(address: string, pathname: string, body: BodyInit, cookie = "") {
    return fetch(`${address}${pathname}`, {
      method: "POST",
      headers: {
        origin: baseUrl,
        "sec-fetch-site": "same-origin",
        ...(typeof body === "string" || body instanceof URLSearchParams
          ? { "content-type": "application/x-www-form-urlencoded" }
          : {}),
        ...(cookie ? { cookie } : {}),
      },
      body,
      redirect: "manual",
    });
  }

  const register = (address: string, userType: "buyer" | "factory", email: string) =>
    registerThrough(
      address,
      {
        userType,
        email,
        name: userType === "factory" ? "Фабрика За Прокси" : "Покупатель За Прокси",
      },
      baseUrl,
    );

  const currentUser = (email: string) => userByEmail(database.db, email);

  beforeAll(async () => {
    database = await createTestDatabase({
      serverUrl: POSTGRES_URL,
      name: uniqueDatabaseName("fabricum_nginx"),
    });
    const started = await startS3rver("fabricum-nginx-s3-", tempDir("fabricum-nginx-s3-data-"));
    s3 = started.server;
    const nginxPort = await freePort();
    baseUrl = `http://127.0.0.1:${nginxPort}`;
    settings = {
      DATABASE_URL: database.url as string,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      BASE_URL: baseUrl,
      // As the guide says: the proxy on this machine is trusted.
      TRUST_PROXY: "loopback",
      MAIL_WORKER_INTERVAL_MS: "0",
      EMAIL_VERIFICATION: "false",
      S3_ENDPOINT: started.env.S3_ENDPOINT as string,
      S3_BUCKET: "fabricum",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    };
    servers.push(await startProductionServer({ env: settings }));
    servers.push(await startProductionServer({ env: settings }));
    nginx = await startNginx(
      servers.map((server) => server.port),
      nginxPort,
    );
    const [a, b] = nginx.pinned as [string, string];

    // Sign-up through process A only, then a form post through process B only.
    buyerEmail = `nginx-buyer-${randomBytes(4).toString("hex")}@example.com`;
    const factoryEmail = `nginx-factory-${randomBytes(4).toString("hex")}@example.com`;
    cookies.buyer = await register(a, "buyer", buyerEmail);
    cookies.factory = await register(b, "factory", factoryEmail);
    const factory = () => currentUser(factoryEmail);
    await saveFactoryProfile(database.db, await factory(), {
      name: "Фабрика За Прокси",
      categories: [],
    });
    const tender = await createTender(database.db, await currentUser(buyerEmail), {
      title: "Куртки 300 шт",
      quantity: "300",
      country: "kg",
    });
    const quote = await submitQuote(database.db, await factory(), tender.id, {
      unitPrice: "20",
      currency: "USD",
      quantity: "300",
      leadTimeDays: "30",
      validUntil: inDays(10),
    });
    if (!quote.ok) throw new Error(JSON.stringify(quote));
    quoteId = quote.value.id;
  }, 600_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const server of servers) await server.stop();
    await s3?.close();
    await database?.destroy();
  });

  async function messagesLike(pattern: string) {
    return database.db
      .select({ body: schema.quoteMessages.body, attachments: schema.quoteMessages.attachments })
      .from(schema.quoteMessages)
      .where(like(schema.quoteMessages.body, pattern));
  }

  it("takes form posts through either process although nginx passes Host: <upstream>", async () => {
    const [a, b] = nginx.pinned as [string, string];
    // The buyer signed up through A; the same session posts through B (and the factory the
    // other way round): a 302 back to the conversation, not React Router's bare 400.
    for (const [address, cookie, text] of [
      [b, cookies.buyer, "Покупатель через B"],
      [a, cookies.factory, "Фабрика через A"],
      [nginx.url, cookies.buyer, "Покупатель через балансировщик"],
    ] as const) {
      const response = await post(
        address,
        `/quotes/${quoteId}`,
        new URLSearchParams({ intent: "send", body: text }),
        cookie,
      );
      expect(response.status, await response.text()).toBe(302);
    }
    expect((await messagesLike("% через %")).length).toBe(3);
    // JavaScript's posts (React Router's `.data` requests) are checked the same way.
    const data = await post(
      b,
      `/quotes/${quoteId}.data`,
      new URLSearchParams({ intent: "send", body: "Покупатель через B с JavaScript" }),
      cookies.buyer,
    );
    expect(data.status, await data.text()).toBe(202);
    expect((await messagesLike("%с JavaScript")).length).toBe(1);

    // Another site's form is still refused, with the page in Russian, and writes nothing.
    const forged = await fetch(`${a}/quotes/${quoteId}`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
        cookie: cookies.buyer,
      },
      body: new URLSearchParams({ intent: "send", body: "Подделка" }),
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("Доступ запрещен");
    expect((await messagesLike("Подделка")).length).toBe(0);
  });

  it("serves a file uploaded through one process from the other", async () => {
    const [a, b] = nginx.pinned as [string, string];
    const form = new FormData();
    form.set("intent", "send");
    form.set("body", "Смета во вложении");
    form.append("attachments", pdfFile("Смета.pdf"));
    const response = await post(a, `/quotes/${quoteId}`, form, cookies.factory);
    expect(response.status, await response.text()).toBe(302);
    const [stored] = await messagesLike("Смета во вложении");
    const url = stored?.attachments[0]?.url ?? "";
    expect(url).toMatch(/^attachments\/.+\.pdf$/);
    const file = await fetch(`${b}/attachments/${quoteId}/${url.split("/").pop()}`, {
      headers: { cookie: cookies.buyer },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).toString("latin1")).toContain("%PDF-1.4");
  });
  it("restarts both processes in turn under load: no request fails, no acknowledged post is lost", async () => {
    const done = { gets: 0, posts: [] as string[], failures: [] as string[] };
    let running = true;
    const work = async (worker: number) => {
      for (let i = 0; running; i += 1) {
        const writes = i % 2 === 0;
        const text = `нагрузка ${worker}-${i}`;
        const what = writes ? "POST" : "GET";
        try {
          const response = writes
            ? await post(
                nginx.url,
                `/quotes/${quoteId}`,
                new URLSearchParams({ intent: "send", body: text }),
                worker % 2 === 0 ? cookies.factory : cookies.buyer,
              )
            : await fetch(`${nginx.url}/quotes/${quoteId}`, {
                headers: { cookie: cookies.buyer },
                redirect: "manual",
              });
          const body = await response.text();
          if (response.status === (writes ? 302 : 200)) {
            if (writes) done.posts.push(text);
            else done.gets += 1;
          } else done.failures.push(`${what} ${response.status} ${body.slice(0, 200)}`);
        } catch (error) {
          done.failures.push(`${what} ${String(error)}`);
        }
      }
    };
    const workers = [0, 1, 2, 3, 4, 5].map(work);
    const answered = () => done.gets + done.posts.length + done.failures.length;
    const stops: { code: unknown; shutdownLines: string[]; retries: number[] }[] = [];

    for (const index of [0, 1]) {
      const server = servers[index] as ProductionServer;
      const { port } = server;
      // A live stream on this process: it ends with a short retry hint.
      const live = await fetch(`${nginx.pinned[index]}/live`, {
        headers: { cookie: cookies.buyer },
      });
      expect(live.status).toBe(200);
      // (Cut without an end, as before the graceful shutdown, it rejects.)
      const liveText = live.text().catch((error: unknown) => `cut: ${String(error)}`);
      const before = answered();
      await waitFor("load on both processes", () => answered() >= before + 30);

      const exited = new Promise<number | null>((resolve) =>
        server.process.once("exit", (code) => resolve(code)),
      );
      const stopping = performance.now();
      server.process.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 40_000)),
      ]);
      const stoppedMs = performance.now() - stopping;
      const shutdownLines = server
        .output()
        .split("\n")
        .filter((line) => line.includes("[shutdown]"));
      console.log(
        `[behind-nginx] process ${index} stopped in ${stoppedMs.toFixed(0)} ms:`,
        shutdownLines,
      );
      const retries = [...(await liveText).matchAll(/retry: (\d+)\n\n/g)].map((m) => Number(m[1]));
      stops.push({ code, shutdownLines, retries });

      await server.stop();
      const restarted = await startProductionServer({ env: settings, port });
      servers[index] = restarted;
      // nginx sends requests to the restarted process again (after the upstream's fail_timeout)
      // before the other one stops, as the guide's rolling restart says.
      const served = new RegExp(` 127\\.0\\.0\\.1:${port} (200|302)$`, "m");
      const from = nginx.accessLog().length;
      await waitFor("nginx to use the restarted process", () =>
        served.test(nginx.accessLog().slice(from)),
      );
    }
    running = false;
    await Promise.all(workers);

    console.log(
      `[behind-nginx] rolling restart under load: ${done.gets} GETs and ${done.posts.length} posts answered, ${done.failures.length} failed`,
    );
    expect(done.failures).toEqual([]);
    expect(done.posts.length).toBeGreaterThan(50);
    // Every acknowledged post is stored, once; nothing else was written.
    const stored = (await messagesLike("нагрузка %")).map((row) => row.body);
    expect(stored.length).toBe(done.posts.length);
    expect(new Set(stored)).toEqual(new Set(done.posts));
    // Each process exited 0 after saying what it waited for, and its live stream's last words
    // were a retry hint of 0.5–1.5 s (the first one is the usual 3 s).
    for (const stop of stops) {
      expect(stop.code).toBe(0);
      expect(stop.shutdownLines.length).toBe(2);
      expect(stop.retries[0]).toBe(3000);
      expect(stop.retries.at(-1)).toBeGreaterThanOrEqual(500);
      expect(stop.retries.at(-1)).toBeLessThanOrEqual(1500);
    }
  }, 240_000);
});
