/**
 * npm run bench:mix — the page cache under a visitor mix while the marketplace writes (issue 31).
 *
 * On the PostgreSQL database in DATABASE_URL (filled by bench/factories.ts like bench:nginx:
 * BENCH_SIZE factories with 10 products each; the fill REPLACES all data of that database, an
 * existing fill of the same size is reused) it adds a small marketplace (buyers, tenders, quotes),
 * starts the production build (scripts/start.mjs) and sends visitors' requests (no cookie,
 * Accept-Encoding of a browser) at BENCH_CONNECTIONS keep-alive connections, each request a
 * different address drawn from a visitor mix:
 *   35% a factory's page and 5% its portfolio (factories by popularity, Zipf s=1),
 *   25% directory pages (page numbers, half of them filtered by country, category or 'verified'),
 *   15% searches (common queries, some with a country), 10% the tender list (page numbers),
 *   10% tender pages (by popularity); 15% of all in English (/en).
 * Meanwhile a writer makes BENCH_WRITES writes a second as a marketplace does: messages (a row in
 * quote_messages and the quote's last_message_at), read marks, notifications, new terms of quotes,
 * and now and then a product's price or a factory's profile (its phone or its description).
 *
 * It prints the hit rate (from X-Page-Cache), requests per second, p50/p95/p99 latency and the
 * writes made, after a warm-up of BENCH_WARMUP seconds with the same load (not counted).
 * A benchmark, not a test: timing never fails it. Exit 1 on request errors or 5xx, 2 on wrong
 * settings. BENCH_APP_DIR starts another checkout's server (an older version, to compare).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type AppServer, benchDatabaseEnv, startAppServer } from "./app-server";
import { cannon, percentile, stopCannon } from "./cannon";
import { directorySize, fillDirectory } from "./fill";
import { freePort, HOST, settingsReader, sleep, stopOnSignals } from "./support";

const REQUEST_TIMEOUT = 60;

const USAGE = `Использование / usage:
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/fabricum_bench npm run bench:mix

  ВНИМАНИЕ: при заполнении все данные этой базы PostgreSQL ЗАМЕНЯЮТСЯ тестовыми. Имя базы должно
  содержать "bench" (или задайте BENCH_FORCE=1).
  WARNING: filling REPLACES all data in that PostgreSQL database. Its name must contain "bench"
  (or set BENCH_FORCE=1).

  BENCH_SIZE         фабрик / factories (default 1000; 0 = база как есть / the database as it is)
  BENCH_RESEED       1 = заполнить заново / refill even when the size matches
  BENCH_DURATION     секунд измерения / seconds measured (default 30)
  BENCH_WARMUP       секунд разогрева / seconds of warm-up, not counted (default 10)
  BENCH_CONNECTIONS  соединений / connections (default 32)
  BENCH_WRITES       записей в секунду / writes a second (default 5)
  BENCH_PORT         порт приложения / app port (default 3413; the fill uses the next one)
  BENCH_BUILD_DIR    папка сборки / build folder (default build-bench)
  BENCH_APP_DIR      другая копия приложения / another checkout to start (default this one)
  BENCH_SEED         зерно случайных адресов / seed of the address draw (default 31)`;

const { usage, intSetting } = settingsReader(USAGE);

const databaseUrl = process.env.DATABASE_URL?.trim() ?? "";
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  usage("DATABASE_URL: ожидается адрес PostgreSQL / expected postgres://user@host:5432/db");
}
const dbName = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
if (!dbName.toLowerCase().includes("bench") && process.env.BENCH_FORCE !== "1") {
  usage(`Отказ: имя базы «${dbName}» не содержит "bench" / refusing: no "bench" in "${dbName}".`);
}
const settings = {
  size: intSetting("BENCH_SIZE", 1000, 0, 1_000_000),
  reseed: process.env.BENCH_RESEED === "1",
  duration: intSetting("BENCH_DURATION", 30, 1, 3600),
  warmup: intSetting("BENCH_WARMUP", 10, 0, 600),
  connections: intSetting("BENCH_CONNECTIONS", 32, 1, 1000),
  writes: intSetting("BENCH_WRITES", 5, 0, 1000),
  port: intSetting("BENCH_PORT", 3413, 1024, 65534),
  seed: intSetting("BENCH_SEED", 31, 0, 2 ** 31 - 1),
  buildDir: process.env.BENCH_BUILD_DIR?.trim() || "build-bench",
  appDir: process.env.BENCH_APP_DIR?.trim() || undefined,
};

// ------------------------------------------------------------------------------ cleanup

let app: AppServer | undefined;
let filler: ChildProcess | undefined;
let pool: pg.Pool | undefined;
let writer: ReturnType<typeof startWriter> | undefined;
let workDir: string | undefined;
let keepWorkDir = false;

async function cleanup() {
  stopCannon();
  await writer?.stop();
  if (filler?.pid && filler.exitCode === null) {
    try {
      process.kill(-filler.pid, "SIGTERM");
    } catch {
      // gone
    }
  }
  await app?.stop();
  await pool?.end().catch(() => {});
  pool = undefined;
  if (workDir && !keepWorkDir) rmSync(workDir, { recursive: true, force: true });
}

const { interrupted, runMain } = stopOnSignals(cleanup, () => app?.kill());

// ------------------------------------------------------------------------------ randomness

/** A small seeded generator (mulberry32): the same addresses for the same seed, before and after. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws an index 0..n-1 with Zipf's law (s = 1): a few items are popular, most are not. */
function zipf(n: number, next: () => number) {
  const weights = Array.from({ length: n }, (_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w / total;
    cumulative.push(sum);
  }
  return () => {
    const x = next();
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] ?? 1) < x) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

