// The graceful shutdown of scripts/server/graceful.mjs on a real HTTP server and real sockets:
// what is in flight finishes (and says Connection: close), idle keep-alive connections are closed,
// new connections are refused, and a request over the time limit is cut.
import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { gracefulShutdown } from "./graceful.mjs";

interface Started {
  server: http.Server;
  port: number;
  drain: (reason: string) => Promise<{ waited: number; cut: number; requestsMs: number }>;
  /** Releases the requests to /slow waiting so far. */
  release(): void;
  /** Requests to /slow the server is holding. */
  holding(): number;
  logs: string[];
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function start(timeoutMs: number, beforeDrain?: () => void): Promise<Started> {
  let waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === "/slow") {
      waiting.push(() => res.end("slow done"));
      return;
    }
    res.end("quick");
  });
  servers.push(server);
  const logs: string[] = [];
  const drain = gracefulShutdown(server, {
    timeoutMs,
    beforeDrain,
    log: (l: string) => logs.push(l),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    server,
    port,
    drain,
    logs,
    holding: () => waiting.length,
    release() {
      for (const finish of waiting) finish();
      waiting = [];
    },
  };
}

/** A raw HTTP/1.1 exchange on its own socket: resolves with everything read until it closed. */
function rawRequest(port: number, path: string) {
  const socket = net.connect(port, "127.0.0.1");
  let text = "";
  socket.on("data", (chunk) => {
    text += chunk.toString();
  });
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(text)));
  socket.on("error", () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\nConnection: keep-alive\r\n\r\n`);
  return { socket, closed, text: () => text };
}

async function until(what: string, check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("graceful shutdown", () => {
  it("finishes requests in flight with Connection: close, closes idle ones, refuses new ones", async () => {
    let liveEnded = false;
    const app = await start(10_000, () => {
      liveEnded = true;
    });
    // One keep-alive connection that already had its answer (idle), one with a slow request.
    const idle = rawRequest(app.port, "/quick");
    await until("the quick answer", () => idle.text().includes("quick"));
    const slow = rawRequest(app.port, "/slow");
    await until("the slow request to arrive", () => app.holding() === 1);

    const drained = app.drain("SIGTERM");
    expect(liveEnded).toBe(true);
    // Idle: closed at once. New connections: refused.
    await idle.closed;
    const refused = await new Promise<string>((resolve) => {
      const probe = net.connect(app.port, "127.0.0.1");
      probe.on("connect", () => resolve("connected"));
      probe.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");

    // The slow request is still being served; when it ends, its answer says Connection: close.
    let settled = false;
    void drained.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    expect(slow.text()).toBe("");
    app.release();
    const answer = await slow.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain("slow done");
    const result = await drained;
    expect(result).toMatchObject({ waited: 1, cut: 0 });
    expect(app.logs[0]).toContain("SIGTERM: no new connections; 1 request(s) in flight");
  });

  it("cuts what is still running at the time limit", async () => {
    const app = await start(300);
    const slow = rawRequest(app.port, "/slow");
    await until("the slow request to arrive", () => app.holding() === 1);
    const started = Date.now();
    const result = await app.drain("SIGTERM");
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(result).toMatchObject({ waited: 1, cut: 1 });
    expect(await slow.closed).toBe("");
  });
});

describe("npm start on SIGTERM", () => {
  // A request stays in flight while its body has not all arrived: a post that declares 1000 bytes
  // and sends 10. `Expect: 100-continue` makes Node answer "100 Continue" as it hands the request
  // to the app, so the test knows the server has it.
  async function postInFlight(port: number) {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("error", () => {});
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.write(
      "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n",
    );
    await until("100 Continue", () => text.includes("100 Continue"), 10_000);
    socket.write("email=a%40");
    return socket;
  }

  async function started(env: Record<string, string>) {
    const { startProductionServer } = await import("../../tests/support/production-server");
    const server = await startProductionServer({ env });
    const exited = new Promise<number | null>((resolve) =>
      server.process.once("exit", (code) => resolve(code)),
    );
    return { server, exited };
  }

  it("waits for a request in flight up to SHUTDOWN_TIMEOUT_MS, then exits 0", async () => {
    const { server, exited } = await started({ SHUTDOWN_TIMEOUT_MS: "1500" });
    try {
      const socket = await postInFlight(server.port);
      const sent = Date.now();
      server.process.kill("SIGTERM");
      await until(
        "the shutdown to begin",
        () => server.output().includes("1 request(s) in flight"),
        10_000,
      );
      expect(await exited).toBe(0);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(1400);
      expect(server.output()).toMatch(
        /1 request\(s\) waited for \(\d+ ms\), 1 cut at the time limit/,
      );
      socket.destroy();
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("exits at once on a second signal", async () => {
    const { server, exited } = await started({ SHUTDOWN_TIMEOUT_MS: "60000" });
    try {
      const socket = await postInFlight(server.port);
      server.process.kill("SIGTERM");
      await until(
        "the shutdown to begin",
        () => server.output().includes("1 request(s) in flight"),
        10_000,
      );
      const second = Date.now();
      server.process.kill("SIGINT");
      expect(await exited).toBe(1);
      expect(Date.now() - second).toBeLessThan(5000);
      expect(server.output()).toContain("[shutdown] second SIGINT: exiting at once");
      socket.destroy();
    } finally {
      await server.stop();
    }
  }, 120_000);
});
