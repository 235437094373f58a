import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { resolveTestChromium } from "/work/main/tests/support/chromium";
const base = "http://127.0.0.1:3499";
const [, , role, ...paths] = process.argv;
const accounts = JSON.parse(readFileSync("/tmp/lead-data/demo-accounts.json", "utf8"));
const c = await resolveTestChromium();
const browser = await chromium.launch({ executablePath: c.executablePath, args: c.args });
const context = await browser.newContext({ baseURL: base });
if (role !== "visitor") {
  const a = accounts.find((x: { role: string }) => x.role === role);
  const r = await context.request.post("/api/auth/sign-in/email", { data: { email: a.email, password: a.password }, headers: { origin: base } });
  if (!r.ok()) throw new Error(await r.text());
}
const page = await context.newPage();
if (paths[0] === "first-invitations") {
  await page.goto("/my-tenders");
  const href = await page.locator('main a[href^="/my-tenders/"]').first().getAttribute("href");
  paths[0] = href ?? "/my-tenders";
}
for (const p of paths) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(p);
    await page.waitForLoadState("networkidle");
    const name = `/tmp/lead-${role}-${p.replace(/[^a-z0-9]+/gi, "_")}-${width}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
  }
}
await browser.close();
