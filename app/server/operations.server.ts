/**
 * The production server's first middleware (scripts/start.mjs): what operators need of every
 * request before the app sees it.
 * - A request id: the X-Request-Id a trusted proxy (TRUST_PROXY) sent, or a new one; it goes back
 *   in the response's X-Request-Id and into every log line written while the request runs.
 * - One log line per request when it ends: method, path (query values with secret-like names
 *   and token-like path segments redacted), status, duration, request id. Health checks are not
 *   logged (probes come every few seconds) unless LOG_HEALTH_CHECKS=true; a change of readiness
 *   is always logged.
 * - /healthz and /readyz (health.server.ts), answered here: no session, no page cache.
 * - A path whose percent-encoding is broken (`/%E0%A4%A`) answers 400 with a short page here,
 *   instead of failing deeper with a stack trace.
 */
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { errors } from "~/domain/catalogue";
import { localeOfPath } from "~/domain/locale";
import type { Env } from "~/platform/env.server";
import { HEALTH_PATHS, healthAnswer } from "~/platform/health.server";
import { currentLogger, redact, requestScope } from "~/platform/logging.server";
import { plainErrorPage } from "~/platform/security.server";
import type { Runtime } from "./runtime.server";

/** A request id we pass on as it came: short, and only safe characters. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** Query parameters whose values never reach the log. */
const SECRET_PARAMS =
  /^(token|code|password|secret|key|signature|sig|otp|state|callbackurl|email|session)$/i;

/** A path segment that looks like a token (reset links carry them in the path). */
const TOKEN_SEGMENT = /^(?=[^/]*\d)(?=[^/]*[A-Za-z])[A-Za-z0-9_-]{24,}$/;

/** The path for the log: token-like segments and secret-like query values replaced. */
export function loggedPath(originalUrl: string): string {
  const queryAt = originalUrl.indexOf("?");
  const pathname = queryAt === -1 ? originalUrl : originalUrl.slice(0, queryAt);
  const path = pathname
    .split("/")
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? "[redacted]" : segment))
    .join("/");
  if (queryAt === -1) return redact(path).slice(0, 2000);
  const query = originalUrl
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAMS.test(name) ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return redact(`${path}?${query}`).slice(0, 2000);
}

/**
 * True when every percent-escape of the path decodes (to valid UTF-8) and to no NUL. (The result
 * is used: a bundler drops a call whose result is not, and the check with it.)
 */
export function hasValidEncoding(pathname: string): boolean {
  try {
    return !decodeURIComponent(pathname).includes("\0");
  } catch {
    return false;
  }
}

/** The request's id: a trusted proxy's, else a new one. */
function requestIdOf(req: Request): string {
  const sent = req.get("x-request-id");
  if (!sent || !REQUEST_ID.test(sent)) return randomUUID();
  const trust = req.app.get("trust proxy fn") as
    | ((address: string | undefined, hop: number) => boolean)
    | undefined;
  return trust?.(req.socket.remoteAddress, 0) ? sent : randomUUID();
}

/** The readiness last reported, so that a change is logged once, not every probe. */
let lastReady: boolean | undefined;

export function operationsMiddleware(
  settings: Pick<Env, "LOG_HEALTH_CHECKS" | "BASE_URL">,
  runtime: () => Promise<Runtime>,
) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    res.setHeader("X-Request-Id", requestId);
    const health = (HEALTH_PATHS as readonly string[]).includes(req.path);
    res.on("close", () => {
      if (health && !settings.LOG_HEALTH_CHECKS) return;
      const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      const path = loggedPath(req.originalUrl);
      const status = res.headersSent ? res.statusCode : 0;
      const fields = {
        level: "info" as const,
        msg: `${req.method} ${path} ${status || "aborted"} ${Math.round(durationMs)} ms`,
        method: req.method,
        path,
        status,
        durationMs,
        requestId,
      };
      const logger = currentLogger();
      if (logger) logger.record(fields);
      else console.log(fields.msg);
    });
    requestScope.run({ requestId }, () => {
      if (!hasValidEncoding(req.path)) {
        const locale = localeOfPath(req.path);
        res
          .status(400)
          .type("html")
          .send(plainErrorPage(400, settings.BASE_URL, errors[locale].badAddress, locale));
        return;
      }
      if (!health) return next();
      healthAnswer(req.method, req.path, runtime).then(
        (answer) => {
          if (!answer) return next();
          if (req.path === "/readyz") {
            const ready = answer.status === 200;
            if (lastReady !== undefined && ready !== lastReady) {
              (ready ? console.log : console.warn)(
                ready ? "[health] ready again" : `[health] not ready: ${answer.body}`,
              );
            }
            lastReady = ready;
          }
          res.status(answer.status).set(answer.headers);
          if (req.method === "HEAD") res.end();
          else res.send(answer.body);
        },
        (error: unknown) => next(error),
      );
    });
  };
}
