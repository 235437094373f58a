/**
 * What the benchmarks share: reading integer settings (a wrong one prints the usage and exits
 * with 2), finding a free port on the loopback address, sleeping, and stopping cleanly (on a
 * signal, on a failure, and at the end).
 */
import net from "node:net";

export const HOST = "127.0.0.1";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A settings reader for one benchmark; `usageText` is printed under any problem. */
export function settingsReader(usageText: string) {
  function usage(problem: string): never {
    console.error(`${problem}\n\n${usageText}`);
    process.exit(2);
  }
  function intSetting(name: string, fallback: number, min: number, max: number): number {
    const raw = process.env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      usage(
        `${name}: ожидается целое число от ${min} до ${max} / expected an integer ${min}..${max} (сейчас / got: "${raw}")`,
      );
    }
    return value;
  }
  return { usage, intSetting };
}

/** `preferred` when nothing listens there, else any free port. */
export function freePort(preferred: number): Promise<number> {
  const tryListen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(null));
      probe.listen(port, HOST, () => {
        const address = probe.address();
        const chosen = typeof address === "object" && address ? address.port : null;
        probe.close(() => resolve(chosen));
      });
    });
  return tryListen(preferred).then(async (port) => port ?? (await tryListen(0)) ?? preferred);
}

/**
 * Stops the benchmark on SIGINT or SIGTERM: `cleanup` runs and the process exits with 130.
 * `lastResort` runs when the process exits for any reason (it must be synchronous: never leave
 * a server running). Gives whether a signal has asked the benchmark to stop, and `runMain`: runs
 * the benchmark's `main` and exits with its code after `cleanup`; a failure is printed, then
 * `onFailure` keeps what helps to understand it (a signal's own stop is left alone).
 */
export function stopOnSignals(cleanup: () => Promise<void>, lastResort: () => void) {
  let stopping = false;
  const interrupted = () => stopping;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: остановка / stopping...`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  process.on("exit", lastResort);

  async function runMain(main: () => Promise<number>, onFailure: () => void): Promise<void> {
    let exitCode = 1;
    try {
      exitCode = await main();
    } catch (error) {
      if (!interrupted()) {
        console.error("\nОШИБКА / FAILED:", error instanceof Error ? error.message : error);
        onFailure();
      }
    } finally {
      if (!interrupted()) await cleanup();
    }
    if (!interrupted()) process.exit(exitCode);
  }
  return { interrupted, runMain };
}
