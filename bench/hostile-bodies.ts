/**
 * npm run bench:bodies — hostile request bodies against the production server, each while a
 * visitor's pages are timed: 40,000 and 1,000,000 repeated form fields, and a 100 MB body sent
 * with its length and chunked. A reference (the same pages with no hostile request) is measured
 * in the same run. A benchmark, not a test: it prints figures and exits 0.
 *
 * Settings: BENCH_APP_DIR (the checkout to start; default this one — point it at an older
 * checkout to measure "before"), BENCH_PORT (default 3470, or a free one), BENCH_TIMEOUT (seconds
 * one hostile request may take, default 60). The server runs on PGlite in a temporary folder,
 * built into build-bench/ of the app if needed.
 */
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ProductionServer, startProductionServer } from "../tests/support/production-server";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const appDir = path.resolve(process.env.BENCH_APP_DIR ?? here);
const timeoutMs = Number(process.env.BENCH_TIMEOUT ?? 60) * 1000;
if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
  console.error("BENCH_TIMEOUT: ожидается число секунд / expected a number of seconds");
  process.exit(2);
}
const nodeBin = path.join(appDir, "node_modules/.bin/node");
if (!existsSync(path.join(appDir, "scripts/start.mjs")) || !existsSync(nodeBin)) {
  console.error(`BENCH_APP_DIR: ${appDir} is not an installed checkout of the app`);
  process.exit(2);
}
const HOST = "127.0.0.1";
const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(null));
      probe.listen(port, HOST, () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : null));
      });
    });
  return (await tryPort(preferred)) ?? ((await tryPort(0)) as number);
}

// ---------------------------------------------------------------------------------------------
// The server (the tests' production-server fixture: PGlite in a fresh folder, no demo data)

let server: ProductionServer | undefined;
let port = 0;

async function startServer(): Promise<void> {
  server = await startProductionServer({
    appDir,
    port,
    env: { BUILD_DIR: "build-bench" },
    timeoutMs: 10 * 60_000,
  });
}

/** The server's resident memory in MB (Linux /proc), or NaN. */
function rssMb(): number {
  try {
    const status = readFileSync(`/proc/${server?.process.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

const pageAgent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/** GET with a deadline: how long it took and whether it answered 200. */
function timedGet(pathname: string, deadlineMs: number): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: HOST, port, path: pathname, agent: pageAgent, timeout: deadlineMs },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ ok: response.statusCode === 200, ms: performance.now() - started }),
        );
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve({ ok: false, ms: performance.now() - started }));
  });
}

interface Hostile {
  name: string;
  /** Bytes sent in all (as announced). */
  size: number;
  /** The body as one buffer, sent with its length. */
  body?: Buffer;
  /** Or this many bytes of 'a' streamed in 64 KB chunks, with or without a length. */
  stream?: { bytes: number; chunked: boolean };
}

interface HostileResult {
  status: string;
  ms: number;
  /** The server answered before the client had sent everything. */
  early: boolean;
}

/** Sends the hostile request; stops sending as soon as an answer comes. */
function sendHostile(hostile: Hostile): Promise<HostileResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let answered = false;
    let finishedSending = false;
    const done = (status: string) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ status, ms: performance.now() - started, early: !finishedSending });
    };
    const headers: Record<string, string | number> = {
      "content-type": "application/x-www-form-urlencoded",
      origin: `http://${HOST}:${port}`,
    };
    if (hostile.body) headers["content-length"] = hostile.body.length;
    else if (hostile.stream && !hostile.stream.chunked)
      headers["content-length"] = hostile.stream.bytes;
    const request = http.request(
      // A connection of its own, kept alive as a browser's is (a client that asks to close
      // the connection sees the server close it while it is still sending).
      {
        method: "POST",
        host: HOST,
        port,
        path: "/login",
        headers,
        agent: new http.Agent({ keepAlive: true }),
      },
      (response) => {
        response.resume();
        response.on("end", () => done(String(response.statusCode)));
        response.on("error", () => done(String(response.statusCode)));
      },
    );
    const timer = setTimeout(() => done(`no answer in ${timeoutMs / 1000} s`), timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    if (hostile.body) {
      request.end(hostile.body, () => {
        finishedSending = true;
      });
      return;
    }
    const total = hostile.stream?.bytes ?? 0;
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (!answered && sent < total) {
        const piece = sent + chunk.length <= total ? chunk : chunk.subarray(0, total - sent);
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      if (!answered) {
        request.end(() => {
          finishedSending = true;
        });
      }
    };
    pump();
  });
}

// ---------------------------------------------------------------------------------------------
// One case: the hostile request (if any) while the visitor's pages are timed

