/**
 * npm run bench:pages — what the main pages cost a visitor on first load, measured in Chromium
 * against the production build: JavaScript and CSS bytes (gzip) and Lighthouse's scores with
 * its mobile settings (performance, accessibility, best practices, SEO). Not a test: it prints
 * a table, and the budgets next to it, and exits with 1 only when a page fails to load.
 *
 * The server runs on PGlite with the demo data in a temporary folder (BUILD_DIR build-bench).
 * Settings: BENCH_PORT (default 3597, another free port when taken), BENCH_RUNS (Lighthouse runs per page, median; default 1).
 * Needs a full Chromium (CHROME_PATH, or Debian's /usr/bin/chromium), not the headless shell
 * the end-to-end tests can fall back to.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import { resolveChromium } from "../tests/support/chromium";
import { freePort, HOST, settingsReader, sleep } from "./support";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { intSetting } = settingsReader(
  "npm run bench:pages  (BENCH_PORT=3597, BENCH_RUNS=1: Lighthouse runs per page, median)",
);
const RUNS = intSetting("BENCH_RUNS", 1, 1, 9);
const PORT = await freePort(intSetting("BENCH_PORT", 3597, 1024, 65535));
const BASE = `http://${HOST}:${PORT}`;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The issue's budgets: 100 in every Lighthouse category, at most 90 KB gzip JS on /factories. */
const JS_BUDGET = { path: "/factories", kb: 90 };

let server: ChildProcess | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "fabricum-bench-pages-"));

async function startServer() {
  server = spawn(path.join(root, "node_modules/.bin/node"), ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST,
      BASE_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "true",
      BUILD_DIR: "build-bench",
    },
  });
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const up = await fetch(`${BASE}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await sleep(500);
  }
  throw new Error("the server did not answer within 15 minutes");
}

function stop() {
  server?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}

/** The pages of the issue; the factory pages use the first factory of the directory. */
async function pages(): Promise<string[]> {
  const html = await (await fetch(`${BASE}/factories`)).text();
  const id = html.match(/href="\/factory\/([0-9a-f-]{36})"/)?.[1];
  if (!id) throw new Error("no factory link on /factories");
  return ["/", "/factories", `/factory/${id}`, `/factory-products/${id}`, "/tenders", "/login"];
}

interface Weight {
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  transferred: number;
}

/** JS and CSS of a first load (empty cache), each file gzipped here at the server's level. */
async function weigh(browser: Browser, url: string): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const bodies: Promise<{ type: string; gzip: number; transferred: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    bodies.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
        type,
        gzip: gzipSync(body).byteLength,
        transferred: sizes.responseBodySize,
      })),
    );
  });
  const response = await page.goto(url, { waitUntil: "networkidle" });
  if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()}`);
  const files = await Promise.all(bodies);
  await context.close();
  const sum = (type: string) =>
    files.filter((f) => f.type === type).reduce((total, f) => total + f.gzip, 0);
  return {
    jsGzip: sum("script"),
    cssGzip: sum("stylesheet"),
    jsFiles: files.filter((f) => f.type === "script").length,
    transferred: files.reduce((total, f) => total + f.transferred, 0),
  };
}

interface Scores {
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits that cost points, per category. */
  misses: string[];
  lcp: number;
  tbt: number;
}

async function audit(port: number, url: string): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`${url}: Lighthouse gave no result`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: Lighthouse: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Scores["scores"];
  const misses = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => `${c}: ${a?.id} (${a?.displayValue ?? a?.score})`),
  );
  return {
    scores,
    misses,
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  console.log(`Starting the production server on ${BASE} (builds into build-bench/ if needed)...`);
  await startServer();
  const { executablePath, args } = await resolveChromium();
  if (executablePath.includes("sparticuz") || executablePath.startsWith("/tmp/")) {
    // The headless shell inside @sparticuz/chromium aborts Lighthouse's page load whenever a
    // page sends a Referrer-Policy header (net::ERR_ABORTED), so it cannot score our pages.
    throw new Error(
      "Lighthouse needs a full Chromium: install Debian's (apt-get install chromium) or set CHROME_PATH.",
    );
  }
  const debugPort = 9300 + Math.floor(Math.random() * 500);
  // Two browsers: Playwright's contexts for the bytes, a plain one for Lighthouse to drive.
  const browser = await chromium.launch({ executablePath, args });
  const lighthouseBrowser = await chromium.launch({
    executablePath,
    args: [...args, `--remote-debugging-port=${debugPort}`],
  });
  const rows: string[] = [];
  const notes: string[] = [];
  let jsOnBudgetPage = 0;
  try {
    for (const pagePath of await pages()) {
      const url = `${BASE}${pagePath}`;
      const weight = await weigh(browser, url);
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(debugPort, url));
      const score = (c: (typeof CATEGORIES)[number]) => median(runs.map((r) => r.scores[c]));
      if (pagePath === JS_BUDGET.path) jsOnBudgetPage = weight.jsGzip;
      rows.push(
        `| ${pagePath.replace(/[0-9a-f-]{36}/, "{id}").padEnd(22)} | ${kb(weight.jsGzip).padStart(7)} | ${String(weight.jsFiles).padStart(5)} | ${kb(weight.cssGzip).padStart(7)} | ${CATEGORIES.map((c) => String(score(c)).padStart(4)).join(" | ")} | ${Math.round(
          median(runs.map((r) => r.lcp)),
        )
          .toString()
          .padStart(6)} | ${Math.round(median(runs.map((r) => r.tbt)))
          .toString()
          .padStart(5)} |`,
      );
      // One line per audit (the first run's value), however many runs missed it.
      const misses = [
        ...new Map(
          runs.flatMap((r) => r.misses).map((line) => [line.split(" (")[0], line]),
        ).values(),
      ];
      if (misses.length) notes.push(`${pagePath}:\n  ${misses.join("\n  ")}`);
    }
  } finally {
    await browser.close();
    await lighthouseBrowser.close();
  }
  console.log(
    `\n| page                   | JS KB gz | files | CSS KB gz | perf | a11y | best |  seo | LCP ms |  TBT |`,
  );
  console.log(
    `|${"-".repeat(24)}|---------:|------:|----------:|-----:|-----:|-----:|-----:|-------:|-----:|`,
  );
  for (const row of rows) console.log(row);
  console.log(
    `\nBudgets: 100 in every Lighthouse category; JS on ${JS_BUDGET.path} ≤ ${JS_BUDGET.kb} KB gzip (now ${kb(jsOnBudgetPage)} KB: ${jsOnBudgetPage <= JS_BUDGET.kb * 1024 ? "within" : "OVER"}).`,
  );
  console.log(
    `Lighthouse ${RUNS === 1 ? "ran once per page" : `median of ${RUNS} runs`}, mobile settings (simulated slow 4G, 4× CPU slowdown).`,
  );
  if (notes.length) console.log(`\nAudits that cost points:\n${notes.join("\n")}`);
}

process.on("SIGINT", () => {
  stop();
  process.exit(130);
});
main()
  .then(() => {
    stop();
    process.exit(0);
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    stop();
    process.exit(1);
  });
