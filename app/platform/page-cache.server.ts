/**
 * The page cache (docs/decisions/016-html-first-pages.md): a visitor's HTML-first page, rendered
 * once, is kept as its bytes and served to the next visitor who asks for the same address in the
 * same language situation, without running a loader or React.
 *
 * Every process keeps its own copy, and PostgreSQL tells every process when to drop it: triggers
 * on the tables that visitors' pages show (migrations 0026 and 0027) NOTIFY `fabricum_pages` in the writing
 * transaction, so the news arrives on commit, whichever process or command wrote. The process's
 * one listener (live.server.ts) passes it on. While the listener is not connected (start-up, a
 * lost connection, a PostgreSQL restart) changes could be missed: nothing is served from or kept
 * in the cache until it LISTENs again, and then the cache starts empty.
 *
 * A page being rendered while a change arrives is not kept (the generation moved on), so a page
 * can never outlive the data it showed by more than the time its own request took.
 *
 * A kept page is compressed once, with brotli and with gzip, when it is kept: a hit answers with
 * the stored bytes in the encoding the browser accepts (the compression middleware in front
 * passes an encoded answer by), so the cache costs no compression per request (issue 31).
 *
 * Issue 31 also made the cache drop only what a write changes: each page carries the tags of
 * what it shows (app/lib/page-tags.ts, declared by its route), each NOTIFY names the tags a write
 * changed (migrations 0026 and 0027), and a change drops the pages it touches. And a hit is answered
 * before React Router runs at all, by the production server's middleware (`pageCacheHits`).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { changeTouches, EVERYTHING, parseChangedTags } from "~/lib/page-tags";
import { hasSessionCookie, TOAST_COOKIE } from "./cache-policy.server";
import type { Database } from "./db.server";
import { liveHub } from "./live.server";
import { localeToOffer, type RequestLike } from "./locale.server";

/**
 * Set by the document entry on a visitor's HTML-first page whose route facts let visitors'
 * caches keep it (`visitorCache`, app/lib/route-facts.ts): the same bytes for every visitor.
 * Taken off before the answer leaves.
 */
export const HTML_FIRST_HEADER = "X-Fabricum-Html-First";

/**
 * Set by the document entry beside HTML_FIRST_HEADER: the page's tags (what it shows,
 * app/lib/page-tags.ts), separated by spaces. Taken off before the answer leaves.
 */
export const PAGE_TAGS_HEADER = "X-Fabricum-Page-Tags";

/** Says whether the page came from the cache (`hit`), was rendered and kept, or only rendered. */
export const CACHE_STATUS_HEADER = "X-Page-Cache";

/** The encodings a kept page is stored in besides its text, the browser's favourite first. */
export const PAGE_ENCODINGS = ["br", "gzip"] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The page's bytes (UTF-8): never decoded, as nothing here reads the text. */
  body: Buffer<ArrayBuffer>;
  /** The body compressed once, in each of PAGE_ENCODINGS (a kept page has them). */
  encoded?: Record<PageEncoding, Buffer>;
  etag: string;
  bytes: number;
  /** What the page shows (app/lib/page-tags.ts); none said: everything. */
  tags?: readonly string[];
}

/**
 * The bytes of the documents the document entry rendered whole, by their Response
 * (`documentResponse`): the cache takes them from here instead of reading the Response's body
 * back (a stream read and a copy of the page less per page rendered).
 */
const documentBytes = new WeakMap<Response, Buffer<ArrayBuffer>>();

