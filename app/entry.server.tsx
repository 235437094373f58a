import { PassThrough, Writable } from "node:stream";
import { routes as builtRoutes } from "virtual:react-router/server-build";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { localeOfPath } from "~/domain/locale";
import { actionMessageOf } from "~/http/reply.server";
import { noteDatabaseAway } from "~/http/request-context.server";
import {
  ActionMessageContext,
  HtmlFirstContext,
  isHtmlFirst,
  PageScriptsContext,
} from "~/lib/html-first";
import { PAGE_SCRIPTS, SIGNED_IN_PAGE_SCRIPTS } from "~/lib/inline-scripts";
import { pageTagsOf } from "~/lib/page-tags";
import { retryAfterOf } from "~/lib/retry-after";
import { factsOf, pageFactsOf } from "~/lib/route-facts";
import { databaseErrorReason, isDatabaseUnreachable } from "~/platform/db.server";
import { env, logSettings } from "~/platform/env.server";
import { endAllLiveStreams } from "~/platform/live.server";
import { installLogger } from "~/platform/logging.server";
import {
  documentResponse,
  HTML_FIRST_HEADER,
  PAGE_TAGS_HEADER,
  type PageCache,
  pageCacheHits as pageCacheHitsOf,
} from "~/platform/page-cache.server";
import { declaredTooLarge } from "~/platform/request-body.server";
import { provideRoutes } from "~/platform/route-table.server";
import {
  contentSecurityPolicy,
  createNonce,
  crossSiteRefusal,
  securityHeaders as headersFor,
  plainErrorPage,
  publicOrigin as publicOriginFor,
  type RequestSource,
} from "~/platform/security.server";
import { wholeDocument } from "~/platform/whole-document.server";
import { operationsMiddleware } from "~/server/operations.server";
import { closeRuntime, getRuntime } from "~/server/runtime.server";

export const streamTimeout = 5_000;

// The route table and facts (app/platform/route-table.server.ts) come from the server build's own
// routes: their paths and, in their modules, their handles. Read on first use: this module is
// part of that build, which is still being loaded now.
provideRoutes(() => ({
  routes: Object.values(builtRoutes).flatMap((route) =>
    route ? [{ id: route.id, parentId: route.parentId, path: route.path, index: route.index }] : [],
  ),
  handle: (id) => builtRoutes[id]?.module.handle,
}));

/**
 * Called by the production server (scripts/start.mjs) before it listens: creates the runtime
 * (database opened, migrated and seeded when asked; demo accounts printed). A bad setting or an
 * unreachable database stops the start here instead of failing the first request.
 */
