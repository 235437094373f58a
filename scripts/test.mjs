// npm test — everything, in order: types, lint, a production build, unit and integration tests
// on PGlite, the integration tests again on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL)
// is set, and the end-to-end tests in Chromium against the built server.
// Ends with one line "N passed, N failed" that counts every test of every step.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ title, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  return ok;
}

/** A check that is not a test runner (types, lint, build) counts as one test. */
function check(title, command, args, env) {
  const ok = run(title, command, args, env);
  totals[ok ? "passed" : "failed"] += 1;
  return ok;
}

function vitest(title, args, env) {
  const output = path.join(reports, `vitest-${steps.length}.json`);
  const ok = run(
    title,
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`, ...args],
    env,
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

function playwright(title) {
  const output = path.join(reports, "playwright.json");
  const ok = run(title, bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
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

check("Типы (react-router typegen && tsc)", "sh", [
  "-c",
  `"${bin("react-router")}" typegen && "${bin("tsc")}" --noEmit`,
]);
check("Линтер (biome)", bin("biome"), ["check", "."]);
// The build comes first: integration tests of the HTTP layer start the production server.
const built = check("Сборка (react-router build)", bin("react-router"), ["build"], {
  NODE_ENV: "production",
});
vitest("Модульные и интеграционные тесты (PGlite)", [], { TEST_DATABASE_URL: "" });
if (postgresUrl) {
  vitest("Интеграционные тесты (PostgreSQL)", ["tests/integration"], {
    TEST_DATABASE_URL: postgresUrl,
  });
} else {
  console.log("\n━━ Интеграционные тесты (PostgreSQL): пропущены, TEST_DATABASE_URL не задан");
}
if (built) playwright("Сквозные тесты (Playwright, Chromium)");

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
