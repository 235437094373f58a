/**
 * npm run bench:nginx — the app next to nginx serving the very same HTML (issue 15, part 5).
 *
 * On the PostgreSQL database in DATABASE_URL it fills the factory directory (BENCH_SIZE factories
 * with 10 products each, through bench/factories.ts, which REPLACES all data of that database; an
 * existing fill of the same size is reused), starts the production build (scripts/start.mjs) on
 * 127.0.0.1, and fetches three pages as a visitor (no cookie): /factories, the first factory's
 * page and a search (/factories?q=...). Each page's HTML is written to a file that Debian's nginx
 * (/usr/sbin/nginx, its own config in a temporary folder, gzip on the fly like the app) serves on
 * a local port. For each page it then alternates the load: BENCH_ROUNDS rounds, each the app and
 * then nginx for BENCH_DURATION seconds, the same autocannon client (BENCH_CONNECTIONS keep-alive
 * connections, gzip accepted), and prints requests per second, p50/p95/p99 latency, bytes per
 * response and the ratio app/nginx, with the app's caching headers (Cache-Control, ETag, Age,
 * X-Cache...) and a repeat visit with If-None-Match.
 *
 * A benchmark, not a test: timing never fails it. It exits with 1 when a page cannot be fetched
 * or a request errors or answers 5xx, 2 on wrong settings. nginx and the app are stopped at the
 * end, after an error and on Ctrl+C.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http, { type IncomingHttpHeaders } from "node:http";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { type AppServer, benchDatabaseEnv, startAppServer } from "./app-server";
import { type CannonRun, cannon, percentile, stopCannon } from "./cannon";
import { directorySize, fillDirectory } from "./fill";
import { freePort, HOST, settingsReader, sleep, stopOnSignals } from "./support";

const NGINX = "/usr/sbin/nginx";
/** Seconds before autocannon gives a request up (and counts an error). */
const REQUEST_TIMEOUT = 60;

// ------------------------------------------------------------------------------ settings

const USAGE = `Использование / usage:
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/fabricum_bench npm run bench:nginx
  BENCH_SIZE=100000 DATABASE_URL=... npm run bench:nginx     # the issue's 100k factories, 1M products

  ВНИМАНИЕ: при заполнении все данные этой базы PostgreSQL ЗАМЕНЯЮТСЯ тестовыми. Имя базы должно
  содержать "bench" (или задайте BENCH_FORCE=1).
  WARNING: filling REPLACES all data in that PostgreSQL database. Its name must contain "bench"
  (or set BENCH_FORCE=1).

  BENCH_SIZE         фабрик / factories (default 1000; 0 = база как есть / use the database as it is)
  BENCH_RESEED       1 = заполнить заново, даже если размер совпадает / refill even when the size matches
  BENCH_DURATION     секунд на прогон / seconds per run (default 10)
  BENCH_ROUNDS       раундов приложение+nginx / rounds of app then nginx (default 3)
  BENCH_CONNECTIONS  соединений / connections (default 32)
  BENCH_PORT         порт приложения / app port (default 3403; the fill uses the next one)
  BENCH_NGINX_PORT   порт nginx / nginx port (default 8403)
  BENCH_NGINX_WORKERS  процессов nginx / nginx worker processes (default 1, the app is one process)
  BENCH_QUERY        текст поиска / search text (default "платье")
  BENCH_BUILD_DIR    папка сборки / build folder (default build-bench)`;

const { usage, intSetting } = settingsReader(USAGE);

const databaseUrl = process.env.DATABASE_URL?.trim() ?? "";
if (!databaseUrl) usage("Не задан DATABASE_URL / DATABASE_URL is not set.");
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  usage("DATABASE_URL: ожидается адрес PostgreSQL / expected postgres://user@host:5432/db");
}
const dbName = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
if (!dbName) usage("DATABASE_URL: не указано имя базы / no database name.");
if (!dbName.toLowerCase().includes("bench") && process.env.BENCH_FORCE !== "1") {
  usage(
    `Отказ: имя базы «${dbName}» не содержит "bench" / refusing: database name "${dbName}" does not contain "bench".`,
  );
}
const settings = {
  size: intSetting("BENCH_SIZE", 1000, 0, 1_000_000),
  reseed: process.env.BENCH_RESEED === "1",
  duration: intSetting("BENCH_DURATION", 10, 1, 600),
  rounds: intSetting("BENCH_ROUNDS", 3, 1, 20),
  connections: intSetting("BENCH_CONNECTIONS", 32, 1, 1000),
  port: intSetting("BENCH_PORT", 3403, 1024, 65534),
  nginxPort: intSetting("BENCH_NGINX_PORT", 8403, 1024, 65535),
  nginxWorkers: intSetting("BENCH_NGINX_WORKERS", 1, 1, 64),
  query: process.env.BENCH_QUERY?.trim() || "платье",
  buildDir: process.env.BENCH_BUILD_DIR?.trim() || "build-bench",
};
if (!existsSync(NGINX)) usage(`${NGINX} не найден / not found: apt-get install nginx`);

