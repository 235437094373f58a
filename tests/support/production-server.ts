/**
 * The production server (`npm start`: scripts/start.mjs with the built app) as a child process,
 * for integration tests that need what only the real HTTP server does: body limits on the
 * socket, proxy headers, response headers, the embedded database's local socket.
 *
 * Each server gets a free port on 127.0.0.1 and, unless told otherwise, a fresh DATA_DIR with
 * the embedded database (no demo data). The build is made by start.mjs when it is missing or
 * older than the sources (into BUILD_DIR, default `build`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase, POSTGRES_URL, type TestDatabase, uniqueDatabaseName } from "./test-db";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const NODE_BIN = path.join(PROJECT_ROOT, "node_modules/.bin/node");

export interface ProductionServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its DATA_DIR if it made it. */
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface StartOptions {
  /** Extra settings (they win over the defaults below). */
  env?: Record<string, string>;
  /** Use this DATA_DIR (kept on stop) instead of a fresh one. */
  dataDir?: string;
  /** How long to wait for the first 200 (a first start may build). */
  timeoutMs?: number;
  /** The installed checkout to start (default this one; a benchmark may start an older one). */
  appDir?: string;
  /** The port to listen on (default a free one). */
  port?: number;
}

export async function startProductionServer(options: StartOptions = {}): Promise<ProductionServer> {
  const appDir = options.appDir ?? PROJECT_ROOT;
  const nodeBin = path.join(appDir, "node_modules/.bin/node");
  if (!existsSync(nodeBin)) throw new Error(`${nodeBin} is missing: run npm ci`);
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "fabricum-server-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(nodeBin, ["scripts/start.mjs"], {
    cwd: appDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      AUTH_RATE_LIMIT: "false",
      EMAIL_VERIFICATION: "true",
      ADMIN_EMAILS: "",
      TRUST_PROXY: "",
      // Tests on PostgreSQL keep uploads on disk and letters in the outbox unless they say
      // otherwise (the production checks of env.server.ts would refuse that start).
      PRODUCTION_CHECKS_WAIVED: "storage,mail",
      ...options.env,
    },
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  let exited: number | string | null | undefined;
  child.on("exit", (code, signal) => {
    exited = code ?? signal;
  });

  const stop = async () => {
    if (exited === undefined) {
      const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await gone;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`the server exited during start-up (${exited}):\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/robots.txt`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === 200) {
        return { baseUrl, port, dataDir, process: child, output: () => log, stop };
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer within the time limit:\n${log}`);
}

/** Two app processes on one PostgreSQL database of their own, as several run behind a balancer. */
export interface TwoProcesses {
  /** The database's name (`name` and random letters). */
  name: string;
  database: TestDatabase;
  a: ProductionServer;
  b: ProductionServer;
  /** Stops both and drops the database. */
  stop(): Promise<void>;
}

/**
 * Makes a fresh database named after `name` on POSTGRES_URL and starts two servers on it with
 * the settings `env` (plus DATABASE_URL and one shared BETTER_AUTH_SECRET), one after the other:
 * the first start builds the app if it has to and migrates (and seeds, when asked) the database.
 */
export async function startTwoProcesses(
  name: string,
  env: Record<string, string>,
  timeoutMs?: number,
): Promise<TwoProcesses> {
  const unique = uniqueDatabaseName(name);
  const database = await createTestDatabase({ serverUrl: POSTGRES_URL, name: unique });
  const settings = {
    DATABASE_URL: database.url as string,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
    MAIL_WORKER_INTERVAL_MS: "0",
    ...env,
  };
  const a = await startProductionServer({ env: settings, timeoutMs });
  const b = await startProductionServer({ env: settings, timeoutMs });
  return {
    name: unique,
    database,
    a,
    b,
    async stop() {
      await a.stop();
      await b.stop();
      await database.destroy();
    },
  };
}

/** Someone signing up through the production server's form (with EMAIL_VERIFICATION off). */
export interface Registration {
  userType: "buyer" | "factory";
  name: string;
  email: string;
  password?: string;
}

/**
 * Signs up through `/register` at `address` (a process, or a proxy in front of it) as a browser
 * on `origin` would, and returns the new session's cookie.
 */
export async function registerThrough(
  address: string,
  { userType, name, email, password = "secret-password-1" }: Registration,
  origin = address,
): Promise<string> {
  const response = await fetch(`${address}/register`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ name, userType, email, password, confirmPassword: password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((value) => value?.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return cookie;
}
