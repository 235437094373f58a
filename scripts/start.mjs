// npm start — builds the app if the build is missing or older than the sources, then serves it
// (production mode) with the database migrated and, on first start, filled with demo data.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gracefulShutdown } from "./server/graceful.mjs";
import { requestSource, withPublicOrigin } from "./server/public-origin.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server/index.js");

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const sources = [
  "app",
  "db",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];
const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (!existsSync(serverEntry) || statSync(serverEntry).mtimeMs < sourceTime) {
  console.log("Сборка приложения...");
  const result = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"],
    {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= "production";
const [{ createRequestHandler }, { default: express }, { default: compression }] =
  await Promise.all([import("@react-router/express"), import("express"), import("compression")]);
const build = await import(pathToFileURL(serverEntry).href);
const entry = build.entry.module;

let site;
try {
  site = await entry.startup();
} catch (error) {
  const known =
    error instanceof Error &&
    ["EnvError", "DataDirHeldError", "SecretMismatchError"].includes(error.name);
  console.error(known ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: none, so a
// client cannot choose its own address; behind a balancer, its hops or addresses).
app.set("trust proxy", site.trustProxy);
// Operations (app/server/operations.server.ts), before everything else: request ids and one log
// line per request, /healthz and /readyz, 400 for a path with broken encoding.
app.use(entry.operations());
// Rate limits of sign-in and sign-up are kept per client: pass the address on in a header
// that a client cannot set itself (any value it sends is replaced).
app.use((req, _res, next) => {
  req.headers["x-fabricum-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
});
// An answer given before the request's body was read to its end (a body over its limit, a
// refused post): what the client still sends is discarded unread, for at most LINGER_MS, and
// then the connection is closed. Closing at once would make the client's kernel see a reset
// while it is still sending, and most clients then lose the answer (nginx's lingering close).
// When the connection is not kept alive (the client sent "Connection: close"), Node ends the
// socket once the answer is written and destroys it as soon as that end is flushed: that
// destroy is put off until the body has been discarded (reading goes on after the end, as an
// HTTP server's sockets are half-open).
const LINGER_MS = 2000;
app.use((req, res, next) => {
  res.on("finish", () => {
    if (req.complete) return;
    const { socket } = req;
    socket.removeListener("finish", socket.destroy);
    const close = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    req.removeAllListeners("data");
    req.resume();
    req.once("end", () => (res.shouldKeepAlive ? clearTimeout(timer) : close()));
    socket.once("close", () => clearTimeout(timer));
  });
  next();
});
// nosniff, referrer policy, no framing and HSTS on https for every response, static files too
// (pages add their Content-Security-Policy in app/entry.server.tsx).
const hardening = Object.entries(entry.securityHeaders());
app.use((_req, res, next) => {
  for (const [name, value] of hardening) res.setHeader(name, value);
  next();
});
// A visitor's GET of a page the page cache keeps (without a body) is answered here, before React
// Router, the static files and the compression middleware (the page is stored compressed): the
// same answer, headers and bytes the root middleware would give, at a fraction of the cost. The
// two checks below concern writes and bodies only, which a hit never has.
app.use(entry.pageCacheHits());
// A form on another site cannot post here: 403 before any action runs. "This site" is
// BASE_URL's origin (and a trusted proxy's forwarded one), whatever Host the proxy passes.
app.use((req, res, next) => {
  const page = entry.refuseCrossSite(requestSource(req));
  if (page === null) return next();
  res.status(403).type("html").send(page);
});
// A declared body larger than the route takes (its facts say what its forms carry): 413 before
// a byte of it is read.
app.use((req, res, next) => {
  entry.refuseDeclaredBody(req.path, req.get("content-length") ?? null).then((page) => {
    if (page === null) return next();
    res.status(413).type("html").send(page);
  }, next);
});
app.use(compression());
// Fingerprinted assets never change; everything else in public/ is cached briefly.
app.use(
  "/assets",
  express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
);
// Only a path that names a file (public/ holds files with extensions) is looked for on disk: a
// page's path costs no filesystem lookup.
const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
// The app's handler sees the public origin (BASE_URL's or the browser's own), not the proxy's
// upstream address, so React Router's same-origin check of actions agrees with ours.
app.all(
  "/{*splat}",
  withPublicOrigin(entry),
  createRequestHandler({ build, mode: process.env.NODE_ENV }),
);

const { port, host } = site;
const server = app.listen(port, host, () => {
  const shown = host && host !== "0.0.0.0" ? host : "localhost";
  console.log(`${site.siteName} работает: http://${shown}:${port} (BASE_URL ${site.baseUrl})`);
});
server.on("error", (error) => {
  console.error(
    error.code === "EADDRINUSE" ? `Порт ${port} занят: задайте другой через PORT.` : error,
  );
  process.exit(1);
});

// Graceful shutdown (scripts/server/graceful.mjs): stop listening, finish requests in flight
// (at most SHUTDOWN_TIMEOUT_MS), end live streams with a retry hint, close the app, exit 0.
const drain = gracefulShutdown(server, {
  timeoutMs: site.shutdownTimeoutMs,
  beforeDrain: () => entry.endLiveStreams(),
  log: (line) => console.log(line),
});
let stopping = false;
async function stop(signal) {
  if (stopping) {
    console.log(`[shutdown] second ${signal}: exiting at once`);
    process.exit(1);
  }
  stopping = true;
  // /readyz answers 503 from now on: the balancer stops sending new requests.
  entry.markStopping();
  const result = await drain(signal);
  await entry.shutdown().catch((error) => console.error("[shutdown]", error));
  console.log(
    `[shutdown] stopped in ${Date.now() - result.started} ms: ${result.waited} request(s) waited for (${result.requestsMs} ms), ${result.cut} cut at the time limit`,
  );
  process.exit(0);
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
