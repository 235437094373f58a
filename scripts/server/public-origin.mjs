// Behind a reverse proxy the request this server sees is not the one the browser sent: nginx's
// default passes `Host: <upstream name>` and a balancer that ends TLS talks plain http. The
// same-origin checks (ours, app/platform/security.server.ts, and React Router's, which answers a
// plain 400 when a post's Origin differs from the request URL's origin) must compare the
// browser's Origin with the site's public address instead: BASE_URL, or what a trusted proxy
// (TRUST_PROXY) forwards. See docs/decisions/022-behind-a-proxy-and-graceful-shutdown.md.

/** True when X-Forwarded-* of this request may be believed (Express's `trust proxy`). */
function fromTrustedProxy(req) {
  if (!req.get("x-forwarded-proto") && !req.get("x-forwarded-host")) return false;
  const trust = req.app.get("trust proxy fn");
  return typeof trust === "function" && Boolean(trust(req.socket.remoteAddress, 0));
}

/** The request's own URL (this server's scheme, the Host header), always a valid URL. */
function directUrl(req) {
  const scheme = req.socket.encrypted ? "https" : "http";
  // The request target may be in absolute form or carry anything: keep only path and query.
  const target = new URL(req.originalUrl ?? req.url ?? "/", "http://localhost");
  const path = `${target.pathname}${target.search}`;
  try {
    return new URL(`${scheme}://${req.headers.host ?? ""}${path}`).href;
  } catch {
    return `${scheme}://localhost${path}`;
  }
}

/** What `entry.refuseCrossSite` and `entry.publicOrigin` need to know about a request. */
export function requestSource(req) {
  return {
    method: req.method,
    origin: req.get("origin") ?? null,
    fetchSite: req.get("sec-fetch-site") ?? null,
    url: directUrl(req),
    forwardedOrigin: fromTrustedProxy(req) ? `${req.protocol}://${req.host}` : null,
  };
}

/**
 * Middleware before React Router's handler (@react-router/express builds the Request's URL from
 * `req.protocol`, `req.hostname` and Host or, with `trust proxy`, X-Forwarded-Host): makes them
 * name the public origin `entry.publicOrigin` picks (the browser's Origin when it is this site's,
 * else BASE_URL's), so the app sees the address the browser used.
 */
export function withPublicOrigin(entry) {
  return (req, _res, next) => {
    const origin = new URL(entry.publicOrigin(requestSource(req)));
    const protocol = origin.protocol.slice(0, -1);
    Object.defineProperty(req, "protocol", { value: protocol, configurable: true });
    Object.defineProperty(req, "hostname", { value: origin.hostname, configurable: true });
    req.headers.host = origin.host;
    if (req.app.enabled("trust proxy")) req.headers["x-forwarded-host"] = origin.host;
    next();
  };
}
