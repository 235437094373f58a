/**
 * Live updates through PostgreSQL: a write that others should see at once (a message, a quote, a
 * notification) calls `notifyLive` inside its transaction; PostgreSQL delivers the NOTIFY on
 * commit to every app process LISTENing on the channel, whichever process made the write.
 *
 * Each app process has one listener per database (`liveHub`): with the `pg` driver a dedicated
 * connection (never one of the pool's, which go back to the pool between queries) that LISTENs
 * and comes back after a lost connection or a PostgreSQL restart, with backoff; with PGlite its
 * own `listen()`. The listener hands each event to this process's open streams (app/routes/
 * live.ts) of the accounts the event names. No process keeps events of its own: a page that was
 * not connected when something happened catches up by reloading its data when it reconnects.
 */
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "./db.server";

/** The one channel; events name the accounts they concern. */
export const LIVE_CHANNEL = "fabricum_live";

/**
 * Raised by the database itself (triggers of migrations 0026 and 0027, before it 0009) whenever a table
 * that visitors' pages show changes, naming what changed (page tags, app/lib/page-tags.ts,
 * separated by spaces; empty or `*`: everything): every process's page cache
 * (page-cache.server.ts) drops the pages that show it.
 */
export const PAGES_CHANNEL = "fabricum_pages";

/** Told when visitors' pages may have changed, and whether the listener is connected. */
export interface PagesWatcher {
  /** `payload`: the NOTIFY's text, the tags that changed (parsed by the page cache). */
  changed(payload: string): void;
  /** false while the listener is away (changes may be missed), true once it LISTENs again. */
  connected(listening: boolean): void;
}

export interface LiveEvent {
  /** Accounts whose pages should refresh. */
  users: string[];
  /** What changed: a conversation's message, a quote's state, a notification. */
  kind: "message" | "quote" | "notification";
  quoteId?: string | null;
  tenderId?: string | null;
}