/** A page number: 1 half the time, 2 a quarter, ... up to `max`. */
function pageNumber(next: () => number, max: number) {
  let page = 1;
  while (page < max && next() < 0.5) page += 1;
  return page;
}

// ------------------------------------------------------------------------------ the marketplace

const BUYERS = 40;
const TENDERS = 300;
const QUOTES_PER_TENDER = 3;
const QUERIES = [
  "платье",
  "трикотаж",
  "футболки",
  "джинсы",
  "спецодежда",
  "худи",
  "брюки",
  "куртки",
  "детская одежда",
  "постельное белье",
  "швейная фабрика",
  "рубашки",
  "пальто",
  "форма",
  "белье",
  "knitwear",
  "denim",
  "dresses",
  "uniform",
  "hoodie",
];

/**
 * Buyers, their tenders and factories' quotes on them (ids derived from the names: a second run
 * finds them). Idempotent; its own writes happen before the measurement.
 */
async function marketplace(db: pg.Pool) {
  await db.query(`
    insert into users (id, name, email, email_verified, role, created_at, updated_at)
    select 'mix-buyer-' || i, 'Покупатель ' || i, 'mix-buyer-' || i || '@example.com', true, 'user', now(), now()
    from generate_series(1, ${BUYERS}) i on conflict do nothing`);
  await db.query(`
    insert into profiles (id, user_type, name, email, created_at, updated_at)
    select 'mix-buyer-' || i, 'buyer', 'Покупатель ' || i, 'mix-buyer-' || i || '@example.com', now(), now()
    from generate_series(1, ${BUYERS}) i on conflict do nothing`);
  await db.query(`
    insert into tenders (id, user_id, title, description, quantity, country, status, created_at, updated_at)
    select md5('mix-tender-' || i)::uuid, 'mix-buyer-' || (1 + i % ${BUYERS}),
      (array['Платья', 'Худи', 'Джинсы', 'Спецодежда', 'Футболки'])[1 + i % 5] || ' — партия ' || i,
      'Нужна партия к сезону, образец до запуска.', 100 + (i * 37) % 2000,
      (array['kg', 'uz', 'kz', 'ru'])[1 + i % 4], 'active',
      now() - make_interval(hours => i), now() - make_interval(hours => i)
    from generate_series(1, ${TENDERS}) i on conflict do nothing`);
  await db.query(`
    insert into quotes (tender_id, factory_id, user_id, unit_price, currency, quantity,
      lead_time_days, valid_until)
    select t.id, f.id, f.user_id, 5 + (t.n * 7 + f.n) % 20, 'USD', 300, 20 + f.n % 30, now() + interval '30 days'
    from (select id, row_number() over (order by id) n from tenders where id in (
            select md5('mix-tender-' || i)::uuid from generate_series(1, ${TENDERS}) i)) t
    join (select id, user_id, row_number() over (order by id) n from factories) f
      on f.n % ${TENDERS} = t.n % ${TENDERS} and f.n <= ${TENDERS * QUOTES_PER_TENDER}
    on conflict do nothing`);
  const ids = async (query: string) =>
    (await db.query<{ id: string }>(query)).rows.map((r) => r.id);
  return {
    factories: await ids("select id::text as id from factories where in_directory order by id"),
    tenders: await ids(
      `select id::text as id from tenders where user_id like 'mix-buyer-%' order by id`,
    ),
    quotes: (
      await db.query<{ id: string; tender: string; buyer: string; factoryUser: string }>(
        `select q.id::text as id, q.tender_id::text as tender, t.user_id as buyer, q.user_id as "factoryUser"
           from quotes q join tenders t on t.id = q.tender_id where t.user_id like 'mix-buyer-%' order by q.id`,
      )
    ).rows,
    countries: await ids(
      "select distinct country as id from factories where country is not null order by 1",
    ),
    categories: await ids("select distinct unnest(categories) as id from factories order by 1"),
  };
}

