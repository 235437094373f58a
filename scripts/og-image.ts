// npm run og-image — renders public/og-image.png (1200×630), the default link-preview picture,
// from HTML in Chromium with the self-hosted Manrope font. Run it after changing the brand.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { m } from "../app/domain/messages";
import { resolveChromium } from "../tests/support/chromium";

const require = createRequire(import.meta.url);
const font = readFileSync(
  require.resolve("@fontsource-variable/manrope/files/manrope-cyrillic-wght-normal.woff2"),
).toString("base64");
const site = process.env.SITE_NAME ?? "Fabricum";

const html = `<!doctype html><html lang="ru"><head><style>
@font-face { font-family: M; src: url(data:font/woff2;base64,${font}) format("woff2"); font-weight: 200 800; }
body { margin: 0; width: 1200px; height: 630px; font-family: M, sans-serif; color: white;
  background: radial-gradient(circle at 85% 15%, #1d7b76, transparent 55%), #0b2f2e; }
.wrap { padding: 80px; display: flex; flex-direction: column; height: 470px; justify-content: space-between; }
.logo { display: flex; align-items: center; gap: 20px; font-size: 44px; font-weight: 800; }
.mark { width: 72px; height: 72px; border-radius: 16px; background: #127a74; display: grid; place-items: center; }
h1 { font-size: 68px; line-height: 1.1; margin: 0; font-weight: 800; max-width: 900px; }
p { font-size: 30px; margin: 0; color: #bfe8e4; max-width: 980px; line-height: 1.4; }
.accent { color: #f2b84b; }
</style></head><body><div class="wrap">
<div class="logo"><div class="mark">${site.charAt(0)}</div>${site}</div>
<h1>${m.landing.hero.title.replace("B2B", '<span class="accent">B2B</span>')}</h1>
<p>${m.landing.hero.subtitle}</p>
</div></body></html>`;

const browser = await chromium.launch({ ...(await resolveChromium()), headless: true });
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
const png = await page.screenshot();
// A palette PNG keeps the file small for messengers on slow networks.
await sharp(png).png({ palette: true, quality: 90, effort: 10 }).toFile("public/og-image.png");
await browser.close();
console.log("public/og-image.png");
