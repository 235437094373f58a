/**
 * Who may post is decided before a body is read (issue 27): a stranger's large post to a quote's
 * conversation or to a tender's quote form is refused from the headers alone, and the body is
 * discarded unread. Against `npm start`'s server over real sockets: the client announces a
 * 40 MB multipart body (within the routes' limits), sends none of it and waits; the old routes
 * parsed the body first and so never answered until it came.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProductionServer, startProductionServer } from "../support/production-server";

const ANNOUNCED = 40 * 1024 * 1024;

interface EarlyReply {
  status: number;
  body: string;
}

/** Posts only the headers of a `ANNOUNCED`-byte multipart body; the answer, or null at `timeoutMs`. */
function postHeadersOnly(
  server: ProductionServer,
  pathname: string,
  cookie: string,
  timeoutMs = 20_000,
): Promise<EarlyReply | null> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      method: "POST",
      host: "127.0.0.1",
      port: server.port,
      path: pathname,
      agent: false,
      headers: {
        cookie,
        origin: server.baseUrl,
        "content-type": "multipart/form-data; boundary=----fabricum",
        "content-length": ANNOUNCED,
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      resolve(null);
    }, timeoutMs);
    request.on("response", (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        clearTimeout(timer);
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8") });
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.flushHeaders();
  });
}

/** Signs up an account through the form (no confirmation letter in this server): its cookie. */
async function signUp(server: ProductionServer, userType: "buyer" | "factory") {
  const response = await fetch(`${server.baseUrl}/register`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
    body: new URLSearchParams({
      name: userType === "buyer" ? "Посторонний" : "Фабрика Чужая",
      userType,
      email: `${userType}-${randomUUID()}@example.com`,
      password: "secret-123",
      confirmPassword: "secret-123",
    }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`no session: ${response.status}`);
  return cookie;
}

describe("posts refused before their body is read", () => {
  let server: ProductionServer;
  let stranger: string;

  beforeAll(async () => {
    server = await startProductionServer({ env: { EMAIL_VERIFICATION: "false" } });
    stranger = await signUp(server, "buyer");
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("answers a stranger's large post to a quote's conversation at once, unread", async () => {
    const reply = await postHeadersOnly(server, `/quotes/${randomUUID()}`, stranger);
    expect(reply, "answered before the body came").not.toBeNull();
    expect(reply?.status).toBe(404);
  });

  it("answers a buyer's large post to a tender's quote form at once, unread", async () => {
    const reply = await postHeadersOnly(server, `/tenders/${randomUUID()}/quote`, stranger);
    expect(reply, "answered before the body came").not.toBeNull();
    expect(reply?.status).toBe(404);
  });

  it("serves the next request as usual (the discarded body held nothing)", async () => {
    const response = await fetch(`${server.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});
