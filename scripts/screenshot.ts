// npm run screenshot -- URL [OUT_PREFIX] — PNGs of a page at 390, 768 and 1280 px wide (whole
// page and first screen), to look at a screen before calling it done. SCREENSHOT_EMAIL and
// SCREENSHOT_PASSWORD sign in first (through /login, as a person would), for the pages behind it.
import { chromium } from "playwright-core";
import { resolveChromium } from "../tests/support/chromium";

const [url, prefix = "screenshot"] = process.argv.slice(2);
if (!url) {
  console.error("Использование: npm run screenshot -- http://localhost:3000/ [префикс]");
  process.exit(2);
}
const email = process.env.SCREENSHOT_EMAIL;
const password = process.env.SCREENSHOT_PASSWORD ?? "";
const browser = await chromium.launch({ ...(await resolveChromium()), headless: true });
try {
  const context = await browser.newContext();
  if (email) {
    const page = await context.newPage();
    await page.goto(new URL("/login", url).href, { waitUntil: "networkidle" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Пароль", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Войти" }).click();
    await page.waitForURL((address) => address.pathname !== "/login", { timeout: 15_000 });
    await page.close();
  }
  for (const width of [390, 768, 1280]) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url, { waitUntil: "networkidle" });
    for (const [suffix, fullPage] of [
      ["", true],
      ["-top", false],
    ] as const) {
      const file = `${prefix}-${width}${suffix}.png`;
      await page.screenshot({ path: file, fullPage });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