/** A document rendered whole, as a Response whose bytes the cache can take without reading it. */
export function documentResponse(body: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(body, init);
  documentBytes.set(response, body);
  return response;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The body in each of PAGE_ENCODINGS: brotli at quality 9 and gzip at level 9, more than a
 * compression per request can afford, since a kept page is compressed once for all its hits.
 * Off the main thread (zlib's pool), so other requests go on meanwhile.
 */
async function encode(bytes: Buffer): Promise<Record<PageEncoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * The encoding of PAGE_ENCODINGS the request's Accept-Encoding takes (brotli before gzip), or
 * null for the text itself: a coding counts when it is named with a weight above 0, or when `*`
 * is and the coding is not named.
 */
export function acceptedEncoding(header: string | null): PageEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const any = weights.get("*") ?? 0;
  return (
    PAGE_ENCODINGS.find((coding) => (weights.get(coding) ?? (weights.has(coding) ? 0 : any)) > 0) ??
    null
  );
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** How many changes the cache was told of (and times the listener came or went). */
  drops: number;
  /** How many kept pages those changes dropped. */
  dropped: number;
  listening: boolean;
}

/** Recent changes remembered for `mayKeep` (a render takes milliseconds; more is plenty). */
const CHANGE_LOG = 1000;

/** Pages of one process, least recently used first, within `maxBytes`. */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #maxBytes: number;
  #bytes = 0;
  #generation = 0;
  /** The changes since generation `#logFrom`: change number `#logFrom + i + 1` named `#log[i]`. */
  #log: (readonly string[])[] = [];
  #logFrom = 0;
  #listening = false;
  #hits = 0;
  #misses = 0;
  #drops = 0;
  #dropped = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Changes since the start; a page rendered across a change it shows is not kept. */
  get generation(): number {
    return this.#generation;
  }

  get(key: string): CachedPage | undefined {
    if (!this.#listening) return undefined;
    const page = this.#pages.get(key);
    if (!page) {
      this.#misses += 1;
      return undefined;
    }
    this.#hits += 1;
    // Most recently used last.
    this.#pages.delete(key);
    this.#pages.set(key, page);
    return page;
  }

  /** Like `get`, but a page that is not kept is not counted as a miss (the early look). */
  peek(key: string): CachedPage | undefined {
    return this.#listening && this.#pages.has(key) ? this.get(key) : undefined;
  }

  /**
   * Whether a page showing `tags` (everything when not said), rendered since `generation` was
   * read, may still be kept: no change since then touched what it shows.
   */
  mayKeep(generation: number, tags: readonly string[] = [EVERYTHING]): boolean {
    if (!this.#listening) return false;
    if (generation === this.#generation) return true;
    // The log no longer reaches back to that render: it may have missed a change.
    if (generation < this.#logFrom) return false;
    for (let i = generation - this.#logFrom; i < this.#log.length; i += 1) {
      if (changeTouches(tags, this.#log[i] ?? [EVERYTHING])) return false;
    }
    return true;
  }

  /** Keeps `page` if nothing it shows changed since `generation` was read, and it fits. */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (!this.mayKeep(generation, page.tags)) return false;
    if (page.bytes > this.#maxBytes / 8) return false;
    const previous = this.#pages.get(key);
    if (previous) {
      this.#pages.delete(key);
      this.#bytes -= previous.bytes;
    }
    this.#pages.set(key, page);
    this.#bytes += page.bytes;
    for (const [oldest, old] of this.#pages) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= old.bytes;
    }
    return true;
  }

  /**
   * Something visitors see changed: the pages showing one of `changed` (tags of
   * app/lib/page-tags.ts; everything when not said) go.
   */
  drop(changed: readonly string[] = [EVERYTHING]): void {
    this.#generation += 1;
    this.#drops += 1;
    this.#log.push(changed);
    if (this.#log.length > CHANGE_LOG) {
      const forget = this.#log.length - CHANGE_LOG;
      this.#log.splice(0, forget);
      this.#logFrom += forget;
    }
    if (changed.includes(EVERYTHING)) {
      this.#dropped += this.#pages.size;
      this.#pages.clear();
      this.#bytes = 0;
      return;
    }
    for (const [key, page] of this.#pages) {
      if (!changeTouches(page.tags ?? [EVERYTHING], changed)) continue;
      this.#pages.delete(key);
      this.#bytes -= page.bytes;
      this.#dropped += 1;
    }
  }

  /** The listener came or went: either way, what is kept may be stale. */
  listening(on: boolean): void {
    this.#listening = on;
    this.drop();
  }

  stats(): PageCacheStats {
    return {
      entries: this.#pages.size,
      bytes: this.#bytes,
      hits: this.#hits,
      misses: this.#misses,
      drops: this.#drops,
      dropped: this.#dropped,
      listening: this.#listening,
    };
  }
}

const caches = new WeakMap<Database["db"], PageCache>();

/** This process's page cache for `database`, watching the database's changes from then on. */
export function pageCacheOf(database: Pick<Database, "db" | "kind">, maxMegabytes: number) {
  let cache = caches.get(database.db);
  if (cache) return cache;
  const created = new PageCache(maxMegabytes * 1024 * 1024);
  liveHub(database).watchPages({
    changed: (payload) => created.drop(parseChangedTags(payload)),
    connected: (on) => created.listening(on),
  });
  caches.set(database.db, created);
  cache = created;
  return cache;
}

/**
 * The cache's key for a request, or null when its answer may not come from the cache: only a
 * visitor's GET of a page (no session, no toast waiting, not a data request). The key is the
 * address and the language the page would offer (the first-visit strip of locale.server.ts).
 */
export function pageCacheKey(request: RequestLike & { method: string }): string | null {
  if (request.method.toUpperCase() !== "GET") return null;
  if (hasSessionCookie(request)) return null;
  if (request.headers.get("cookie")?.includes(`${TOAST_COOKIE}=`)) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  return `${localeToOffer(request) ?? "-"} ${url.pathname}${url.search}`;
}

/** A weak validator of the page's bytes (the compression in front changes their encoding). */
function entityTag(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when the browser's copy (If-None-Match) is the page's current one. */
function fresh(request: RequestLike, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .some((candidate) => candidate.trim() === "*" || candidate.trim().replace(/^W\//, "") === bare);
}

/** An answer of the cache, before it becomes a Fetch Response or is written to a socket. */
interface PageAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer> | string | null;
}

/** The answer to `request` from `page`: 304, the stored bytes in an accepted encoding, or text. */
function answerOf(request: RequestLike, page: CachedPage, status: string): PageAnswer {
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.set(CACHE_STATUS_HEADER, status);
  if (page.encoded) headers.append("Vary", "Accept-Encoding");
  if (fresh(request, page.etag)) {
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    return { status: 304, headers, body: null };
  }
  const encoding = page.encoded ? acceptedEncoding(request.headers.get("accept-encoding")) : null;
  if (page.encoded && encoding) {
    const bytes = page.encoded[encoding];
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(bytes.length));
    return { status: page.status, headers, body: new Uint8Array(bytes) };
  }
  headers.set("Content-Length", String(page.body.length));
  return { status: page.status, headers, body: page.body };
}

/**
 * The answer as a Fetch Response. `rendered`, the Response the page was just rendered into, is the
 * answer itself when its body is the page's bytes, unread (documentResponse): it takes the
 * answer's headers (its own and the cache's) rather than being built again, a copy of the page
 * and a stream less.
 */
function answer(request: Request, page: CachedPage, status: string, rendered?: Response): Response {
  const { headers, body, status: code } = answerOf(request, page, status);
  if (rendered && body === page.body && documentBytes.get(rendered) === page.body) {
    for (const [name, value] of headers) rendered.headers.set(name, value);
    return rendered;
  }
  return new Response(body, { status: code, headers });
}

/**
 * Answers a visitor's HTML-first page from the cache, or renders it (`render`) and keeps it.
 * Every HTML-first page gets an ETag and a 304 for a browser that has it already; any other
 * answer passes through untouched.
 */
export async function withPageCache(
  request: Request,
  cache: PageCache | null,
  render: () => Promise<Response>,
): Promise<Response> {
  const key = cache ? pageCacheKey(request) : null;
  const kept = key && cache ? cache.get(key) : undefined;
  if (kept) return answer(request, kept, "hit");
  const generation = cache?.generation ?? 0;
  const response = await render();
  if (!response.headers.has(HTML_FIRST_HEADER)) return response;
  response.headers.delete(HTML_FIRST_HEADER);
  const tagsHeader = response.headers.get(PAGE_TAGS_HEADER);
  response.headers.delete(PAGE_TAGS_HEADER);
  const tags = tagsHeader === null ? [EVERYTHING] : tagsHeader.split(" ").filter(Boolean);
  if (response.status !== 200 || response.headers.getSetCookie().length > 0 || !response.body) {
    return response;
  }
  const body = documentBytes.get(response) ?? Buffer.from(await response.arrayBuffer());
  // Only a page the cache may keep is worth compressing in advance.
  const keepable = key !== null && cache?.mayKeep(generation, tags);
  const encoded = keepable ? await encode(body) : undefined;
  const page: CachedPage = {
    status: response.status,
    headers: [...response.headers].filter(
      ([name]) => !["set-cookie", "content-length"].includes(name.toLowerCase()),
    ),
    body,
    encoded,
    etag: entityTag(body),
    bytes: body.length + (encoded ? encoded.br.length + encoded.gzip.length : 0) + 512,
    tags,
  };
  const stored = key && cache ? cache.set(key, page, generation) : false;
  return answer(request, page, stored ? "miss" : "bypass", response);
}

/** What the early look needs of Node's request and response (Express's are both). */
type NextFunction = (error?: unknown) => void;

/** The headers of a Node request as the cache reads them (`get`, case-insensitive). */
function requestLike(req: IncomingMessage): RequestLike & { method: string } {
  return {
    method: req.method ?? "GET",
    // Only the path and query matter to the key (the host never does).
    url: `http://localhost${req.url ?? "/"}`,
    headers: {
      get(name: string) {
        const value = req.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value)
          ? value.join(name.toLowerCase() === "cookie" ? "; " : ", ")
          : value;
      },
    },
  };
}

/**
 * Middleware for the production server (scripts/start.mjs), in front of React Router's handler:
 * a visitor's GET of a kept page is answered here, with the very answer the root middleware's
 * `withPageCache` would give (the same key, conditions, headers, ETag/304 and encodings), without
 * building a Fetch request or running React Router. Anything else goes on (`next`), and a miss is
 * rendered and kept there as before. `cacheOf` gives the process's cache once it exists.
 */
export function pageCacheHits(cacheOf: () => PageCache | null | undefined) {
  return (req: IncomingMessage, res: ServerResponse, next: NextFunction) => {
    const cache = cacheOf();
    if (!cache || req.method !== "GET") return next();
    // A request with a body goes the whole way (its checks answer it, as before).
    const length = req.headers["content-length"];
    if ((length !== undefined && length !== "0") || req.headers["transfer-encoding"]) return next();
    const request = requestLike(req);
    // A browser takes brotli or gzip: it gets the stored bytes here (or a 304). One that takes
    // neither goes on, so that the compression middleware treats it as before (deflate, say).
    if (acceptedEncoding(request.headers.get("accept-encoding")) === null) return next();
    const key = pageCacheKey(request);
    const page = key ? cache.peek(key) : undefined;
    if (!page?.encoded) return next();
    const { status, headers, body } = answerOf(request, page, "hit");
    res.statusCode = status;
    for (const [name, value] of headers) res.setHeader(name, value);
    res.end(body ?? undefined);
  };
}
