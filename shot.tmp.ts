import { chromium } from "@playwright/test";
import { resolveTestChromium } from "/work/main/tests/support/chromium";
const [, , url, out, width, action] = process.argv;
const c = await resolveTestChromium();
const browser = await chromium.launch({ executablePath: c.executablePath, args: c.args });
const page = await browser.newPage({ viewport: { width: Number(width), height: 844 } });
await page.goto(url);
await page.waitForLoadState("networkidle");
if (action === "openfilters") await page.locator("details#factory-filters-panel summary").click();
if (action === "scroll") { await page.mouse.wheel(0, 900); await page.waitForTimeout(400); }
await page.screenshot({ path: out });
await browser.close();
