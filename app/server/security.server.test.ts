import { describe, expect, it } from "vitest";
import { INLINE_SCRIPTS } from "~/lib/inline-scripts";
import {
  contentSecurityPolicy,
  createNonce,
  crossSiteRefusal,
  isCrossSiteWrite,
  type RequestSource,
  securityHeaders,
} from "./security.server";

const BASE = "https://fabricum.example";
const post = (source: Partial<RequestSource>): RequestSource => ({
  method: "POST",
  origin: null,
  fetchSite: null,
  url: `${BASE}/place-tender`,
  ...source,
});

describe("content security policy", () => {
  it("allows scripts by nonce and by the hash of our constant scripts, never inline at large", () => {
    const nonce = createNonce();
    expect(nonce).not.toBe(createNonce());
    const csp = contentSecurityPolicy(nonce, "http://localhost:3000");
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain(`'nonce-${nonce}'`);
    expect(scriptSrc).not.toContain("unsafe");
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(INLINE_SCRIPTS.length);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy(nonce, BASE)).toContain("upgrade-insecure-requests");
  });

  it("sends HSTS only when the site is on https", () => {
    expect(securityHeaders(BASE)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders(BASE)).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
    });
  });
});

describe("cross-site writes", () => {
  it.each([
    [{ origin: "https://evil.example" }, true],
    [{ origin: "null" }, true],
    [{ origin: "https://fabricum.example.evil.example" }, true],
    [{ fetchSite: "cross-site", origin: BASE }, true],
    [{ fetchSite: "same-site" }, true],
    [{ origin: BASE }, false],
    [{ fetchSite: "same-origin", origin: BASE }, false],
    [{ fetchSite: "none" }, false],
    // Not from a browser page (curl, the app's own scripts): cannot be a forgery.
    [{}, false],
    // Behind a proxy the request URL may differ from BASE_URL: its own origin is the same site.
    [{ origin: "http://127.0.0.1:3000", url: "http://127.0.0.1:3000/profile" }, false],
  ] as [Partial<RequestSource>, boolean][])("POST %j → refused: %s", (source, refused) => {
    expect(isCrossSiteWrite(post(source), BASE)).toBe(refused);
    expect(crossSiteRefusal(post(source), BASE) !== null).toBe(refused);
  });

  it("lets reads through from anywhere", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isCrossSiteWrite(post({ method, origin: "https://evil.example" }), BASE)).toBe(false);
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteWrite(post({ method, origin: "https://evil.example" }), BASE)).toBe(true);
    }
  });

  it("answers with a Russian page that echoes nothing of the request", () => {
    const page = crossSiteRefusal(
      post({ origin: "https://evil.example", url: `${BASE}/<script>alert(1)</script>` }),
      BASE,
    );
    expect(page).toContain("Доступ запрещен");
    expect(page).toContain('lang="ru"');
    expect(page).not.toContain("<script>");
  });
});
