/**
 * The browsers (docs/guides/testing.md). End-to-end tests run in the headless shell shipped inside
 * the npm package @sparticuz/chromium (works offline, and costs about half the CPU time of a full
 * Chromium on the same specs); Lighthouse, screenshots and the share image use a full Chromium.
 * CHROME_PATH overrides both.
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

type Browser = { executablePath: string; args: string[] };

/** The headless shell inside @sparticuz/chromium, unpacked on first use (to /tmp). */
async function headlessShell(): Promise<Browser> {
  const { default: chromium } = await import("@sparticuz/chromium");
  // Only our flags: the package's own are for AWS Lambda (one process, no web security) and one of
  // them, a --disable-features list, would replace the features Playwright turns off.
  return { executablePath: await chromium.executablePath(), args: CHROMIUM_FLAGS };
}

/** A full Chromium: CHROME_PATH, else Debian's /usr/bin/chromium, else the headless shell. */
export async function resolveChromium(): Promise<Browser> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: CHROMIUM_FLAGS };
  if (existsSync("/usr/bin/chromium")) {
    return { executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS };
  }
  return headlessShell();
}

/** The end-to-end tests' browser: CHROME_PATH, else the headless shell. */
export async function resolveTestChromium(): Promise<Browser> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: CHROMIUM_FLAGS };
  return headlessShell();
}