type Marketplace = Awaited<ReturnType<typeof marketplace>>;

/** The visitor mix: a function giving the next address. */
function visitorMix(market: Marketplace, seed: number) {
  const next = random(seed);
  const factory = zipf(market.factories.length, next);
  const tender = zipf(market.tenders.length, next);
  const query = zipf(QUERIES.length, next);
  const directoryPages = Math.max(1, Math.ceil(market.factories.length / 24));
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  return () => {
    const english = next() < 0.15 ? "/en" : "";
    const x = next();
    let address: string;
    if (x < 0.35) address = `/factory/${market.factories[factory()]}`;
    else if (x < 0.4) address = `/factory-products/${market.factories[factory()]}`;
    else if (x < 0.65) {
      const params = new URLSearchParams();
      const filter = next();
      if (filter < 0.2) params.set("country", pick(market.countries));
      else if (filter < 0.4) params.set("category", pick(market.categories));
      else if (filter < 0.5) params.set("verified", "1");
      const page = pageNumber(next, filter < 0.5 ? 5 : directoryPages);
      if (page > 1) params.set("page", String(page));
      const search = params.toString();
      address = `/factories${search ? `?${search}` : ""}`;
    } else if (x < 0.8) {
      const params = new URLSearchParams({ q: QUERIES[query()] ?? "платье" });
      if (next() < 0.25) params.set("country", pick(market.countries));
      address = `/factories?${params}`;
    } else if (x < 0.9) {
      const page = pageNumber(next, Math.ceil(market.tenders.length / 20));
      address = page > 1 ? `/tenders?page=${page}` : "/tenders";
    } else address = `/tenders/${market.tenders[tender()]}`;
    return `${english}${address}`;
  };
}

const WRITE_KINDS = [
  ["message", 0.3],
  ["read mark", 0.2],
  ["notification", 0.2],
  ["quote", 0.2],
  ["product edit", 0.05],
  ["profile edit", 0.05],
] as const;
type WriteKind = (typeof WRITE_KINDS)[number][0];

/** One write of a marketplace, as the app makes it (the same tables and columns). */
async function write(db: pg.ClientBase, market: Marketplace, kind: WriteKind, next: () => number) {
  const quote = market.quotes[Math.floor(next() * market.quotes.length)];
  if (!quote) return;
  switch (kind) {
    case "message":
      await db.query("begin");
      await db.query(
        "insert into quote_messages (quote_id, sender_id, body) values ($1, $2, 'Когда сможете отшить образец?')",
        [quote.id, quote.buyer],
      );
      await db.query("update quotes set last_message_at = now() where id = $1", [quote.id]);
      await db.query("commit");
      return;
    case "read mark":
      await db.query("update quotes set factory_read_at = now() where id = $1", [quote.id]);
      return;
    case "notification":
      await db.query(
        `insert into notifications (user_id, kind, actor_id, tender_id, quote_id, tender_title, mail_state)
         select $1, 'quote-received', $2, t.id, $3, t.title, 'skipped' from tenders t where t.id = $4`,
        [quote.buyer, quote.factoryUser, quote.id, quote.tender],
      );
      return;
    case "quote":
      // New terms of a quote (a factory answering the buyer), as the quote form saves them.
      await db.query(
        "update quotes set unit_price = 5 + floor(random() * 20), lead_time_days = 15 + floor(random() * 30), updated_at = now() where id = $1",
        [quote.id],
      );
      return;
    case "product edit":
      await db.query(
        `update factory_products set price = 3 + floor(random() * 40), updated_at = now()
          where id = (select id from factory_products where factory_id = $1 limit 1)`,
        [market.factories[Math.floor(next() * market.factories.length)]],
      );
      return;
    case "profile edit":
      // Half of them a contact (on the factory's page only), half the description (also on the
      // directory's cards and in its search).
      await db.query(
        next() < 0.5
          ? "update factories set phone = '+996 555 ' || lpad(floor(random() * 1000000)::text, 6, '0'), updated_at = now() where id = $1"
          : "update factories set description = regexp_replace(coalesce(description, ''), ' Обновлено \\d+\\.$', '') || ' Обновлено ' || floor(random() * 1000) || '.', updated_at = now() where id = $1",
        [market.factories[Math.floor(next() * market.factories.length)]],
      );
      return;
  }
}

