/**
 * npm run bench:factories — load benchmark of the /factories directory (issue 4, item 7).
 *
 * REPLACES all data of the PostgreSQL database in DATABASE_URL. For each size (1k factories with
 * 10k products, then 100k factories with 1M products) it truncates every table, generates the rows
 * in SQL (generate_series, no row-by-row inserts), vacuums and analyses, then loads four list URLs
 * with autocannon against the production build (started here on 127.0.0.1, with the page cache
 * off: this measures the directory itself; bench:nginx measures the cache) and prints, per URL,
 * the bytes of one response, the median time of single requests one after another, requests per
 * second and p50/p95/p99 latency under load, then the figures the directory is held to. A
 * benchmark, not a test: it fails (exit 1) only when a request errors or the server answers 5xx;
 * wrong usage exits 2.
 *
 * Settings: DATABASE_URL (required; the name must contain "bench" unless BENCH_FORCE=1),
 * BENCH_DURATION (seconds per scenario, default 20), BENCH_SIZES (factory counts, default
 * "1000,100000"), BENCH_PORT (default 3590, another free port when taken), BENCH_PATH (list page,
 * default /factories; "/" checks the harness without the page), BENCH_BUILD_DIR (the build the
 * server runs, default build-bench; built when missing or older than the sources), BENCH_REUSE=1
 * (keep a previous run's rows when the database holds exactly that size; only vacuumed again),
 * BENCH_APP_DIR (another checkout's server, to compare), BENCH_ONLY (scenario names, comma-separated:
 * "factory page,all" measures only those).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { CATEGORY_PRODUCTS, FABRICS_BY_CATEGORY, MODEL_NAMES, PRODUCTION_TIMES } from "~/demo/data";
import {
  CATEGORIES,
  CATEGORY_SLUGS,
  COLOR_SUGGESTIONS,
  COUNTRIES,
  COUNTRY_CODES,
  CURRENCY_CODES,
  garmentTypeLabel,
} from "~/domain/reference";
import { KNOWN_WORDS } from "~/domain/search-query";
import { factoryFiltersFromSearch, listFactories } from "~/features/factories/factories.server";
import { type Database, migrateDatabase, openDatabase } from "~/platform/db.server";
import { CERTIFICATIONS, EXPORT_MARKETS, FACTORY_MATERIALS, FACTORY_SERVICES } from "~db/schema";
import { type AppServer, benchDatabaseEnv, startAppServer } from "./app-server";
import { cannon, percentile, stopCannon } from "./cannon";
import { freePort, HOST, settingsReader, sleep, stopOnSignals } from "./support";

const PRODUCTS_PER_FACTORY = 10;
const CITIES_PER_COUNTRY = 8;
const CONNECTIONS = 32;
/**
 * Single requests one after another per URL (after one warm-up); their median is reported, and
 * the server's CPU time over all of them divided by their number.
 */
const SINGLE_REQUESTS = 61;
/** Requests of a page before it is measured (its code warmed up). */
const WARM_UP_REQUESTS = 10;
/** What an uncached factory page and directory page may cost the server (issue 31, item 4). */
const TARGET_PAGE_CPU_MS = 8;
/** What the directory is held to at 100k factories (issue 15): one request, and search p95. */
const TARGET_SINGLE_MS = 15;
const TARGET_SEARCH_P95_MS = 100;
/** Seconds before autocannon gives a request up (and counts an error); its default is 10. */
const REQUEST_TIMEOUT = 60;

// ------------------------------------------------------------------------------ settings

const USAGE = `Использование / usage:
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/fabricum_bench npm run bench:factories

  ВНИМАНИЕ: все данные этой базы PostgreSQL будут ЗАМЕНЕНЫ тестовыми. Имя базы должно содержать
  "bench" (или задайте BENCH_FORCE=1).
  WARNING: all data in that PostgreSQL database is REPLACED by generated rows. Its name must
  contain "bench" (or set BENCH_FORCE=1).

  BENCH_DURATION  секунд на сценарий / seconds per scenario (default 20)
  BENCH_SIZES     число фабрик / factory counts (default 1000,100000)
  BENCH_PORT      порт сервера / server port on 127.0.0.1 (default 3590)
  BENCH_PATH      страница списка / list page (default /factories)
  BENCH_BUILD_DIR сборка сервера / the server's build folder (default build-bench)
  BENCH_ONLY      только эти сценарии / only these scenarios, e.g. "factory page,factory page en,directory en,all"
  BENCH_APP_DIR   другая копия приложения / another checkout's server to measure (default this one)
  BENCH_REUSE=1   оставить строки прошлого прогона того же размера / keep a previous run's rows of that size`;

const { usage, intSetting } = settingsReader(USAGE);