interface CaseResult {
  name: string;
  size: string;
  hostile: HostileResult | null;
  pages: number[];
  pageFailures: number;
  rssBefore: number;
  rssPeak: number;
  restarted: boolean;
}

const quantile = (values: number[], q: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};

async function runCase(hostile: Hostile | null, referenceMs = 3000): Promise<CaseResult> {
  const rssBefore = rssMb();
  let rssPeak = rssBefore;
  const pages: number[] = [];
  let pageFailures = 0;
  let running = true;
  const sampler = setInterval(() => {
    const now = rssMb();
    if (now > rssPeak) rssPeak = now;
  }, 100);
  // A visitor asks for a page every 100 ms (each waits for the previous one).
  const visitor = (async () => {
    let turn = 0;
    while (running) {
      const reply = await timedGet(turn++ % 2 === 0 ? "/robots.txt" : "/", timeoutMs);
      // A page that failed counts with the time it took to fail.
      pages.push(reply.ms);
      if (!reply.ok) pageFailures += 1;
      await sleep(100);
    }
  })();
  await sleep(200);
  let result: HostileResult | null = null;
  if (hostile) result = await sendHostile(hostile);
  else await sleep(referenceMs);
  await sleep(300);
  running = false;
  await visitor;
  clearInterval(sampler);
  // A server that stopped answering is started again for the next case.
  let restarted = false;
  if (!(await timedGet("/robots.txt", 5000)).ok) {
    await server?.stop();
    await startServer();
    restarted = true;
  }
  return {
    name: hostile?.name ?? "reference: pages alone",
    size: hostile ? `${(hostile.size / 1024).toFixed(0)} KB` : "—",
    hostile: result,
    pages,
    pageFailures,
    rssBefore,
    rssPeak,
    restarted,
  };
}

// ---------------------------------------------------------------------------------------------

function repeatedFields(count: number): Buffer {
  return Buffer.from(`email=a%40b.co&password=secret${"&a=1".repeat(count)}`);
}

async function main() {
  port = await freePort(Number(process.env.BENCH_PORT ?? 3470));
  console.log(
    `Hostile bodies / враждебные тела запросов: ${appDir}\n` +
      `Starting the production server on http://${HOST}:${port} (builds into build-bench/ if needed)...`,
  );
  await startServer();
  // Warm-up: the first pages compile and cache.
  for (let i = 0; i < 10; i++) await timedGet(i % 2 ? "/" : "/robots.txt", 30_000);

  const fields40k = repeatedFields(40_000);
  const fields1m = repeatedFields(1_000_000);
  const cases: (Hostile | null)[] = [
    null,
    { name: "40,000 repeated fields", size: fields40k.length, body: fields40k },
    { name: "1,000,000 repeated fields", size: fields1m.length, body: fields1m },
    { name: "100 MB, with length", size: 100 * MB, stream: { bytes: 100 * MB, chunked: false } },
    { name: "100 MB, chunked", size: 100 * MB, stream: { bytes: 100 * MB, chunked: true } },
    null,
  ];
  const results: CaseResult[] = [];
  for (const hostile of cases) {
    console.log(`  ${hostile?.name ?? "reference"}...`);
    results.push(await runCase(hostile));
  }

  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "—");
  const rows = results.map((r) => [
    r.name,
    r.size,
    r.hostile?.status ?? "—",
    r.hostile ? fmt(r.hostile.ms) : "—",
    r.hostile ? (r.hostile.early ? "yes" : "no") : "—",
    String(r.pages.length),
    String(r.pageFailures),
    fmt(quantile(r.pages, 0.5)),
    fmt(r.pages.length ? Math.max(...r.pages) : Number.NaN),
    `${fmt(r.rssBefore)} → ${fmt(r.rssPeak)}`,
    r.restarted ? "restarted" : "",
  ]);
  const header = [
    "case",
    "body",
    "status",
    "hostile ms",
    "answered before the body ended",
    "pages",
    "failed",
    "page p50 ms",
    "page max ms",
    "RSS MB",
    "server",
  ];
  console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log(
    "\nPages: GET /robots.txt and GET / in turn, one every 100 ms, while the hostile request runs (failed ones count with the time they took to fail); the reference rows are the same pages with nothing else going on.",
  );
}

/** Stops the server and removes its data folder, then exits with `code`. */
async function exit(code: number): Promise<never> {
  await server?.stop();
  process.exit(code);
}

process.on("SIGINT", () => void exit(130));

main()
  .then(() => exit(0))
  .catch((error) => {
    console.error(error);
    return exit(1);
  });