/** Makes `perSecond` writes a second until stopped; counts them by kind. */
function startWriter(db: pg.ClientBase, market: Marketplace, perSecond: number, seed: number) {
  const next = random(seed);
  const counts = new Map<WriteKind, number>(WRITE_KINDS.map(([kind]) => [kind, 0]));
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    if (perSecond === 0) return;
    const interval = 1000 / perSecond;
    let due = performance.now();
    while (!stopped) {
      let x = next();
      const kind =
        WRITE_KINDS.find(([, weight]) => {
          x -= weight;
          return x < 0;
        })?.[0] ?? "message";
      try {
        await write(db, market, kind, next);
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      } catch (error) {
        failures += 1;
        await db.query("rollback").catch(() => {});
        if (failures <= 3) console.error(`  writer: ${kind}: ${(error as Error).message}`);
      }
      due += interval;
      await sleep(Math.max(0, due - performance.now()));
    }
  })();
  return {
    counts: () => new Map(counts),
    failures: () => failures,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

// ------------------------------------------------------------------------------ main

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");

/** Addresses asked for so far (warm-up included): a miss on one of them is a page rendered again. */
const asked = new Set<string>();

async function run(seconds: number, nextAddress: () => string, port: number) {
  const caching = new Map<string, number>();
  /** Answers to addresses asked before, and how many of them were hits. */
  const repeats = { total: 0, hits: 0 };
  const result = await cannon({
    url: `http://${HOST}:${port}`,
    connections: settings.connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT,
    headers: { "accept-encoding": "gzip, deflate, br", "accept-language": "ru-RU,ru;q=0.9" },
    requests: [
      {
        // One request at a time per connection: its context holds the address in flight.
        setupRequest: (request, context) => {
          const path = nextAddress();
          (context as { path?: string }).path = path;
          return { ...request, path };
        },
        onResponse: (_status, _body, context, headers) => {
          const value = String(headers?.["x-page-cache"] ?? "none");
          caching.set(value, (caching.get(value) ?? 0) + 1);
          const path = (context as { path?: string }).path ?? "";
          if (asked.has(path)) {
            repeats.total += 1;
            if (value === "hit") repeats.hits += 1;
          } else asked.add(path);
        },
      },
    ],
  });
  return { ...result, caching, repeats };
}

async function main(): Promise<number> {
  const started = performance.now();
  workDir = mkdtempSync(path.join(os.tmpdir(), "fabricum-bench-mix-"));
  console.log(
    `Машина / machine: ${os.cpus().length} CPU, load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(" ")}; база / database «${dbName}»`,
  );
  const appPort = await freePort(settings.port);
  if (settings.size > 0) {
    const current = await directorySize(databaseUrl);
    if (settings.reseed || current?.total !== settings.size || current.bench !== settings.size) {
      console.log(
        `\n== Заполнение / filling: ${settings.size} фабрик / factories — ВСЕ ДАННЫЕ БАЗЫ «${dbName}» ЗАМЕНЯЮТСЯ / ALL DATA IN IT IS REPLACED`,
      );
      await fillDirectory({
        databaseUrl,
        size: settings.size,
        port: await freePort(appPort + 1),
        started: (child) => {
          filler = child;
        },
      });
      filler = undefined;
      if (interrupted()) return 130;
    }
  }

  const logFile = path.join(workDir, "server.log");
  const appDir = settings.appDir ? path.resolve(settings.appDir) : undefined;
  console.log(
    `\nЗапуск приложения / starting the app: http://${HOST}:${appPort} (${appDir ?? "this checkout"}, BUILD_DIR=${settings.buildDir})`,
  );
  app = await startAppServer({
    port: appPort,
    buildDir: settings.buildDir,
    logFile,
    appDir,
    env: {
      ...benchDatabaseEnv(databaseUrl, path.join(workDir, "data")),
      MAIL_WORKER_INTERVAL_MS: "0",
    },
  });
  if (interrupted()) return 130;

  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const market = await marketplace(pool);
  console.log(
    `\nРынок / marketplace: ${market.factories.length} factories in the directory, ${market.tenders.length} tenders, ${market.quotes.length} quotes; ${settings.writes} writes/s`,
  );
  const nextAddress = visitorMix(market, settings.seed);
  // The writer's own connection (a message is a transaction of two statements).
  const writerClient = await pool.connect();

  if (settings.warmup > 0) {
    writer = startWriter(writerClient, market, settings.writes, settings.seed + 1);
    process.stdout.write(`  разогрев / warm-up ${settings.warmup} s... `);
    const warm = await run(settings.warmup, nextAddress, appPort);
    await writer.stop();
    writer = undefined;
    console.log(`${(warm.result.requests.total / warm.result.duration).toFixed(1)} req/s`);
  }
  if (interrupted()) return 130;
  writer = startWriter(writerClient, market, settings.writes, settings.seed + 2);
  process.stdout.write(`  измерение / measuring ${settings.duration} s... `);
  const measured = await run(settings.duration, nextAddress, appPort);
  const currentWriter = writer;
  await currentWriter.stop();
  writer = undefined;
  writerClient.release();
  console.log("done");
  if (interrupted()) return 130;

  const { result, latencies, caching, repeats } = measured;
  const total = [...caching.values()].reduce((a, b) => a + b, 0);
  const hits = caching.get("hit") ?? 0;
  const writes = currentWriter.counts();
  const writeTotal = [...writes.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\nВизитеры / visitors: ${settings.connections} connections, ${settings.duration} s after a ${settings.warmup} s warm-up, ${market.factories.length} factories on PostgreSQL`,
  );
  console.log(`  requests      ${result.requests.total}`);
  console.log(`  req/s         ${(result.requests.total / result.duration).toFixed(1)}`);
  console.log(
    `  latency ms    p50 ${ms(percentile(latencies, 0.5))}, p95 ${ms(percentile(latencies, 0.95))}, p99 ${ms(percentile(latencies, 0.99))}`,
  );
  console.log(
    `  hit rate      ${total ? ((100 * hits) / total).toFixed(1) : "-"}% (X-Page-Cache: ${[
      ...caching,
    ]
      .sort((a, b) => b[1] - a[1])
      .map(([value, n]) => `${value} ${n}`)
      .join(", ")})`,
  );
  console.log(
    `  repeat visits ${repeats.total ? ((100 * repeats.hits) / repeats.total).toFixed(1) : "-"}% hits of ${repeats.total} requests for an address asked before (the rest are first visits: ${asked.size} addresses in all)`,
  );
  console.log(
    `  writes        ${writeTotal} (${(writeTotal / settings.duration).toFixed(1)}/s: ${[...writes]
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ")})${currentWriter.failures() ? `; ${currentWriter.failures()} failed` : ""}`,
  );
  console.log(
    `  non-2xx ${result.non2xx}, 5xx ${result["5xx"]}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log(
    `\nЦель / target (issue 31): hit rate ≥ 80%. The load client, the app and PostgreSQL share this machine's ${os.cpus().length} CPUs. Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  if (result.errors > 0 || result["5xx"] > 0) {
    keepWorkDir = true;
    console.error(`\nОШИБКА / FAILED: errors or 5xx. Журнал / log: ${logFile}\n${app.logTail(20)}`);
    return 1;
  }
  return 0;
}

await runMain(main, () => {
  keepWorkDir = true;
  if (app) console.error(`Журнал сервера / server log: ${app.logFile}\n${app.logTail(20)}`);
});