const databaseUrl = process.env.DATABASE_URL?.trim() ?? "";
if (!databaseUrl) usage("Не задан DATABASE_URL / DATABASE_URL is not set.");
if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
  usage("DATABASE_URL: ожидается адрес PostgreSQL / expected postgres://user@host:5432/db");
}
const dbUrl = new URL(databaseUrl);
const dbName = decodeURIComponent(dbUrl.pathname.replace(/^\//, ""));
if (!dbName) usage("DATABASE_URL: не указано имя базы / no database name.");
if (!dbName.toLowerCase().includes("bench") && process.env.BENCH_FORCE !== "1") {
  usage(
    `Отказ: имя базы «${dbName}» не содержит "bench" / refusing: database name "${dbName}" does not contain "bench".`,
  );
}
const durationSec = intSetting("BENCH_DURATION", 20, 1, 600);
const requestedPort = intSetting("BENCH_PORT", 3590, 1024, 65535);
const sizes = (process.env.BENCH_SIZES?.trim() || "1000,100000").split(",").map((s) => {
  const n = Number(s.trim());
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    usage(
      `BENCH_SIZES: ожидаются числа от 1 до 1000000 через запятую / expected 1..1000000 (got "${s}")`,
    );
  }
  return n;
});
if (sizes.length > 5) usage("BENCH_SIZES: не больше 5 размеров / at most 5 sizes.");
const listPath = process.env.BENCH_PATH?.trim() || "/factories";
/** Keep the generated rows of a previous run when the database holds that size already. */
const reuse = process.env.BENCH_REUSE === "1";
if (!listPath.startsWith("/")) usage('BENCH_PATH: ожидается путь вида "/factories"');
/** The production build the server runs (built by scripts/start.mjs when missing or stale). */
const buildDir = process.env.BENCH_BUILD_DIR?.trim() || "build-bench";
/** Only these scenarios (their names, as the table prints them), when set. */
const only = new Set(
  (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean),
);
/** Another checkout whose server is measured (an older version, to compare); default this one. */
const appDir = process.env.BENCH_APP_DIR?.trim()
  ? path.resolve(process.env.BENCH_APP_DIR.trim())
  : undefined;
if (!/^[\w.-]+$/.test(buildDir)) {
  usage("BENCH_BUILD_DIR: ожидается имя папки / expected a folder name");
}

/**
 * Twenty searches a buyer types (issue 29): Russian and English, several words, synonyms,
 * Latin names of places, a typo, a word nobody uses. Each held to TARGET_QUERY_DB_MS of database
 * time (measured by measureDatabase) and TARGET_QUERY_MS for one request.
 */
const SEARCHES = [
  "платье",
  "женские платья оптом",
  "мужские брюки",
  "трикотаж",
  "knitwear",
  "denim",
  "jeans",
  "Uzbekistan",
  "Tashkent",
  "Бишкек",
  "Namangan",
  "Наманаган",
  "спецовка",
  "workwear Kazakhstan",
  "hoodie",
  "детская одежда",
  "linen shirts",
  "шелк Фергана",
  "трикатаж",
  "куртки ыыыжжж",
];
const TARGET_QUERY_MS = 30;
const TARGET_QUERY_DB_MS = 10;

/**
 * The URLs measured. `held`: one of issue 29's searches and filters, each held to
 * TARGET_QUERY_MS for one request and TARGET_QUERY_DB_MS of database time.
 */
const scenarios: { name: string; path: string; held?: boolean }[] = [
  { name: "all", path: listPath },
  { name: "category", path: `${listPath}?category=outerwear` },
  { name: "country+city", path: `${listPath}?country=kg&city=kg_1` },
  { name: "search", path: `${listPath}?q=${encodeURIComponent("платье")}` },
  // The search that understands buyers (issue 29): 20 queries a buyer types.
  ...SEARCHES.map((q, i) => ({
    name: `q${String(i + 1).padStart(2, "0")}`,
    path: `${listPath}?q=${encodeURIComponent(q)}`,
    held: true,
  })),
  // The capability filters and sorts (issue 29).
  { name: "moq≤300", path: `${listPath}?moq=300`, held: true },
  { name: "capacity≥50000", path: `${listPath}?capacity=50000`, held: true },
  { name: "lead≤20", path: `${listPath}?lead=20`, held: true },
  { name: "service", path: `${listPath}?service=embroidery`, held: true },
  { name: "material", path: `${listPath}?material=silk`, held: true },
  { name: "certification", path: `${listPath}?cert=gots`, held: true },
  { name: "market", path: `${listPath}?market=uk`, held: true },
  { name: "english", path: `${listPath}?english=1`, held: true },
  {
    name: "capabilities+country",
    path: `${listPath}?country=uz&moq=500&material=knit&english=1&sort=verified`,
    held: true,
  },
  { name: "sort newest", path: `${listPath}?sort=newest`, held: true },
];

// ------------------------------------------------------------------------------ cleanup

let server: AppServer | undefined;
let database: Database | undefined;
let loadClient: pg.PoolClient | undefined;
let workDir: string | undefined;
let keepWorkDir = false;

async function cleanup() {
  stopCannon();
  await server?.stop();
  if (loadClient && database) {
    // A load still running on the server side: cancel it, do not wait for it.
    const busy = loadClient as unknown as { processID?: number };
    const pool = database.db.$client as pg.Pool;
    if (busy.processID) {
      await Promise.race([
        pool.query("select pg_cancel_backend($1)", [busy.processID]).catch(() => {}),
        sleep(3000),
      ]);
    }
  }
  loadClient = undefined;
  await Promise.race([database?.close().catch(() => {}), sleep(5000)]);
  database = undefined;
  if (workDir && !keepWorkDir) rmSync(workDir, { recursive: true, force: true });
}

// Last resort: never leave the server running.
const { interrupted, runMain } = stopOnSignals(cleanup, () => server?.kill());

// ------------------------------------------------------------------------------ data

const h = (expr: string, salt: number) =>
  `(hashint8extended((${expr})::bigint, ${salt}) & 2147483647)`;

const KINDS = [
  "Швейная фабрика",
  "Швейный цех",
  "Ателье",
  "Трикотажная фабрика",
  "Текстильная компания",
  "Швейное производство",
  "Фабрика одежды",
  "Мастерская",
  "Торговый дом",
  "Производственная компания",
];
const BRANDS = [
  "Ала-Тоо",
  "Нур",
  "Айгерим",
  "Самал",
  "Бахор",
  "Ипек",
  "Арай",
  "Мадина",
  "Жибек",
  "Алтын",
  "Дилноза",
  "Севан",
  "Арагац",
  "Кавказ",
  "Ширван",
  "Балтика",
  "Даугава",
  "Неман",
  "Полесье",
  "Днестр",
  "Янтарь",
  "Волга",
  "Сибирь",
  "Урал",
  "Тянь-Шань",
  "Памир",
  "Фергана",
  "Бухара",
  "Хива",
  "Медео",
  "Каспий",
  "Ак-Жол",
  "Элегант",
  "Виктория",
  "Ника",
  "Лидер",
  "Гранд",
  "Престиж",
  "Золотая нить",
  "Шелковый путь",
];
const SUFFIXES = [
  "Текстиль",
  "Стиль",
  "Мода",
  "Люкс",
  "Трикотаж",
  "Гарант",
  "Принт",
  "Шелк",
  "Лайн",
  "Групп",
  "Дизайн",
  "Классик",
  "",
  "",
  "",
  "",
];
const INTROS = [
  "швейное производство полного цикла",
  "швейный цех",
  "фабрика по пошиву одежды",
  "производство одежды оптом",
  "семейное швейное предприятие",
];
const EXTRAS = [
  "Разрабатываем лекала по эскизам заказчика и отшиваем образцы.",
  "Работаем под вашей маркой (private label).",
  "Собственный склад тканей и фурнитуры.",
  "Контроль качества на каждом этапе пошива.",
  "Отгружаем в страны СНГ, Европы и Ближнего Востока.",
  "Есть цех вышивки и печати на ткани.",
  "Маркировка «Честный знак» и упаковка под маркетплейсы.",
  "Современное оборудование Juki и Brother.",
];
const STREETS = [
  "ул. Ленина",
  "ул. Советская",
  "пр. Мира",
  "ул. Промышленная",
  "ул. Фабричная",
  "ул. Садовая",
  "ул. Центральная",
  "ул. Заводская",
  "ул. Молодежная",
  "ул. Шелковая",
];
const PHONE_CODES = [
  "+996 555",
  "+7 727",
  "+998 71",
  "+992 37",
  "+993 12",
  "+7 495",
  "+380 44",
  "+375 17",
  "+994 12",
  "+374 10",
  "+995 32",
  "+373 22",
  "+372 6",
  "+371 67",
  "+370 5",
];

/** Flattened per-category vocabularies: values, and for category position p its start and count. */
function flatten(perCategory: (slug: (typeof CATEGORY_SLUGS)[number]) => string[]) {
  const values: string[] = [];
  const start: number[] = [];
  const count: number[] = [];
  for (const slug of CATEGORY_SLUGS) {
    const items = perCategory(slug);
    start.push(values.length);
    count.push(items.length);
    values.push(...items);
  }
  return { values, start, count };
}

const types = flatten((slug) => CATEGORY_PRODUCTS[slug].flatMap((group) => group.types));
const fabrics = flatten((slug) => FABRICS_BY_CATEGORY[slug]);
const countryOf = (code: string) => COUNTRIES.find((c) => c.code === code);
const cityLabels = COUNTRY_CODES.flatMap((code) =>
  Array.from(
    { length: CITIES_PER_COUNTRY },
    (_, i) => countryOf(code)?.cities[i]?.label ?? `${code}_${i + 1}`,
  ),
);
const currencies = ["USD", "USD", "USD", "EUR"].filter((c) =>
  (CURRENCY_CODES as readonly string[]).includes(c),
);

interface Params {
  /** A parameter of this statement; the same name is passed once. */
  param(name: string, value: unknown, type: string): string;
  text(name: string, items: readonly string[]): string;
  ints(name: string, items: readonly number[]): string;
  /** One element of array parameter `arr`, chosen by a hash of `expr`. */
  pick(arr: string, expr: string, salt: number): string;
}

/** One statement with its own numbered parameters. */
function statement(label: string, build: (p: Params) => string) {
  const values: unknown[] = [];
  const named = new Map<string, string>();
  const param = (name: string, value: unknown, type: string) => {
    let ref = named.get(name);
    if (!ref) {
      values.push(value);
      ref = `($${values.length}::${type})`;
      named.set(name, ref);
    }
    return ref;
  };
  const p: Params = {
    param,
    text: (name, items) => param(name, items, "text[]"),
    ints: (name, items) => param(name, items, "int[]"),
    pick: (arr, expr, salt) => `${arr}[1 + (${h(expr, salt)} % cardinality(${arr}))::int]`,
  };
  return { label, text: build(p), values };
}

/** The statements that fill one size from the staging table bench_factories. */
function loadStatements(factoryCount: number) {
  const catCount = `case when ${h("i", 12)} % 20 < 7 then 1 when ${h("i", 12)} % 20 < 14 then 2 when ${h("i", 12)} % 20 < 18 then 3 else 4 end`;
  const step = `(array[1, 3, 7, 9])[1 + (${h("i", 11)} % 4)::int]`;
  const phone = ({ text }: Params) =>
    `${text("phones", PHONE_CODES)}[country_pos] || ' ' || (100 + ${h("i", 30)} % 900) || '-' || lpad((${h("i", 31)} % 100)::text, 2, '0') || '-' || lpad((${h("i", 32)} % 100)::text, 2, '0')`;
  const countryLabels = COUNTRY_CODES.map((code) => countryOf(code)?.label ?? code);
  const catDescriptions = CATEGORY_SLUGS.map((slug) =>
    (CATEGORIES.find((c) => c.slug === slug)?.description ?? slug).toLowerCase(),
  );
  // Product k of a factory belongs to one of its categories, in turn; its type and fabrics are
  // drawn from that category's vocabulary.
  const n = `(f.i::bigint * ${PRODUCTS_PER_FACTORY} + k)`;

  return [
    statement(
      "staging",
      ({ text, pick, param }) => `
insert into bench_factories (i, id, user_id, name, cat_pos, country_pos, city_no, created_at)
select
  i,
  md5('bench-factory-' || i)::uuid,
  'bench-' || i,
  ${pick(text("kinds", KINDS), "i", 1)} || ' «' || ${pick(text("brands", BRANDS), "i", 2)}
    || coalesce(' ' || nullif(${pick(text("suffixes", SUFFIXES), "i", 3)}, ''), '') || '»',
  array(
    select 1 + ((${h("i", 10)} + j * ${step}) % 10)::int
    from generate_series(0, ${catCount} - 1) j order by j
  ),
  1 + (${h("i", 20)} % ${COUNTRY_CODES.length})::int,
  1 + (${h("i", 21)} % ${CITIES_PER_COUNTRY})::int,
  now() - make_interval(secs => (${h("i", 22)} % (730 * 86400))::double precision)
from generate_series(1, ${param("count", factoryCount, "int")}) i`,
    ),
    statement(
      "users",
      () => `
insert into users (id, name, email, email_verified, role, created_at, updated_at)
select user_id, name, 'bench-factory-' || i || '@example.com', true, 'user', created_at, created_at
from bench_factories`,
    ),
    statement(
      "profiles",
      (p) => `
insert into profiles (id, user_type, name, factory_name, email, phone, created_at, updated_at)
select user_id, 'factory', name, name, 'bench-factory-' || i || '@example.com', ${phone(p)},
  created_at, created_at
from bench_factories`,
    ),
    statement(
      "factories",
      (p) => `
insert into factories (id, user_id, name, description, email, phone, website, country, city,
  address, categories, verified_at, created_at, updated_at)
select id, user_id, name,
  name || ' — ' || ${p.pick(p.text("intros", INTROS), "i", 40)} || ' в городе '
    || ${p.text("cityLabels", cityLabels)}[(country_pos - 1) * ${CITIES_PER_COUNTRY} + city_no]
    || ' (' || ${p.text("countryLabels", countryLabels)}[country_pos] || '). '
    || 'Работаем с ' || (1995 + ${h("i", 41)} % 29) || ' года, в штате '
    || (12 + ${h("i", 42)} % 480) || ' сотрудников. Шьем оптовые партии: '
    || array_to_string(array(select ${p.text("catDescriptions", catDescriptions)}[c] from unnest(cat_pos) c), '; ')
    || '. ' || ${p.pick(p.text("extras", EXTRAS), "i", 43)} || ' ' || ${p.pick(p.text("extras", EXTRAS), "i", 44)}
    || ' Минимальная партия — от ' || (array[50, 100, 200, 300, 500, 1000])[1 + (${h("i", 45)} % 6)::int]
    || ' изделий.',
  'bench-factory-' || i || '@example.com',
  ${phone(p)},
  case when ${h("i", 46)} % 10 < 3 then 'https://factory-' || i || '.example.com' end,
  ${p.text("countries", COUNTRY_CODES)}[country_pos],
  ${p.text("countries", COUNTRY_CODES)}[country_pos] || '_' || city_no,
  ${p.pick(p.text("streets", STREETS), "i", 47)} || ', ' || (1 + ${h("i", 48)} % 150),
  array(select ${p.text("categories", CATEGORY_SLUGS)}[c] from unnest(cat_pos) c),
  case when ${h("i", 49)} % 10 < 3 then created_at + interval '7 days' end,
  created_at, created_at
from bench_factories`,
    ),
    // The capability profile (issue 29): seven factories in ten have filled it in; one in ten
    // holds a verified certificate.
    statement(
      "factory capabilities",
      ({ text }) => `
update factories set
  min_order = (array[50, 100, 200, 300, 500, 1000, 3000])[1 + (${h("hashtext(id::text)", 80)} % 7)::int],
  monthly_capacity = 1000 + (${h("hashtext(id::text)", 81)} % 200)::int * 500,
  lead_time_days = 10 + (${h("hashtext(id::text)", 82)} % 80)::int,
  sample_days = 3 + (${h("hashtext(id::text)", 83)} % 20)::int,
  staff_count = 12 + (${h("hashtext(id::text)", 84)} % 480)::int,
  founded_year = 1995 + (${h("hashtext(id::text)", 85)} % 29)::int,
  services = array(select s from unnest(${text("services", [...FACTORY_SERVICES])}) with ordinality as x(s, k)
    where (${h("hashtext(id::text)", 86)} >> k::int) % 3 = 0),
  materials = array(select s from unnest(${text("materials", [...FACTORY_MATERIALS])}) with ordinality as x(s, k)
    where (${h("hashtext(id::text)", 87)} >> k::int) % 4 = 0),
  export_markets = array(select s from unnest(${text("markets", [...EXPORT_MARKETS])}) with ordinality as x(s, k)
    where (${h("hashtext(id::text)", 88)} >> k::int) % 4 = 0),
  languages = case when ${h("hashtext(id::text)", 89)} % 3 = 0 then '{ru,en}'::text[] else '{ru}'::text[] end
where ${h("hashtext(id::text)", 90)} % 10 < 7`,
    ),
    statement(
      "factory_certificates",
      ({ text }) => `
insert into factory_certificates (factory_id, certification, status, decided_at, created_at, updated_at)
select id, ${text("certifications", [...CERTIFICATIONS])}[1 + (${h("hashtext(id::text)", 91)} % ${CERTIFICATIONS.length})::int],
  case when ${h("hashtext(id::text)", 92)} % 4 = 0 then 'pending' else 'verified' end,
  created_at, created_at, created_at
from factories where ${h("hashtext(id::text)", 93)} % 10 = 0`,
    ),
    statement("factory_products", ({ text, ints, pick }) => {
      const typeIndex = `${ints("typeStart", types.start)}[c.p] + 1 + (${h(n, 60)} % ${ints("typeCount", types.count)}[c.p])::int`;
      const fabricAt = (salt: number) =>
        `${text("fabrics", fabrics.values)}[${ints("fabricStart", fabrics.start)}[c.p] + 1 + (${h(n, salt)} % ${ints("fabricCount", fabrics.count)}[c.p])::int]`;
      const createdAt = `f.created_at + (now() - f.created_at) * ((${h(n, 74)} % 1000) / 1000.0)`;
      return `
insert into factory_products (factory_id, user_id, name, clothing_type, price, currency,
  quantity_produced, production_time, colors, materials, images, description, created_at, updated_at)
select f.id, f.user_id,
  t.label || ' «' || ${pick(text("models", MODEL_NAMES), n, 61)} || '»',
  t.slug,
  case when ${h(n, 62)} % 10 < 2 then null else round((3 + ${h(n, 63)} % 12000 / 100.0)::numeric, 2) end,
  ${pick(text("currencies", currencies), n, 64)},
  case when ${h(n, 65)} % 10 < 3 then null else 100 + (${h(n, 66)} % 20000)::int end,
  ${pick(text("productionTimes", PRODUCTION_TIMES), n, 67)},
  array(
    select ${text("colors", COLOR_SUGGESTIONS)}[1 + ((${h(n, 68)} + j * 5) % ${COLOR_SUGGESTIONS.length})::int]
    from generate_series(0, (${h(n, 69)} % 3)::int) j order by j
  ),
  array_remove(array[${fabricAt(70)}, case when ${h(n, 71)} % 2 = 0 then ${fabricAt(72)} end], null),
  '{}',
  t.label || ' оптом от ' || (array[50, 100, 200, 300, 500])[1 + (${h(n, 73)} % 5)::int]
    || ' штук. Размерный ряд и цвета по согласованию, пошив под вашей маркой.',
  ${createdAt},
  ${createdAt}
from bench_factories f
cross join generate_series(1, ${PRODUCTS_PER_FACTORY}) k
cross join lateral (select f.cat_pos[1 + (k - 1) % cardinality(f.cat_pos)] as p) c
cross join lateral (
  select ${text("typeSlugs", types.values)}[${typeIndex}] as slug,
         ${text(
           "typeLabels",
           types.values.map((slug) => garmentTypeLabel(slug)),
         )}[${typeIndex}] as label
) t`;
    }),
  ];
}

async function truncateAll(client: pg.PoolClient) {
  const { rows } = await client.query<{ list: string | null }>(
    "select string_agg(format('%I.%I', schemaname, tablename), ', ') as list from pg_tables where schemaname = 'public'",
  );
  if (rows[0]?.list) await client.query(`truncate ${rows[0].list} restart identity cascade`);
}

async function loadSize(pool: pg.Pool, factoryCount: number) {
  const started = performance.now();
  loadClient = await pool.connect();
  const client = loadClient;
  try {
    await client.query("set statement_timeout = '30min'");
    // PostgreSQL 14+: stop the load on the server when this process goes away.
    await client.query("set client_connection_check_interval = '1s'").catch(() => {});
    await client.query("begin");
    await client.query("set local synchronous_commit = off");
    await client.query("set local work_mem = '64MB'");
    await client.query("set local maintenance_work_mem = '256MB'");
    // The rows are consistent by construction: skip the foreign-key triggers when allowed
    // (superuser). Elsewhere the load simply runs with them.
    let checksSkipped = true;
    await client.query("savepoint replica_role");
    try {
      await client.query("set local session_replication_role = replica");
      await client.query("release savepoint replica_role");
    } catch {
      checksSkipped = false;
      await client.query("rollback to savepoint replica_role");
    }
    console.log(
      checksSkipped
        ? "  проверки внешних ключей отключены на время загрузки / foreign-key triggers skipped during the load"
        : "  нет прав суперпользователя: загрузка с проверками внешних ключей / not a superuser: loading with foreign-key checks",
    );
    await truncateAll(client);
    // Bulk load: secondary indexes are dropped and built again afterwards (in this transaction,
    // so an error or interruption leaves the schema as it was). Unique and primary keys stay.
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `
select format('%I.%I', n.nspname, ic.relname) as name, pg_get_indexdef(i.indexrelid) as definition
from pg_index i
join pg_class ic on ic.oid = i.indexrelid
join pg_class t on t.oid = i.indrelid
join pg_namespace n on n.oid = t.relnamespace
where n.nspname = 'public' and t.relname = any($1::text[])
  and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [["users", "profiles", "factories", "factory_products"]],
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    await client.query(`
create temp table bench_factories (
  i int primary key, id uuid not null, user_id text not null, name text not null,
  cat_pos int[] not null, country_pos int not null, city_no int not null,
  created_at timestamptz not null
) on commit drop`);
    for (const statement of loadStatements(factoryCount)) {
      const t0 = performance.now();
      const result = await client.query(statement.text, statement.values);
      console.log(
        `  ${statement.label.padEnd(17)} ${String(result.rowCount ?? 0).padStart(9)} строк / rows  ${seconds(performance.now() - t0)}`,
      );
    }
    // What the triggers keep in normal use, and may not have kept during this load: the
    // factories' own vectors and the product names (and garment types, fabrics) searched with
    // each factory (migration 0022), the search's lexicon, then the directory's listed flags and
    // counts.
    const tSearch = performance.now();
    await client.query(`
update factories set search = factory_search_vector(name, name_en, description, description_en,
  country, city, categories, materials::text[])`);
    const searched = await client.query(`
update factories f set products_search = s.v
  from (select factory_id,
               to_tsvector('russian', string_agg(name, ' '))
               || array_to_tsvector(search_tokens('garment:', array_agg(distinct clothing_type))) as v
          from factory_products group by factory_id) s
 where s.factory_id = f.id`);
    await client.query(`
update factories f set products_search = f.products_search || array_to_tsvector(s.tokens)
  from (select p.factory_id, search_tokens('fabric:', array_agg(distinct m)) as tokens
          from factory_products p, unnest(p.materials) m group by p.factory_id) s
 where s.factory_id = f.id`);
    // The directory's whole vector (migration 0025's trigger, off during this load).
    await client.query("update factories set search_all = search || products_search");
    // The verified certifications kept with each factory (migration 0028's trigger, off too).
    await client.query(`
update factories f set verified_certifications = v.list
  from (select factory_id, array_agg(certification order by certification) as list
          from factory_certificates where status = 'verified' group by factory_id) v
 where v.factory_id = f.id`);
    await client.query(`
insert into search_lexicon (word)
select distinct w from (select name from factories union all select name from factory_products) t,
       unnest(tsvector_to_array(to_tsvector('simple', t.name))) w
 where length(w) between 3 and 40 and w !~ '^[0-9.,-]+$'
on conflict do nothing`);
    // The words the search knows without the database, which the truncation took with the rest.
    await client.query(
      "insert into search_lexicon (word) select unnest($1::text[]) on conflict do nothing",
      [[...KNOWN_WORDS]],
    );
    console.log(
      `  ${"products_search".padEnd(17)} ${String(searched.rowCount ?? 0).padStart(9)} строк / rows  ${seconds(performance.now() - tSearch)}`,
    );
    const tCounts = performance.now();
    await client.query("select factory_directory_rebuild()");
    const counted = await client.query("select count(*) from factory_directory_counts");
    // The search's document frequencies (migration 0029's triggers, off too), of the factories
    // the rebuild has just put in the directory.
    await client.query(`
insert into directory_lexeme_counts (lexeme, n)
select l, count(*) from factories f, unnest(tsvector_to_array(f.search_all)) l
 where f.in_directory group by l`);
    console.log(
      `  ${"directory counts".padEnd(17)} ${String(counted.rows[0]?.count ?? 0).padStart(9)} строк / rows  ${seconds(performance.now() - tCounts)}`,
    );
    const t0 = performance.now();
    for (const index of indexes) await client.query(index.definition);
    console.log(
      `  ${"indexes".padEnd(17)} ${String(indexes.length).padStart(9)} индексов / indexes  ${seconds(performance.now() - t0)}`,
    );
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
    loadClient = undefined;
  }
  const loaded = performance.now();
  // VACUUM as well as ANALYZE: sets the visibility map and flushes the GIN pending lists, so
  // autovacuum does not start on the fresh million rows in the middle of a measurement.
  await pool.query(
    "vacuum (analyze) users, profiles, factories, factory_products, factory_certificates, directory_lexeme_counts",
  );
  const analysed = performance.now();
  return { loadMs: loaded - started, vacuumMs: analysed - loaded };
}

/**
 * Whether the database already holds one size's generated rows (BENCH_REUSE=1): exactly that
 * many factories, generated ones, with their products.
 */
async function holdsSize(pool: pg.Pool, factoryCount: number): Promise<boolean> {
  const { rows } = await pool.query<{ factories: number; bench: number; products: number }>(`
select (select count(*)::int from factories) as factories,
       (select count(*)::int from factories where user_id like 'bench-%') as bench,
       (select count(*)::int from factory_products) as products`);
  const row = rows[0];
  return (
    row !== undefined &&
    row.factories === factoryCount &&
    row.bench === factoryCount &&
    row.products === factoryCount * PRODUCTS_PER_FACTORY
  );
}

/** The rows of a previous run (migrations since then may have rewritten them): vacuumed again. */
async function reuseSize(pool: pg.Pool) {
  console.log("  BENCH_REUSE=1: строки прошлого прогона / the rows of a previous run");
  const t0 = performance.now();
  await pool.query(
    "vacuum (analyze) users, profiles, factories, factory_products, factory_certificates, directory_lexeme_counts",
  );
  return { loadMs: 0, vacuumMs: performance.now() - t0 };
}

// ------------------------------------------------------------------------------ server

/** GET as a visitor: the body as text (a redirect or error: empty). */
function getText(port: number, urlPath: string) {
  return new Promise<string>((resolve, reject) => {
    const request = http.get(
      { host: HOST, port, path: urlPath, timeout: REQUEST_TIMEOUT * 1000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve(res.statusCode === 200 ? Buffer.concat(chunks).toString("utf8") : ""),
        );
        res.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", reject);
  });
}

function get(port: number, urlPath: string, timeoutMs: number) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.get({ host: HOST, port, path: urlPath, timeout: timeoutMs }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

// ------------------------------------------------------------------------------ load test

interface Row {
  size: string;
  scenario: string;
  path: string;
  status: number;
  bytes: number;
  /** Median of SINGLE_REQUESTS requests one after another, before the load. */
  single: number;
  /** The server's CPU time per request over those SINGLE_REQUESTS (user and system). */
  cpu: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  non2xx: number;
  s5xx: number;
  errors: number;
  /** One of issue 29's searches and filters (see scenarios), with its database time. */
  held: boolean;
  dbMs: number;
}

async function runScenarios(
  port: number,
  sizeLabel: string,
  dbTimes: Map<string, number>,
): Promise<Row[]> {
  const rows: Row[] = [];
  // A factory's page (issue 31, item 4), in both languages: the first factory the directory lists.
  const directory = await getText(port, listPath === "/" ? "/factories" : listPath);
  const factoryId = directory.match(/href="\/factory\/([0-9a-f-]{36})"/)?.[1];
  const pages = factoryId
    ? [
        { name: "factory page", path: `/factory/${factoryId}` },
        { name: "factory page en", path: `/en/factory/${factoryId}` },
        { name: "directory en", path: `/en${listPath}` },
      ]
    : [];
  // The server's code warmed up first (V8 optimises what runs often): a process that has served
  // for a while, as in production. Without it the first page measured cost 1.5–2 times more.
  for (let i = 0; i < 3 * WARM_UP_REQUESTS && !interrupted(); i++) {
    for (const page of pages) await get(port, page.path, REQUEST_TIMEOUT * 1000);
    await get(port, listPath, REQUEST_TIMEOUT * 1000);
  }
  for (const scenario of [...pages, ...scenarios].filter(
    (s) => only.size === 0 || only.has(s.name),
  )) {
    if (interrupted()) break;
    // Requests one after another first: a warm-up (and the size of one response), then the
    // latency of one request without concurrency, the median of SINGLE_REQUESTS.
    const first = await get(port, scenario.path, REQUEST_TIMEOUT * 1000);
    // More warm-up: the server's code for this page compiled and optimised by V8, as it is in a
    // process that has served for a while (the first page measured was counted twice as costly).
    for (let i = 1; i < WARM_UP_REQUESTS && !interrupted(); i++) {
      await get(port, scenario.path, REQUEST_TIMEOUT * 1000);
    }
    // The previous scenario's load leaves the server collecting its garbage for a while: not
    // this page's cost.
    await sleep(1500);
    const times: number[] = [];
    const cpu0 = server?.cpuMs() ?? Number.NaN;
    for (let i = 0; i < SINGLE_REQUESTS && !interrupted(); i++) {
      const t0 = performance.now();
      await get(port, scenario.path, REQUEST_TIMEOUT * 1000);
      times.push(performance.now() - t0);
    }
    const cpu = ((server?.cpuMs() ?? Number.NaN) - cpu0) / times.length;
    const single = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
    console.log(
      `  ${decodeURIComponent(scenario.path)}: HTTP ${first.status}, ${first.bytes} байт / bytes, ${single.toFixed(0)} ms; autocannon ${CONNECTIONS}×${durationSec} с...`,
    );
    const { result, latencies } = await cannon({
      url: `http://${HOST}:${port}${scenario.path}`,
      connections: CONNECTIONS,
      duration: durationSec,
      timeout: REQUEST_TIMEOUT,
    });
    rows.push({
      size: sizeLabel,
      scenario: scenario.name,
      path: scenario.path,
      status: first.status,
      bytes: first.bytes,
      single,
      cpu,
      rps: result.requests.average,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      p99: percentile(latencies, 0.99),
      requests: result.requests.total,
      non2xx: result.non2xx,
      s5xx: result["5xx"],
      errors: result.errors,
      held: "held" in scenario && scenario.held === true,
      dbMs: dbTimes.get(scenario.name) ?? Number.NaN,
    });
  }
  return rows;
}

