/**
 * A private TCP proxy in front of a database, for tests of outages: `cut()` ends every
 * connection and from then on takes new ones without ever answering (a database that hangs);
 * `restore()` passes connections through again.
 */
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";

export interface TcpProxy {
  port: number;
  /** The address `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  /** Ends every open connection; new ones are accepted and never answered. */
  cut(): void;
  /** New connections reach the target again (the silent ones are ended). */
  restore(): void;
  /** Connections accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  /** The port to listen on (default: any free one). */
  listenPort = 0,
): Promise<TcpProxy> {
  let passing = true;
  let accepted = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    accepted += 1;
    track(client);
    if (!passing) return; // accepted, never answered
    const upstream = tcpConnect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const endAll = () => {
    for (const socket of [...open]) socket.destroy();
  };
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      passing = false;
      endAll();
    },
    restore() {
      passing = true;
      endAll();
    },
    accepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        endAll();
        server.close(() => resolve());
      }),
  };
}
