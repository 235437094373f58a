/**
 * npm run bench:cpu — what an uncached page costs the server's CPU (issue 31, item 4): a factory's
 * page and the directory, in both languages, at the size of the directory already in the
 * PostgreSQL database of DATABASE_URL (fill it first with bench:factories; nothing is written).
 *
 * Starts this checkout's production server and, with BENCH_APP_DIR, another checkout's (an older
 * version) beside it, both with the page cache off, on the same database. After a warm-up (V8
 * optimises what runs often, as in a process that has served for a while) it asks each page in
 * rounds: BENCH_BATCH requests one after another to one server, then to the other, after a pause
 * (the previous batch's garbage collected). The CPU time of each server's process (user and
 * system, from /proc) over its batches, divided by its requests, is the figure: both servers are
 * measured in the same minutes, so a machine that is busier at one moment than another weighs on
 * both alike. No compression is asked (it is the same work for any page of that size).
 *
 * A benchmark, not a test: timing never fails it. It exits with 1 when a page cannot be fetched,
 * 2 on wrong settings.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { type AppServer, benchDatabaseEnv, startAppServer } from "./app-server";
import { directorySize } from "./fill";
import { freePort, HOST, settingsReader, sleep, stopOnSignals } from "./support";

const USAGE = `Использование / usage:
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/fabricum_bench npm run bench:cpu
  BENCH_APP_DIR=/path/to/older/checkout DATABASE_URL=... npm run bench:cpu   # side by side

  Каталог уже заполнен (npm run bench:factories) / the directory is filled already (bench:factories).
  BENCH_ROUNDS       раундов / rounds (default 10)
  BENCH_BATCH        запросов подряд к одному серверу / requests in a row to one server (default 30)
  BENCH_BUILD_DIR    сборка этой копии / this checkout's build (default build-bench)
  BENCH_APP_DIR      другая копия для сравнения / another checkout to compare
  BENCH_APP_BUILD_DIR  ее сборка / its build (default build)
  BENCH_PORT         порт / port (default 3420; the other server the next free one)`;

const { usage, intSetting } = settingsReader(USAGE);
const databaseUrl = process.env.DATABASE_URL?.trim() ?? "";
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  usage("DATABASE_URL: ожидается адрес PostgreSQL / expected postgres://user@host:5432/db");
}
const settings = {
  rounds: intSetting("BENCH_ROUNDS", 10, 1, 100),
  batch: intSetting("BENCH_BATCH", 30, 5, 1000),
  port: intSetting("BENCH_PORT", 3420, 1024, 65534),
  buildDir: process.env.BENCH_BUILD_DIR?.trim() || "build-bench",
  appDir: process.env.BENCH_APP_DIR?.trim() ? path.resolve(process.env.BENCH_APP_DIR.trim()) : "",
  appBuildDir: process.env.BENCH_APP_BUILD_DIR?.trim() || "build",
};
for (const dir of [settings.buildDir, settings.appBuildDir]) {
  if (!/^[\w.-]+$/.test(dir))
    usage("BENCH_BUILD_DIR: ожидается имя папки / expected a folder name");
}
/** What issue 31 holds an uncached factory page and directory page to. */
const TARGET_CPU_MS = 8;
const WARM_UP_ROUNDS = 40;
const PAUSE_MS = 400;

interface Measured {
  name: string;
  server: AppServer;
  port: number;
  cpuMs: number;
  requests: number;
}

let workDir: string | undefined;
const servers: AppServer[] = [];
const { runMain, interrupted } = stopOnSignals(
  async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  },
  () => {
    for (const server of servers) server.kill();
  },
);