// ------------------------------------------------------------------------------ cleanup

let app: AppServer | undefined;
let nginx: ChildProcess | undefined;
let filler: ChildProcess | undefined;
let workDir: string | undefined;
let keepWorkDir = false;

const running = (child: ChildProcess | undefined): child is ChildProcess =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals) {
  if (!running(child) || !child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals) {
  signalGroup(child, signal);
  for (let i = 0; i < 100 && running(child); i++) await sleep(100);
  signalGroup(child, "SIGKILL");
}

async function cleanup() {
  stopCannon();
  // The fill stops itself (and its server) on SIGTERM.
  await stopChild(filler, "SIGTERM");
  await stopChild(nginx, "SIGQUIT");
  await app?.stop();
  if (workDir && !keepWorkDir) rmSync(workDir, { recursive: true, force: true });
}

// Last resort: never leave a server running.
const { interrupted, runMain } = stopOnSignals(cleanup, () => {
  app?.kill();
  signalGroup(nginx, "SIGKILL");
  signalGroup(filler, "SIGKILL");
});

// ------------------------------------------------------------------------------ helpers

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (compressed when content-encoding says so). */
  body: Buffer;
  ms: number;
}

function get(
  port: number,
  urlPath: string,
  headers: Record<string, string> = {},
  timeoutMs = REQUEST_TIMEOUT * 1000,
) {
  return new Promise<Answer>((resolve, reject) => {
    const t0 = performance.now();
    const request = http.get(
      { host: HOST, port, path: urlPath, headers, timeout: timeoutMs, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - t0,
          }),
        );
        res.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1] ?? Number.NaN;
};
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (msValue: number) => `${(msValue / 1000).toFixed(1)} s`;

function table(header: string[], rows: string[][], leftColumns: number) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i < leftColumns ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const row of rows) console.log(line(row));
}

// ------------------------------------------------------------------------------ the directory

// ------------------------------------------------------------------------------ nginx

async function startNginx(dir: string, port: number, workers: number) {
  const prefix = path.join(dir, "nginx");
  mkdirSync(path.join(prefix, "tmp"), { recursive: true });
  const config = path.join(prefix, "nginx.conf");
  const errorLog = path.join(prefix, "error.log");
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, "tmp", name)};`;
  writeFileSync(
    config,
    `# Written by bench/side-by-side.ts: serves the app's pages from files, gzip on the fly.
