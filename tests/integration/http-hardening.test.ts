/**
 * The HTTP layer of the production server, tried as an attacker would, over real sockets: body
 * limits (declared and chunked), repeated fields, malformed bodies, the auth API's side doors,
 * letters per account, who may cache what, and whose X-Forwarded-For is believed.
 * Runs against `npm start`'s server (tests/support/production-server.ts) on its embedded
 * database, whatever the test database is: `npm test` runs it in one of its two passes only.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { m } from "~/domain/messages";
import { type ProductionServer, startProductionServer } from "../support/production-server";

const FORM = "application/x-www-form-urlencoded";

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Body bytes the client had sent when the answer's headers arrived. */
  sentWhenAnswered: number;
  ms: number;
}

/**
 * Posts over a fresh connection. `body` is sent (with its Content-Length unless `chunked`), or
 * `stream` bytes of filler are; either goes in 64 KB slices and stops as soon as an answer
 * arrives. `declared` announces a length without sending it.
 */
function rawPost(
  url: string,
  options: {
    headers?: Record<string, string>;
    body?: string;
    stream?: number;
    chunked?: boolean;
    declared?: number;
  },
): Promise<RawReply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    let sent = 0;
    let answered = false;
    const headers: Record<string, string | number> = {
      "content-type": FORM,
      origin: target.origin,
      ...options.headers,
    };
    if (options.declared !== undefined) headers["content-length"] = options.declared;
    else if (options.body !== undefined && !options.chunked) {
      headers["content-length"] = Buffer.byteLength(options.body);
    }
    const request = http.request(
      {
        method: "POST",
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        headers,
        // A fresh connection that asks to be closed after the answer ("Connection: close"):
        // the case where Node would close the socket at once unless the server lingers.
        agent: false,
      },
      (response) => {
        answered = true;
        const sentWhenAnswered = sent;
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => {
          request.destroy();
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts).toString("utf8"),
            sentWhenAnswered,
            ms: performance.now() - started,
          });
        });
      },
    );
    // A reset after the answer is the server closing a body it will not read: not an error.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    if (options.declared !== undefined && options.stream === undefined) {
      request.flushHeaders();
      return;
    }
    // Sent in 64 KB slices, as a browser's upload goes out, and no further once the answer has
    // come: a large body written in one piece races the server's close of a body it refused
    // (the write fails with EPIPE before the answer is read).
    const SLICE = 64 * 1024;
    const body = options.body === undefined ? null : Buffer.from(options.body);
    const total = body?.length ?? options.stream ?? 0;
    const filler = Buffer.alloc(SLICE, "a");
    const pump = () => {
      while (!answered && sent < total) {
        const slice = body ? body.subarray(sent, sent + SLICE) : filler;
        sent += slice.length;
        if (!request.write(slice)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

async function get(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  await response.arrayBuffer();
  return response;
}

/** Posts a form as a browser without JavaScript does; answers with the response. */
function postForm(
  server: ProductionServer,
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.baseUrl}${pathname}`, {
    method: "POST",
    headers: { "content-type": FORM, origin: server.baseUrl, ...headers },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

/** A buyer's registration form, with the password "secret-123". */
function registerBuyer(server: ProductionServer, name: string, email: string) {
  return postForm(server, "/register", {
    name,
    userType: "buyer",
    email,
    password: "secret-123",
    confirmPassword: "secret-123",
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

function lettersTo(server: ProductionServer, email: string): { subject: string; link?: string }[] {
  const dir = path.join(server.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")))
    .filter((letter) => letter.to === email);
}

const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

describe("the production server under hostile requests", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startProductionServer();
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("refuses 40,000 repeated fields at once on every form a visitor can post", async () => {
    const body = `email=a%40b.co&password=x${"&redirectTo=x".repeat(40_000)}`.slice(0, 160 * 1024);
    for (const pathname of ["/login", "/register", "/forgot-password", "/reset-password"]) {
      const [hostile, page] = await Promise.all([
        rawPost(`${server.baseUrl}${pathname}`, { body }),
        // Another visitor's page meanwhile.
        new Promise((resolve) => setTimeout(resolve, 5)).then(async () => {
          const started = performance.now();
          const response = await get(`${server.baseUrl}/robots.txt`);
          return { status: response.status, ms: performance.now() - started };
        }),
      ]);
      expect(hostile.status, pathname).toBe(400);
      expect(hostile.body).toContain(m.errors.body["too-many-fields"]);
      expect(hostile.ms, pathname).toBeLessThan(3000);
      expect(page.status).toBe(200);
      expect(page.ms).toBeLessThan(3000);
    }
  });

  it("refuses 1,000,000 repeated fields by their size, before reading them", async () => {
    const body = `a=1${"&a=1".repeat(1_000_000)}`;
    const reply = await rawPost(`${server.baseUrl}/login`, { body });
    expect(reply.status).toBe(413);
    expect(reply.body).toContain(m.errors[413].title);
    expect(reply.ms).toBeLessThan(3000);
  });

  it("answers a declared 100 MB body with 413 before any of it is sent", async () => {
    const reply = await rawPost(`${server.baseUrl}/login`, { declared: 100 * 1024 * 1024 });
    expect(reply.status).toBe(413);
    expect(reply.sentWhenAnswered).toBe(0);
    expect(reply.headers["content-type"]).toContain("text/html");
  });

  it("stops a chunked 100 MB body just past the form limit, and keeps serving", async () => {
    const reply = await rawPost(`${server.baseUrl}/login`, {
      stream: 100 * 1024 * 1024,
      chunked: true,
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toContain(m.errors.body["too-large"]);
    // Refused after about the 256 KB limit (plus what the sockets buffered), not at 100 MB.
    expect(reply.sentWhenAnswered).toBeLessThan(16 * 1024 * 1024);
    expect((await get(`${server.baseUrl}/robots.txt`)).status).toBe(200);
  });

  it("stops a chunked upload just past the upload form's limit, before reading the rest", async () => {
    const email = uniqueEmail("upload");
    await registerBuyer(server, "Загрузчик", email);
    const cookie = cookieOf(await get(lettersTo(server, email)[0]?.link as string));
    const reply = await rawPost(`${server.baseUrl}/profile`, {
      headers: { cookie, "content-type": "multipart/form-data; boundary=hostile" },
      stream: 60 * 1024 * 1024,
      chunked: true,
    });
    // /profile takes one picture of 5 MB and the form's text: about 5.3 MB.
    expect(reply.status).toBe(413);
    expect(reply.sentWhenAnswered).toBeLessThan(24 * 1024 * 1024);
    expect((await get(`${server.baseUrl}/profile`, cookie)).status).toBe(200);
  });

  it("answers malformed bodies with 400 and a message", async () => {
    const json = await rawPost(`${server.baseUrl}/login`, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.co", password: "secret1" }),
    });
    expect(json.status).toBe(400);
    expect(json.body).toContain(m.errors.body.malformed);
    const multipart = await rawPost(`${server.baseUrl}/register`, {
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end',
    });
    expect(multipart.status).toBe(400);
    expect(multipart.body).toContain(m.errors.body.malformed);
  });

  it("closes the auth API's side doors; sign-in and the session read stay", async () => {
    for (const door of [
      "/api/auth/sign-up/email",
      "/api/auth/update-user",
      "/api/auth/send-verification-email",
      "/api/auth/request-password-reset",
      "/api/auth/change-email",
      "/api/auth/delete-user",
    ]) {
      const reply = await rawPost(`${server.baseUrl}${door}`, {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "x".repeat(10_000),
          email: "victim@example.com",
          password: "secret123",
        }),
      });
      expect(reply.status, door).toBe(404);
    }
    expect(lettersTo(server, "victim@example.com")).toHaveLength(0);
    expect((await get(`${server.baseUrl}/api/auth/get-session`)).status).toBe(200);
    const signIn = await rawPost(`${server.baseUrl}/api/auth/sign-in/email`, {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
    });
    expect(signIn.status).toBe(401);
  });

  it("sends an unconfirmed account one letter, however often it signs in or asks for a reset", async () => {
    const email = uniqueEmail("cannon");
    const password = "secret-123";
    const signUp = await registerBuyer(
      server,
      "Анна\nhttps://evil.example Ваш аккаунт заблокирован",
      email,
    );
    // A name over two lines is not a name: nothing is created, no letter.
    expect(signUp.status).toBe(400);
    expect(lettersTo(server, email)).toHaveLength(0);

    const created = await registerBuyer(server, "Анна", email);
    expect(created.status).toBe(200);
    expect(lettersTo(server, email)).toHaveLength(1);
    // The confirmation letter carries none of the sign-up's words: no name in the greeting.
    expect(JSON.stringify(lettersTo(server, email)[0])).not.toContain("Анна");
    for (let i = 0; i < 3; i++) {
      const signIn = await postForm(server, "/login", { email, password });
      expect(await signIn.text()).toContain(m.auth.login.emailNotConfirmed);
      await postForm(server, "/forgot-password", { email });
    }
    const letters = lettersTo(server, email);
    expect(letters.filter((l) => l.subject.includes("Подтвердите"))).toHaveLength(1);
    expect(letters).toHaveLength(2);
  });

  it("marks pages with one person's data private and visitors' pages cacheable", async () => {
    const visitor = await get(`${server.baseUrl}/`);
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(visitor.headers.get("vary")).toMatch(/Cookie/i);
    const robots = await get(`${server.baseUrl}/robots.txt`);
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");

    // A buyer who signed up without confirmation (the letter's link signs in).
    const email = uniqueEmail("cache");
    await registerBuyer(server, "Покупатель", email);
    const link = lettersTo(server, email)[0]?.link;
    expect(link).toBeTruthy();
    const confirmed = await get(link as string);
    const cookie = cookieOf(confirmed);
    expect(cookie).toContain("session_token");
    expect(confirmed.headers.get("cache-control")).toBe("private, no-store");
    for (const pathname of ["/", "/profile", "/factories", "/factories.data", "/tenders"]) {
      const page = await get(`${server.baseUrl}${pathname}`, cookie);
      expect(page.status, pathname).toBe(200);
      expect(page.headers.get("cache-control"), pathname).toBe("private, no-store");
      expect(page.headers.get("vary"), pathname).toMatch(/Cookie/i);
    }
  });
});

describe("TRUST_PROXY: whose X-Forwarded-For names the client", () => {
  // Sign-in allows 30 attempts a minute per client address; each attempt names another account,
  // so the per-account limit (5 wrong passwords) never applies.
  const ADDRESS_LIMIT = 30;
  let attempts = 0;
  const attempt = (server: ProductionServer, forwardedFor: string) =>
    postForm(
      server,
      "/login",
      { email: `nobody-${attempts++}@example.com`, password: "wrong-password" },
      { "x-forwarded-for": forwardedFor },
    ).then((response) => response.text());
  // The limit's message, with its wait when better-auth gives one ('… через 42 секунды.').
  const limited = (html: string) =>
    html.includes(m.common.rateLimited) ||
    html.includes(m.common.rateLimitedFor(1).replace(/\d.*$/, ""));

  it("by default believes no forwarded header: a client cannot pick its own bucket", async () => {
    const server = await startProductionServer({ env: { AUTH_RATE_LIMIT: "true" } });
    try {
      const pages: string[] = [];
      for (let i = 0; i <= ADDRESS_LIMIT; i++) pages.push(await attempt(server, `203.0.113.${i}`));
      expect(pages.slice(0, ADDRESS_LIMIT).some(limited)).toBe(false);
      expect(limited(pages[ADDRESS_LIMIT] as string)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it("behind a trusted proxy, each forwarded client has its own bucket", async () => {
    const server = await startProductionServer({
      env: { AUTH_RATE_LIMIT: "true", TRUST_PROXY: "loopback" },
    });
    try {
      for (let i = 0; i <= ADDRESS_LIMIT; i++) {
        expect(limited(await attempt(server, `203.0.113.${i}`))).toBe(false);
      }
      const same: string[] = [];
      for (let i = 0; i <= ADDRESS_LIMIT; i++) same.push(await attempt(server, "198.51.100.7"));
      expect(limited(same[ADDRESS_LIMIT] as string)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 90_000);
});