// ------------------------------------------------------------------------------ output

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function short(n: number) {
  if (n >= 1_000_000 && n % 1_000_000 === 0) return `${n / 1_000_000}M`;
  if (n >= 1000 && n % 1000 === 0) return `${n / 1000}k`;
  return String(n);
}

function printTable(rows: Row[]) {
  const header = [
    "size (factories/products)",
    "scenario",
    "path",
    "1 req ms",
    "CPU ms",
    "req/s",
    "p50 ms",
    "p95 ms",
    "p99 ms",
    "requests",
    "non-2xx",
    "errors",
    "bytes",
  ];
  const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : "-");
  const body = rows.map((r) => [
    r.size,
    r.scenario,
    decodeURIComponent(r.path),
    ms(r.single),
    ms(r.cpu),
    r.rps.toFixed(1),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    String(r.requests),
    String(r.non2xx),
    String(r.errors),
    String(r.bytes),
  ]);
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i >= 3 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join(" | ")} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i >= 3 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`,
  );
  for (const cells of body) console.log(line(cells));
}

/** The directory's figures at each size against what it is held to (issue 15). */
function printTargets(rows: Row[]) {
  const sizesMeasured = [...new Set(rows.map((r) => r.size))];
  if (listPath === "/" || sizesMeasured.length === 0) return;
  console.log("\nЦели / targets:");
  const mark = (ok: boolean) => (ok ? "ok" : "НЕ ДОСТИГНУТО / NOT MET");
  for (const size of sizesMeasured) {
    const all = rows.find((r) => r.size === size && r.scenario === "all");
    const search = rows.find((r) => r.size === size && r.scenario === "search");
    if (all) {
      console.log(
        `  ${size} ${all.path}: 1 запрос / one request ${all.single.toFixed(1)} ms (≤ ${TARGET_SINGLE_MS} ms: ${mark(all.single <= TARGET_SINGLE_MS)}), HTML ${all.bytes} байт / bytes`,
      );
    }
    // Uncached pages' server CPU (issue 31, item 4).
    for (const row of rows.filter(
      (r) =>
        r.size === size &&
        ["all", "directory en", "factory page", "factory page en"].includes(r.scenario),
    )) {
      console.log(
        `  ${size} ${row.path}: CPU сервера на запрос / server CPU per request ${row.cpu.toFixed(1)} ms (≤ ${TARGET_PAGE_CPU_MS} ms: ${mark(row.cpu <= TARGET_PAGE_CPU_MS)})`,
      );
    }
    if (search) {
      const p95 = Number.isFinite(search.p95)
        ? `${search.p95.toFixed(1)} ms`
        : "нет ответов / no answers";
      console.log(
        `  ${size} ${decodeURIComponent(search.path)}: p95 при / at ${CONNECTIONS} соединениях / connections ${p95} (≤ ${TARGET_SEARCH_P95_MS} ms: ${mark(search.p95 <= TARGET_SEARCH_P95_MS)})`,
      );
    }
    // The search that understands buyers and the capability filters (issue 29): one request
    // each, uncached, and its database time.
    for (const row of rows.filter((r) => r.size === size && r.held)) {
      const db = row.dbMs;
      const dbText = Number.isFinite(db)
        ? `${db.toFixed(1)} ms (≤ ${TARGET_QUERY_DB_MS} ms: ${mark(db <= TARGET_QUERY_DB_MS)})`
        : "-";
      console.log(
        `  ${size} ${decodeURIComponent(row.path)}: 1 запрос / one request ${row.single.toFixed(1)} ms (≤ ${TARGET_QUERY_MS} ms: ${mark(row.single <= TARGET_QUERY_MS)}); база / database ${dbText}`,
      );
    }
  }
}

/**
 * The database time of each held scenario (issue 29's searches and filters): every statement of
 * one directory page (the words' meanings, the typo fallback when needed, the capped count, the
 * page), called here as the server calls it, the median of five after one warm-up.
 */
async function measureDatabase(sizeLabel: string): Promise<Map<string, number>> {
  const times = new Map<string, number>();
  if (!database || listPath === "/") return times;
  console.log(`  время базы / database time (${sizeLabel}):`);
  for (const scenario of scenarios.filter((s) => s.held && (only.size === 0 || only.has(s.name)))) {
    if (interrupted()) break;
    const filters = factoryFiltersFromSearch(new URL(scenario.path, "http://bench").searchParams);
    await listFactories(database.db, filters);
    const runs: number[] = [];
    let found = "";
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const list = await listFactories(database.db, filters);
      runs.push(performance.now() - t0);
      found = `${list.totalCapped ? "> " : ""}${list.total}`;
    }
    const median = runs.sort((a, b) => a - b)[2] ?? Number.NaN;
    times.set(scenario.name, median);
    const mark = median <= TARGET_QUERY_DB_MS ? "ok" : "SLOW";
    console.log(
      `    ${decodeURIComponent(scenario.path).padEnd(40)} ${median.toFixed(1).padStart(6)} ms (≤ ${TARGET_QUERY_DB_MS}: ${mark})  ${found} найдено / found`,
    );
  }
  return times;
}

// ------------------------------------------------------------------------------ main

async function main(): Promise<number> {
  console.log(
    `ВНИМАНИЕ / WARNING: данные базы «${dbName}» на ${dbUrl.hostname}:${dbUrl.port || 5432} будут ЗАМЕНЕНЫ / all data in this database is being REPLACED.`,
  );
  workDir = mkdtempSync(path.join(os.tmpdir(), "fabricum-bench-"));
  const logFile = path.join(workDir, "server.log");

  database = await openDatabase({ url: databaseUrl });
  if (database.kind !== "postgres") throw new Error("ожидался PostgreSQL / PostgreSQL expected");
  await migrateDatabase(database);
  const pool = database.db.$client as pg.Pool;
  console.log("Миграции применены / migrations applied.");

  const port = await freePort(requestedPort);
  console.log(
    `Запуск сервера / starting the server: http://${HOST}:${port} (${appDir ?? "this checkout"}, BUILD_DIR=${buildDir})`,
  );
  server = await startAppServer({
    port,
    buildDir,
    logFile,
    appDir,
    env: {
      ...benchDatabaseEnv(databaseUrl, path.join(workDir, "data")),
      // The directory's own cost: no page cache in front of it.
      PAGE_CACHE_MB: "0",
    },
    onWait: () =>
      console.log(
        `  ждем сервер (сборка, если нужна) / waiting for the server (and the build, if needed); журнал / log: ${logFile}`,
      ),
  });
  console.log("Сервер отвечает / server is up.");

  const rows: Row[] = [];
  const loads: string[] = [];
  for (const factoryCount of sizes) {
    if (interrupted()) break;
    const productCount = factoryCount * PRODUCTS_PER_FACTORY;
    const sizeLabel = `${short(factoryCount)}/${short(productCount)}`;
    console.log(
      `\n== ${factoryCount} фабрик / factories, ${productCount} товаров / products: загрузка / loading...`,
    );
    const reused = reuse && (await holdsSize(pool, factoryCount));
    const { loadMs, vacuumMs } = reused
      ? await reuseSize(pool)
      : await loadSize(pool, factoryCount);
    const dbTimes = await measureDatabase(sizeLabel);
    const summary = `${sizeLabel}: ${reused ? "данные прошлого прогона / the previous run's rows" : `загрузка / load ${seconds(loadMs)}`}, vacuum+analyze ${seconds(vacuumMs)}`;
    loads.push(summary);
    console.log(`  ${summary}`);
    rows.push(...(await runScenarios(port, sizeLabel, dbTimes)));
  }

  if (interrupted()) return 130;
  console.log("\nЗагрузка данных / data load:");
  for (const line of loads) console.log(`  ${line}`);
  console.log(
    `\nautocannon: ${CONNECTIONS} соединений / connections, ${durationSec} с / s на сценарий / per scenario\n`,
  );
  printTable(rows);

  console.log(
    `\n1 req ms: медиана ${SINGLE_REQUESTS} последовательных запросов до нагрузки, кэш страниц выключен / median of ${SINGLE_REQUESTS} sequential requests before the load, page cache off; bytes: один ответ без сжатия / one uncompressed response.`,
  );
  printTargets(rows);
  const unfinished = rows.filter((r) => r.requests === 0);
  if (unfinished.length > 0) {
    console.log(
      `Замечание / note: за ${durationSec} с не завершился ни один запрос / no request completed within ${durationSec} s: ${unfinished.map((r) => `${r.size} ${r.scenario}`).join(", ")} — задержка под нагрузкой больше длительности прогона / latency under load exceeds the run length.`,
    );
  }
  const notFound = rows.filter((r) => r.status === 404);
  if (notFound.length > 0) {
    console.log(
      `\nЗамечание / note: ${notFound.map((r) => r.path).join(", ")} ответил 404 — страница списка еще не готова? / answered 404 — is the list page missing?`,
    );
  }
  const failed = rows.filter((r) => r.errors > 0 || r.s5xx > 0);
  if (failed.length > 0) {
    keepWorkDir = true;
    console.error(
      `\nОШИБКА / FAILED: ошибки запросов или ответы 5xx / request errors or 5xx answers in: ${failed
        .map((r) => `${r.size} ${r.scenario} (errors ${r.errors}, 5xx ${r.s5xx})`)
        .join("; ")}\nЖурнал сервера / server log: ${logFile}\n${server.logTail(20)}`,
    );
    return 1;
  }
  return 0;
}

await runMain(main, () => {
  keepWorkDir = true;
  const logFile = workDir && path.join(workDir, "server.log");
  if (logFile && existsSync(logFile)) console.error(`Журнал сервера / server log: ${logFile}`);
});
