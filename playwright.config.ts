import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { resolveTestChromium } from "./tests/support/chromium";

// The built app, served by `npm start`'s server on its own port with a fresh data folder (the
// runner's workers inherit the folder through the environment).
const port = Number(process.env.E2E_PORT ?? 3210);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "fabricum-e2e-"));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;
const chromium = await resolveTestChromium();

export default defineConfig({
  testDir: "tests/e2e",
  // Separate folders let several runs go at once (E2E_PORT, BUILD_DIR, E2E_OUTPUT_DIR).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Generous: a 2-core CI machine runs the server, two browsers and the build side by side.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    locale: "ru-RU",
    timezoneId: "Asia/Bishkek",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node_modules/.bin/node scripts/start.mjs",
    url: `${baseURL}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    // The server log (mail links, start-up) would drown the test report; errors still show.
    stdout: "ignore",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // The end-to-end run always uses its own embedded database.
      DATABASE_URL: "",
      SEED_DEMO: "true",
      // Many sign-ins from one address in a few seconds: the limits have their own test.
      AUTH_RATE_LIMIT: "false",
      NODE_ENV: "production",
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      SUPPORT_CONFIG: "tests/fixtures/support-project.json",
    },
  },
});