daemon off;
worker_processes ${workers};
pid ${path.join(prefix, "nginx.pid")};
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  types { text/html html; }
  default_type application/octet-stream;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 10000000;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 256;
  gzip_types text/html;
  server {
    listen ${HOST}:${port};
    root ${path.join(dir, "www")};
    location / { try_files $uri =404; }
  }
}
`,
  );
  const args = ["-p", prefix, "-c", config, "-e", errorLog];
  const check = spawnSync(NGINX, [...args, "-t"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t:\n${check.stderr}${check.stdout}`);
  nginx = spawn(NGINX, args, { detached: true, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  nginx.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  for (let i = 0; i < 100; i++) {
    if (!running(nginx)) throw new Error(`nginx завершился / exited:\n${stderr}`);
    const up = await get(port, "/").then(
      () => true,
      () => false,
    );
    if (up) return;
    await sleep(100);
  }
  throw new Error(`nginx не отвечает / does not answer on ${port}:\n${stderr}`);
}

// ------------------------------------------------------------------------------ measuring

interface Page {
  name: string;
  /** The app's address of the page. */
  appPath: string;
  /** nginx's address of the same HTML. */
  nginxPath: string;
}

interface Run {
  page: string;
  round: number;
  server: "app" | "nginx";
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Bytes received per response, headers included (gzip). */
  bytesPer: number;
  requests: number;
  non2xx: number;
  s5xx: number;
  errors: number;
}

function summarise(page: string, round: number, server: Run["server"], run: CannonRun): Run {
  const { result, latencies } = run;
  const requests = result.requests.total;
  return {
    page,
    round,
    server,
    rps: requests / Math.max(result.duration, 0.001),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    bytesPer: requests > 0 ? result.throughput.total / requests : 0,
    requests,
    non2xx: result.non2xx,
    s5xx: result["5xx"],
    errors: result.errors,
  };
}

function load(port: number, urlPath: string) {
  return cannon({
    url: `http://${HOST}:${port}${urlPath}`,
    connections: settings.connections,
    duration: settings.duration,
    timeout: REQUEST_TIMEOUT,
    headers: { "accept-encoding": "gzip" },
  });
}

const CACHE_HEADERS = [
  "cache-control",
  "etag",
  "last-modified",
  "age",
  "x-cache",
  "x-cache-status",
  "vary",
  "content-encoding",
];

/** The caching headers of one visitor's request (gzip accepted), and a repeat with its ETag. */
async function describeCaching(label: string, port: number, urlPath: string) {
  const first = await get(port, urlPath, { "accept-encoding": "gzip" });
  const shown = CACHE_HEADERS.map((name) => {
    const value = first.headers[name];
    return `${name}: ${value === undefined ? "—" : String(value)}`;
  });
  console.log(`    ${label.padEnd(5)} ${first.status}, ${shown.join("; ")}`);
  const etag = first.headers.etag;
  if (typeof etag === "string") {
    const repeat = await get(port, urlPath, {
      "accept-encoding": "gzip",
      "if-none-match": etag,
    });
    console.log(
      `          повтор с If-None-Match / repeat with If-None-Match: ${repeat.status}, ${repeat.body.length} bytes, ${ms(repeat.ms)} ms`,
    );
  }
  return first;
}

/** Median of three requests one after another (gzip accepted, a new connection each). */
async function singleRequest(port: number, urlPath: string) {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    times.push((await get(port, urlPath, { "accept-encoding": "gzip" })).ms);
  }
  return median(times);
}

// ------------------------------------------------------------------------------ main

