/**
 * SCENARIO=nginx npm run bench:load — two production processes on PostgreSQL (a throwaway
 * cluster of its own, never the shared server on 5432) with S3 (s3rver), behind Debian's nginx
 * configured by the deployment guide's file (deploy/nginx/fabricum.conf, rendered as in
 * tests/integration/behind-nginx.test.ts). WORKERS clients load the site through nginx (a signed-in
 * buyer's and factory's conversation page, and posts of messages in it) while:
 *   1. a rolling restart: process A gets SIGTERM, is started again and nginx uses it again, then B;
 *   2. a PostgreSQL restart (`pg_ctl restart -m fast`: every connection dropped).
 * It reports, per phase, requests answered, failed requests, and answers "refused while the
 * database was away" (503 with Retry-After: nothing written, the client may send it again), then
 * compares every acknowledged post with the database: missing and duplicated writes.
 *
 * Exit code: 0 when no request failed and no acknowledged write is missing or doubled; 1 otherwise.
 * Settings: WORKERS (12), PHASE_SECONDS (6: load before, between and after the events), PG_PORT
 * (5498), PG_BIN (as bench:load).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { like } from "drizzle-orm";
import S3rver from "s3rver";
import { saveFactoryProfile } from "~/features/factories/profiles.server";
import { submitQuote } from "~/features/quotes/quotes.server";
import { createTender } from "~/features/tenders/tenders.server";
import { schema } from "~/platform/db.server";
import { type Nginx, nginxBinary, startNginx } from "../tests/support/nginx";
import { userByEmail } from "../tests/support/people";
import {
  type ProductionServer,
  registerThrough,
  startProductionServer,
} from "../tests/support/production-server";
import { inDays } from "../tests/support/quote-forms";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-db";
import { freePort, HOST, settingsReader, sleep } from "./support";

const USAGE = `SCENARIO=nginx npm run bench:load
  WORKERS=12 PHASE_SECONDS=6 PG_PORT=5498 PG_BIN=/usr/lib/postgresql/15/bin`;

type Phase = "before" | "rolling restart" | "between" | "PostgreSQL restart" | "after";
const PHASES: Phase[] = ["before", "rolling restart", "between", "PostgreSQL restart", "after"];

interface Outcome {
  phase: Phase;
  kind: "GET" | "POST";
  verdict: "ok" | "refused" | "failed";
  detail: string;
  text?: string;
}

/** The folder with initdb and pg_ctl (as bench/load.ts finds it). */
function postgresBin(): string {
  const configured = process.env.PG_BIN?.trim();
  if (configured) return configured;
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(path.join(base, name, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("initdb not found: set PG_BIN");
  return path.join(base, versions[0], "bin");
}

/** A private PostgreSQL cluster (initdb refuses root: as root it runs as the postgres user). */
function privateCluster(port: number) {
  const bin = postgresBin();
  const folder = mkdtempSync(path.join(os.tmpdir(), "fabricum-nginx-pg-"));
  const dataDir = path.join(folder, "data");
  const log = path.join(folder, "postgres.log");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) =>
      Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout);
    chownSync(folder, id("-u"), id("-g"));
  }
  const tool = (name: string, args: string[]) => {
    const binary = path.join(bin, name);
    const [command, all] = asRoot
      ? ["runuser", ["-u", "postgres", "--", binary, ...args]]
      : [binary, args];
    const result = spawnSync(command, all, { encoding: "utf8", timeout: 120_000 });
    if (result.status !== 0) throw new Error(`${name}: ${result.stdout}${result.stderr}`);
  };
  const ctl = (...args: string[]) => tool("pg_ctl", ["-D", dataDir, "-l", log, "-w", ...args]);
  /** pg_ctl without blocking this process's event loop (the load goes on meanwhile). */
  const ctlAsync = (...args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const binary = path.join(bin, "pg_ctl");
      const all = ["-D", dataDir, "-l", log, "-w", ...args];
      const child = asRoot
        ? spawn("runuser", ["-u", "postgres", "--", binary, ...all], { stdio: "ignore" })
        : spawn(binary, all, { stdio: "ignore" });
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${code}`))));
    });
  return {
    url: `postgres://postgres@${HOST}:${port}/postgres`,
    create() {
      tool("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "-N"]);
      const conf = `\nport = ${port}\nlisten_addresses = '${HOST}'\nunix_socket_directories = '${folder}'\nmax_connections = 100\n`;
      writeFileSync(path.join(dataDir, "postgresql.conf"), conf, { flag: "a" });
      ctl("start");
    },
    restart: () => ctlAsync("-m", "fast", "restart"),
    stop() {
      try {
        ctl("-m", "fast", "stop");
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export async function runBehindNginx(): Promise<number> {
  const { intSetting } = settingsReader(USAGE);
  const workers = intSetting("WORKERS", 12, 1, 200);
  const phaseMs = intSetting("PHASE_SECONDS", 6, 1, 600) * 1000;
  if (!nginxBinary()) {
    console.error("nginx is not installed (apt-get install nginx)");
    return 2;
  }
  const cluster = privateCluster(await freePort(intSetting("PG_PORT", 5498, 1024, 65535)));
  let database: TestDatabase | undefined;
  let s3: S3rver | undefined;
  let nginx: Nginx | undefined;
  const servers: ProductionServer[] = [];
  const s3Folder = mkdtempSync(path.join(os.tmpdir(), "fabricum-nginx-s3-"));
  try {
    cluster.create();
    database = await createTestDatabase({ serverUrl: cluster.url, name: "fabricum_nginx" });
    s3 = new S3rver({
      address: HOST,
      port: 0,
      silent: true,
      directory: s3Folder,
      configureBuckets: [{ name: "fabricum", configs: [] }],
    });
    const { port: s3Port } = await s3.run();
    const nginxPort = await freePort(0);
    const baseUrl = `http://${HOST}:${nginxPort}`;
    const env = {
      DATABASE_URL: database.url as string,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      BASE_URL: baseUrl,
      TRUST_PROXY: "loopback",
      MAIL_WORKER_INTERVAL_MS: "0",
      EMAIL_VERIFICATION: "false",
      S3_ENDPOINT: `http://${HOST}:${s3Port}`,
      S3_BUCKET: "fabricum",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    };
    servers.push(await startProductionServer({ env }), await startProductionServer({ env }));
    nginx = await startNginx(
      servers.map((server) => server.port),
      nginxPort,
    );
    const proxy = nginx;
    const db = database.db;

    const post = (pathname: string, body: URLSearchParams, cookie: string) =>
      fetch(`${baseUrl}${pathname}`, {
        method: "POST",
        headers: {
          origin: baseUrl,
          "sec-fetch-site": "same-origin",
          "content-type": "application/x-www-form-urlencoded",
          cookie,
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
    const signUp = async (userType: "buyer" | "factory") => {
      const email = `nginx-${userType}-${randomBytes(4).toString("hex")}@example.com`;
      const cookie = await registerThrough(baseUrl, {
        userType,
        email,
        name: `Нагрузка ${userType}`,
      });
      return { cookie, user: () => userByEmail(db, email) };
    };
    const buyer = await signUp("buyer");
    const factory = await signUp("factory");
    await saveFactoryProfile(db, await factory.user(), {
      name: "Фабрика Нагрузка",
      categories: [],
    });
    const tender = await createTender(db, await buyer.user(), {
      title: "Куртки 500 шт",
      quantity: "500",
      country: "kg",
    });
    const quote = await submitQuote(db, await factory.user(), tender.id, {
      unitPrice: "20",
      currency: "USD",
      quantity: "500",
      leadTimeDays: "30",
      validUntil: inDays(10),
    });
    if (!quote.ok) throw new Error(JSON.stringify(quote));
    const quoteId = quote.value.id;

    let phase: Phase = "before";
    let running = true;
    const outcomes: Outcome[] = [];
    const failedBodies: string[] = [];
    const marker = `nginx-${Date.now().toString(36)}`;
    const work = async (worker: number) => {
      for (let i = 0; running; i += 1) {
        const kind = i % 2 === 0 ? "POST" : "GET";
        const text = `${marker} ${worker}-${i}`;
        const at = phase;
        try {
          const response =
            kind === "POST"
              ? await post(
                  `/quotes/${quoteId}`,
                  new URLSearchParams({ intent: "send", body: text }),
                  worker % 2 === 0 ? factory.cookie : buyer.cookie,
                )
              : await fetch(`${baseUrl}/quotes/${quoteId}`, {
                  headers: { cookie: buyer.cookie },
                  redirect: "manual",
                  signal: AbortSignal.timeout(60_000),
                });
          // A post is acknowledged by the redirect back to its conversation (not to sign-in).
          const ok =
            kind === "POST"
              ? response.status === 302 &&
                (response.headers.get("location") ?? "").includes(`/quotes/${quoteId}`)
              : response.status === 200;
          if (!ok && response.status !== 503)
            failedBodies.push(
              await response
                .clone()
                .text()
                .catch(() => ""),
            );
          const refused = response.status === 503 && response.headers.has("retry-after");
          outcomes.push({
            phase: at,
            kind,
            verdict: ok ? "ok" : refused ? "refused" : "failed",
            detail: `HTTP ${response.status}`,
            text: kind === "POST" ? text : undefined,
          });
          await response.arrayBuffer();
          // A client told to come back does so after a moment.
          if (refused) await sleep(250);
        } catch (error) {
          outcomes.push({ phase: at, kind, verdict: "failed", detail: String(error), text });
        }
      }
    };
    const load = Array.from({ length: workers }, (_, worker) => work(worker));
    const events: string[] = [];
    const started = performance.now();
    const mark = (what: string) =>
      events.push(`${((performance.now() - started) / 1000).toFixed(1)} s  ${what}`);

    await sleep(phaseMs);
    phase = "rolling restart";
    for (const index of [0, 1]) {
      const server = servers[index] as ProductionServer;
      const exited = new Promise<number | null>((resolve) =>
        server.process.once("exit", (code) => resolve(code)),
      );
      mark(`SIGTERM → process ${"AB"[index]}`);
      server.process.kill("SIGTERM");
      const code = await exited;
      const lines = server
        .output()
        .split("\n")
        .filter((line) => line.includes("[shutdown]"));
      mark(`process ${"AB"[index]} exited ${code}: ${lines.at(-1) ?? ""}`);
      await server.stop();
      const from = proxy.accessLog().length;
      servers[index] = await startProductionServer({ env, port: server.port });
      mark(`process ${"AB"[index]} started again`);
      const served = new RegExp(` ${HOST.replaceAll(".", "\\.")}:${server.port} (200|302)$`, "m");
      while (!served.test(proxy.accessLog().slice(from))) await sleep(100);
      mark(`nginx sends requests to process ${"AB"[index]} again`);
    }
    phase = "between";
    await sleep(phaseMs);
    phase = "PostgreSQL restart";
    mark("pg_ctl restart -m fast");
    await cluster.restart();
    mark("PostgreSQL accepts connections again");
    await sleep(3000);
    phase = "after";
    await sleep(phaseMs);
    running = false;
    await Promise.all(load);
    mark("load stopped");

    // Acknowledged posts against the database.
    const rows = await db
      .select({ body: schema.quoteMessages.body })
      .from(schema.quoteMessages)
      .where(like(schema.quoteMessages.body, `${marker} %`));
    const stored = new Map<string, number>();
    for (const row of rows) stored.set(row.body, (stored.get(row.body) ?? 0) + 1);
    const acknowledged = outcomes.filter((o) => o.kind === "POST" && o.verdict === "ok");
    const missing = acknowledged.filter((o) => !stored.has(o.text as string)).length;
    const doubled = [...stored.values()].filter((count) => count > 1).length;
    const refusedButStored = outcomes.filter(
      (o) => o.kind === "POST" && o.verdict === "refused" && stored.has(o.text as string),
    ).length;

    console.log(`\nДва процесса за nginx / two processes behind nginx: ${workers} clients\n`);
    for (const line of events) console.log(`  ${line}`);
    console.log(
      `\n  ${"phase".padEnd(20)} ${"answered".padStart(9)} ${"ok".padStart(7)} ${"refused*".padStart(9)} ${"failed".padStart(7)}`,
    );
    for (const p of PHASES) {
      const of = outcomes.filter((o) => o.phase === p);
      const count = (verdict: Outcome["verdict"]) => of.filter((o) => o.verdict === verdict).length;
      console.log(
        `  ${p.padEnd(20)} ${String(of.length).padStart(9)} ${String(count("ok")).padStart(7)} ${String(count("refused")).padStart(9)} ${String(count("failed")).padStart(7)}`,
      );
    }
    const failed = outcomes.filter((o) => o.verdict === "failed");
    const refused = outcomes.filter((o) => o.verdict === "refused");
    console.log(
      "  * refused while the database was away: 503 with Retry-After, nothing written (checked below)",
    );
    const kinds = new Map<string, number>();
    for (const o of failed)
      kinds.set(`${o.kind} ${o.detail}`, (kinds.get(`${o.kind} ${o.detail}`) ?? 0) + 1);
    for (const [kind, count] of kinds) console.log(`    failed: ${count} × ${kind}`);
    console.log(
      `\n  posts acknowledged ${acknowledged.length}, stored ${rows.length}; acknowledged but missing ${missing}; stored twice ${doubled}; refused but stored ${refusedButStored}`,
    );
    console.log(
      `  requests ${outcomes.length}: failed ${failed.length}, refused while the database was away ${refused.length}`,
    );
    const problems = [
      failed.length > 0 ? `${failed.length} failed requests` : "",
      missing > 0 ? `${missing} acknowledged writes missing` : "",
      doubled > 0 ? `${doubled} writes stored twice` : "",
      refusedButStored > 0 ? `${refusedButStored} refused posts stored` : "",
    ].filter(Boolean);
    console.log(problems.length ? `\nПРОВАЛ / FAILED: ${problems.join("; ")}` : "\nOK");
    if (failed.length > 0) {
      const logged = servers
        .flatMap((server) => server.output().split("\n"))
        .filter((line) => /error|Error/.test(line));
      console.log(`\n  app errors logged (first 10):\n    ${logged.slice(0, 10).join("\n    ")}`);
    }
    const errors = proxy.errors().trim();
    if (errors)
      console.log(`\nnginx error log (tail):\n${errors.split("\n").slice(-8).join("\n")}`);
    return problems.length ? 1 : 0;
  } finally {
    await nginx?.stop();
    for (const server of servers) await server.stop();
    await database?.destroy().catch(() => {});
    await s3?.close();
    rmSync(s3Folder, { recursive: true, force: true });
    cluster.stop();
  }
}
