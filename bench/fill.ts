/**
 * The factory directory of a benchmark's PostgreSQL database: its size, and a fill through
 * bench/factories.ts (its generator, its one size, a 1 s check), which REPLACES the data of the
 * database. Shared by bench:nginx (bench/side-by-side.ts) and bench:mix (bench/visitor-mix.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { root } from "./app-server";

/** Factories in the database: all, and those the fill made; null before the first migration. */
export async function directorySize(
  databaseUrl: string,
): Promise<{ total: number; bench: number } | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: number; bench: number }>(
      "select count(*)::int as total, count(*) filter (where user_id like 'bench-%')::int as bench from factories",
    );
    return rows[0] ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * Fills the database with `size` factories (10 products each) through bench/factories.ts, its
 * output relayed with a margin. `started` receives the child (its own process group), so that the
 * caller can stop it on a signal; resolves with the milliseconds it took.
 */
export async function fillDirectory(options: {
  databaseUrl: string;
  size: number;
  port: number;
  started?: (child: ChildProcess) => void;
}): Promise<number> {
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "bench/factories.ts")],
    {
      cwd: root,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        BENCH_SIZES: String(options.size),
        BENCH_DURATION: "1",
        BENCH_PATH: "/",
        BENCH_PORT: String(options.port),
      },
    },
  );
  options.started?.(child);
  const relay = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line) console.log(`  │ ${line}`);
  };
  child.stdout?.on("data", relay);
  child.stderr?.on("data", relay);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0 && child.signalCode === null) {
    throw new Error(`bench/factories.ts завершился с кодом / exited with ${code}`);
  }
  return performance.now() - t0;
}
