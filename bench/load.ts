/**
 * npm run bench:load — load and fault benchmark (issue 7, part 4; quotes, messages and a second
 * app process: issue 14). A benchmark, not a test.
 *
 * It creates its own throwaway PostgreSQL cluster (initdb from the machine's PostgreSQL, its own
 * port and folder; never the shared server on 5432), starts the production build against it with
 * the demo data (process A, which takes the load), and signs up USERS accounts through the app's
 * own forms (half buyers, half factories with a saved factory profile). Then USERS virtual users
 * work for DURATION seconds: mostly browsing (/factories with random filters, factory pages,
 * /tenders with filters and tender details) and a share of writes (buyers place and edit tenders,
 * factories add and edit products and send quotes on tenders, both write messages in the quotes'
 * conversations and save their profile), each as a browser without JavaScript would send them.
 * At RESTART_AT seconds the cluster is restarted (`pg_ctl restart -m fast`: every connection is
 * dropped); the app is NOT restarted. At the end it prints throughput, p50/p95/p99 latency and
 * errors before, during and after the restart, the time the app took to serve pages from the
 * database again, and compares every write the server acknowledged with what is in the database
 * (tenders, products, profiles, quotes, messages).
 *
 * Live updates across processes: a second app process (process B, PORT_B, same cluster, same
 * build) runs next to A. A probe buyer places a tender and a probe factory quotes it (through A)
 * while preparing; during the load the probe factory posts a message in that conversation every
 * 2 s through A, and a Server-Sent Events reader on B's /live, signed in as the probe buyer,
 * records each event B delivers (PostgreSQL LISTEN/NOTIFY). It reports delivered and lost events
 * and the latency from A's acknowledgement to B's event per phase, and whether B's stream kept
 * working after the restart (events sent while the listener was away are lost by design: NOTIFY
 * is not stored).
 *
 * Exit code: 0 when no acknowledged write is missing, process A survived and recovered within
 * MAX_RECOVERY seconds, process B is alive and serves pages at the end and delivered live events
 * after the recovery; 1 otherwise; 2 for wrong settings. Latency never fails the run.
 *
 * Settings (environment): USERS (200), DURATION (60 s), RESTART_AT (30 s), PORT (3450, app A),
 * PORT_B (3451, app B), PG_PORT (5499, bench cluster), THINK_MS (300: mean pause between a user's
 * steps, uniform in 0..2×), RESTART_MODE (fast | immediate), MAX_RECOVERY (20 s), PG_BIN (folder
 * with initdb and pg_ctl; default the newest /usr/lib/postgresql/N/bin, else PATH).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { m } from "~/domain/messages";
import {
  CATEGORY_SLUGS,
  COLOR_SUGGESTIONS,
  COUNTRIES,
  CURRENCY_CODES,
  FABRIC_TREE,
  GARMENT_GROUPS,
  TENDER_GENDERS,
} from "~/domain/reference";
import { dateInputValue } from "~/features/quotes/schema";
import { freePort, HOST, settingsReader, sleep, stopOnSignals } from "./support";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DB_NAME = "fabricum_load";
/** A request not answered within this time counts as a timeout error. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Accounts signed up at once while preparing. */
const SETUP_CONCURRENCY = 8;
const PASSWORD = "Load-test-123";

// ------------------------------------------------------------------------------ settings

const USAGE = `Использование / usage:
  npm run bench:load
  USERS=50 DURATION=20 RESTART_AT=10 npm run bench:load

  USERS         виртуальных пользователей / virtual users (default 200)
  DURATION      секунд нагрузки / seconds of load (default 60)
  RESTART_AT    секунда перезапуска PostgreSQL / second of the PostgreSQL restart (default 30)
  PORT          порт приложения A (нагрузка) / port of app process A, the load (default 3450)
  PORT_B        порт процесса B (живые обновления) / port of app process B, live updates (default 3451)
  PG_PORT       порт своего кластера PostgreSQL / port of the bench's own cluster (default 5499)
  THINK_MS      средняя пауза между шагами, мс / mean think time, ms (default 300)
  RESTART_MODE  fast | immediate (default fast)
  MAX_RECOVERY  секунд на восстановление / seconds allowed to recover (default 20)
  PG_BIN        папка initdb и pg_ctl / folder of initdb and pg_ctl`;

const { usage, intSetting } = settingsReader(USAGE);

const settings = {
  users: intSetting("USERS", 200, 2, 5000),
  duration: intSetting("DURATION", 60, 5, 3600),
  restartAt: intSetting("RESTART_AT", 30, 1, 3599),
  port: intSetting("PORT", 3450, 1024, 65535),
  portB: intSetting("PORT_B", 3451, 1024, 65535),
  pgPort: intSetting("PG_PORT", 5499, 1024, 65535),
  thinkMs: intSetting("THINK_MS", 300, 0, 60_000),
  maxRecovery: intSetting("MAX_RECOVERY", 20, 1, 3600),
  restartMode: (process.env.RESTART_MODE?.trim() || "fast") as "fast" | "immediate",
};
if (settings.restartAt >= settings.duration) {
  usage(
    `RESTART_AT (${settings.restartAt}) должен быть меньше DURATION (${settings.duration}) / must be less than DURATION.`,
  );
}
if (!["fast", "immediate"].includes(settings.restartMode)) {
  usage(`RESTART_MODE: ожидается fast или immediate / expected fast or immediate.`);
}

// ------------------------------------------------------------------------------ small helpers

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const chance = (p: number) => Math.random() < p;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Milliseconds since the load started (-Infinity while preparing). */
let loadStart = Number.POSITIVE_INFINITY;
const clock = () => performance.now() - loadStart;

