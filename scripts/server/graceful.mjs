// Graceful shutdown of the production HTTP server (docs/decisions/022-behind-a-proxy-and-graceful-
// shutdown.md). On the first SIGTERM/SIGINT: stop listening (a proxy's next connection is refused,
// so nginx passes the request to another process), close idle keep-alive connections, let
// requests in flight finish, bounded by SHUTDOWN_TIMEOUT_MS, with `Connection: close` on every
// response from then on, end the live streams with a short `retry:` so browsers reconnect
// elsewhere; the caller then closes the app (mail worker, live listener, database) and exits 0.
//
// The one promise this keeps: a connection is never closed while a request read from it is
// unanswered (until the time limit). A connection closed while idle may cross a request the proxy
// is just sending; that request was never read, so a proxy may send it to another process
// (nginx: `proxy_next_upstream error non_idempotent`, deploy/nginx/fabricum.conf).

/**
 * Tracks the requests of `server`; returns `drain(reason)`, which stops the server and resolves,
 * once its requests are answered or cut at `timeoutMs`, with what happened.
 */
export function gracefulShutdown(server, { timeoutMs, beforeDrain, log }) {
  /** Requests in flight per connection. */
  const active = new Map();
  let draining = false;
  let inFlight = 0;
  let onSettled = () => {};

  // Before the app's own listener, so a draining server's answer says Connection: close.
  server.prependListener("request", (req, res) => {
    const { socket } = req;
    active.set(socket, (active.get(socket) ?? 0) + 1);
    inFlight += 1;
    if (draining) res.shouldKeepAlive = false;
    res.once("close", () => {
      const left = (active.get(socket) ?? 1) - 1;
      if (left > 0) active.set(socket, left);
      else active.delete(socket);
      inFlight -= 1;
      // An answer that went out keep-alive before the drain began: its connection is idle now.
      if (draining && left <= 0) socket.destroy();
      if (draining) onSettled();
    });
  });

  return async function drain(reason) {
    const started = Date.now();
    draining = true;
    const waited = inFlight;
    // Stops listening and closes the idle connections (Node 19 and later).
    server.close();
    for (const [socket] of active) {
      const res = socket._httpMessage;
      if (res && !res.headersSent) res.shouldKeepAlive = false;
    }
    log(`[shutdown] ${reason}: no new connections; ${waited} request(s) in flight`);
    await beforeDrain?.();

    await new Promise((resolve) => {
      // The time limit ends the wait whatever the clock says: a timer may fire a millisecond
      // before `timeoutMs` has passed by Date.now(), and a check of the elapsed time there would
      // leave the drain waiting for ever.
      const timer = setTimeout(finish, Math.max(0, timeoutMs - (Date.now() - started)));
      function finish() {
        clearTimeout(timer);
        onSettled = () => {};
        resolve();
      }
      function check() {
        if (inFlight === 0) finish();
      }
      onSettled = check;
      check();
    });
    const cut = inFlight;
    server.closeAllConnections();
    return { waited, cut, started, requestsMs: Date.now() - started };
  };
}
