/**
 * One autocannon run that keeps every response's latency, so that p95 is exact (autocannon's own
 * histogram reports p50, p97.5 and p99 but not p95).
 */
import autocannon from "autocannon";

/** The value at quantile q (0..1) of ascending samples; NaN for none. */
export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const MAX_SAMPLES = 5_000_000;

export interface CannonRun {
  result: autocannon.Result;
  /** Every response's latency in ms, ascending. */
  latencies: Float64Array;
}

let running: autocannon.Instance | undefined;

/** Stops the run in progress, if any (its promise then resolves with what it has). */
export function stopCannon() {
  running?.stop();
}

/**
 * Runs autocannon with `options` (keep-alive connections, its default) for `options.duration`
 * seconds. A guard stops it should it hang past duration + timeout + 30 s.
 */
export function cannon(
  options: autocannon.Options & { duration: number; timeout: number },
): Promise<CannonRun> {
  return new Promise((resolve, reject) => {
    const samples = new Float64Array(MAX_SAMPLES);
    let n = 0;
    const instance = autocannon(options, (error, result) => {
      clearTimeout(guard);
      running = undefined;
      if (error) reject(error);
      else resolve({ result, latencies: samples.slice(0, n).sort() });
    });
    running = instance;
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (n < MAX_SAMPLES) samples[n++] = responseTime;
    });
    const guard = setTimeout(
      () => instance.stop(),
      (options.duration + options.timeout + 30) * 1000,
    );
  });
}
