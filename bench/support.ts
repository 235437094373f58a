/**
 * What the benchmarks share: reading integer settings (a wrong one prints the usage and exits
 * with 2), finding a free port on the loopback address, sleeping.
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