/** GET as a visitor; the body as text, and an error for anything but 200. */
function get(port: number, urlPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: HOST, port, path: urlPath, timeout: 60_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks).toString("utf8"))
          : reject(new Error(`${urlPath}: HTTP ${res.statusCode}`)),
      );
      res.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${urlPath}: timeout`)));
    request.on("error", reject);
  });
}

async function start(name: string, appDir: string | undefined, buildDir: string, port: number) {
  if (!workDir) throw new Error("no work folder");
  const file = name.replace(/[^\w.-]+/g, "_");
  const logFile = path.join(workDir, `${file}.log`);
  const server = await startAppServer({
    port,
    buildDir,
    logFile,
    appDir,
    env: {
      ...benchDatabaseEnv(databaseUrl, path.join(workDir, `${file}-data`)),
      PAGE_CACHE_MB: "0",
    },
    onWait: () =>
      console.log(`  ждем / waiting for ${name} (its build, if needed); log: ${logFile}`),
  });
  servers.push(server);
  return { name, server, port, cpuMs: 0, requests: 0 } satisfies Measured;
}

async function main(): Promise<number> {
  workDir = mkdtempSync(path.join(os.tmpdir(), "fabricum-bench-cpu-"));
  const size = await directorySize(databaseUrl);
  if (!size || size.total === 0) {
    usage(
      "Каталог пуст: сначала npm run bench:factories / the directory is empty: run bench:factories first.",
    );
  }
  console.log(
    `Машина / machine: ${os.cpus().length} CPU, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}; каталог / directory: ${size?.total} фабрик / factories`,
  );
  const port = await freePort(settings.port);
  const measured: Measured[] = [await start("this checkout", undefined, settings.buildDir, port)];
  if (settings.appDir) {
    measured.push(
      await start(settings.appDir, settings.appDir, settings.appBuildDir, await freePort(port + 1)),
    );
  }
  if (interrupted()) return 130;

  const directory = await get(port, "/factories");
  const factoryId = directory.match(/href="\/factory\/([0-9a-f-]{36})"/)?.[1];
  if (!factoryId) throw new Error("на /factories нет фабрики / no factory on /factories");
  const pages = [
    `/factory/${factoryId}`,
    `/en/factory/${factoryId}`,
    "/factories",
    "/en/factories",
    "/factories?category=outerwear",
  ];

  console.log(`\nРазогрев / warm-up: ${WARM_UP_ROUNDS} × ${pages.length} страниц / pages...`);
  for (let i = 0; i < WARM_UP_ROUNDS && !interrupted(); i++) {
    for (const server of measured) for (const page of pages) await get(server.port, page);
  }

  const rows: { page: string; figures: number[] }[] = [];
  for (const page of pages) {
    for (const server of measured) {
      server.cpuMs = 0;
      server.requests = 0;
    }
    for (let round = 0; round < settings.rounds && !interrupted(); round++) {
      // Who goes first alternates, so neither always follows the other's garbage.
      const order = round % 2 === 0 ? measured : [...measured].reverse();
      for (const server of order) {
        await sleep(PAUSE_MS);
        const before = server.server.cpuMs();
        for (let i = 0; i < settings.batch; i++) await get(server.port, page);
        server.cpuMs += server.server.cpuMs() - before;
        server.requests += settings.batch;
      }
    }
    if (interrupted()) return 130;
    const figures = measured.map((server) => server.cpuMs / server.requests);
    rows.push({ page, figures });
    console.log(`  ${page}: ${figures.map((f) => `${f.toFixed(2)} ms`).join(" / ")}`);
  }

  const header = [
    "page",
    ...measured.map((server) => `${server.name} CPU ms`),
    ...(measured.length > 1 ? ["ratio"] : []),
    `≤ ${TARGET_CPU_MS} ms`,
  ];
  const body = rows.map(({ page, figures }) => [
    page,
    ...figures.map((f) => f.toFixed(2)),
    ...(figures.length > 1 ? [((figures[0] ?? 0) / (figures[1] ?? 1)).toFixed(2)] : []),
    (figures[0] ?? Number.NaN) <= TARGET_CPU_MS ? "ok" : "НЕТ / NO",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(
    `\n${settings.rounds} раундов по / rounds of ${settings.batch} запросов / requests, без сжатия / uncompressed, кэш страниц выключен / page cache off\n`,
  );
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const cells of body) console.log(line(cells));
  return 0;
}

await runMain(main, () => {
  if (workDir) console.error(`Журналы / logs: ${workDir}`);
  workDir = undefined;
});