/** Runs a command to its end; output is collected for error messages. */
function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}${error.message}` });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// ------------------------------------------------------------------------------ PostgreSQL

/** The folder with initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/N/bin. */
function postgresBin(): string {
  const configured = process.env.PG_BIN?.trim();
  if (configured) return configured;
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((name) => existsSync(path.join(base, name, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], "bin");
  }
  const fromPath = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromPath.status === 0 && fromPath.stdout.trim()) return fromPath.stdout.trim();
  return usage(
    "Не найдены initdb и pg_ctl: задайте PG_BIN / initdb and pg_ctl not found: set PG_BIN (e.g. /usr/lib/postgresql/15/bin).",
  );
}

/** initdb refuses to run as root: as root, the tools run as the `postgres` OS user. */
const asRoot = process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) {
    usage(
      "Запуск от root требует пользователя postgres / running as root needs the `postgres` OS user.",
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, on its own port, with trust
 * authentication on 127.0.0.1. Restarting it drops every connection the app holds.
 */
class BenchCluster {
  readonly folder: string;
  readonly dataDir: string;
  readonly logFile: string;
  private started = false;

  constructor(
    private readonly bin: string,
    readonly port: number,
  ) {
    this.folder = mkdtempSync(path.join(os.tmpdir(), "fabricum-load-pg-"));
    this.dataDir = path.join(this.folder, "data");
    this.logFile = path.join(this.folder, "postgres.log");
    const ids = postgresIds();
    if (ids) chownSync(this.folder, ids.uid, ids.gid);
  }

  get url(): string {
    return `postgres://postgres@${HOST}:${this.port}/${DB_NAME}`;
  }

  private command(tool: string, args: string[]): [string, string[]] {
    const binary = path.join(this.bin, tool);
    return asRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  }

  private async tool(tool: string, args: string[], timeoutMs = 120_000) {
    const [command, fullArgs] = this.command(tool, args);
    const result = await run(command, fullArgs, timeoutMs);
    if (result.code !== 0) {
      throw new Error(`${tool} ${args.join(" ")} (code ${result.code}):\n${result.output.trim()}`);
    }
    return result;
  }

  async create(): Promise<void> {
    const common = ["-D", this.dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "-N"];
    // C.UTF-8 folds Cyrillic letter case; plain C is the fallback where it is missing.
    await this.tool("initdb", [...common, "--locale=C.UTF-8"]).catch(async () => {
      rmSync(this.dataDir, { recursive: true, force: true });
      await this.tool("initdb", [...common, "--locale=C"]);
    });
    const conf = [
      "",
      "# fabricum bench:load",
      `port = ${this.port}`,
      `listen_addresses = '${HOST}'`,
      `unix_socket_directories = '${this.folder}'`,
      "max_connections = 100",
      "",
    ].join("\n");
    writeFileSync(path.join(this.dataDir, "postgresql.conf"), conf, { flag: "a" });
  }

  async start(): Promise<void> {
    this.started = true;
    await this.tool("pg_ctl", ["-D", this.dataDir, "-l", this.logFile, "-w", "-t", "60", "start"]);
    const admin = new pg.Client({ connectionString: this.url.replace(`/${DB_NAME}`, "/postgres") });
    await admin.connect();
    try {
      await admin.query(`create database ${DB_NAME}`);
    } finally {
      await admin.end();
    }
  }

  /** A real server restart: pg_ctl waits until it accepts connections again. */
  restart(mode: "fast" | "immediate") {
    const args = ["-D", this.dataDir, "-l", this.logFile, "-w", "-t", "60", "-m", mode, "restart"];
    const [command, fullArgs] = this.command("pg_ctl", args);
    return run(command, fullArgs, 90_000);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    const [command, args] = this.command("pg_ctl", [
      "-D",
      this.dataDir,
      "-w",
      "-m",
      "fast",
      "stop",
    ]);
    await run(command, args, 60_000);
  }

  /** Last resort on exit: synchronous. */
  stopSync(): void {
    if (!this.started) return;
    this.started = false;
    const [command, args] = this.command("pg_ctl", ["-D", this.dataDir, "-m", "immediate", "stop"]);
    spawnSync(command, args, { stdio: "ignore", timeout: 30_000 });
  }

  remove(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------ app server

interface LogLine {
  at: number;
  text: string;
}

/** The production server (scripts/start.mjs) against the bench cluster; its stderr is kept. */
class AppServer {
  private process: ChildProcess | undefined;
  readonly errLines: LogLine[] = [];
  exitedAt: number | null = null;
  exitCode: number | string | null = null;

  constructor(
    readonly port: number,
    readonly folder: string,
  ) {}

  get baseUrl(): string {
    return `http://${HOST}:${this.port}`;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  alive(): boolean {
    return this.process !== undefined && this.exitedAt === null;
  }

  start(databaseUrl: string): void {
    const nodeBin = path.join(root, "node_modules/.bin/node");
    if (!existsSync(nodeBin)) throw new Error(`${nodeBin} не найден / not found: run npm ci`);
    const out = openSync(path.join(this.folder, "app.out.log"), "a");
    const errFile = openSync(path.join(this.folder, "app.err.log"), "a");
    const child = spawn(nodeBin, ["scripts/start.mjs"], {
      cwd: root,
      detached: true,
      stdio: ["ignore", out, "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        BUILD_DIR: "build-bench",
        DATABASE_URL: databaseUrl,
        BETTER_AUTH_SECRET: "bench-load-secret-0123456789abcdefghijklmnop",
        // Uploads on disk and letters in the outbox are what this benchmark wants.
        PRODUCTION_CHECKS_WAIVED: "storage,mail",
        SEED_DEMO: "true",
        AUTH_RATE_LIMIT: "false",
        EMAIL_VERIFICATION: "false",
        ADMIN_EMAILS: "",
        DATA_DIR: path.join(this.folder, "data"),
        HOST,
        PORT: String(this.port),
        BASE_URL: this.baseUrl,
      },
    });
    closeSync(out);
    this.process = child;
    let partial = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      writeSync(errFile, chunk);
      const text = partial + chunk.toString();
      const lines = text.split("\n");
      partial = lines.pop() ?? "";
      const at = clock();
      for (const line of lines) this.errLines.push({ at, text: line });
    });
    child.on("exit", (code, signal) => {
      this.exitedAt = clock();
      this.exitCode = code ?? signal;
      closeSync(errFile);
    });
  }

  /** Waits until `/` answers 200 (the first start also builds into build-bench/). */
  async waitUntilServing(): Promise<void> {
    const deadline = Date.now() + 15 * 60_000;
    let lastNote = Date.now();
    while (Date.now() < deadline) {
      if (!this.alive()) {
        throw new Error(
          `сервер завершился при запуске / the server exited during start-up (${this.exitCode}):\n${this.logTail()}`,
        );
      }
      try {
        const response = await fetch(`${this.baseUrl}/`, { signal: AbortSignal.timeout(5000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() - lastNote > 30_000) {
        lastNote = Date.now();
        console.log("  ждем сервер (и сборку) / waiting for the server (and the build)...");
      }
      await sleep(500);
    }
    throw new Error(`сервер не ответил за 15 минут / no answer within 15 minutes`);
  }

  logTail(lines = 30): string {
    const read = (name: string) => {
      const file = path.join(this.folder, name);
      return existsSync(file) ? readFileSync(file, "utf8") : "";
    };
    return `${read("app.out.log")}${read("app.err.log")}`.split("\n").slice(-lines).join("\n");
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (!this.process?.pid || !this.alive()) return;
    try {
      process.kill(-this.process.pid, signal);
    } catch {
      // already gone
    }
  }

  async stop(): Promise<void> {
    this.signalGroup("SIGTERM");
    for (let i = 0; i < 100 && this.alive(); i++) await sleep(100);
    this.signalGroup("SIGKILL");
  }

  killSync(): void {
    this.signalGroup("SIGKILL");
  }
}

/**
 * Runs `start` (process B's start) on process A's build as it is: scripts/start.mjs rebuilds when
 * a source file is newer than the build, and other people edit the tree meanwhile. The build's
 * entry is dated now while B starts, then given its own date back (so a later run still sees
 * sources that changed after this build).
 */
async function sameBuild(start: () => Promise<void>): Promise<void> {
  const entry = path.join(root, "build-bench/server/index.js");
  const before = statSync(entry);
  utimesSync(entry, before.atime, new Date());
  try {
    await start();
  } finally {
    utimesSync(entry, before.atime, before.mtime);
  }
}

// ------------------------------------------------------------------------------ measurements

type Phase = "before" | "during" | "after";
const PHASES: readonly Phase[] = ["before", "during", "after"];

interface Sample {
  label: string;
  start: number;
  end: number;
  /** "ok" or the kind of error. */
  verdict: string;
  /** A create or an edit (sign-in is not counted as a write). */
  write: boolean;
  /** A page read from the database (counts for the recovery time). */
  dbPage: boolean;
}

const samples: Sample[] = [];

/** Times of the restart, in ms since the load started. */
const restart = {
  issuedAt: Number.NaN,
  backAt: Number.NaN,
  recoveredAt: Number.NaN,
  /** The request that marked the recovery. */
  recoveredBy: null as Sample | null,
  code: null as number | null,
  output: "",
};

function record(sample: Sample): void {
  samples.push(sample);
  // The app has recovered at the first page served from the database by a request sent after
  // PostgreSQL accepted connections again.
  if (
    sample.dbPage &&
    sample.verdict === "ok" &&
    Number.isNaN(restart.recoveredAt) &&
    sample.start >= restart.backAt
  ) {
    restart.recoveredAt = sample.end;
    restart.recoveredBy = sample;
  }
}

function phaseOf(at: number): Phase {
  if (Number.isNaN(restart.issuedAt) || at < restart.issuedAt) return "before";
  if (Number.isNaN(restart.recoveredAt) || at < restart.recoveredAt) return "during";
  return "after";
}

// ------------------------------------------------------------------------------ browser

interface Reply {
  status: number;
  /** Path (with query) of a redirect's target. */
  location: string | null;
  body: string;
}

type Body = URLSearchParams | FormData | { json: unknown };

/** One user's browser: cookies, keep-alive connections (Node's fetch), no JavaScript. */
class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith("better-auth.session_token"));
  }

  /** The Cookie header this browser sends (for a request made outside `send`, the live stream). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** Sends one request; returns the reply or the kind of network error. */
  async send(
    method: "GET" | "POST",
    target: string,
    body?: Body,
  ): Promise<{ reply: Reply } | { error: string }> {
    const headers: Record<string, string> = {
      accept: "text/html,application/xhtml+xml",
      "accept-language": "ru",
      "user-agent": "fabricum-bench-load",
    };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let payload: string | URLSearchParams | FormData | undefined;
    if (method === "POST") {
      // As a browser does for every form post (the app refuses cross-site posts).
      headers.origin = this.base;
      if (body && "json" in body) {
        headers["content-type"] = "application/json";
        headers.accept = "application/json";
        payload = JSON.stringify(body.json);
      } else {
        payload = body as URLSearchParams | FormData | undefined;
      }
    }
    try {
      const response = await fetch(`${this.base}${target}`, {
        method,
        headers,
        body: payload,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      this.keepCookies(response.headers.getSetCookie());
      const text = await response.text();
      const location = response.headers.get("location");
      return {
        reply: {
          status: response.status,
          location: location ? pathOf(location, this.base) : null,
          body: text,
        },
      };
    } catch (error) {
      return { error: networkErrorKind(error) };
    }
  }

  private keepCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A Post/Redirect/Get answer to `path` (the app's acknowledgement of a saved form). */
function redirectsTo(reply: Reply | null, target: string): boolean {
  return (
    reply !== null &&
    (reply.status === 302 || reply.status === 303) &&
    (reply.location === target || reply.location?.startsWith(`${target}?`) === true)
  );
}

function pathOf(location: string, base: string): string {
  const url = new URL(location, base);
  return `${url.pathname}${url.search}`;
}

function networkErrorKind(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") {
      return `timeout > ${REQUEST_TIMEOUT_MS / 1000} s`;
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `network: ${cause?.code ?? cause?.message ?? error.message}`;
  }
  return `network: ${String(error)}`;
}

/** A failed list rendered as a 200 page (the tenders loader shows its alert instead of a 500). */
const DEGRADED_TEXTS = [m.tenders.loadFailed, m.products.loadFailed];

/**
 * Sends a request and records it. `ok` decides whether a reply is a success; anything else is an
 * error named after its status and, for a redirect, its target.
 */
async function measured(
  browser: Browser,
  label: string,
  method: "GET" | "POST",
  target: string,
  options: { body?: Body; ok?: (reply: Reply) => boolean; dbPage?: boolean; write?: boolean } = {},
): Promise<Reply | null> {
  const start = clock();
  const result = await browser.send(method, target, options.body);
  const end = clock();
  let verdict: string;
  if ("error" in result) {
    verdict = result.error;
  } else {
    const { reply } = result;
    const ok = options.ok ? options.ok(reply) : reply.status === 200;
    if (ok) verdict = "ok";
    else if (reply.status >= 300 && reply.status < 400) {
      verdict = `HTTP ${reply.status} → ${(reply.location ?? "?").split("?")[0]}`;
    } else verdict = `HTTP ${reply.status}`;
    if (
      verdict === "ok" &&
      method === "GET" &&
      DEGRADED_TEXTS.some((text) => reply.body.includes(text))
    ) {
      verdict = "HTTP 200 with a 'could not load' alert";
    }
  }
  record({
    label,
    start,
    end,
    verdict,
    write: options.write ?? false,
    dbPage: options.dbPage ?? false,
  });
  return "reply" in result ? result.reply : null;
}

// ------------------------------------------------------------------------------ what users see

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** Ids seen in pages (links to factories, tenders), shared by all users. */
class SeenIds {
  private readonly seen = new Set<string>();
  private readonly list: string[] = [];

  constructor(private readonly pattern: RegExp) {}

  collect(html: string): void {
    for (const match of html.matchAll(this.pattern)) {
      const id = match[1];
      if (!id || this.seen.has(id) || this.list.length >= 5000) continue;
      this.seen.add(id);
      this.list.push(id);
    }
  }

  get size(): number {
    return this.list.length;
  }

  first(): string | undefined {
    return this.list[0];
  }

  random(): string {
    return pick(this.list);
  }

  /** A random id not in `excluded`, or undefined when there is none. */
  randomOutside(excluded: ReadonlySet<string>): string | undefined {
    for (let i = 0; i < 20 && this.list.length > 0; i++) {
      const id = pick(this.list);
      if (!excluded.has(id)) return id;
    }
    return this.list.find((id) => !excluded.has(id));
  }
}

const factoryIds = new SeenIds(new RegExp(`href="/factor(?:y|ies)/(${UUID})"`, "g"));
const tenderIds = new SeenIds(new RegExp(`[?&](?:amp;)?tender=(${UUID})`, "g"));

const SEARCH_WORDS = [
  "платье",
  "куртка",
  "трикотаж",
  "футболка",
  "джинсы",
  "пальто",
  "рубашка",
  "спецодежда",
  "пошив",
  "худи",
  "Бишкек",
  "шелк",
];

function factoriesQuery(): string {
  const params = new URLSearchParams();
  if (chance(0.5)) params.set("category", pick(CATEGORY_SLUGS));
  if (chance(0.4)) {
    const country = pick(COUNTRIES);
    params.set("country", country.code);
    if (chance(0.5) && country.cities.length > 0) params.set("city", pick(country.cities).id);
  }
  if (chance(0.2)) params.set("q", pick(SEARCH_WORDS));
  if (chance(0.15)) params.set("page", String(randomInt(2, 3)));
  const query = params.toString();
  return query ? `/factories?${query}` : "/factories";
}

function tendersQuery(): string {
  const params = new URLSearchParams();
  if (chance(0.4)) params.set("gender", pick(TENDER_GENDERS));
  if (chance(0.3)) params.set("country", pick(COUNTRIES).code);
  if (chance(0.1)) {
    const country = pick(COUNTRIES);
    if (country.cities.length > 0) params.set("city", pick(country.cities).label.toLowerCase());
  }
  if (chance(0.2)) params.set("minQuantity", String(pick([50, 100, 300, 1000])));
  if (chance(0.15)) params.set("maxQuantity", String(pick([500, 2000, 10000])));
  if (chance(0.1)) params.set("page", "2");
  const query = params.toString();
  return query ? `/tenders?${query}` : "/tenders";
}

// ------------------------------------------------------------------------------ writes ledger

/** Quotes and messages are only created (their marker starts the quote's or message's text). */
type ItemKind = "tender" | "product" | "profile" | "quote" | "message";
const KINDS: readonly ItemKind[] = ["tender", "product", "profile", "quote", "message"];

interface WriteValue {
  /** Tender title, product name, or the profile's text (a buyer's "about me", a factory's description). */
  name: string;
  /** Tender quantity or product price (0 for a profile). */
  amount: number;
}

interface CreateAttempt {
  kind: ItemKind;
  marker: string;
  acked: boolean;
}

interface EditAttempt {
  value: WriteValue;
  acked: boolean;
}

interface Item {
  kind: ItemKind;
  marker: string;
  /** Learned from the owner's list (the create's redirect does not carry it); a profile's email. */
  id: string | null;
  /** What the form holds besides the edited fields (a browser sends it back unchanged). */
  fields: Record<string, string | string[]>;
  edits: EditAttempt[];
}

const runId = Date.now().toString(36);
const creates: CreateAttempt[] = [];
/** Every item a user tried to create, by marker (its title or name always starts with it). */
const items = new Map<string, Item>();
const MARKER = new RegExp(`^LD-${runId}-[tpqm]\\d+-\\d+`);

function toForm(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

function tenderFields(marker: string): Record<string, string | string[]> {
  const country = pick(COUNTRIES);
  return {
    title: marker,
    description: `Нагрузочный тест: заказ ${marker}. Пошив партии по техническому заданию.`,
    category: pick(TENDER_GENDERS),
    quantity: String(randomInt(50, 5000)),
    country: country.code,
    city: country.cities.length > 0 ? pick(country.cities).id : "",
    requirements: "Образец до запуска партии, маркировка и упаковка.",
    phone: `+996 555 ${randomInt(100, 999)} ${randomInt(100, 999)}`,
    budget: String(randomInt(500, 90_000)),
    currency: pick(CURRENCY_CODES),
  };
}

const garmentTypes = GARMENT_GROUPS.flatMap((group) => group.types.map((type) => type.slug));
const fabricSlugs = FABRIC_TREE.flatMap((category) => category.items.map((item) => item.slug));

function productFields(marker: string): Record<string, string | string[]> {
  return {
    name: marker,
    clothingType: pick(garmentTypes),
    price: (randomInt(100, 99_999) / 100).toFixed(2),
    currency: pick(CURRENCY_CODES),
    quantityProduced: String(randomInt(100, 100_000)),
    productionTime: `${randomInt(1, 8)} недель`,
    colors: [pick(COLOR_SUGGESTIONS), pick(COLOR_SUGGESTIONS)],
    materials: [pick(fabricSlugs)],
    description: `Нагрузочный тест: изделие ${marker}.`,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A factory's quote form as a person fills it in; the marker starts the cover message. */
function quoteFields(marker: string): Record<string, string> {
  const quantity = randomInt(50, 5000);
  const sample = chance(0.5);
  return {
    intent: "submit",
    unitPrice: (randomInt(100, 99_999) / 100).toFixed(2),
    currency: pick(CURRENCY_CODES),
    quantity: String(quantity),
    minOrder: chance(0.6) ? String(randomInt(10, quantity)) : "",
    leadTimeDays: String(randomInt(7, 120)),
    // An unticked checkbox is not sent at all.
    ...(sample ? { sampleAvailable: "on" } : {}),
    samplePrice: sample ? (randomInt(500, 20_000) / 100).toFixed(2) : "",
    sampleDays: sample ? String(randomInt(3, 30)) : "",
    validUntil: dateInputValue(new Date(Date.now() + randomInt(7, 180) * DAY_MS)),
    message: `${marker} Нагрузочный тест: готовы отшить партию по вашему заданию, образец по запросу.`,
  };
}

/** A conversation message as the composer sends it without JavaScript (multipart, intent=send). */
function messageFields(marker: string): Record<string, string> {
  return {
    intent: "send",
    body: `${marker} Здравствуйте! Уточните, пожалуйста, сроки, упаковку и условия оплаты.`,
  };
}

const QUOTE_LINK = new RegExp(`href="/quotes/(${UUID})"`, "g");

/** Conversation ids linked from a page (`/my-quotes`, `/my-tenders/:id`). */
function quoteLinks(html: string): string[] {
  return [...new Set([...html.matchAll(QUOTE_LINK)].map((match) => match[1] as string))];
}

/** `/my-quotes`: each own quote's card links its tender and its conversation. */
function quotesByTender(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const card of html.split('data-testid="own-quote"').slice(1)) {
    const tenderId = new RegExp(`href="/tenders/(${UUID})"`).exec(card)?.[1];
    const quoteId = quoteLinks(card)[0];
    if (tenderId && quoteId) found.set(tenderId, quoteId);
  }
  return found;
}

// ------------------------------------------------------------------------------ virtual users

type Role = "buyer" | "factory";

interface Account {
  index: number;
  role: Role;
  email: string;
  browser: Browser;
  /** The profile form as saved while preparing. */
  profile: Record<string, string | string[]>;
}

/** Where each kind is created and listed for its owner; the letter goes into its marker. */
const OWN = {
  tender: { list: "/my-tenders", create: "/place-tender", letter: "t" },
  product: { list: "/factory-products", create: "/factory-products", letter: "p" },
} as const;

/** Edit links on an owner's list: `<a href="…?edit=ID" aria-label="…: TITLE">`. */
function learnIds(html: string): void {
  for (const tag of html.matchAll(/<a\b[^>]*>/g)) {
    const id = new RegExp(`[?&](?:amp;)?edit=(${UUID})`).exec(tag[0])?.[1];
    const label = /aria-label="[^"]*?: ([^"]*)"/.exec(tag[0])?.[1];
    const marker = label ? MARKER.exec(label)?.[0] : undefined;
    const item = marker ? items.get(marker) : undefined;
    if (id && item && !item.id) item.id = id;
  }
}

class VirtualUser {
  private serial = 0;
  private readonly own: Item[] = [];
  /** Tenders this factory has sent a quote on (acknowledged or not): never quoted twice. */
  private readonly quoted = new Set<string>();
  /** Conversations (quote ids) this user is a party to, as learned from its pages. */
  private readonly conversations = new Set<string>();

  constructor(private readonly account: Account) {}

  /** What this user creates and edits. */
  private get kind(): keyof typeof OWN {
    return this.account.role === "buyer" ? "tender" : "product";
  }

  async run(until: number): Promise<void> {
    await sleep(Math.random() * Math.max(settings.thinkMs, 200));
    while (clock() < until && !interrupted()) {
      await this.step();
      if (settings.thinkMs > 0) await sleep(Math.random() * 2 * settings.thinkMs);
    }
  }

  private async step(): Promise<void> {
    const { browser } = this.account;
    if (!browser.signedIn) {
      await this.signIn();
      return;
    }
    // Steps: 28% directory, 18% factory page, 17% tenders list, 7% tender details (70% reads);
    // 5% profile save and 25% writes of the role (30% writes): a buyer 10% tender create, 9%
    // tender edit, 6% message; a factory 7% product create, 6% product edit, 6% quote, 6% message.
    const r = Math.random();
    if (r < 0.28) {
      const reply = await measured(browser, "GET /factories", "GET", factoriesQuery(), {
        dbPage: true,
      });
      if (reply?.status === 200) factoryIds.collect(reply.body);
    } else if (r < 0.46 && factoryIds.size > 0) {
      await measured(browser, "GET /factory/:id", "GET", `/factory/${factoryIds.random()}`, {
        dbPage: true,
      });
    } else if (r < 0.63) {
      const reply = await measured(browser, "GET /tenders", "GET", tendersQuery(), {
        dbPage: true,
      });
      if (reply?.status === 200) tenderIds.collect(reply.body);
    } else if (r < 0.7 && tenderIds.size > 0) {
      await measured(
        browser,
        "GET /tenders?tender=",
        "GET",
        `/tenders?tender=${tenderIds.random()}`,
        {
          dbPage: true,
        },
      );
    } else if (r < 0.75) {
      await this.saveProfile();
    } else if (this.account.role === "buyer") {
      if (r < 0.85) await this.create();
      else if (r < 0.94) await this.edit();
      else await this.buyerMessage();
    } else {
      if (r < 0.82) await this.create();
      else if (r < 0.88) await this.edit();
      else if (r < 0.94) await this.quote();
      else await this.factoryMessage();
    }
  }

  /**
   * A factory's quote on a tender from the lists that it has not quoted yet: the form page first,
   * then the form (multipart, as the page's form with its file input is sent). Acknowledged = the
   * redirect to /my-quotes, which the browser follows (and learns the conversation's id there).
   */
  private async quote(): Promise<void> {
    const { browser } = this.account;
    const tenderId = tenderIds.randomOutside(this.quoted);
    if (!tenderId) {
      // Every listed tender is quoted already: look for more.
      const reply = await measured(browser, "GET /tenders", "GET", tendersQuery(), {
        dbPage: true,
      });
      if (reply?.status === 200) tenderIds.collect(reply.body);
      return;
    }
    const target = `/tenders/${tenderId}/quote`;
    const form = await measured(browser, "GET /tenders/:id/quote", "GET", target);
    // No form on the page (a closed tender shows why instead): a person does not send anything.
    if (form?.status !== 200 || !form.body.includes('value="submit"')) {
      if (form?.status === 200) this.quoted.add(tenderId);
      return;
    }
    this.quoted.add(tenderId);
    const attempt = this.attempt("quote", "q");
    const reply = await measured(browser, "POST /tenders/:id/quote", "POST", target, {
      body: toForm(quoteFields(attempt.marker)),
      ok: (r) => redirectsTo(r, "/my-quotes"),
      write: true,
    });
    attempt.acked = redirectsTo(reply, "/my-quotes");
    if (attempt.acked && reply?.location) {
      const list = await measured(browser, "GET /my-quotes", "GET", reply.location);
      if (list?.status === 200) for (const id of quoteLinks(list.body)) this.conversations.add(id);
    }
  }

  /** A factory writes in one of its quotes' conversations; without one yet, it sends a quote. */
  private async factoryMessage(): Promise<void> {
    if (this.conversations.size === 0) return this.quote();
    await this.sendMessage(pick([...this.conversations]));
  }

  /**
   * A buyer opens one of its tenders' quotes (`/my-tenders/:id`, which links each quote's
   * conversation) and writes in one of them; without a tender yet, it places one.
   */
  private async buyerMessage(): Promise<void> {
    const tenders = this.own.filter((item) => item.kind === "tender" && item.id !== null);
    if (tenders.length === 0) return this.create();
    const tenderId = pick(tenders).id as string;
    const page = await measured(
      this.account.browser,
      "GET /my-tenders/:id",
      "GET",
      `/my-tenders/${tenderId}`,
    );
    const here = page?.status === 200 ? quoteLinks(page.body) : [];
    for (const id of here) this.conversations.add(id);
    // This tender's quotes first; else an older conversation; else nothing to answer yet.
    const known = [...this.conversations];
    const quoteId = here.length > 0 ? pick(here) : known.length > 0 ? pick(known) : undefined;
    if (quoteId) await this.sendMessage(quoteId);
  }

  /**
   * Opens the conversation, sends a message (multipart, intent=send) and follows the redirect
   * back to it. Acknowledged = the redirect to `/quotes/:id` (at `#latest`).
   */
  private async sendMessage(quoteId: string): Promise<void> {
    const { browser } = this.account;
    const target = `/quotes/${quoteId}`;
    const page = await measured(browser, "GET /quotes/:id", "GET", target);
    if (page?.status !== 200) return;
    const attempt = this.attempt("message", "m");
    const reply = await measured(browser, "POST /quotes/:id (send)", "POST", target, {
      body: toForm(messageFields(attempt.marker)),
      ok: (r) => redirectsTo(r, target),
      write: true,
    });
    attempt.acked = redirectsTo(reply, target);
    if (attempt.acked && reply?.location) {
      await measured(browser, "GET /quotes/:id", "GET", reply.location);
    }
  }

  private async signIn(): Promise<void> {
    await measured(
      this.account.browser,
      "POST /api/auth/sign-in/email",
      "POST",
      "/api/auth/sign-in/email",
      {
        body: { json: { email: this.account.email, password: PASSWORD } },
      },
    );
  }

  /** After an acknowledged write the browser follows the redirect to the owner's list. */
  private async followToList(location: string): Promise<void> {
    const own = OWN[this.kind];
    const reply = await measured(this.account.browser, `GET ${own.list}`, "GET", location);
    if (reply?.status === 200) learnIds(reply.body);
  }

  /** A saved tender or product: the action redirects to the owner's list. */
  private acknowledged(reply: Reply | null): boolean {
    return redirectsTo(reply, OWN[this.kind].list);
  }

  /**
   * A new item about to be sent, counted as not (yet) acknowledged. Its marker names the run, the
   * kind (`letter`), this user and a serial: LD-{run}-q3-12.
   */
  private attempt(kind: ItemKind, letter: string): CreateAttempt {
    this.serial += 1;
    const marker = `LD-${runId}-${letter}${this.account.index}-${this.serial}`;
    const attempt: CreateAttempt = { kind, marker, acked: false };
    creates.push(attempt);
    return attempt;
  }

  private async create(): Promise<void> {
    const own = OWN[this.kind];
    const attempt = this.attempt(this.kind, own.letter);
    const { marker } = attempt;
    const fields = this.kind === "tender" ? tenderFields(marker) : productFields(marker);
    const item: Item = { kind: this.kind, marker, id: null, fields, edits: [] };
    items.set(marker, item);
    this.own.push(item);
    const reply = await measured(
      this.account.browser,
      `POST ${own.create} (create)`,
      "POST",
      own.create,
      {
        // The tender dialog and the product form name what they do.
        body: toForm({ ...fields, intent: this.kind === "tender" ? "create" : "save" }),
        ok: (r) => this.acknowledged(r),
        write: true,
      },
    );
    attempt.acked = this.acknowledged(reply);
    if (attempt.acked && reply?.location) await this.followToList(reply.location);
  }

  /**
   * Saves the profile form with a new text (a factory's save is a transaction over the profile
   * and the factory). Opens the form first, as a person does.
   */
  private async saveProfile(): Promise<void> {
    const { browser, email, role, index, profile } = this.account;
    let item = items.get(`profile:${index}`);
    if (!item) {
      item = {
        kind: "profile",
        marker: `LD-${runId}-u${index}`,
        id: email,
        fields: profile,
        edits: [],
      };
      items.set(`profile:${index}`, item);
    }
    const form = await measured(browser, "GET /profile", "GET", "/profile");
    if (form?.status !== 200) return;
    const value: WriteValue = { name: `${item.marker} s${item.edits.length + 1}`, amount: 0 };
    const textField = role === "buyer" ? "aboutMe" : "description";
    const attempt: EditAttempt = { value, acked: false };
    item.edits.push(attempt);
    const fields = { ...item.fields, intent: "save", [textField]: value.name };
    const reply = await measured(browser, "POST /profile (save)", "POST", "/profile", {
      body: toForm(fields),
      ok: (r) => redirectsTo(r, "/profile"),
      write: true,
    });
    attempt.acked = redirectsTo(reply, "/profile");
  }

  private async edit(): Promise<void> {
    const own = OWN[this.kind];
    const known = this.own.filter((item) => item.id !== null);
    if (known.length === 0) {
      // Nothing to edit yet (or its id is unknown): the list page shows the ids.
      if (this.own.length === 0) return this.create();
      const reply = await measured(this.account.browser, `GET ${own.list}`, "GET", own.list);
      if (reply?.status === 200) learnIds(reply.body);
      return;
    }
    const item = pick(known);
    const id = item.id as string;
    const editPage = `${own.list}?edit=${id}`;
    // The edit form is a page of its own (works without JavaScript).
    const form = await measured(this.account.browser, `GET ${own.list}?edit=`, "GET", editPage);
    if (form?.status !== 200) return;
    // A new title (name) and quantity (price); the rest of the form is sent back unchanged.
    const name = `${item.marker} e${item.edits.length + 1}`;
    const tender = this.kind === "tender";
    const value: WriteValue = {
      name,
      amount: tender ? randomInt(50, 5000) : randomInt(100, 99_999) / 100,
    };
    // As the edit forms send them (an action without a known intent answers 400).
    const fields = tender
      ? {
          ...item.fields,
          intent: "save",
          tenderId: id,
          title: name,
          quantity: String(value.amount),
        }
      : { ...item.fields, intent: "save", productId: id, name, price: value.amount.toFixed(2) };
    const attempt: EditAttempt = { value, acked: false };
    item.edits.push(attempt);
    const reply = await measured(
      this.account.browser,
      `POST ${own.list} (edit)`,
      "POST",
      editPage,
      {
        body: toForm(fields),
        ok: (r) => this.acknowledged(r),
        write: true,
      },
    );
    attempt.acked = this.acknowledged(reply);
    if (attempt.acked && reply?.location) await this.followToList(reply.location);
  }
}

// ------------------------------------------------------------------------------ preparation

async function mapLimit<T>(list: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < list.length && !interrupted()) {
      const item = list[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}

/** Signs up through /register (as the form does) and, for a factory, saves its profile. */
async function prepareAccount(account: Account): Promise<void> {
  const { browser, role, email, index } = account;
  const name = role === "buyer" ? `Покупатель ${index}` : `Фабрика нагрузки ${index}`;
  for (let attempt = 1; ; attempt++) {
    const form = new URLSearchParams({
      name,
      userType: role,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const result = await browser.send("POST", "/register", form);
    if ("reply" in result && result.reply.status === 302 && browser.signedIn) break;
    if (attempt >= 3) {
      const why = "error" in result ? result.error : `HTTP ${result.reply.status}`;
      throw new Error(`регистрация / sign-up of ${email} failed: ${why}`);
    }
    await sleep(500);
  }
  if (role !== "factory") {
    account.profile = { name, phone: `+996 555 ${randomInt(100, 999)} ${randomInt(100, 999)}` };
    return;
  }
  const country = pick(COUNTRIES);
  account.profile = {
    name,
    country: country.code,
    city: country.cities[0]?.id ?? "",
    description: `Швейное производство для нагрузочного теста, фабрика ${index}.`,
    phone: `+996 555 ${randomInt(100, 999)} ${randomInt(100, 999)}`,
    categories: [pick(CATEGORY_SLUGS)],
  };
  const result = await browser.send(
    "POST",
    "/profile",
    toForm({ ...account.profile, intent: "save" }),
  );
  if (!("reply" in result) || result.reply.location !== "/profile") {
    const why = "error" in result ? result.error : `HTTP ${result.reply.status}`;
    throw new Error(`профиль фабрики / factory profile of ${email} failed: ${why}`);
  }
}

async function prepare(base: string): Promise<Account[]> {
  const visitor = new Browser(base);
  for (const target of ["/factories", "/factories?page=2", "/factories?page=3", "/tenders"]) {
    const result = await visitor.send("GET", target);
    if ("reply" in result && result.reply.status === 200) {
      factoryIds.collect(result.reply.body);
      tenderIds.collect(result.reply.body);
    }
  }
  const accounts: Account[] = Array.from({ length: settings.users }, (_, index) => ({
    index,
    role: index % 2 === 0 ? "buyer" : "factory",
    email: `load-${runId}-${index}@example.com`,
    browser: new Browser(base),
    profile: {},
  }));
  await mapLimit(accounts, SETUP_CONCURRENCY, prepareAccount);
  return accounts;
}

// ------------------------------------------------------------------------------ live probe

/** How often the probe factory writes in the probe conversation (through process A). */
const PROBE_INTERVAL_MS = 2000;
/** How long B's reader waits for the `ready` of its first stream. */
const PROBE_READY_MS = 15_000;
/** After the load: how long to wait for B's event about the last probe message. */
const PROBE_DRAIN_MS = 5000;

interface SeenEvent {
  at: number;
  /** The SSE event's name: ready, live, resync. */
  name: string;
  data: { kind?: unknown; quoteId?: unknown } | null;
}

/**
 * What a browser's EventSource does, without the browser: one request to `/live` at a time, each
 * event recorded with its arrival time; when the stream ends or breaks, a new request after the
 * stream's `retry:` (3 s). A browser gives up after a refused request (not 200); this reader
 * tries again after the same pause, and every request's outcome is kept, so the report says it.
 */
class LiveReader {
  readonly events: SeenEvent[] = [];
  /** Every request to /live: when it was answered, and its status or network error. */
  readonly requests: { at: number; outcome: string }[] = [];
  /** Streams that ended while the reader was running: when, and how. */
  readonly ends: { at: number; why: string }[] = [];
  open = false;
  private retryMs = 3000;
  private stopped = false;
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {}

  start(): void {
    this.loop = (async () => {
      while (!this.stopped) {
        await this.stream();
        if (this.stopped) break;
        await Promise.race([
          sleep(this.retryMs),
          new Promise((resolve) => this.abort.signal.addEventListener("abort", resolve)),
        ]);
      }
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.loop?.catch(() => {});
  }

  /** Waits for a `ready` event (the process LISTENs); false after `timeoutMs`. */
  async ready(timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (this.events.some((event) => event.name === "ready")) return true;
      await sleep(100);
    }
    return false;
  }

  private async stream(): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/live`, {
        headers: {
          accept: "text/event-stream",
          "cache-control": "no-cache",
          cookie: this.cookie,
          "user-agent": "fabricum-bench-load (live probe)",
        },
        signal: this.abort.signal,
      });
    } catch (error) {
      if (!this.stopped) this.requests.push({ at: clock(), outcome: networkErrorKind(error) });
      return;
    }
    this.requests.push({ at: clock(), outcome: `HTTP ${response.status}` });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => {});
      return;
    }
    this.open = true;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
      if (!this.stopped) this.ends.push({ at: clock(), why: "ended by the server" });
    } catch (error) {
      if (!this.stopped) this.ends.push({ at: clock(), why: networkErrorKind(error) });
    } finally {
      this.open = false;
    }
  }

  /** One block of the stream: `event:`, `data:` and `retry:` lines; comments are heartbeats. */
  private take(block: string): void {
    let name = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "event") name = value;
      else if (field === "data") data.push(value);
      else if (field === "retry" && /^\d+$/.test(value)) this.retryMs = Number(value);
    }
    if (data.length === 0) return;
    let parsed: SeenEvent["data"] = null;
    try {
      parsed = JSON.parse(data.join("\n")) as SeenEvent["data"];
    } catch {
      // not JSON: kept without data
    }
    this.events.push({ at: clock(), name, data: parsed });
  }
}

interface ProbeMessage {
  marker: string;
  sentAt: number;
  answeredAt: number;
  acked: boolean;
  /** Arrival of the event on B matched to this message, if any. */
  eventAt: number | null;
}

interface Probe {
  buyer: Account;
  factory: Account;
  tenderId: string;
  quoteId: string;
  messages: ProbeMessage[];
}

function describe(result: { reply: Reply } | { error: string }): string {
  if ("error" in result) return result.error;
  const { status, location } = result.reply;
  return location ? `HTTP ${status} → ${location}` : `HTTP ${status}`;
}

/**
 * Through process A: a probe buyer places a tender and a probe factory quotes it, as the other
 * users do (their tender and quote are checked for durability like every other write).
 */
async function prepareProbe(base: string): Promise<Probe> {
  const account = (index: number, role: Role): Account => ({
    index,
    role,
    email: `load-${runId}-${index}@example.com`,
    browser: new Browser(base),
    profile: {},
  });
  const buyer = account(settings.users, "buyer");
  const factory = account(settings.users + 1, "factory");
  await prepareAccount(buyer);
  await prepareAccount(factory);

  const tenderMarker = `LD-${runId}-t${buyer.index}-1`;
  const fields = tenderFields(tenderMarker);
  const tender: Item = { kind: "tender", marker: tenderMarker, id: null, fields, edits: [] };
  items.set(tenderMarker, tender);
  const placing: CreateAttempt = { kind: "tender", marker: tenderMarker, acked: false };
  creates.push(placing);
  const placed = await buyer.browser.send("POST", "/place-tender", toForm(fields));
  placing.acked = "reply" in placed && redirectsTo(placed.reply, "/my-tenders");
  if (!placing.acked) throw new Error(`probe: placing the tender failed: ${describe(placed)}`);
  const list = await buyer.browser.send("GET", "/my-tenders");
  if ("reply" in list) learnIds(list.reply.body);
  const tenderId = tender.id;
  if (!tenderId) throw new Error("probe: the tender's id is not on /my-tenders");

  const target = `/tenders/${tenderId}/quote`;
  const form = await factory.browser.send("GET", target);
  if (
    !("reply" in form) ||
    form.reply.status !== 200 ||
    !form.reply.body.includes('value="submit"')
  ) {
    throw new Error(`probe: no quote form at ${target}: ${describe(form)}`);
  }
  const quoteMarker = `LD-${runId}-q${factory.index}-1`;
  const quoting: CreateAttempt = { kind: "quote", marker: quoteMarker, acked: false };
  creates.push(quoting);
  const sent = await factory.browser.send("POST", target, toForm(quoteFields(quoteMarker)));
  quoting.acked = "reply" in sent && redirectsTo(sent.reply, "/my-quotes");
  if (!quoting.acked) throw new Error(`probe: sending the quote failed: ${describe(sent)}`);
  const mine = await factory.browser.send("GET", "/my-quotes");
  const quoteId = "reply" in mine ? quotesByTender(mine.reply.body).get(tenderId) : undefined;
  if (!quoteId) throw new Error("probe: the quote's conversation is not on /my-quotes");
  return { buyer, factory, tenderId, quoteId, messages: [] };
}

/** Every PROBE_INTERVAL_MS until `until`: one message from the probe factory through A. */
async function runProbe(probe: Probe, until: number): Promise<void> {
  const target = `/quotes/${probe.quoteId}`;
  let serial = 1;
  let next = clock();
  while (clock() < until && !interrupted()) {
    serial += 1;
    const marker = `LD-${runId}-m${probe.factory.index}-${serial}`;
    const attempt: CreateAttempt = { kind: "message", marker, acked: false };
    creates.push(attempt);
    const message: ProbeMessage = {
      marker,
      sentAt: clock(),
      answeredAt: Number.NaN,
      acked: false,
      eventAt: null,
    };
    probe.messages.push(message);
    const result = await probe.factory.browser.send("POST", target, toForm(messageFields(marker)));
    message.answeredAt = clock();
    message.acked = "reply" in result && redirectsTo(result.reply, target);
    attempt.acked = message.acked;
    // A slow answer (the restart) skips the ticks it missed.
    next += PROBE_INTERVAL_MS;
    while (next <= clock()) next += PROBE_INTERVAL_MS;
    await sleep(next - clock());
  }
}

/** B's `live` events about the probe conversation's messages, in arrival order. */
function probeEvents(probe: Probe, reader: LiveReader): SeenEvent[] {
  return reader.events.filter(
    (event) =>
      event.name === "live" &&
      event.data?.kind === "message" &&
      event.data?.quoteId === probe.quoteId,
  );
}

/**
 * Matches B's events to the probe's messages: the messages go one at a time, so an event
 * belongs to the latest message sent before it arrived that has no event yet. Returns the
 * number of events that match no message.
 */
function matchProbe(probe: Probe, reader: LiveReader): number {
  let unmatched = 0;
  for (const event of probeEvents(probe, reader)) {
    const message = probe.messages.findLast((m) => m.sentAt <= event.at && m.eventAt === null);
    if (message) message.eventAt = event.at;
    else unmatched += 1;
  }
  return unmatched;
}

/** The probe's table and B's stream; returns whether B delivered anything after the recovery. */
function printProbe(
  probe: Probe,
  reader: LiveReader,
  unmatched: number,
  openAtEnd: boolean,
): boolean {
  const rows = [...PHASES, "total" as const].map((phase) => {
    const group = probe.messages.filter((m) => phase === "total" || phaseOf(m.sentAt) === phase);
    const acked = group.filter((m) => m.acked);
    const delivered = group.filter((m) => m.eventAt !== null);
    const seen = acked.filter((m) => m.eventAt !== null);
    const fromAck = seen.map((m) => (m.eventAt as number) - m.answeredAt).sort((a, b) => a - b);
    const fromPost = seen.map((m) => (m.eventAt as number) - m.sentAt).sort((a, b) => a - b);
    return [
      phase,
      String(group.length),
      String(acked.length),
      String(delivered.length),
      String(acked.filter((m) => m.eventAt === null).length),
      signedMs(percentile(fromAck, 0.5)),
      signedMs(percentile(fromAck, 0.95)),
      signedMs(fromAck.at(-1) ?? Number.NaN),
      signedMs(percentile(fromPost, 0.5)),
      signedMs(fromPost.at(-1) ?? Number.NaN),
    ];
  });
  console.log(
    table(
      [
        "phase (message sent)",
        "messages sent via A",
        "acknowledged by A",
        "events delivered by B",
        "acknowledged, lost on B",
        "ack→B p50 ms",
        "ack→B p95 ms",
        "ack→B max ms",
        "post→B p50 ms",
        "post→B max ms",
      ],
      rows,
    ),
  );
  console.log(
    "  ack→B: from A's acknowledgement (its redirect arriving) to B's event, negative when B's event came first (A answers after the commit that sends the NOTIFY); post→B: from sending the message to B's event.",
  );
  const forUnacked = probe.messages.filter((m) => !m.acked && m.eventAt !== null).length;
  if (forUnacked > 0) {
    console.log(
      `  ${forUnacked} events were for messages A did not acknowledge (written, but the answer failed).`,
    );
  }
  if (unmatched > 0) console.log(`  ${unmatched} events on B matched no probe message.`);
  const outcomes = new Map<string, number>();
  for (const request of reader.requests) {
    outcomes.set(request.outcome, (outcomes.get(request.outcome) ?? 0) + 1);
  }
  const ends = reader.ends.map((end) => `${at(end.at)} ${end.why}`);
  const resyncs = reader.events.filter((event) => event.name === "resync").map((e) => at(e.at));
  console.log(
    `  B's stream: ${reader.requests.length} request(s) to /live (${[...outcomes].map(([o, n]) => `${o} ×${n}`).join(", ")}); streams ended: ${ends.length > 0 ? ends.join(", ") : "none"}; resync events (B's listener back on PostgreSQL): ${resyncs.length > 0 ? resyncs.join(", ") : "none"}; open at the end: ${openAtEnd ? "yes" : "no"}.`,
  );
  const recovered = Number.isNaN(restart.recoveredAt) ? restart.backAt : restart.recoveredAt;
  const afterRecovery = probe.messages.filter((m) => m.eventAt !== null && m.eventAt >= recovered);
  const lostAcked = probe.messages.filter((m) => m.acked && m.eventAt === null);
  console.log(
    `  after the restart: ${afterRecovery.length > 0 ? `B delivered ${afterRecovery.length} events after the recovery, the first at ${at(afterRecovery[0]?.eventAt ?? Number.NaN)}` : "B DELIVERED NOTHING after the recovery"}; acknowledged messages without an event on B: ${lostAcked.length}${lostAcked.length > 0 ? ` (sent ${lostAcked.map((m) => at(m.sentAt)).join(", ")}; NOTIFY is not stored, so events sent while B's listener was away are lost)` : ""}.`,
  );
  return afterRecovery.length > 0;
}

// ------------------------------------------------------------------------------ durability

interface KindCheck {
  ackedCreates: number;
  ackedCreatesMissing: number;
  failedCreates: number;
  failedCreatesStored: number;
  ackedEdits: number;
  editedItems: number;
  ackedEditsMissing: number;
  supersededByUnacked: number;
  failedEdits: number;
  failedEditsStored: number;
}

interface DbRow {
  id: string;
  name: string;
  amount: number;
}

async function checkDurability(url: string): Promise<Record<ItemKind, KindCheck>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const like = `LD-${runId}-%`;
  /** Each kind's rows of this run: the SQL, and the pattern its marked text matches. */
  const queries: Record<ItemKind, [sql: string, pattern: string]> = {
    tender: ["select id, title as name, quantity as amount from tenders where title like $1", like],
    product: ["select id, name, price as amount from factory_products where name like $1", like],
    profile: [
      `select u.email as id, coalesce(f.description, p.about_me, '') as name, 0 as amount
         from users u
         join profiles p on p.id = u.id
         left join factories f on f.user_id = u.id
        where u.email like $1`,
      `load-${runId}-%`,
    ],
    quote: ["select id, message as name, 0 as amount from quotes where message like $1", like],
    message: ["select id, body as name, 0 as amount from quote_messages where body like $1", like],
  };
  const rows = {} as Record<ItemKind, DbRow[]>;
  try {
    for (const kind of KINDS) {
      const [sql, pattern] = queries[kind];
      rows[kind] = (await client.query<DbRow>(sql, [pattern])).rows;
    }
  } finally {
    await client.end();
  }
  const result = {} as Record<ItemKind, KindCheck>;
  for (const kind of KINDS) {
    const storedMarkers = new Set(rows[kind].map((row) => MARKER.exec(row.name)?.[0]));
    const byId = new Map(rows[kind].map((row) => [row.id, row]));
    const check: KindCheck = {
      ackedCreates: 0,
      ackedCreatesMissing: 0,
      failedCreates: 0,
      failedCreatesStored: 0,
      ackedEdits: 0,
      editedItems: 0,
      ackedEditsMissing: 0,
      supersededByUnacked: 0,
      failedEdits: 0,
      failedEditsStored: 0,
    };
    for (const attempt of creates.filter((c) => c.kind === kind)) {
      const stored = storedMarkers.has(attempt.marker);
      if (attempt.acked) {
        check.ackedCreates += 1;
        if (!stored) check.ackedCreatesMissing += 1;
      } else {
        check.failedCreates += 1;
        if (stored) check.failedCreatesStored += 1;
      }
    }
    const same = (row: DbRow | undefined, value: WriteValue) =>
      row !== undefined && row.name === value.name && Number(row.amount) === value.amount;
    for (const item of [...items.values()].filter((i) => i.kind === kind && i.edits.length > 0)) {
      const row = item.id ? byId.get(item.id) : undefined;
      check.ackedEdits += item.edits.filter((e) => e.acked).length;
      check.failedEdits += item.edits.filter((e) => !e.acked).length;
      check.failedEditsStored += item.edits.filter((e) => !e.acked && same(row, e.value)).length;
      const lastAcked = item.edits.findLastIndex((e) => e.acked);
      if (lastAcked < 0) continue;
      check.editedItems += 1;
      // Edits of one item are sent one after another by its owner: the database must hold the
      // last acknowledged value, or the value of a later edit that failed on the way back.
      if (same(row, (item.edits[lastAcked] as EditAttempt).value)) continue;
      if (item.edits.slice(lastAcked + 1).some((e) => same(row, e.value))) {
        check.supersededByUnacked += 1;
      } else {
        check.ackedEditsMissing += 1;
      }
    }
    result[kind] = check;
  }
  return result;
}

// ------------------------------------------------------------------------------ report

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function table(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (i < leftColumns ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : "-");
/** Milliseconds that may be negative, with a sign (never "-0"). */
const signedMs = (v: number) => (Number.isFinite(v) ? String(Math.round(v) || 0) : "-");
const at = (v: number) => (Number.isFinite(v) ? `+${(v / 1000).toFixed(1)} s` : "-");

function statsRow(name: string, window: string, span: number, group: Sample[]): string[] {
  const latencies = group.map((s) => s.end - s.start).sort((a, b) => a - b);
  const errors = group.filter((s) => s.verdict !== "ok").length;
  const writes = group.filter((s) => s.write);
  return [
    name,
    window,
    String(group.length),
    span > 0 ? (group.length / (span / 1000)).toFixed(1) : "-",
    ms(percentile(latencies, 0.5)),
    ms(percentile(latencies, 0.95)),
    ms(percentile(latencies, 0.99)),
    String(errors),
    group.length > 0 ? `${((errors / group.length) * 100).toFixed(1)}%` : "-",
    String(writes.filter((s) => s.verdict === "ok").length),
    String(writes.filter((s) => s.verdict !== "ok").length),
  ];
}

function printLoadTables(runEnd: number): void {
  const byPhase = (phase: Phase) => samples.filter((s) => phaseOf(s.end) === phase);
  const bounds: Record<Phase, [number, number]> = {
    before: [0, Math.min(restart.issuedAt, runEnd)],
    during: [restart.issuedAt, Number.isNaN(restart.recoveredAt) ? runEnd : restart.recoveredAt],
    after: [Number.isNaN(restart.recoveredAt) ? runEnd : restart.recoveredAt, runEnd],
  };
  const rows = PHASES.map((phase) => {
    const [from, to] = bounds[phase];
    return statsRow(phase, `${at(from)} … ${at(to)}`, to - from, byPhase(phase));
  });
  rows.push(statsRow("total", `${at(0)} … ${at(runEnd)}`, runEnd, samples));
  console.log(
    table(
      [
        "phase",
        "window",
        "requests",
        "req/s",
        "p50 ms",
        "p95 ms",
        "p99 ms",
        "errors",
        "error %",
        "writes acked",
        "writes failed",
      ],
      rows,
      2,
    ),
  );

  const kinds = [...new Set(samples.filter((s) => s.verdict !== "ok").map((s) => s.verdict))];
  if (kinds.length > 0) {
    console.log("\nОшибки по видам / errors by kind:\n");
    const count = (kind: string, phase?: Phase) =>
      samples.filter((s) => s.verdict === kind && (!phase || phaseOf(s.end) === phase)).length;
    console.log(
      table(
        ["error", ...PHASES, "total"],
        kinds
          .sort((a, b) => count(b) - count(a))
          .map((kind) => [
            kind,
            ...PHASES.map((phase) => String(count(kind, phase))),
            String(count(kind)),
          ]),
      ),
    );
  }

  console.log("\nПо видам запросов (весь прогон) / by request (whole run):\n");
  const labels = [...new Set(samples.map((s) => s.label))].sort();
  console.log(
    table(
      ["request", "count", "p50 ms", "p95 ms", "p99 ms", "errors"],
      labels.map((label) => {
        const group = samples.filter((s) => s.label === label);
        const latencies = group.map((s) => s.end - s.start).sort((a, b) => a - b);
        return [
          label,
          String(group.length),
          ms(percentile(latencies, 0.5)),
          ms(percentile(latencies, 0.95)),
          ms(percentile(latencies, 0.99)),
          String(group.filter((s) => s.verdict !== "ok").length),
        ];
      }),
    ),
  );
}

function printDurability(check: Record<ItemKind, KindCheck>): number {
  const rows: [string, keyof KindCheck][] = [
    ["acknowledged creates", "ackedCreates"],
    ["  missing from the database", "ackedCreatesMissing"],
    ["failed creates (not acknowledged)", "failedCreates"],
    ["  stored anyway", "failedCreatesStored"],
    ["acknowledged edits (profiles: saves)", "ackedEdits"],
    ["  items whose last acknowledged edit is checked", "editedItems"],
    ["  last acknowledged value missing", "ackedEditsMissing"],
    ["  replaced by a later unacknowledged edit", "supersededByUnacked"],
    ["failed edits (not acknowledged)", "failedEdits"],
    ["  stored anyway (final value)", "failedEditsStored"],
  ];
  const missing = (kind: ItemKind) =>
    check[kind].ackedCreatesMissing + check[kind].ackedEditsMissing;
  const line = (label: string, value: (kind: ItemKind) => number) => [
    label,
    ...KINDS.map((kind) => String(value(kind))),
    String(KINDS.reduce((sum, kind) => sum + value(kind), 0)),
  ];
  const body = rows.map(([label, key]) => line(label, (kind) => check[kind][key]));
  body.push(line("ACKNOWLEDGED BUT MISSING", missing));
  console.log(
    table(["writes", "tenders", "products", "profiles", "quotes", "messages", "total"], body),
  );
  return KINDS.reduce((sum, kind) => sum + missing(kind), 0);
}

/** Error lines of the app's stderr by phase, and the most frequent first lines. */
function printAppErrors(app: AppServer, name = "приложения / app"): number {
  const errorLines = app.errLines.filter((line) => /error/i.test(line.text));
  const perPhase = PHASES.map(
    (phase) => `${phase} ${errorLines.filter((l) => phaseOf(l.at) === phase).length}`,
  ).join(", ");
  console.log(
    `Журнал ошибок ${name} stderr: ${app.errLines.length} строк / lines, ${errorLines.length} с "error" / mention errors (${perPhase}).`,
  );
  const heads = new Map<string, number>();
  for (const line of app.errLines) {
    if (/^\s/.test(line.text) || !/error|fail|lost/i.test(line.text)) continue;
    const key = line.text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing colour codes is the point
      .replace(/\u001b\[[0-9;]*m/g, "")
      .replace(new RegExp(UUID, "g"), "<id>")
      .replace(/\d+/g, "N")
      .slice(0, 150);
    heads.set(key, (heads.get(key) ?? 0) + 1);
  }
  const lost = app.errLines.filter((line) => line.text.includes("[db] connection lost")).length;
  console.log(
    `  соединений с базой потеряно / database connections lost: ${lost}; частые сообщения / most frequent messages:`,
  );
  const top = [...heads].sort((a, b) => b[1] - a[1]).slice(0, 8);
  for (const [text, count] of top) console.log(`  ${String(count).padStart(5)} × ${text}`);
  return errorLines.length;
}

// ------------------------------------------------------------------------------ cleanup

let cluster: BenchCluster | undefined;
let app: AppServer | undefined;
let appB: AppServer | undefined;
let liveReader: LiveReader | undefined;
let appFolder: string | undefined;
let keepLogs = false;

async function cleanup(): Promise<void> {
  await liveReader?.stop();
  await appB?.stop();
  await app?.stop();
  await cluster?.stop().catch(() => {});
  cluster?.remove();
  if (appFolder && !keepLogs) rmSync(appFolder, { recursive: true, force: true });
}

// Last resort: never leave the app or the cluster running.
const { interrupted, runMain } = stopOnSignals(cleanup, () => {
  appB?.killSync();
  app?.killSync();
  cluster?.stopSync();
  cluster?.remove();
});

// ------------------------------------------------------------------------------ main

async function main(): Promise<number> {
  const bin = postgresBin();
  const pgPort = await freePort(settings.pgPort);
  const appPort = await freePort(settings.port);
  const appPortB = await freePort(settings.portB === appPort ? appPort + 1 : settings.portB);
  console.log(
    `Свой кластер PostgreSQL / own PostgreSQL cluster: ${bin}, ${HOST}:${pgPort} (общий сервер на 5432 не трогаем / the shared server on 5432 is not touched)`,
  );
  cluster = new BenchCluster(bin, pgPort);
  await cluster.create();
  await cluster.start();
  console.log(`  ${cluster.dataDir}`);

  appFolder = mkdtempSync(path.join(os.tmpdir(), "fabricum-load-app-"));
  app = new AppServer(appPort, appFolder);
  console.log(`Запуск приложения / starting the app: ${app.baseUrl} (BUILD_DIR=build-bench)`);
  app.start(cluster.url);
  await app.waitUntilServing();
  console.log(`  pid ${app.pid}, журналы / logs: ${appFolder}`);

  const folderB = path.join(appFolder, "process-b");
  mkdirSync(folderB);
  appB = new AppServer(appPortB, folderB);
  console.log(
    `Запуск процесса B (живые обновления) / starting process B (live updates): ${appB.baseUrl}, та же сборка и база / same build and database`,
  );
  await sameBuild(async () => {
    (appB as AppServer).start(cluster?.url ?? "");
    await (appB as AppServer).waitUntilServing();
  });
  console.log(`  pid ${appB.pid}, журналы / logs: ${folderB}`);

  const preparing = performance.now();
  console.log(
    `Подготовка / preparing: ${settings.users} аккаунтов через /register и /profile / accounts through the forms...`,
  );
  const accounts = await prepare(app.baseUrl);
  if (interrupted()) return 130;
  console.log(
    `  ${accounts.filter((a) => a.role === "buyer").length} покупателей / buyers, ${accounts.filter((a) => a.role === "factory").length} фабрик / factories за / in ${seconds(performance.now() - preparing)}; ${factoryIds.size} фабрик и / factories and ${tenderIds.size} тендеров в списках / tenders listed`,
  );
  const probe = await prepareProbe(app.baseUrl);
  const buyerOnB = new Browser(appB.baseUrl);
  const signIn = await buyerOnB.send("POST", "/api/auth/sign-in/email", {
    json: { email: probe.buyer.email, password: PASSWORD },
  });
  if (!buyerOnB.signedIn) {
    throw new Error(`probe: signing in on process B failed: ${describe(signIn)}`);
  }
  liveReader = new LiveReader(appB.baseUrl, buyerOnB.cookieHeader());
  liveReader.start();
  if (!(await liveReader.ready(PROBE_READY_MS))) {
    throw new Error(
      `probe: no 'ready' from process B's /live within ${PROBE_READY_MS / 1000} s (${liveReader.requests.map((r) => r.outcome).join(", ") || "no answer"})`,
    );
  }
  console.log(
    `  зонд / probe: покупатель / buyer ${probe.buyer.email} слушает / listens on B ${appB.baseUrl}/live; фабрика / factory ${probe.factory.email} пишет через A каждые / writes through A every ${PROBE_INTERVAL_MS / 1000} s в / in /quotes/${probe.quoteId}`,
  );

  const durationMs = settings.duration * 1000;
  console.log(
    `\nНагрузка / load: ${settings.users} пользователей / users × ${settings.duration} s, пауза / think time 0–${2 * settings.thinkMs} ms; перезапуск PostgreSQL (-m ${settings.restartMode}) на / restart at ${settings.restartAt} s`,
  );
  loadStart = performance.now();
  const appPid = app.pid;
  const appPidB = appB.pid;
  const users = accounts.map((account) => new VirtualUser(account).run(durationMs));
  const prober = runProbe(probe, durationMs);
  const restarter = (async () => {
    await sleep(settings.restartAt * 1000);
    if (interrupted()) return;
    restart.issuedAt = clock();
    console.log(`  ${at(restart.issuedAt)}: pg_ctl restart -m ${settings.restartMode}`);
    const result = await (cluster as BenchCluster).restart(settings.restartMode);
    restart.backAt = clock();
    restart.code = result.code;
    restart.output = result.output.trim();
    console.log(
      `  ${at(restart.backAt)}: PostgreSQL ${result.code === 0 ? "снова принимает соединения / accepts connections again" : `pg_ctl code ${result.code}`}`,
    );
  })();
  const ticker = setInterval(() => {
    const done = samples.filter((s) => s.end > clock() - 5000);
    const errors = done.filter((s) => s.verdict !== "ok").length;
    console.log(
      `  ${at(clock())}: ${(done.length / 5).toFixed(0)} req/s, ${errors} ошибок за 5 с / errors in 5 s${app?.alive() ? "" : " — ПРИЛОЖЕНИЕ УПАЛО / APP EXITED"}`,
    );
  }, 5000);
  await Promise.all([...users, restarter, prober]);
  clearInterval(ticker);
  const runEnd = clock();
  if (interrupted()) return 130;

  // B's event about the last probe message may still be on its way.
  const lastProbe = probe.messages.at(-1);
  const drainUntil = clock() + PROBE_DRAIN_MS;
  while (
    lastProbe &&
    clock() < drainUntil &&
    !probeEvents(probe, liveReader).some((event) => event.at >= lastProbe.sentAt)
  ) {
    await sleep(100);
  }

  // After the run: the same process still serves pages from the database.
  const visitor = new Browser(app.baseUrl);
  const finalChecks: string[] = [];
  for (const target of ["/factories", "/tenders", `/factory/${factoryIds.first() ?? ""}`]) {
    const result = await visitor.send("GET", target);
    const status = "reply" in result ? String(result.reply.status) : result.error;
    finalChecks.push(`${target.replace(new RegExp(UUID), ":id")} ${status}`);
  }
  const servesAfter = finalChecks.every((line) => line.endsWith(" 200"));
  const survived = app.alive() && app.pid === appPid;
  // Process B at the end: alive, still serving pages from the database, its stream still open.
  const visitorB = new Browser(appB.baseUrl);
  const checkB = describe(await visitorB.send("GET", "/tenders"));
  const aliveB = appB.alive() && appB.pid === appPidB;
  const streamOpenAtEnd = liveReader.open;
  await liveReader.stop();
  await appB.stop();
  await app.stop();

  const durability = await checkDurability(cluster.url);

  console.log(
    `\n## bench:load — ${settings.users} users, ${settings.duration} s, PostgreSQL restart (-m ${settings.restartMode}) at ${settings.restartAt} s\n`,
  );
  printLoadTables(runEnd);
  console.log("\nСохранность записей / durability of acknowledged writes:\n");
  const missing = printDurability(durability);

  const recovery = restart.recoveredAt - restart.issuedAt;
  const failures = samples.filter((s) => s.verdict !== "ok" && s.end >= restart.issuedAt);
  console.log("\nПерезапуск / restart:");
  console.log(
    `  issued ${at(restart.issuedAt)}; PostgreSQL accepting connections again ${at(restart.backAt)} (${seconds(restart.backAt - restart.issuedAt)}, pg_ctl code ${restart.code})`,
  );
  const by = restart.recoveredBy;
  console.log(
    `  first page from the database after that ${at(restart.recoveredAt)}${by ? ` (${by.label}, sent ${at(by.start)}, ${seconds(by.end - by.start)} to answer)` : ""}: TIME TO RECOVER ${Number.isFinite(recovery) ? seconds(recovery) : "never"}`,
  );
  if (failures.length > 0) {
    console.log(
      `  failed requests after the restart was issued: ${failures.length}, first ${at(Math.min(...failures.map((s) => s.end)))}, last ${at(Math.max(...failures.map((s) => s.end)))}`,
    );
  }
  console.log(
    `  app process pid ${appPid}: ${survived ? "alive the whole run, never restarted" : `EXITED at ${at(app.exitedAt ?? Number.NaN)} (${app.exitCode})`}; after the run: ${finalChecks.join(", ")}`,
  );
  printAppErrors(app);
  if (!survived) {
    const tail = app.errLines.slice(-15).map((line) => `    ${line.text}`);
    console.log(`  последние строки stderr / last stderr lines:\n${tail.join("\n")}`);
  }

  console.log(
    "\nЖивые обновления через второй процесс / live updates through a second process (probe: messages posted through A, events read on B):\n",
  );
  const unmatched = matchProbe(probe, liveReader);
  const deliveredAfter = printProbe(probe, liveReader, unmatched, streamOpenAtEnd);
  console.log(
    `  process B pid ${appPidB}: ${aliveB ? "alive the whole run" : `EXITED at ${at(appB.exitedAt ?? Number.NaN)} (${appB.exitCode})`}; after the run: /tenders ${checkB.replace("HTTP ", "")}`,
  );
  printAppErrors(appB, "процесса B / process B");

  const problems: string[] = [];
  if (missing > 0) problems.push(`${missing} acknowledged writes missing`);
  if (!survived) problems.push("the app process exited");
  if (!aliveB) problems.push("process B exited");
  if (!deliveredAfter) problems.push("process B delivered no live event after the recovery");
  if (!checkB.endsWith(" 200")) problems.push(`process B does not serve pages after the run`);
  if (!servesAfter) problems.push("the app does not serve pages after the run");
  if (restart.code !== 0) problems.push(`pg_ctl restart failed:\n${restart.output}`);
  if (!(recovery <= settings.maxRecovery * 1000)) {
    problems.push(`no recovery within ${settings.maxRecovery} s`);
  }
  const afterErrors = samples.filter((s) => phaseOf(s.end) === "after" && s.verdict !== "ok");
  if (afterErrors.length > 0) {
    const late = afterErrors.filter((s) => s.start < restart.backAt).length;
    console.log(
      `\nЗамечание / note: ${afterErrors.length} ошибок после восстановления / errors after the recovery (see "errors by kind"); ${late} of them were sent before PostgreSQL accepted connections again and answered late, ${afterErrors.length - late} were sent after.`,
    );
  }
  if (problems.length > 0) {
    keepLogs = true;
    console.error(
      `\nПРОВАЛ / FAILED: ${problems.join("; ")}\nЖурналы приложения / app logs: ${appFolder}`,
    );
    return 1;
  }
  console.log(
    "\nOK: ни одна подтвержденная запись не потеряна, приложение восстановилось без перезапуска, процесс B доставлял живые обновления и после перезапуска / no acknowledged write lost, the app recovered without a restart, process B delivered live updates after the restart too.",
  );
  return 0;
}

// SCENARIO=nginx: two processes behind nginx, a rolling restart and a PostgreSQL restart
// under load (bench/behind-nginx.ts).
if (process.env.SCENARIO?.trim() === "nginx") {
  const { runBehindNginx } = await import("./behind-nginx");
  process.exit(await runBehindNginx());
}
await runMain(main, () => {
  keepLogs = true;
  if (app) console.error(`Журнал приложения / app log (tail):\n${app.logTail(20)}`);
});