export async function startup(): Promise<{
  siteName: string;
  baseUrl: string;
  port: number;
  host: string | undefined;
  /** Express's `trust proxy`: false, a hop count or a list of proxy addresses. */
  trustProxy: false | number | string[];
  /** How long a graceful shutdown waits for requests in flight (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}> {
  // The log format first: every line from here on (a refused start's too) is one line.
  installLogger({ ...logSettings(), tty: Boolean(process.stdout.isTTY) });
  const { env: settings } = await getRuntime({ shareEmbedded: true });
  return {
    siteName: settings.SITE_NAME,
    baseUrl: settings.BASE_URL,
    port: settings.PORT,
    host: settings.HOST,
    trustProxy: settings.TRUST_PROXY,
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
  };
}

/**
 * For the production server, first of all middleware: request ids, one log line per request,
 * /healthz and /readyz, 400 for a broken path (app/server/operations.server.ts).
 */
export function operations() {
  return operationsMiddleware(env(), () => getRuntime());
}

/**
 * For the production server's SIGTERM handler, first thing: /readyz answers 503 from now on, so
 * the balancer stops sending new requests (app/platform/health.server.ts).
 */
export { markStopping } from "~/platform/health.server";

/**
 * React Router's report of an error in a loader, action or render: one line, and for a
 * database that cannot be reached only the driver's reason (the query's parameters may hold
 * session tokens). A request the client gave up on is not an error of ours.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  if (isDatabaseUnreachable(error)) {
    noteDatabaseAway(context);
    console.error(`[db] the database cannot be reached: ${databaseErrorReason(error)}`);
    return;
  }
  console.error(error);
}

export const shutdown = closeRuntime;

/**
 * For the production server, in front of React Router's handler: answers a visitor's GET of a
 * page the page cache keeps, exactly as the root middleware would, without running React Router
 * (app/platform/page-cache.server.ts). Everything else goes on to the handler.
 */
export function pageCacheHits() {
  let cache: PageCache | null = null;
  // The runtime exists once `startup` has resolved; until then every request goes on.
  getRuntime().then(
    (runtime) => {
      cache = runtime.pageCache;
    },
    () => {},
  );
  return pageCacheHitsOf(() => cache);
}

/**
 * For a graceful shutdown (scripts/server/graceful.mjs): ends this process's live streams with a
 * short `retry:`, so browsers reconnect (to another process behind the proxy) within a second or
 * two instead of after the usual RECONNECT_MS, and reload what they may have missed.
 */
export function endLiveStreams(): number {
  return endAllLiveStreams();
}

/**
 * Headers for every response (nosniff, referrer policy, no framing, HSTS on https): the
 * production server (scripts/start.mjs) sets them on pages, data and static files alike.
 */
export function securityHeaders(): Record<string, string> {
  return headersFor(env().BASE_URL);
}

/** For the production server: the 403 page for a cross-site write, or null to go on. */
export function refuseCrossSite(source: RequestSource): string | null {
  return crossSiteRefusal(source, env().BASE_URL);
}

/**
 * For the production server: the origin of the URL React Router's handler is given (the
 * browser's own when it is this site's, else the public one), so its same-origin check of
 * actions holds behind any proxy (scripts/server/public-origin.mjs).
 */
export function publicOrigin(source: RequestSource): string {
  return publicOriginFor(source, env().BASE_URL);
}

/**
 * For the production server, before anything is read: the 413 page when the declared body is
 * larger than the route takes, or null to go on (a chunked body is counted while it is read).
 */
export async function refuseDeclaredBody(
  pathname: string,
  contentLength: string | null,
): Promise<string | null> {
  if (!(await declaredTooLarge(pathname, contentLength))) return null;
  return plainErrorPage(
    413,
    env().BASE_URL,
    undefined,
    localeOfPath(pathname.replace(/\.data$/, "")),
  );
}

/**
 * The page's facts (app/lib/route-facts.ts) as its matched routes say them, and whether it goes
 * out without framework JavaScript: decided here once, for the root layout as well.
 */
function pageOf(context: EntryContext, request: Request) {
  const { matches, loaderData } = context.staticHandlerContext;
  const signedIn = Boolean((loaderData.root as { user?: unknown } | undefined)?.user);
  const matched = matches.map(({ route }) => ({
    id: route.id,
    handle: context.routeModules[route.id]?.handle,
  }));
  return {
    facts: pageFactsOf(matched),
    scriptFree: isHtmlFirst(matched, signedIn),
    signedIn,
    tags: () => {
      // What the page shows, as its innermost route says (app/lib/page-tags.ts).
      const innermost = matches[matches.length - 1];
      if (!innermost) return pageTagsOf(undefined);
      const { shows } = factsOf(context.routeModules[innermost.route.id]?.handle);
      return pageTagsOf(
        shows?.({
          params: innermost.params,
          url: new URL(request.url),
          data: context.staticHandlerContext.loaderData[innermost.route.id],
        }),
      );
    },
  };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  // A visitor's HTML-first page has only constant inline scripts, allowed by their hashes: no
  // nonce, so the same bytes can be cached and served to everyone (page-cache.server.ts). Any
  // other page has one nonce for the inline scripts React Router and React write into it.
  const { facts, scriptFree, signedIn, tags } = pageOf(routerContext, request);
  const nonce = scriptFree ? undefined : createNonce();
  if (scriptFree && !signedIn && facts.visitorCache) {
    responseHeaders.set(HTML_FIRST_HEADER, "1");
    responseHeaders.set(PAGE_TAGS_HEADER, tags().join(" "));
  }
  // A page whose database could not be reached (503) says when to come back.
  const retryAfter = retryAfterOf(routerContext.staticHandlerContext);
  if (retryAfter) responseHeaders.set("Retry-After", retryAfter);
  // The development server's own inline scripts carry no nonce: the policy is for production.
  if (import.meta.env.PROD) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, env().BASE_URL));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const page = (
    <HtmlFirstContext.Provider value={scriptFree}>
      <PageScriptsContext.Provider value={signedIn ? SIGNED_IN_PAGE_SCRIPTS : PAGE_SCRIPTS}>
        <ActionMessageContext.Provider
          value={scriptFree ? actionMessageOf(routerContext.staticHandlerContext.actionData) : null}
        >
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ActionMessageContext.Provider>
      </PageScriptsContext.Provider>
    </HtmlFirstContext.Provider>
  );
  // A page without the app's JavaScript is rendered whole, as one string (whole-document.server.ts).
  const whole = scriptFree ? wholeDocument(page) : null;
  if (whole !== null) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return documentResponse(whole, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, link previews and HTML-first pages (nothing would fill in a streamed part) get
    // the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      scriptFree || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        if (readyOption === "onAllReady") {
          // The whole document is ready: one buffer, instead of a web stream of the hundreds
          // of small chunks React writes (a directory page: ~1 ms less CPU).
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                resolve(
                  documentResponse(Buffer.concat(chunks), {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  }),
                );
                callback();
              },
            }),
          );
          return;
        }
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
