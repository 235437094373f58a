// HTTP hardening as a browser meets it: the headers of pages, data, pictures and static files;
// a Content-Security-Policy with a fresh nonce per page that every inline script of ours
// satisfies (no violation reported while pages are used); cookies that scripts cannot read;
// cross-site form posts refused; a factory's text that tries to close a script element stays
// text.
import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { originOf, registerNewAccount, signInAs } from "./helpers";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The policy's script sources, and its nonce. */
function scriptPolicy(csp: string) {
  const scriptSrc = csp.split(";").find((part) => part.trim().startsWith("script-src")) ?? "";
  const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1] ?? null;
  return { scriptSrc, nonce };
}

/** Collects the browser's reports of blocked content while the page is used. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("headers", () => {
  test("a page carries a nonce-based policy, new on every request, and the common headers", async ({
    page,
  }) => {
    // The app (signed in): React Router's inline scripts carry a nonce new on every page.
    await signInAs(page, "buyer");
    const first = await page.request.get("/factories");
    const second = await page.request.get("/factories");
    const headers = first.headers();
    const csp = headers["content-security-policy"] as string;
    expect(csp).toBeTruthy();
    const { scriptSrc, nonce } = scriptPolicy(csp);
    expect(nonce).toBeTruthy();
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(scriptPolicy(second.headers()["content-security-policy"] as string).nonce).not.toBe(
      nonce,
    );

    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    // Plain http (the test server): no HSTS, which would pin a browser to https.
    expect(headers["strict-transport-security"]).toBeUndefined();

    // Every executable inline script of the page carries the nonce or is our constant one
    // (allowed by its hash); data blocks (JSON-LD) are not executed.
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    const unsigned = inline.filter(
      (attributes) =>
        !attributes.includes(`nonce="${nonce}"`) && !attributes.includes("application/ld+json"),
    );
    // Only the filter panel's collapse script, allowed by its hash.
    expect(unsigned.length).toBeLessThanOrEqual(1);
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  });

  test("a visitor's page allows its few inline scripts by their hashes alone, no nonce", async ({
    request,
  }) => {
    const response = await request.get("/factories");
    const csp = response.headers()["content-security-policy"] as string;
    const { scriptSrc, nonce } = scriptPolicy(csp);
    expect(nonce).toBeFalsy();
    expect(scriptSrc).not.toContain("unsafe-inline");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !(m[1] ?? "").includes("application/ld+json"))
      .map((m) => m[2] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const hash = createHash("sha256").update(script, "utf8").digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });

  test("pictures, scripts and data answers carry nosniff and their real type", async ({
    page,
    request,
  }) => {
    // A verified factory's logo: other tests running meanwhile delete the pictures of the new
    // factories they made, which come first in the directory.
    await page.goto("/factories?verified=1");
    const picture = await page.locator('img[src^="/uploads/"]').last().getAttribute("src");
    expect(picture).toBeTruthy();
    const image = await request.get(picture as string);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(image.headers()["x-content-type-options"]).toBe("nosniff");

    // A signed-in page loads the app's scripts (a visitor's HTML-first page has none).
    await signInAs(page, "buyer");
    await page.goto("/factories");
    const script = await page.locator('script[type="module"][src], link[rel="modulepreload"]');
    const asset =
      (await script.first().getAttribute("src")) ?? (await script.first().getAttribute("href"));
    const js = await request.get(asset as string);
    expect(js.headers()["content-type"]).toMatch(/javascript/);
    expect(js.headers()["x-content-type-options"]).toBe("nosniff");

    const dataAnswer = await request.get("/factories.data");
    expect(dataAnswer.status()).toBe(200);
    expect(dataAnswer.headers()["x-content-type-options"]).toBe("nosniff");
    expect(dataAnswer.headers()["x-frame-options"]).toBe("DENY");

    const missing = await request.get("/uploads/logos/not-a-picture.html");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["x-content-type-options"]).toBe("nosniff");
  });
});

test.describe("the policy in use", () => {
  for (const width of [390, 1280]) {
    test(`pages work under the policy without violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const violations = watchViolations(page);
      await signInAs(page, "buyer");

      await page.goto("/");
      await page.goto("/factories");
      const panel = page.locator("details#factory-filters-panel");
      // The constant inline script ran (allowed by its hash): collapsed on a phone only.
      if (width < 1024) await expect(panel).not.toHaveAttribute("open");
      else await expect(panel).toHaveAttribute("open");
      // Hydrated (the page's scripts ran under the policy): choosing a category filters on the
      // client. Wait for the scripts first, or the choice can come before hydration.
      await page.waitForLoadState("networkidle");
      if (width < 1024) await panel.locator("summary").click();
      await page.getByLabel("Сферы деятельности", { exact: true }).selectOption({ index: 1 });
      await expect(page).toHaveURL(/category=/);

      await page.goto("/tenders");
      await page.locator('main a[href*="tender="]').first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.goto("/login");
      expect(violations).toEqual([]);
    });
  }
});

test.describe("cookies", () => {
  test("the session and toast cookies are http-only and same-site", async ({ page, context }) => {
    await signInAs(page, "buyer");
    await page.goto("/profile");
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name.includes("session_token"));
    expect(session).toBeTruthy();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    // Scripts of the page cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
  });
});

test.describe("cross-site posts", () => {
  test("a form on another site cannot post to an action, a same-site post can", async ({
    page,
  }) => {
    await signInAs(page, "buyer");
    const title = `Чужой тендер ${Date.now()}`;
    const attempts: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site", origin: originOf() },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of attempts) {
      const refused = await page.request.post("/place-tender", {
        form: { title, quantity: "100" },
        headers,
        maxRedirects: 0,
      });
      expect(refused.status(), JSON.stringify(headers)).toBe(403);
    }
    await page.goto("/my-tenders");
    await expect(page.getByText(title)).toHaveCount(0);

    const accepted = await page.request.post("/place-tender", {
      form: { title, quantity: "100" },
      headers: { origin: originOf() },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(302);
    await page.goto("/my-tenders");
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  });

  test("a page on another origin that submits a form to us gets the 403 page", async ({ page }) => {
    await signInAs(page, "buyer");
    const target = `${originOf()}/place-tender`;
    const title = `Подделка ${Date.now()}`;
    await page.route("http://evil.test/**", (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><form method="post" action="${target}"><input name="title" value="${title}"><button>Отправить</button></form>`,
      }),
    );
    await page.goto("http://evil.test/");
    await page.getByRole("button", { name: "Отправить" }).click();
    await expect(page.getByRole("heading", { name: "Доступ запрещен" })).toBeVisible();
    await page.goto("/my-tenders");
    await expect(page.getByText(title)).toHaveCount(0);
  });
});

test.describe("escaping", () => {
  test("a factory's texts cannot close a script element or run code", async ({ page }) => {
    const payload = `</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
    await registerNewAccount(page, "factory");
    const save = await page.request.post("/profile", {
      form: {
        intent: "save",
        name: `Фабрика ${payload}`.slice(0, 120),
        description: `Описание ${payload}`,
        country: "kg",
        city: "kg_1",
        categories: "sportswear",
      },
      headers: { origin: originOf() },
    });
    expect(save.status()).toBeLessThan(400);
    // The light profile page carries no page data: the id is in the dashboard's portfolio link.
    await page.goto("/factory-dashboard");
    const portfolio = await page
      .getByRole("link", { name: "Публичное портфолио" })
      .getAttribute("href");
    const factoryId = portfolio?.match(UUID)?.[0] as string;
    expect(factoryId).toBeTruthy();

    for (const path of [`/factory/${factoryId}`, `/factory-products/${factoryId}`]) {
      const html = await (await page.request.get(path)).text();
      expect(html).not.toContain("</script><script>window.__pwned");
      expect(html).not.toContain('<img src=x onerror="window.__pwned');
      await page.goto(path);
      await expect(page.getByText("window.__pwned=1").first()).toBeAttached();
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    }
  });
});
