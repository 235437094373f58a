/**
 * The embedded database while the server runs: the server holds its data directory and shares
 * the database on a socket there; the commands (npm run admin, ...) and psql work through it and
 * see what the server wrote; nothing else opens the directory. The server runs on PGlite whatever
 * the test database is: `npm test` runs this file in one of its two passes only.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDataDir, lockFileOf } from "~/platform/data-dir-lock.server";
import {
  NODE_BIN,
  PROJECT_ROOT,
  type ProductionServer,
  startProductionServer,
} from "../support/production-server";

const TSX = path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs");

/** `npm run admin -- …` as a newcomer runs it, against the server's DATA_DIR. */
/**
 * `npm run admin` as a separate process. Asynchronous on purpose: a synchronous spawn would
 * stall this process's event loop for seconds, so it would miss the server closing an idle
 * keep-alive connection and send the next request down the dead socket.
 */
function admin(server: ProductionServer, ...args: string[]) {
  const child = spawn(NODE_BIN, [TSX, "scripts/admin.ts", ...args], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      BASE_URL: server.baseUrl,
      DATABASE_URL: "",
      NODE_ENV: "production",
    },
    timeout: 60_000,
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe("the embedded database while the server runs", () => {
  let server: ProductionServer;
  let socketClient: pg.Pool;
  beforeAll(async () => {
    server = await startProductionServer({ env: { EMAIL_VERIFICATION: "false" } });
    socketClient = new pg.Pool({ host: server.dataDir, port: 5432, user: "postgres", max: 2 });
  }, 240_000);
  afterAll(async () => {
    await socketClient?.end();
    await server?.stop();
  });

  const register = async (email: string) => {
    const response = await fetch(`${server.baseUrl}/register`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
      body: new URLSearchParams({
        name: "Новый Админ",
        userType: "buyer",
        email,
        password: "secret-123",
        confirmPassword: "secret-123",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
  };
  const roleOf = async (email: string) =>
    (await socketClient.query("select role from users where email = $1", [email])).rows[0]?.role;

  it("npm run admin grants and revokes the role of an account the server just made", async () => {
    await register("boss@example.com");
    const grant = await admin(server, "grant", "boss@example.com");
    expect(grant.output).toContain("boss@example.com: назначен администратором.");
    expect(grant.code).toBe(0);
    expect(await roleOf("boss@example.com")).toBe("admin");

    const revoke = await admin(server, "revoke", "boss@example.com");
    expect(revoke.code).toBe(0);
    expect(await roleOf("boss@example.com")).toBe("user");

    const unknown = await admin(server, "grant", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain("не найден");
    // The server kept serving throughout.
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
  });

  it("a second server on the same data directory stops with a message", async () => {
    const second = await startProductionServer({ dataDir: server.dataDir, timeoutMs: 60_000 }).then(
      async (started) => {
        await started.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(second).toContain("уже открыта другим процессом");
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
  });

  it("a client's transaction holds the database until it commits; the app waits, then sees it", async () => {
    const client = await socketClient.connect();
    try {
      await client.query("begin");
      await client.query("insert into sign_in_failures (email) values ('held@example.com')");
      let answered = false;
      // An address no one asked for yet: not in the page cache, so the page needs the database.
      const page = fetch(`${server.baseUrl}/?held=${Date.now()}`).then((response) => {
        answered = true;
        return response.status;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
      await client.query("commit");
      expect(await page).toBe(200);
    } finally {
      client.release();
    }
    const { rows } = await socketClient.query(
      "select count(*)::int as n from sign_in_failures where email = 'held@example.com'",
    );
    expect(rows[0].n).toBe(1);
  });

  it("a client's committed write drops the server's cached visitors' pages", async () => {
    await fetch(`${server.baseUrl}/factories`);
    const cached = await fetch(`${server.baseUrl}/factories`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    // A new factory: the directory's pages show it (a write that changes nothing drops nothing).
    await socketClient.query(
      "insert into users (id, name, email) values ('socket-factory', 'Фабрика', 'socket-factory@example.com')",
    );
    await socketClient.query(
      "insert into factories (user_id, name) values ('socket-factory', 'Фабрика через сокет')",
    );
    let status = "hit";
    for (let attempt = 0; attempt < 50 && status === "hit"; attempt += 1) {
      const response = await fetch(`${server.baseUrl}/factories`);
      status = response.headers.get("x-page-cache") ?? "";
      if (status === "hit") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe("miss");
  });

  it("a client that leaves mid-transaction leaves nothing behind", async () => {
    const client = new pg.Client({ host: server.dataDir, port: 5432, user: "postgres" });
    await client.connect();
    await client.query("begin");
    await client.query("insert into sign_in_failures (email) values ('gone@example.com')");
    // The connection drops without a commit.
    (
      client as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    await client.end().catch(() => {});
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    const { rows } = await socketClient.query(
      "select count(*)::int as n from sign_in_failures where email = 'gone@example.com'",
    );
    expect(rows[0].n).toBe(0);
  });
});

describe("the data directory's lock", () => {
  it("is taken over from a process that is gone, and refused while its holder lives", () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "fabricum-lock-")), "pglite");
    try {
      writeFileSync(lockFileOf(dir), JSON.stringify({ pid: 2_147_483_000, socket: null }));
      const first = lockDataDir(dir);
      expect(first.ok).toBe(true);
      const second = lockDataDir(dir);
      expect(second).toEqual({ ok: false, holder: { pid: process.pid, socket: null } });
      if (first.ok) first.release();
      const third = lockDataDir(dir);
      expect(third.ok).toBe(true);
      if (third.ok) third.release();
    } finally {
      rmSync(path.dirname(dir), { recursive: true, force: true });
    }
  });
});