/** Queues a live event; inside a transaction PostgreSQL sends it only if the transaction commits. */
export async function notifyLive(db: Pick<Db, "execute">, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * What an open stream receives: an event about its account (without the list of accounts), or
 * `resync` after the listener lost its connection for a while (events may have been missed:
 * the page should reload its data).
 */
export type LiveSignal =
  | { type: "event"; kind: LiveEvent["kind"]; quoteId: string | null; tenderId: string | null }
  | { type: "resync" };

export type LiveSubscriber = (signal: LiveSignal) => void;

export interface LiveHub {
  /** Resolves once the listener LISTENs (rejects only when the hub is closed first). */
  ready(): Promise<void>;
  /** Calls `subscriber` for every event naming `userId`; returns the function that stops it. */
  subscribe(userId: string, subscriber: LiveSubscriber): () => void;
  /** Open subscriptions of one account (all accounts without an argument), in this process. */
  count(userId?: string): number;
  /**
   * When this process last heard of an event naming the account (ms since the epoch; 0 when not
   * in the last minute or so). Every process hears every event, so any of them can tell a new
   * stream whether its page may have missed one.
   */
  lastEventAt(userId: string): number;
  /** Calls `watcher` on every change of visitors' pages; returns the function that stops it. */
  watchPages(watcher: PagesWatcher): () => void;
  /** Stops listening and forgets every subscriber. */
  close(): Promise<void>;
}

/** The payload of a NOTIFY as an event, or null when it is not one of ours. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (!value || typeof value !== "object" || !Array.isArray(value.users)) return null;
    const users = value.users.filter((user): user is string => typeof user === "string");
    if (value.kind !== "message" && value.kind !== "quote" && value.kind !== "notification") {
      return null;
    }
    return {
      users,
      kind: value.kind,
      quoteId: typeof value.quoteId === "string" ? value.quoteId : null,
      tenderId: typeof value.tenderId === "string" ? value.tenderId : null,
    };
  } catch {
    return null;
  }
}

/** How long an account's last event time is kept at least, and how many are kept before pruning. */
const LAST_EVENT_KEEP_MS = 60_000;
const LAST_EVENT_KEEP_ENTRIES = 10_000;

/**
 * How much older than a page's render time an event may be and still count as possibly missed by
 * it (the processes' clocks and the time between a page's data and its render).
 */
export const MISSED_EVENT_SLACK_MS = 2_000;

/** Subscribers per account, and the fan-out of one payload to them. */
function createFanOut() {
  const byUser = new Map<string, Set<LiveSubscriber>>();
  const lastEvent = new Map<string, number>();
  const pageWatchers = new Set<PagesWatcher>();
  let listening = false;
  const tell = (action: (watcher: PagesWatcher) => void) => {
    for (const watcher of [...pageWatchers]) {
      try {
        action(watcher);
      } catch (error) {
        console.error("[live] a page watcher failed:", error);
      }
    }
  };
  const call = (subscriber: LiveSubscriber, signal: LiveSignal) => {
    try {
      subscriber(signal);
    } catch (error) {
      console.error("[live] a stream failed to take an event:", error);
    }
  };
  return {
    subscribe(userId: string, subscriber: LiveSubscriber) {
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(subscriber);
      return () => {
        const current = byUser.get(userId);
        if (!current) return;
        current.delete(subscriber);
        if (current.size === 0) byUser.delete(userId);
      };
    },
    count(userId?: string) {
      if (userId !== undefined) return byUser.get(userId)?.size ?? 0;
      let total = 0;
      for (const set of byUser.values()) total += set.size;
      return total;
    },
    lastEventAt(userId: string) {
      return lastEvent.get(userId) ?? 0;
    },
    deliver(payload: string) {
      const event = parseLiveEvent(payload);
      if (!event) return;
      const now = Date.now();
      if (lastEvent.size > LAST_EVENT_KEEP_ENTRIES) {
        for (const [userId, at] of lastEvent) {
          if (now - at > LAST_EVENT_KEEP_MS) lastEvent.delete(userId);
        }
      }
      for (const userId of event.users) {
        lastEvent.delete(userId);
        lastEvent.set(userId, now);
      }
      const signal: LiveSignal = {
        type: "event",
        kind: event.kind,
        quoteId: event.quoteId ?? null,
        tenderId: event.tenderId ?? null,
      };
      for (const userId of new Set(event.users)) {
        for (const subscriber of [...(byUser.get(userId) ?? [])]) call(subscriber, signal);
      }
    },
    watchPages(watcher: PagesWatcher) {
      pageWatchers.add(watcher);
      watcher.connected(listening);
      return () => {
        pageWatchers.delete(watcher);
      };
    },
    pagesChanged(payload: string) {
      tell((watcher) => watcher.changed(payload));
    },
    connection(on: boolean) {
      if (listening === on) return;
      listening = on;
      tell((watcher) => watcher.connected(on));
    },
    resync() {
      for (const set of byUser.values()) {
        for (const subscriber of [...set]) call(subscriber, { type: "resync" });
      }
    },
    clear() {
      byUser.clear();
      tell((watcher) => watcher.connected(false));
      pageWatchers.clear();
    },
  };
}

type FanOut = ReturnType<typeof createFanOut>;

/** A promise that can be settled from outside (the listener's first LISTEN). */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // A hub closed before it ever listened rejects; nobody may be waiting.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** Waits between reconnection attempts: 0.5 s, 1 s, 2 s, … up to 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attempt));
}

/** How often the dedicated connection is asked whether it is still there. */
const HEALTH_CHECK_MS = 30_000;

/**
 * The `pg` listener: one dedicated client that LISTENs, reconnecting with backoff whenever it
 * is lost (an error, the server ending it, a failed health check). After a reconnection every
 * stream is told to resync.
 */
