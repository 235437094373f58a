// npm run screenshot -- URL [OUT_PREFIX] — PNGs of a page at 390 px and 1280 px wide (whole page
// and first screen), to look at a screen before calling it done.
import { chromium } from "playwright-core";
import { resolveChromium } from "../tests/support/chromium";

const [url, prefix = "screenshot"] = process.argv.slice(2);
if (!url) {
  console.error("Использование: npm run screenshot -- http://localhost:3000/ [префикс]");
  process.exit(2);
}
const browser = await chromium.launch({ ...(await resolveChromium()), headless: true });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
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
