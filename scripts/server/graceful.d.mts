import type { Server } from "node:http";

export interface DrainResult {
  /** Requests in flight when the drain began. */
  waited: number;
  /** Requests still running at the time limit, cut. */
  cut: number;
  /** Date.now() when the drain began. */
  started: number;
  /** How long the requests in flight took to finish (or the time limit). */
  requestsMs: number;
}

export function gracefulShutdown(
  server: Server,
  options: {
    timeoutMs: number;
    beforeDrain?: () => unknown;
    log: (line: string) => void;
  },
): (reason: string) => Promise<DrainResult>;
