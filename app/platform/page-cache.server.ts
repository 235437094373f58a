/**
 * The page cache (docs/decisions/016-html-first-pages.md): a visitor's HTML-first page, rendered
 * once, is kept as its bytes and served to the next visitor who asks for the same address in the
 * same language situation, without running a loader or React.
 *
 * Every process keeps its own copy, and PostgreSQL tells every process when to drop it: triggers
 * on the tables that visitors' pages show (migration 0009) NOTIFY `fabricum_pages` in the writing
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
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { hasSessionCookie, TOAST_COOKIE } from "./cache-policy.server";
import type { Database } from "./db.server";
import { liveHub } from "./live.server";
import { localeToOffer } from "./locale.server";

/**
 * Set by the document entry on a visitor's HTML-first page whose route facts let visitors'
 * caches keep it (`visitorCache`, app/lib/route-facts.ts): the same bytes for every visitor.
 * Taken off before the answer leaves.
 */
export const HTML_FIRST_HEADER = "X-Fabricum-Html-First";

/** Says whether the page came from the cache (`hit`), was rendered and kept, or only rendered. */
export const CACHE_STATUS_HEADER = "X-Page-Cache";

/** The encodings a kept page is stored in besides its text, the browser's favourite first. */
export const PAGE_ENCODINGS = ["br", "gzip"] as const;
export type PageEncoding = (typeof PAGE_ENCODINGS)[number];

interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  /** The body compressed once, in each of PAGE_ENCODINGS (a kept page has them). */
  encoded?: Record<PageEncoding, Buffer>;
  etag: string;
  bytes: number;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The body in each of PAGE_ENCODINGS: brotli at quality 9 and gzip at level 9, more than a
 * compression per request can afford, since a kept page is compressed once for all its hits.
 * Off the main thread (zlib's pool), so other requests go on meanwhile.
 */
async function encode(body: string): Promise<Record<PageEncoding, Buffer>> {
  const bytes = Buffer.from(body);
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
  /** How many times the cache was dropped (changes, or the listener going away). */
  drops: number;
  listening: boolean;
}

/** Pages of one process, least recently used first, within `maxBytes`. */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #maxBytes: number;
  #bytes = 0;
  #generation = 0;
  #listening = false;
  #hits = 0;
  #misses = 0;
  #drops = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** Changes since the start; a page rendered across a change is not kept. */
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

  /** Whether a page rendered since `generation` was read may still be kept. */
  mayKeep(generation: number): boolean {
    return this.#listening && generation === this.#generation;
  }

  /** Keeps `page` if nothing changed since `generation` was read and it fits. */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (!this.mayKeep(generation)) return false;
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

  /** Something visitors see changed: every page goes. */
  drop(): void {
    this.#generation += 1;
    this.#drops += 1;
    this.#pages.clear();
    this.#bytes = 0;
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
    changed: () => created.drop(),
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
export function pageCacheKey(request: Request): string | null {
  if (request.method.toUpperCase() !== "GET") return null;
  if (hasSessionCookie(request)) return null;
  if (request.headers.get("cookie")?.includes(`${TOAST_COOKIE}=`)) return null;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return null;
  return `${localeToOffer(request) ?? "-"} ${url.pathname}${url.search}`;
}

/** A weak validator of the page's bytes (the compression in front changes their encoding). */
function entityTag(body: string): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** True when the browser's copy (If-None-Match) is the page's current one. */
function fresh(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header
    .split(",")
    .some((candidate) => candidate.trim() === "*" || candidate.trim().replace(/^W\//, "") === bare);
}

function answer(request: Request, page: CachedPage, status: string): Response {
  const headers = new Headers(page.headers);
  headers.set("ETag", page.etag);
  headers.set(CACHE_STATUS_HEADER, status);
  if (page.encoded) headers.append("Vary", "Accept-Encoding");
  if (fresh(request, page.etag)) {
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  const encoding = page.encoded ? acceptedEncoding(request.headers.get("accept-encoding")) : null;
  if (page.encoded && encoding) {
    const bytes = page.encoded[encoding];
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(bytes.length));
    return new Response(new Uint8Array(bytes), { status: page.status, headers });
  }
  return new Response(page.body, { status: page.status, headers });
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
  if (response.status !== 200 || response.headers.getSetCookie().length > 0 || !response.body) {
    return response;
  }
  const body = await response.text();
  // Only a page the cache may keep is worth compressing in advance.
  const keepable = key !== null && cache?.mayKeep(generation);
  const encoded = keepable ? await encode(body) : undefined;
  const page: CachedPage = {
    status: response.status,
    headers: [...response.headers].filter(
      ([name]) => !["set-cookie", "content-length"].includes(name.toLowerCase()),
    ),
    body,
    encoded,
    etag: entityTag(body),
    bytes: Buffer.byteLength(body) + (encoded ? encoded.br.length + encoded.gzip.length : 0) + 512,
  };
  const stored = key && cache ? cache.set(key, page, generation) : false;
  return answer(request, page, stored ? "miss" : "bypass");
}
