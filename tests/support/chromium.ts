/**
 * The browser for end-to-end tests (docs/guides/testing.md): CHROME_PATH, else /usr/bin/chromium,
 * else the Chromium shipped inside the npm package @sparticuz/chromium (works offline).
 */
import { existsSync } from "node:fs";

/** Flags this closed network needs (no background connections, no sandbox as root). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function resolveChromium(): Promise<{ executablePath: string; args: string[] }> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: CHROMIUM_FLAGS };
  if (existsSync("/usr/bin/chromium")) {
    return { executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS };
  }
  const { default: chromium } = await import("@sparticuz/chromium");
  const executablePath = await chromium.executablePath();
  // Its own flags minus the ones that make a headless shell unsuitable for tests.
  const args = chromium.args.filter(
    (flag) =>
      !["--single-process", "--disable-web-security", "--allow-running-insecure-content"].includes(
        flag,
      ) && !flag.startsWith("--headless"),
  );
  return { executablePath, args: [...new Set([...args, ...CHROMIUM_FLAGS])] };
}