function listenWithPg(options: pg.ClientConfig, fanOut: FanOut): LiveHub {
  const first = deferred();
  let closed = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let everListened = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let healthTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = (reason: string) => {
    if (closed || retryTimer) return;
    const delay = backoffDelay(attempt);
    attempt += 1;
    console.error(`[live] listener connection lost (${reason}); retrying in ${delay} ms`);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
    retryTimer.unref?.();
  };

  const drop = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = null;
    fanOut.connection(false);
    clearInterval(healthTimer);
    current.removeAllListeners("notification");
    // The old connection may still be half-open: end it, never wait for it.
    current.end().catch(() => {});
    scheduleReconnect(reason);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const current = new pg.Client({
      ...options,
      keepAlive: true,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
      application_name: "fabricum-live",
    });
    // An 'error' nobody listens to would end the process.
    current.on("error", (error) => drop(current, error.message));
    current.on("end", () => drop(current, "connection ended"));
    current.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) fanOut.deliver(message.payload);
      else if (message.channel === PAGES_CHANNEL) fanOut.pagesChanged(message.payload ?? "");
    });
    client = current;
    try {
      await current.connect();
      await current.query(`listen ${LIVE_CHANNEL}; listen ${PAGES_CHANNEL}`);
    } catch (error) {
      drop(current, (error as Error).message);
      return;
    }
    if (closed || client !== current) {
      current.end().catch(() => {});
      return;
    }
    attempt = 0;
    healthTimer = setInterval(() => {
      current.query("select 1").catch((error: Error) => drop(current, error.message));
    }, HEALTH_CHECK_MS);
    healthTimer.unref?.();
    if (everListened) {
      console.log("[live] listener connected again");
      fanOut.resync();
    }
    everListened = true;
    fanOut.connection(true);
    first.resolve();
  }

  void connect();
  return {
    ready: () => first.promise,
    subscribe: fanOut.subscribe,
    count: fanOut.count,
    lastEventAt: fanOut.lastEventAt,
    watchPages: fanOut.watchPages,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(healthTimer);
      first.reject(new Error("live: closed"));
      fanOut.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners("end");
        await current.end().catch(() => {});
      }
    },
  };
}

/** The PGlite listener: the embedded database tells its own `listen()` callbacks on commit. */
function listenWithPglite(client: PGlite, fanOut: FanOut): LiveHub {
  let closed = false;
  const listening = Promise.all([
    client.listen(LIVE_CHANNEL, (payload) => {
      if (!closed) fanOut.deliver(payload);
    }),
    client.listen(PAGES_CHANNEL, (payload) => {
      if (!closed) fanOut.pagesChanged(payload);
    }),
  ]).then(
    (stops) => {
      if (!closed) fanOut.connection(true);
      return stops;
    },
    (error: unknown) => {
      console.error("[live] the embedded database did not LISTEN:", error);
      throw error;
    },
  );
  listening.catch(() => {});
  return {
    ready: async () => {
      await listening;
    },
    subscribe: fanOut.subscribe,
    count: fanOut.count,
    lastEventAt: fanOut.lastEventAt,
    watchPages: fanOut.watchPages,
    async close() {
      closed = true;
      fanOut.clear();
      const stops = await listening.catch(() => []);
      if (client.closed) return;
      for (const stop of stops) await stop().catch(() => {});
    },
  };
}

/** One hub per open database of this process. */
const hubs = new WeakMap<Database["db"], LiveHub>();

/**
 * The listener of this process for `database`, started on first use. Every request of the
 * process that opens a stream shares it.
 */
export function liveHub(database: Pick<Database, "db" | "kind">): LiveHub {
  let hub = hubs.get(database.db);
  if (hub) return hub;
  const fanOut = createFanOut();
  if (database.kind === "pglite") {
    hub = listenWithPglite(database.db.$client as unknown as PGlite, fanOut);
  } else {
    const pool = database.db.$client as unknown as pg.Pool;
    hub = listenWithPg(pool.options as pg.ClientConfig, fanOut);
  }
  hubs.set(database.db, hub);
  return hub;
}

/** Stops the listener of `database`, if it has one (before the database is closed). */
export async function closeLiveHub(database: Pick<Database, "db">): Promise<void> {
  const hub = hubs.get(database.db);
  if (!hub) return;
  hubs.delete(database.db);
  await hub.close();
}

