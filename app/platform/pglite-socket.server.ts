/**
 * The running server's embedded database, shared over a Unix socket in the PostgreSQL wire
 * protocol, so that `npm run admin`, `npm run db:migrate`, `npm run db:seed` and `psql -h DATA_DIR`
 * work while the server runs, through the server's own PGlite instance (PGlite is one process's
 * database: a second process must never open its data directory).
 *
 * PGlite reads and answers the protocol's bytes itself (`execProtocolRaw`); this module frames
 * the messages and decides who may use the database when. One statement or one extended-protocol
 * batch at a time, under PGlite's own lock, which the app's queries take too; a client that opens
 * a transaction keeps the lock until the backend reports it idle again, so the app's queries never
 * run inside a client's transaction. A client that leaves mid-transaction is rolled back, and the
 * settings it made are reset.
 */
import { chmodSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/** The file name psql and node-postgres use for port 5432 in a socket directory. */
export const SOCKET_NAME = ".s.PGSQL.5432";
/** No message of ours comes near this; anything longer is garbage and ends the connection. */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

/** A query message (simple protocol). */
function queryMessage(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, "utf8");
  const message = Buffer.alloc(5 + text.length);
  message.write("Q", 0, "latin1");
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/** The transaction status of the last ReadyForQuery in `output` ('I', 'T', 'E'), if any. */
function lastReadyStatus(output: Uint8Array): string | null {
  let status: string | null = null;
  let at = 0;
  const view = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  while (at + 5 <= view.length) {
    const type = view[at];
    const length = view.readInt32BE(at + 1);
    if (length < 4) break;
    if (type === 0x5a /* Z */ && length === 5) status = String.fromCharCode(view[at + 5] ?? 0);
    at += 1 + length;
  }
  return status;
}

/** A NOTIFY a client's statement raised: channel and payload. */
interface Notification {
  channel: string;
  payload: string;
}

/**
 * Takes the NotificationResponse messages ('A') out of a client's answer. PGlite is one session:
 * a NOTIFY raised by a client's statement lands in that client's answer, where the app's own
 * `listen()` (live updates, the page cache) never sees it; `serve` raises it again in the app.
 */
export function takeNotifications(output: Uint8Array): {
  rest: Uint8Array;
  notifications: Notification[];
} {
  const view = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  const notifications: Notification[] = [];
  const kept: Buffer[] = [];
  let at = 0;
  while (at + 5 <= view.length) {
    const length = view.readInt32BE(at + 1);
    if (length < 4 || at + 1 + length > view.length) break;
    const message = view.subarray(at, at + 1 + length);
    if (view[at] === 0x41 /* A */) {
      // Int32 process id, then the channel and the payload as NUL-terminated strings.
      const body = message.subarray(9);
      const end = body.indexOf(0);
      notifications.push({
        channel: body.subarray(0, end).toString("utf8"),
        payload: body.subarray(end + 1, body.indexOf(0, end + 1)).toString("utf8"),
      });
    } else kept.push(message);
    at += 1 + length;
  }
  if (notifications.length === 0) return { rest: output, notifications };
  kept.push(view.subarray(at));
  return { rest: Buffer.concat(kept), notifications };
}

/** Holds PGlite's lock until `release()` is called. */
function takeLock(db: PGlite): Promise<() => void> {
  return new Promise((locked) => {
    void db.runExclusive(
      () =>
        new Promise<void>((release) => {
          locked(() => release());
        }),
    );
  });
}

function serve(db: PGlite, socket: Socket) {
  let buffer = Buffer.alloc(0);
  let started = false;
  let release: (() => void) | null = null;
  let status = "I";
  let chain = Promise.resolve();

  let raised: Notification[] = [];
  const run = async (bytes: Uint8Array) => {
    release ??= await takeLock(db);
    const { rest: output, notifications } = takeNotifications(await db.execProtocolRaw(bytes));
    raised.push(...notifications);
    if (!socket.destroyed) socket.write(output);
    const ready = lastReadyStatus(output);
    if (ready === null) return;
    status = ready;
    // Idle again: the app (and other clients) may use the database.
    if (status === "I") {
      release();
      release = null;
      // What the client's committed writes announced reaches the app's listeners.
      const announce = raised;
      raised = [];
      for (const { channel, payload } of announce) {
        await db.query("select pg_notify($1, $2)", [channel, payload]).catch(() => {});
      }
    }
  };

  const leave = async () => {
    if (!release) {
      release = await takeLock(db);
    }
    try {
      if (status !== "I") await db.execProtocolRaw(queryMessage("ROLLBACK"));
      await db.execProtocolRaw(queryMessage("RESET ALL"));
    } finally {
      release();
      release = null;
    }
  };

  const fail = () => socket.destroy();

  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    const messages: Buffer[] = [];
    for (;;) {
      if (!started) {
        // The first message has no type byte: a length, then a code or protocol version.
        if (buffer.length < 8) break;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (length < 8 || length > 10_000) return fail();
        if (buffer.length < length) break;
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          buffer = buffer.subarray(length);
          socket.write("N");
          continue;
        }
        if (code === CANCEL_REQUEST) return fail();
        messages.push(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        started = true;
        continue;
      }
      if (buffer.length < 5) break;
      const length = buffer.readInt32BE(1);
      if (length < 4 || length > MAX_MESSAGE_BYTES) return fail();
      if (buffer.length < 1 + length) break;
      if (buffer[0] === 0x58 /* X: Terminate */) {
        socket.end();
        return;
      }
      messages.push(buffer.subarray(0, 1 + length));
      buffer = buffer.subarray(1 + length);
    }
    if (messages.length === 0) return;
    const batch = new Uint8Array(Buffer.concat(messages));
    chain = chain.then(() => run(batch)).catch(() => void fail());
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    if (!started) return;
    chain = chain.then(leave).catch(() => release?.());
  });
}

export interface SharedDatabase {
  path: string;
  close(): Promise<void>;
}

/** Serves `db` at `directory/.s.PGSQL.5432` (readable and writable by the owner only). */
export async function shareDatabase(db: PGlite, directory: string): Promise<SharedDatabase> {
  const socketPath = `${directory}/${SOCKET_NAME}`;
  // A socket file left by a process that is gone (the data directory's lock says so).
  rmSync(socketPath, { force: true });
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    serve(db, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
