// npm test — everything: types, lint and a production build (side by side), unit and
// integration tests on PGlite and the integration tests again on PostgreSQL when
// TEST_DATABASE_URL (or DATABASE_URL) is set (side by side: each runs its files one at a time),
// then the end-to-end tests in Chromium against the built server.
// Steps that run side by side write to a log each, printed whole when the step ends.
// Ends with one line "N passed, N failed" that counts every test of every step.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules/.bin", name);
const reports = mkdtempSync(path.join(tmpdir(), "fabricum-test-"));
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "";
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];
/** Names of what failed, repeated under the summary so a log's tail tells what to look at. */
const failures = [];
const firstLine = (text) =>
  String(text ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours are taken out
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => line.trim()) ?? "";

/** Runs one step; its output goes to the terminal, or to a log printed when it ends (`quiet`). */
function run(title, command, args, env = {}, { quiet = false } = {}) {
  const started = Date.now();
  if (!quiet) console.log(`\n━━ ${title}`);
  const log = quiet ? path.join(reports, `step-${steps.length}-${Math.random()}.log`) : null;
  const step = { title, ok: false, seconds: "0" };
  steps.push(step);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    if (log) {
      const file = createWriteStream(log);
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
    child.on("close", (code) => {
      step.ok = code === 0;
      step.seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (log) {
        console.log(`\n━━ ${title} (${step.seconds} с)`);
        // The log's stream may still be flushing: read it on the next turn.
        setTimeout(() => {
          process.stdout.write(existsSync(log) ? readFileSync(log, "utf8") : "");
          resolve(step.ok);
        }, 50);
      } else resolve(step.ok);
    });
  });
}

/** A check that is not a test runner (types, lint, build) counts as one test. */
async function check(title, command, args, env, options) {
  const ok = await run(title, command, args, env, options);
  totals[ok ? "passed" : "failed"] += 1;
  return ok;
}

async function vitest(title, args, env, options) {
  const output = path.join(reports, `vitest-${steps.length}.json`);
  const ok = await run(
    title,
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`, ...args],
    env,
    options,
  );
  if (!existsSync(output)) {
    totals.failed += 1;
    return;
  }
  const report = JSON.parse(readFileSync(output, "utf8"));
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") {
        failures.push(
          `${title}: ${where} › ${test.fullName} — ${firstLine(test.failureMessages?.[0])}`,
        );
      }
    }
    if (file.status === "failed" && file.message) {
      failures.push(`${title}: ${where} — ${firstLine(file.message)}`);
    }
  }
  if (!ok && report.numFailedTests === 0) {
    failures.push(`${title}: vitest ended with an error outside the tests (see its output above)`);
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1);
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

async function playwright(title) {
  const output = path.join(reports, "playwright.json");
  const ok = await run(title, bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  if (!existsSync(output)) {
    totals.failed += 1;
    return;
  }
  const { stats, suites, errors } = JSON.parse(readFileSync(output, "utf8"));
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") {
          const error = test.results?.at(-1)?.error?.message;
          failures.push(
            `${title}: ${spec.file}:${spec.line} › ${spec.title} — ${firstLine(error)}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of suites ?? []) visit(suite);
  for (const error of errors ?? []) failures.push(`${title}: ${firstLine(error.message)}`);
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1);
  totals.skipped += stats.skipped;
}

const quiet = { quiet: true };
// Types, lint and the build side by side (the build comes before the tests: integration tests of
// the HTTP layer start the production server).
const [, , built] = await Promise.all([
  check(
    "Типы (react-router typegen && tsc)",
    "sh",
    ["-c", `"${bin("react-router")}" typegen && "${bin("tsc")}" --noEmit`],
    {},
    quiet,
  ),
  check("Линтер (biome)", bin("biome"), ["check", "."], {}, quiet),
  check(
    "Сборка (react-router build)",
    bin("react-router"),
    ["build"],
    { NODE_ENV: "production" },
    quiet,
  ),
]);
// Both databases side by side: each run takes its files one at a time. The files that start the
// production server on its own embedded database need no test database: with PostgreSQL they run
// in its pass only, which is otherwise the shorter of the two.
const OWN_DATABASE = [
  "tests/integration/http-hardening.test.ts",
  "tests/integration/embedded-database.test.ts",
];
// Integration files that open no database at all (files, mail, scripts, the route table, the
// import graph): the same test twice tells nothing new, so they run in the PGlite pass only.
const NO_DATABASE = [
  "tests/integration/container.test.ts",
  "tests/integration/folder-cycles.test.ts",
  "tests/integration/mail.test.ts",
  "tests/integration/picture-scripts.test.ts",
  "tests/integration/route-table.test.ts",
  "tests/integration/storage.test.ts",
];
// Should one of them come to open a database, it belongs in both passes again: say so.
for (const file of NO_DATABASE) {
  if (
    /startTestApp|testApp\(|testDatabase\(|openDatabase|ProductionServer/.test(
      readFileSync(file, "utf8"),
    )
  ) {
    console.error(`${file} opens a database: take it out of NO_DATABASE in scripts/test.mjs`);
    process.exit(1);
  }
}
await Promise.all([
  vitest(
    "Модульные и интеграционные тесты (PGlite)",
    postgresUrl ? OWN_DATABASE.flatMap((file) => ["--exclude", file]) : [],
    { TEST_DATABASE_URL: "" },
    quiet,
  ),
  postgresUrl
    ? vitest(
        "Интеграционные тесты (PostgreSQL)",
        ["tests/integration", ...NO_DATABASE.flatMap((file) => ["--exclude", file])],
        { TEST_DATABASE_URL: postgresUrl },
        quiet,
      )
    : Promise.resolve(
        console.log(
          "\n━━ Интеграционные тесты (PostgreSQL): пропущены, TEST_DATABASE_URL не задан",
        ),
      ),
]);
if (built) await playwright("Сквозные тесты (Playwright, Chromium)");

rmSync(reports, { recursive: true, force: true });
console.log("\n━━ Итог");
for (const step of steps) console.log(`${step.ok ? "✓" : "✗"} ${step.title} (${step.seconds} с)`);
if (failures.length > 0) {
  console.log("\nНе прошли:");
  for (const failure of failures) console.log(`✗ ${failure.slice(0, 400)}`);
}
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : "";
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