async function main(): Promise<number> {
  const started = performance.now();
  workDir = mkdtempSync(path.join(os.tmpdir(), "fabricum-bench-nginx-"));
  // nginx's workers run as another user when started by root: they must read the pages.
  chmodSync(workDir, 0o755);
  const www = path.join(workDir, "www");
  mkdirSync(www, { mode: 0o755 });
  console.log(
    `Машина / machine: ${os.cpus().length} CPU, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}; база / database «${dbName}»`,
  );

  const appPort = await freePort(settings.port);
  // 1. The directory.
  let fillNote = "база как есть / the database as it is (BENCH_SIZE=0)";
  if (settings.size > 0) {
    const current = await directorySize(databaseUrl);
    if (
      !settings.reseed &&
      current &&
      current.total === settings.size &&
      current.bench === settings.size
    ) {
      fillNote = `уже заполнена / already filled: ${settings.size} фабрик / factories (BENCH_RESEED=1 заполнит заново / refills)`;
    } else {
      console.log(
        `\n== Заполнение / filling: ${settings.size} фабрик / factories, ${settings.size * 10} товаров / products — ВСЕ ДАННЫЕ БАЗЫ «${dbName}» ЗАМЕНЯЮТСЯ / ALL DATA IN IT IS REPLACED (bench/factories.ts)`,
      );
      const fillMs = await fillDirectory({
        databaseUrl,
        size: settings.size,
        port: await freePort(appPort + 1),
        started: (child) => {
          filler = child;
        },
      });
      filler = undefined;
      if (interrupted()) return 130;
      fillNote = `заполнена за / filled in ${seconds(fillMs)} (bench/factories.ts: its server start, load, vacuum and a 1 s check of /)`;
    }
  }
  const size = await directorySize(databaseUrl);
  console.log(`\nКаталог / directory: ${size?.total ?? "?"} фабрик / factories; ${fillNote}`);

  // 2. The app.
  console.log(
    `\nЗапуск приложения / starting the app: http://${HOST}:${appPort} (BUILD_DIR=${settings.buildDir}, built if needed)`,
  );
  const logFile = path.join(workDir, "server.log");
  app = await startAppServer({
    port: appPort,
    buildDir: settings.buildDir,
    logFile,
    env: benchDatabaseEnv(databaseUrl, path.join(workDir, "data")),
    onWait: () => console.log(`  ждем сервер / waiting for the server; журнал / log: ${logFile}`),
  });
  if (interrupted()) return 130;

  // 3. The pages, as a visitor gets them.
  const directory = await get(appPort, "/factories");
  if (directory.status !== 200) throw new Error(`/factories: HTTP ${directory.status}`);
  const factoryId = directory.body.toString().match(/href="\/factory\/([0-9a-f-]{36})"/)?.[1];
  if (!factoryId)
    throw new Error("на /factories нет ссылки на фабрику / no factory link on /factories");
  const pages: Page[] = [
    { name: "directory", appPath: "/factories", nginxPath: "/directory.html" },
    { name: "factory", appPath: `/factory/${factoryId}`, nginxPath: "/factory.html" },
    {
      name: "search",
      appPath: `/factories?q=${encodeURIComponent(settings.query)}`,
      nginxPath: "/search.html",
    },
  ];
  console.log("\nСтраницы / pages (HTML без сжатия / uncompressed, без cookie / no cookie):");
  for (const page of pages) {
    const answer = page.name === "directory" ? directory : await get(appPort, page.appPath);
    if (answer.status !== 200) throw new Error(`${page.appPath}: HTTP ${answer.status}`);
    const file = path.join(www, page.nginxPath);
    writeFileSync(file, answer.body, { mode: 0o644 });
    console.log(
      `  ${page.name.padEnd(9)} ${decodeURIComponent(page.appPath)} → ${file}: ${answer.body.length} bytes`,
    );
  }

  // 4. nginx.
  const nginxPort = await freePort(settings.nginxPort);
  await startNginx(workDir, nginxPort, settings.nginxWorkers);
  const nginxVersion = spawnSync(NGINX, ["-v"], { encoding: "utf8" }).stderr.trim();
  console.log(
    `\n${nginxVersion}: http://${HOST}:${nginxPort}, worker_processes ${settings.nginxWorkers}, gzip on (level 6, as the app's compression), access_log off`,
  );

  // 5. Headers, the same HTML, one request at a time.
  const singles = new Map<string, { app: number; nginx: number }>();
  console.log("\nЗаголовки кэширования / caching headers (gzip accepted):");
  for (const page of pages) {
    console.log(`  ${page.name}: ${decodeURIComponent(page.appPath)}`);
    const fromApp = await describeCaching("app", appPort, page.appPath);
    const fromNginx = await describeCaching("nginx", nginxPort, page.nginxPath);
    const body = (a: Answer) =>
      a.headers["content-encoding"] === "gzip" ? gunzipSync(a.body) : a.body;
    const appHtml = body(fromApp);
    const nginxHtml = body(fromNginx);
    console.log(
      `          HTML: app ${appHtml.length} bytes (${fromApp.body.length} sent), nginx ${nginxHtml.length} bytes (${fromNginx.body.length} sent)${appHtml.length === nginxHtml.length ? "" : " — другой размер: одноразовые значения в странице / sizes differ: per-request values in the page"}`,
    );
    singles.set(page.name, {
      app: await singleRequest(appPort, page.appPath),
      nginx: await singleRequest(nginxPort, page.nginxPath),
    });
  }

  // 6. The alternated load.
  const runs: Run[] = [];
  for (const page of pages) {
    for (let round = 1; round <= settings.rounds; round++) {
      for (const server of ["app", "nginx"] as const) {
        if (interrupted()) return 130;
        const port = server === "app" ? appPort : nginxPort;
        const urlPath = server === "app" ? page.appPath : page.nginxPath;
        process.stdout.write(
          `  ${page.name} round ${round}/${settings.rounds} ${server}: ${settings.connections}×${settings.duration} s... `,
        );
        const run = summarise(page.name, round, server, await load(port, urlPath));
        runs.push(run);
        // The requests still queued when the client stopped go on in the server (and its
        // database): one more request of the page waits for that backlog, so that the next run
        // does not share the machine with it.
        const drain = await get(port, urlPath, { "accept-encoding": "gzip" }, 300_000).then(
          (answer) => answer.ms,
          () => Number.NaN,
        );
        console.log(
          `${run.rps.toFixed(1)} req/s, p95 ${ms(run.p95)} ms${drain > 1000 ? `; backlog drained in ${seconds(drain)}` : ""}`,
        );
      }
    }
  }
  if (interrupted()) return 130;

  // 7. The tables.
  console.log(
    `\nautocannon: ${settings.connections} соединений / keep-alive connections, ${settings.duration} s на прогон / per run, gzip accepted; ${size?.total ?? "?"} factories on PostgreSQL\n`,
  );
  const rows: string[][] = [];
  for (const page of pages) {
    for (let round = 1; round <= settings.rounds; round++) {
      const appRun = runs.find(
        (r) => r.page === page.name && r.round === round && r.server === "app",
      );
      const nginxRun = runs.find(
        (r) => r.page === page.name && r.round === round && r.server === "nginx",
      );
      for (const run of [appRun, nginxRun]) {
        if (!run) continue;
        rows.push([
          page.name,
          String(round),
          run.server,
          run.rps.toFixed(1),
          ms(run.p50),
          ms(run.p95),
          ms(run.p99),
          kb(run.bytesPer),
          String(run.requests),
          String(run.non2xx),
          String(run.errors),
          "",
        ]);
      }
      if (appRun && nginxRun && appRun.requests > 0 && nginxRun.requests > 0) {
        rows.push([
          page.name,
          String(round),
          "app/nginx",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          `${(appRun.rps / nginxRun.rps).toFixed(3)} (nginx ${(nginxRun.rps / Math.max(appRun.rps, 0.001)).toFixed(1)}×)`,
        ]);
      }
    }
  }
  table(
    [
      "page",
      "round",
      "server",
      "req/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "KB/resp",
      "requests",
      "non-2xx",
      "errors",
      "req/s ratio",
    ],
    rows,
    3,
  );

  console.log(`\nМедианы раундов / medians of the ${settings.rounds} rounds:\n`);
  const summary = pages.map((page) => {
    const of = (server: Run["server"]) =>
      runs.filter((r) => r.page === page.name && r.server === server);
    const appRuns = of("app");
    const nginxRuns = of("nginx");
    const ratios = appRuns.flatMap((a, i) => {
      const b = nginxRuns[i];
      return a.requests > 0 && b && b.requests > 0 ? [a.rps / b.rps] : [];
    });
    const single = singles.get(page.name);
    return [
      page.name,
      decodeURIComponent(page.appPath),
      ms(single?.app ?? Number.NaN),
      ms(single?.nginx ?? Number.NaN),
      median(appRuns.map((r) => r.rps)).toFixed(1),
      median(nginxRuns.map((r) => r.rps)).toFixed(1),
      ratios.length ? median(ratios).toFixed(3) : "-",
      ms(median(appRuns.map((r) => r.p95))),
      ms(median(nginxRuns.map((r) => r.p95))),
    ];
  });
  table(
    [
      "page",
      "path",
      "1 req app ms",
      "1 req nginx ms",
      "app req/s",
      "nginx req/s",
      "app/nginx",
      "app p95 ms",
      "nginx p95 ms",
    ],
    summary,
    2,
  );
  console.log(
    `\nЦели / targets (issue 15, at 100k factories): /factories uncached single request ≤ 15 ms; search p95 ≤ 100 ms at 32 connections uncached; with the page cache app/nginx ≥ 0.5 on /factories.`,
  );
  console.log(
    `1 req: медиана трех запросов подряд, новое соединение / median of 3 sequential requests, a new connection each. KB/resp: gzip, headers included. The load client, the app, PostgreSQL and nginx share this machine's ${os.cpus().length} CPUs. Total ${seconds(performance.now() - started)}.`,
  );

  const empty = runs.filter((r) => r.requests === 0);
  if (empty.length > 0) {
    console.log(
      `\nЗамечание / note: ни один запрос не завершился за ${settings.duration} с / no request completed within ${settings.duration} s: ${empty.map((r) => `${r.page} ${r.server} round ${r.round}`).join(", ")} — задержка под нагрузкой больше прогона, увеличьте BENCH_DURATION / latency under load exceeds the run: raise BENCH_DURATION.`,
    );
  }
  const failed = runs.filter((r) => r.errors > 0 || r.s5xx > 0);
  if (failed.length > 0) {
    keepWorkDir = true;
    console.error(
      `\nОШИБКА / FAILED: ошибки запросов или 5xx / request errors or 5xx: ${failed
        .map((r) => `${r.page} ${r.server} round ${r.round} (errors ${r.errors}, 5xx ${r.s5xx})`)
        .join("; ")}\nЖурнал сервера / server log: ${logFile}\n${app.logTail(20)}`,
    );
    return 1;
  }
  return 0;
}

await runMain(main, () => {
  keepWorkDir = true;
  if (app) console.error(`Журнал сервера / server log: ${app.logFile}\n${app.logTail(20)}`);
});
