// Graceful shutdown of the production HTTP server (docs/decisions/022-behind-a-proxy-and-graceful-
// shutdown.md). On the first SIGTERM/SIGINT: stop listening (a proxy's next connection is refused,
// so nginx passes the request to another process), let requests in flight finish, bounded by
// SHUTDOWN_TIMEOUT_MS, answer every response from then on with `Connection: close`, end the live
// streams with a short `retry:` so browsers reconnect elsewhere, wait for idle keep-alive
// connections to be closed by their client (a proxy closes its idle upstream connections after
// its own keepalive_timeout, shorter than Node's: closing them here could cross a request nginx
// is just sending), then close the app (mail worker, live listener, database) and exit 0.
// A second signal exits at once.
import net from "node:net";

/**
 * Tracks connections and requests of `server`; returns `drain(reason)`, which resolves when the
 * server has stopped, with what happened.
 */
export function gracefulShutdown(server, { timeoutMs, idleWaitMs, beforeDrain, log }) {
  /** Requests in flight per connection. */
  const active = new Map();
  let draining = false;
  let inFlight = 0;
  let onIdle = () => {};

  server.on("connection", (socket) => {
    active.set(socket, 0);
    socket.once("close", () => {
      active.delete(socket);
      if (draining) onIdle();
    });
  });
  // Before the app's own listener, so the header is set before anything is written.
  server.prependListener("request", (req, res) => {
    const { socket } = req;
    active.set(socket, (active.get(socket) ?? 0) + 1);
    inFlight += 1;
    if (draining) res.shouldKeepAlive = false;
    res.once("close", () => {
      active.set(socket, Math.max(0, (active.get(socket) ?? 1) - 1));
      inFlight -= 1;
      if (draining) onIdle();
    });
  });

  return async function drain(reason) {
    const started = Date.now();
    draining = true;
    const waited = inFlight;
    // Stop listening without http.Server#close, which would also close idle keep-alive
    // connections at once (see above); responses not yet started will say Connection: close.
    net.Server.prototype.close.call(server);
    for (const [socket, count] of active) {
      const res = socket._httpMessage;
      if (count > 0 && res && !res.headersSent) res.shouldKeepAlive = false;
    }
    log(`[shutdown] ${reason}: no new connections; ${waited} request(s) in flight`);
    await beforeDrain?.();

    const deadline = started + timeoutMs;
    const until = (done, limit) =>
      new Promise((resolve) => {
        const check = () => {
          if (done() || Date.now() >= limit) {
            clearTimeout(timer);
            onIdle = () => {};
            resolve(done());
          }
        };
        onIdle = check;
        const timer = setTimeout(check, Math.max(0, limit - Date.now()));
        check();
      });

    await until(() => inFlight === 0, deadline);
    const afterRequests = Date.now();
    // Idle connections: their clients close them (nginx after its keepalive_timeout); those
    // still open after idleWaitMs are closed here.
    await until(() => active.size === 0, Math.min(deadline, afterRequests + idleWaitMs));
    // What is still open now is cut: requests over the time limit, connections left idle.
    const cut = inFlight;
    const leftOpen = active.size;
    server.closeAllConnections?.();
    return {
      waited,
      cut,
      leftOpen,
      started,
      requestsMs: afterRequests - started,
    };
  };
}
