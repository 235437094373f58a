import { describe, expect, it } from "vitest";
import { INLINE_SCRIPTS } from "~/lib/inline-scripts";
import {
  contentSecurityPolicy,
  createNonce,
  crossSiteRefusal,
  isCrossSiteWrite,
  publicOrigin,
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

describe("behind a proxy", () => {
  // nginx's default `proxy_set_header Host $proxy_host`: the server sees the upstream's name,
  // and a balancer that ends TLS talks plain http to it.
  const behindNginx = (source: Partial<RequestSource>): RequestSource =>
    post({ url: "http://fabricum_app/profile", ...source });

  it.each([
    // Host rewritten by the proxy: BASE_URL's origin is this site.
    [{ fetchSite: "same-origin", origin: BASE }, false],
    [{ origin: BASE }, false],
    // TLS ended at the balancer without TRUST_PROXY: the server sees http, BASE_URL says https.
    [{ origin: BASE, url: "http://fabricum.example/profile" }, false],
    // A trusted proxy's forwarded origin (a second public name) is this site too.
    [{ origin: "https://alias.example", forwardedOrigin: "https://alias.example" }, false],
    // Another site, or the proxy's forwarded origin not given (not trusted): refused.
    [{ origin: "https://alias.example" }, true],
    [{ origin: "https://evil.example", forwardedOrigin: "https://alias.example" }, true],
    // The browser says same-origin but its Origin is no address of this site (BASE_URL set
    // wrong): refused here with a page, as React Router would refuse it with a bare 400.
    [{ fetchSite: "same-origin", origin: "https://elsewhere.example" }, true],
  ] as [Partial<RequestSource>, boolean][])("POST %j → refused: %s", (source, refused) => {
    expect(isCrossSiteWrite(behindNginx(source), BASE)).toBe(refused);
  });

  it("gives the app the browser's origin when it is this site's, else the public one", () => {
    expect(publicOrigin(behindNginx({ origin: BASE }), BASE)).toBe(BASE);
    expect(publicOrigin(behindNginx({ method: "GET", origin: null }), BASE)).toBe(BASE);
    expect(
      publicOrigin(
        behindNginx({ origin: "https://alias.example", forwardedOrigin: "https://alias.example" }),
        BASE,
      ),
    ).toBe("https://alias.example");
    // Without an Origin of this site's (a page's GET), BASE_URL's: a forwarded origin may name
    // the upstream (X-Forwarded-Proto passed, Host not).
    expect(
      publicOrigin(behindNginx({ origin: null, forwardedOrigin: "http://fabricum_app" }), BASE),
    ).toBe(BASE);
    // A direct visit keeps its own origin (a local `npm start` opened as 127.0.0.1).
    expect(
      publicOrigin(
        post({ origin: "http://127.0.0.1:3000", url: "http://127.0.0.1:3000/profile" }),
        BASE,
      ),
    ).toBe("http://127.0.0.1:3000");
    // Another site's origin never becomes the app's: React Router's own check then refuses too.
    expect(publicOrigin(behindNginx({ origin: "https://evil.example" }), BASE)).toBe(BASE);
    // Broken values fall back to BASE_URL instead of throwing.
    expect(publicOrigin(behindNginx({ origin: "not a url", forwardedOrigin: "::" }), BASE)).toBe(
      BASE,
    );
  });
});