/** A comment line every 25 s keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser opens a new one (EventSource reconnects by
 * itself), so the session is checked again now and then: a signed-out or blocked account stops
 * getting events.
 */
export const STREAM_MAX_AGE_MS = 30 * 60_000;
/** How long the browser waits before it reconnects (the stream's `retry:`). */
export const RECONNECT_MS = 3_000;
/** Open streams one account may have in one process (tabs, devices); more are refused. */
export const MAX_STREAMS_PER_ACCOUNT = 20;

/** One Server-Sent Event: `event: name` and one line of JSON data. */
function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The live streams open in this process: each ends itself, sending a last `retry:` first. */
const openStreams = new Set<(retryMs: number) => void>();

/** The `retry:` of streams ended by a shutdown: soon, spread so reconnects do not arrive at once. */
export const SHUTDOWN_RETRY_MS = [500, 1500] as const;

/**
 * Ends every live stream of this process (a graceful shutdown): each gets `retry:` between
 * SHUTDOWN_RETRY_MS and then its end, so the browser's EventSource reconnects that soon (to
 * another process) and the page reloads its data on the new stream's `ready`. Returns how many
 * streams were open.
 */
export function endAllLiveStreams(): number {
  shuttingDown = true;
  const streams = [...openStreams];
  for (const end of streams) end(shutdownRetryMs());
  return streams.length;
}

/** Set by `endAllLiveStreams`: a stream asked for afterwards ends at once, with its retry hint. */
let shuttingDown = false;

function shutdownRetryMs(): number {
  const [low, high] = SHUTDOWN_RETRY_MS;
  return low + Math.floor(Math.random() * (high - low));
}

export interface StreamOptions {
  heartbeatMs?: number;
  maxAgeMs?: number;
  /**
   * When the page that opens the stream was rendered (ms since the epoch): if an event naming
   * the account came after it (less the slack), the stream says `resync` right after `ready`, so
   * the page fetches what it missed between its render and the stream.
   */
  since?: number;
}

/**
 * The Server-Sent Events answer for one signed-in account: `ready` once the process LISTENs,
 * then `live` for every event that names the account (`{kind, quoteId, tenderId}`) and `resync`
 * after the listener was away; a comment as heartbeat. It ends, and unsubscribes, when the
 * client goes away (`signal`) or after `maxAgeMs`.
 */
export function liveStreamResponse(
  hub: LiveHub,
  userId: string,
  signal: AbortSignal,
  { heartbeatMs = HEARTBEAT_MS, maxAgeMs = STREAM_MAX_AGE_MS, since }: StreamOptions = {},
): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      const unsubscribe = hub.subscribe(userId, (event) => {
        if (event.type === "resync") send(sseEvent("resync", {}));
        else {
          const { kind, quoteId, tenderId } = event;
          send(sseEvent("live", { kind, quoteId, tenderId }));
        }
      });
      const heartbeat = setInterval(() => send(": ping\n\n"), heartbeatMs);
      const expiry = setTimeout(() => stop(), maxAgeMs);
      const endWithRetry = (retryMs: number) => {
        send(`retry: ${retryMs}\n\n`);
        stop();
      };
      openStreams.add(endWithRetry);
      stop = () => {
        if (!open) return;
        open = false;
        openStreams.delete(endWithRetry);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      if (signal.aborted) {
        stop();
        return;
      }
      if (shuttingDown) {
        endWithRetry(shutdownRetryMs());
        return;
      }
      signal.addEventListener("abort", stop);
      send(`retry: ${RECONNECT_MS}\n\n`);
      hub.ready().then(
        () => {
          send(sseEvent("ready", {}));
          if (since !== undefined && hub.lastEventAt(userId) >= since - MISSED_EVENT_SLACK_MS) {
            send(sseEvent("resync", {}));
          }
        },
        () => stop(),
      );
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves the stream alone (no gzip buffering).
      "Cache-Control": "no-store, no-transform",
      // nginx and similar proxies pass each event on at once instead of buffering the answer.
      "X-Accel-Buffering": "no",
    },
  });
}
