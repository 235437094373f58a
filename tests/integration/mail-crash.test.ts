// Issue 27's done-when: a process killed during a tender's alert batch, and every letter sent
// once. Real production processes (scripts/start.mjs) on one PostgreSQL database send through a
// real SMTP server in this test that accepts slowly, so the batch is in flight when the process
// is killed (SIGKILL) or stopped (SIGTERM); the next process sends the rest. Each factory gets
// the tender's alert exactly once — the one copy the design allows is a letter accepted by the
// SMTP server in the instant before the kill, and it carries the same Message-ID.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/platform/db.server";
import { insertPerson } from "../support/people";
import { type ProductionServer, startProductionServer } from "../support/production-server";
import { type SmtpSink, startSmtpSink, waitFor } from "../support/smtp-sink";
import {
  createTestDatabase,
  POSTGRES_URL,
  type TestDatabase,
  uniqueDatabaseName,
} from "../support/test-db";

const FACTORIES = 40;
const BASE_URL = "http://fabricum.test";

describe.skipIf(!POSTGRES_URL)("letters across a killed and a stopped app process", () => {
  let database: TestDatabase;
  let smtp: SmtpSink;
  const servers: ProductionServer[] = [];
  let settings: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    database = await createTestDatabase({
      serverUrl: POSTGRES_URL,
      name: uniqueDatabaseName("fabricum_mail_crash"),
    });
    settings = {
      DATABASE_URL: database.url as string,
      BETTER_AUTH_SECRET: "mail-crash-test-secret-0123456789abcdef",
      BASE_URL,
      SMTP_URL: smtp.url,
      MAIL_FROM: "Fabricum <no-reply@fabricum.test>",
      MAIL_WORKER_INTERVAL_MS: "200",
      // Short leases: the next process takes a killed one's letters over within seconds.
      MAIL_LEASE_MS: "3000",
    };
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => {});
    await database?.destroy();
    await smtp?.close();
  });

  const start = async () => {
    const server = await startProductionServer({ env: settings });
    servers.push(server);
    return server;
  };

  /**
   * `n` new factories that want instant alerts, and a buyer; `post()` places the buyer's tender
   * for them (after the process is up, so its whole batch goes out under the test's eyes).
   */
  async function tenderFor(n: number, category: string, title: string) {
    const buyer = await insertPerson(database.db, "buyer", "Покупатель");
    const factories = [];
    for (let i = 0; i < n; i += 1) {
      factories.push(
        await insertPerson(database.db, "factory", `Фабрика ${i}`, {
          profile: { factoryName: `Фабрика ${i}` },
          factory: { categories: [category], country: "kg" },
        }),
      );
    }
    const post = async () => {
      const [tender] = await database.db
        .insert(schema.tenders)
        .values({ userId: buyer.id, title, categories: [category], quantity: 100, country: "kg" })
        .returning({ id: schema.tenders.id });
      return tender?.id as string;
    };
    return { factories, post };
  }

  /** The letters of `title` each factory got, and their Message-IDs. */
  function lettersOf(factories: { email: string }[], title: string) {
    return factories.map((factory) =>
      smtp.to(factory.email).filter((letter) => letter.subject.includes(title)),
    );
  }

  async function statesOf(tenderId: string) {
    const rows = await database.db
      .select({ state: schema.tenderAlerts.state })
      .from(schema.tenderAlerts)
      .where(eq(schema.tenderAlerts.tenderId, tenderId));
    const count = (state: string) => rows.filter((row) => row.state === state).length;
    return { all: rows.length, sent: count("sent"), sending: count("sending") };
  }

  function exactlyOnce(factories: { email: string }[], title: string) {
    const letters = lettersOf(factories, title);
    // Every factory got it; all copies a factory got are one letter (one Message-ID) …
    for (const copies of letters) {
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((letter) => letter.messageId)).size).toBe(1);
    }
    // … a letter of its own; at most the one letter on its way at a kill came twice.
    const ids = letters.map((copies) => copies[0]?.messageId);
    expect(new Set(ids).size).toBe(factories.length);
    for (const id of ids) expect(id).toMatch(/^<alert\.[0-9a-f-]{36}@fabricum\.test>$/);
    return letters.reduce((sum, copies) => sum + copies.length, 0) - factories.length;
  }

  it("a process killed mid-batch loses no letter; the next one sends the rest, each once", async () => {
    const title = "Платья после сбоя";
    const { factories, post } = await tenderFor(FACTORIES, "crash", title);
    smtp.delayMs = 150;
    const first = await start();
    const tenderId = await post();
    await waitFor(
      () => lettersOf(factories, title).flat().length >= 5,
      "the first letters",
      60_000,
    );
    first.process.kill("SIGKILL");
    await new Promise<void>((resolve) =>
      first.process.exitCode !== null || first.process.signalCode !== null
        ? resolve()
        : first.process.once("exit", () => resolve()),
    );
    const atKill = lettersOf(factories, title).flat().length;
    expect(atKill).toBeLessThan(FACTORIES);
    // The killed process's leases are left behind.
    expect((await statesOf(tenderId)).sending).toBeGreaterThan(0);

    smtp.delayMs = 20;
    await start();
    await waitFor(
      () => lettersOf(factories, title).every((copies) => copies.length > 0),
      "every factory's letter",
      60_000,
    );
    await waitFor(async () => (await statesOf(tenderId)).sent === FACTORIES, "every mark", 20_000);
    const duplicates = exactlyOnce(factories, title);
    // At most the one letter accepted in the instant before the kill came twice.
    expect(duplicates).toBeLessThanOrEqual(1);
    console.log(
      `[mail-crash] killed after ${atKill} of ${FACTORIES} letters; ${duplicates} sent twice`,
    );
  }, 180_000);

  it("a process stopped with SIGTERM finishes its letter on the way and hands back the rest", async () => {
    for (const server of servers.splice(0)) await server.stop();
    const title = "Куртки после остановки";
    const { factories, post } = await tenderFor(20, "graceful", title);
    smtp.delayMs = 150;
    const server = await start();
    const tenderId = await post();
    await waitFor(
      () => lettersOf(factories, title).flat().length >= 3,
      "the first letters",
      60_000,
    );
    const exited = new Promise<number | string | null>((resolve) =>
      server.process.once("exit", (code, signal) => resolve(code ?? signal)),
    );
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    // Nothing left leased: what it sent is marked, the rest is pending again.
    const states = await statesOf(tenderId);
    expect(states.sending).toBe(0);
    expect(states.sent).toBe(lettersOf(factories, title).flat().length);
    expect(states.sent).toBeLessThan(20);

    smtp.delayMs = 0;
    await start();
    await waitFor(
      async () => (await statesOf(tenderId)).sent === 20,
      "every letter of the tender",
      60_000,
    );
    expect(exactlyOnce(factories, title)).toBe(0);
  }, 180_000);
});
