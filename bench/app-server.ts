/**
 * The production server as the benchmarks start it: scripts/start.mjs (which builds into
 * `buildDir` first when the build is missing or older than the sources) in its own process group,
 * its output in a log file, waited for until `/` answers, stopped with its whole group.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { HOST, sleep } from "./support";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface AppServer {
  readonly url: string;
  readonly logFile: string;
  alive(): boolean;
  /** The last lines of the server's log. */
  logTail(lines?: number): string;
  /**
   * The CPU time the server's process has used so far, user and system, in milliseconds (from
   * /proc; the clock ticks are 10 ms: measure over many requests). NaN where /proc is missing.
   */
  cpuMs(): number;
  /** SIGTERM to the group, SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL to the group at once (for process.on("exit")). */
  kill(): void;
}

/** GET on the loopback address: status and body length, without decompressing. */
function probe(port: number, urlPath: string, timeoutMs: number) {
  return new Promise<number>((resolve, reject) => {
    const request = http.get({ host: HOST, port, path: urlPath, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/** User and system CPU time of a process in milliseconds, read from /proc/<pid>/stat. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's name (which may hold spaces) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are the 12th and 13th fields after the name, in clock ticks (USER_HZ 100).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * The settings of a server over a benchmark's own PostgreSQL database: a fixed secret, no demo
 * data, no admins, its files in `dataDir`.
 */
export function benchDatabaseEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: "bench-secret-0123456789abcdefghijklmnopqr",
    SEED_DEMO: "false",
    ADMIN_EMAILS: "",
    DATA_DIR: dataDir,
  };
}

export async function startAppServer(options: {
  port: number;
  /** Build folder relative to the repository (BUILD_DIR of start.mjs). */
  buildDir: string;
  logFile: string;
  /** Added to (and overriding) this process's environment. */
  env: Record<string, string>;
  /** Called every 30 s while waiting (the first start builds the app). */
  onWait?: () => void;
  /** Another checkout to start (an older version, to compare); default this one. */
  appDir?: string;
}): Promise<AppServer> {
  const appDir = options.appDir ?? root;
  const nodeBin = path.join(appDir, "node_modules/.bin/node");
  if (!existsSync(nodeBin)) throw new Error(`${nodeBin} не найден / not found: run npm ci`);
  const log = openSync(options.logFile, "a");
  let child: ChildProcess;
  try {
    child = spawn(nodeBin, ["scripts/start.mjs"], {
      cwd: appDir,
      detached: true,
      stdio: ["ignore", log, log],
      env: {
        ...process.env,
        // A benchmark keeps uploads on disk and letters in the outbox (env.server.ts checks).
        PRODUCTION_CHECKS_WAIVED: "storage,mail",
        // Production with a database wants the public address (letters' links): the bench's own.
        BASE_URL: `http://${HOST}:${options.port}`,
        ...options.env,
        PORT: String(options.port),
        HOST,
        BUILD_DIR: options.buildDir,
        NODE_ENV: "production",
      },
    });
  } finally {
    closeSync(log);
  }
  const alive = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals) => {
    if (!child.pid || !alive()) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  const logTail = (lines = 40) =>
    existsSync(options.logFile)
      ? readFileSync(options.logFile, "utf8").split("\n").slice(-lines).join("\n")
      : "";
  const server: AppServer = {
    url: `http://${HOST}:${options.port}`,
    logFile: options.logFile,
    alive,
    logTail,
    cpuMs: () => (child.pid ? processCpuMs(child.pid) : Number.NaN),
    async stop() {
      signal("SIGTERM");
      for (let i = 0; i < 100 && alive(); i++) await sleep(100);
      signal("SIGKILL");
    },
    kill: () => signal("SIGKILL"),
  };

  // Up to 15 minutes: the first start builds the app.
  const deadline = Date.now() + 15 * 60_000;
  let lastNote = Date.now();
  while (Date.now() < deadline) {
    if (!alive()) {
      throw new Error(
        `сервер завершился при запуске / the server exited during start-up (code ${child.exitCode}):\n${logTail()}`,
      );
    }
    if ((await probe(options.port, "/", 5000).catch(() => 0)) > 0) return server;
    if (Date.now() - lastNote > 30_000) {
      lastNote = Date.now();
      options.onWait?.();
    }
    await sleep(500);
  }
  await server.stop();
  throw new Error(`сервер не ответил за 15 минут / no answer within 15 minutes:\n${logTail()}`);
}
