// npm run compare:pages -- OTHER_CHECKOUT — the HTML inside <main> of every kind of page, as a
// visitor, a buyer, a factory and an admin, in this checkout and in another one (for example a
// worktree of the commit before a restructuring), on the same data: the demo data is seeded once
// into an embedded database, and each checkout's built server starts on its own copy of it. Prints
// the pages whose <main> differs, with the first differing lines, and writes every page of both
// sides to a folder for a closer look. Exit code 1 when a page differs.
//
// Each checkout is served by its own `scripts/start.mjs` (built when its build is missing or old).
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const other = process.argv[2] ? path.resolve(process.argv[2]) : null;
if (!other) {
  console.error("usage: npm run compare:pages -- OTHER_CHECKOUT");
  process.exit(2);
}
const work = mkdtempSync(path.join(tmpdir(), "fabricum-compare-"));
const PORTS = {
  here: Number(process.env.COMPARE_PORT ?? 3591),
  other: Number(process.env.COMPARE_PORT ?? 3591) + 1,
};

/** Starts a checkout's server on a data folder; resolves when /readyz answers. */
async function serve(checkout, dataDir, port) {
  const child = spawn(process.execPath, [path.join(checkout, "scripts/start.mjs")], {
    cwd: checkout,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "true",
      EMAIL_VERIFICATION: "false",
      LOG_HEALTH_CHECKS: "false",
      PAGE_CACHE_MB: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${checkout} stopped:\n${log}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (ready?.ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill("SIGKILL");
  throw new Error(`${checkout} did not start:\n${log}`);
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on("exit", resolve);
    child.kill("SIGTERM");
  });

/** A session cookie of a demo account. */
async function signIn(base, role, dataDir) {
  const accounts = JSON.parse(readFileSync(path.join(dataDir, "demo-accounts.json"), "utf8"));
  const account = accounts.find((entry) => entry.role === role);
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${role}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

async function get(base, pathname, cookie) {
  const response = await fetch(`${base}${pathname}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  const body = await response.text();
  return { status: response.status, location: response.headers.get("location"), body };
}

/** The inside of <main>, with what changes from one request to the next made even. */
function mainOf(page) {
  const match = page.body.match(/<main[\s\S]*<\/main>/);
  const html = match ? match[0] : `(no <main>; status ${page.status} → ${page.location ?? ""})`;
  return html
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/127\.0\.0\.1:\d+/g, "127.0.0.1")
    .replace(/\b(\d+) (секунд|минут|second|minute)\S*/g, "N $2")
    .replace(/(<[a-z])/g, "\n$1");
}

/** The first link on a page that matches, as a path. */
function firstLink(body, pattern) {
  const match = body.match(new RegExp(`href="(${pattern})"`));
  return match ? match[1].replaceAll("&amp;", "&") : null;
}

/** The pages to compare, found on the first side (the same data on both sides). */
async function pagesToCompare(base, cookies) {
  const visitor = [
    "/",
    "/factories",
    "/factories?q=%D1%82%D1%80%D0%B8%D0%BA%D0%BE%D1%82%D0%B0%D0%B6",
    "/factories?country=kg",
    "/tenders",
    "/about",
    "/contact",
    "/terms",
    "/privacy",
    "/articles",
    "/login",
    "/register",
    "/forgot-password",
    "/support-project",
    "/clothing",
    "/textile",
    "/supplier",
    "/en",
    "/en/factories",
    "/en/tenders",
    "/en/login",
    "/en/place-tender",
    "/no-such-page",
  ];
  const directory = await get(base, "/factories");
  const factory = firstLink(directory.body, '/factory/[^"]+');
  const tenders = await get(base, "/tenders");
  const tender = firstLink(tenders.body, "/tenders/[0-9a-f-]{36}");
  if (factory) visitor.push(factory, `/en${factory}`);
  if (tender) visitor.push(tender, `/en${tender}`);
  const factoryPage = factory ? await get(base, factory) : null;
  const portfolio = factoryPage && firstLink(factoryPage.body, '/factory-products/[^"]+');
  if (portfolio) visitor.push(portfolio);

  const buyerPages = [
    "/my-tenders",
    "/place-tender",
    "/profile",
    "/notifications",
    "/notification-settings",
    "/tenders",
    "/en/my-tenders",
  ];
  const own = await get(base, "/my-tenders", cookies.buyer);
  const ownTender = firstLink(own.body, "/my-tenders/[0-9a-f-]{36}");
  if (ownTender) buyerPages.push(ownTender);
  const ownTenderPage = ownTender ? await get(base, ownTender, cookies.buyer) : null;
  const buyerQuote = ownTenderPage && firstLink(ownTenderPage.body, "/quotes/[0-9a-f-]{36}");
  if (buyerQuote) buyerPages.push(buyerQuote);

  const factoryPages = [
    "/factory-dashboard",
    "/factory-products",
    "/my-quotes",
    "/profile",
    "/notifications",
    "/tenders",
    "/en/factory-dashboard",
    "/en/profile",
  ];
  const quotes = await get(base, "/my-quotes", cookies.factory);
  const factoryQuote = firstLink(quotes.body, "/quotes/[0-9a-f-]{36}");
  if (factoryQuote) factoryPages.push(factoryQuote);
  const quoteForm = firstLink(quotes.body, "/tenders/[0-9a-f-]{36}/quote");
  if (quoteForm) factoryPages.push(quoteForm);
  if (tender) factoryPages.push(tender, `${tender}/quote`);

  const adminPages = ["/admin", "/admin/verifications", "/admin?type=factory", "/en/admin"];
  return [
    ...visitor.map((pathname) => ({ who: "visitor", pathname })),
    ...buyerPages.map((pathname) => ({ who: "buyer", pathname })),
    ...factoryPages.map((pathname) => ({ who: "factory", pathname })),
    ...adminPages.map((pathname) => ({ who: "admin", pathname })),
  ];
}

const seedDir = path.join(work, "seed");
mkdirSync(seedDir);
console.log(`Seeding the demo data once (${seedDir})...`);
const seeder = await serve(here, seedDir, PORTS.here);
await stop(seeder);
const dirs = { here: path.join(work, "here"), other: path.join(work, "other") };
cpSync(seedDir, dirs.here, { recursive: true });
cpSync(seedDir, dirs.other, { recursive: true });

const servers = {};
try {
  [servers.here, servers.other] = await Promise.all([
    serve(here, dirs.here, PORTS.here),
    serve(other, dirs.other, PORTS.other),
  ]);
  const bases = {
    here: `http://127.0.0.1:${PORTS.here}`,
    other: `http://127.0.0.1:${PORTS.other}`,
  };
  const cookies = {};
  for (const side of ["here", "other"]) {
    cookies[side] = { visitor: null };
    for (const role of ["buyer", "factory", "admin"]) {
      cookies[side][role] = await signIn(bases[side], role, dirs[side]);
    }
  }
  // Both sides find their pages the same way: opening a page may mark notices read, so each side
  // goes through the same visits before the comparison.
  const [pages] = await Promise.all([
    pagesToCompare(bases.here, cookies.here),
    pagesToCompare(bases.other, cookies.other),
  ]);
  const out = path.join(work, "pages");
  mkdirSync(out);
  const differing = [];
  for (const [index, { who, pathname }] of pages.entries()) {
    const [mine, theirs] = await Promise.all([
      get(bases.here, pathname, cookies.here[who]),
      get(bases.other, pathname, cookies.other[who]),
    ]);
    const a = `${mine.status}\n${mainOf(mine)}`;
    const b = `${theirs.status}\n${mainOf(theirs)}`;
    const name = `${String(index).padStart(2, "0")}-${who}-${pathname.replace(/[^\w-]+/g, "_").slice(0, 60)}`;
    writeFileSync(path.join(out, `${name}.here.html`), a);
    writeFileSync(path.join(out, `${name}.other.html`), b);
    if (a !== b) {
      const linesA = a.split("\n");
      const linesB = b.split("\n");
      const first = linesA.findIndex((line, i) => line !== linesB[i]);
      differing.push({ who, pathname, name, here: linesA[first], other: linesB[first] });
    }
  }
  console.log(`\n${pages.length} pages compared, ${differing.length} differ (files in ${out})`);
  for (const page of differing) {
    console.log(`\n✗ ${page.who} ${page.pathname} (${page.name})`);
    console.log(`  here:  ${String(page.here).slice(0, 300)}`);
    console.log(`  other: ${String(page.other).slice(0, 300)}`);
  }
  process.exitCode = differing.length > 0 ? 1 : 0;
} finally {
  await Promise.all(Object.values(servers).map(stop));
}
