/**
 * Production settings that would break several processes are refused at start (issue 27,
 * item 4): missing S3, BASE_URL or SMTP without a waiver, a BETTER_AUTH_SECRET other than the
 * one the installation's processes use (until the change is recorded with `npm run admin --
 * secret-rotated`), and two processes seeding demo data at once end with the same working
 * passwords in both. PostgreSQL only: several processes need a shared database.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NODE_BIN,
  PROJECT_ROOT,
  type ProductionServer,
  startProductionServer,
} from "../support/production-server";
import {
  createTestDatabase,
  POSTGRES_URL,
  type TestDatabase,
  uniqueDatabaseName,
} from "../support/test-db";

const secret = () => randomBytes(32).toString("base64");

/** The start-up's refusal (the server's log), or a failure when it started. */
async function refusal(env: Record<string, string>): Promise<string> {
  try {
    const server = await startProductionServer({ env, timeoutMs: 120_000 });
    await server.stop();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the server started");
}

/** `npm run admin -- …` with these settings: exit code and output. */
function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      NODE_BIN,
      [path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts", ...args],
      { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe.skipIf(!POSTGRES_URL)("a production start on PostgreSQL", () => {
  let database: TestDatabase;
  const servers: ProductionServer[] = [];
  const dirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({
      serverUrl: POSTGRES_URL,
      name: uniqueDatabaseName("start"),
    });
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => {});
    await database?.destroy();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a start without S3, BASE_URL and SMTP, naming each setting and its waiver", async () => {
    const log = await refusal({
      DATABASE_URL: database.url as string,
      BETTER_AUTH_SECRET: secret(),
      PRODUCTION_CHECKS_WAIVED: "",
      BASE_URL: "",
      SMTP_URL: "",
    });
    expect(log).toContain("S3_ENDPOINT: обязателен при NODE_ENV=production с DATABASE_URL");
    expect(log).toContain("PRODUCTION_CHECKS_WAIVED=storage");
    expect(log).toContain("BASE_URL: обязателен");
    expect(log).toContain("PRODUCTION_CHECKS_WAIVED=base-url");
    expect(log).toContain("SMTP_URL: обязателен");
    expect(log).toContain("PRODUCTION_CHECKS_WAIVED=mail");
    // One waiver waives that one check only.
    const partly = await refusal({
      DATABASE_URL: database.url as string,
      BETTER_AUTH_SECRET: secret(),
      PRODUCTION_CHECKS_WAIVED: "storage,mail",
      BASE_URL: "",
    });
    expect(partly).toContain("BASE_URL: обязателен");
    expect(partly).not.toContain("S3_ENDPOINT");
    expect(partly).not.toContain("SMTP_URL");
  }, 240_000);

  it("seeds once when two processes start at the same time: both have the same working demo passwords", async () => {
    const shared = { DATABASE_URL: database.url as string, BETTER_AUTH_SECRET: secret() };
    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "fabricum-start-")));
    dirs.push(...dataDirs);
    const started = await Promise.all(
      dataDirs.map((dataDir) =>
        startProductionServer({ env: { ...shared, SEED_DEMO: "true" }, dataDir }),
      ),
    );
    servers.push(...started);
    const [first, second] = dataDirs.map(
      (dir) =>
        JSON.parse(readFileSync(path.join(dir, "demo-accounts.json"), "utf8")) as {
          email: string;
          password: string;
        }[],
    );
    expect(first?.length).toBe(3);
    expect(second).toEqual(first);
    const buyer = first?.find((a) => a.email === "buyer@example.com");
    for (const server of started) {
      const signIn = await fetch(`${server.baseUrl}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
        body: new URLSearchParams({ email: buyer?.email ?? "", password: buyer?.password ?? "" }),
        redirect: "manual",
      });
      await signIn.arrayBuffer();
      expect(signIn.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    }

    // A third process with another secret is refused, until the change is recorded.
    const other = secret();
    const log = await refusal({ DATABASE_URL: database.url as string, BETTER_AUTH_SECRET: other });
    expect(log).toContain("BETTER_AUTH_SECRET этого процесса не совпадает");
    expect(log).toContain("npm run admin -- secret-rotated");
    const rotated = await admin(["secret-rotated"], {
      NODE_ENV: "production",
      DATA_DIR: dataDirs[0] as string,
      DATABASE_URL: database.url as string,
      BETTER_AUTH_SECRET: other,
      // Vitest's own BASE_URL ("/") is not an address.
      BASE_URL: "",
      PRODUCTION_CHECKS_WAIVED: "storage,mail,base-url",
    });
    expect(rotated.output).toContain("Отпечаток нового BETTER_AUTH_SECRET сохранен");
    expect(rotated.code).toBe(0);
    const third = await startProductionServer({
      env: { DATABASE_URL: database.url as string, BETTER_AUTH_SECRET: other },
    });
    servers.push(third);
    // …and the old secret is the one refused now.
    const old = await refusal({ ...shared });
    expect(old).toContain("BETTER_AUTH_SECRET этого процесса не совпадает");
  }, 300_000);
});
