/**
 * Route facts: what a route says about itself in its `handle`, read by the code that used to
 * keep lists of routes far from them (docs/decisions/016-html-first-pages.md for HTML-first):
 * robots.txt, the sitemap, the request-body guard, the page cache and the caches' policy, and the
 * end-to-end page lists. Pure: the browser may read it too.
 *
 *     export const handle = routeFacts({ htmlFirst: true, visitorCache: true, sitemap: true });
 *
 * A route that says nothing gets the safe defaults: public to robots but not in the sitemap, the
 * app's JavaScript, never kept by a shared cache or the page cache, forms without files.
 */

/** The largest body a route's forms take. */
export type BodyFacts =
  /** Forms without files (the default). */
  | { files: 0 }
  /** Up to `files` pictures of MAX_UPLOAD_BYTES each (app/platform/storage.server.ts). */
  | { files: number; of: "picture" }
  /** Up to `files` PDFs of MAX_PDF_BYTES each (app/domain/attachments.ts). */
  | { files: number; of: "pdf" };

export interface RouteFacts {
  /**
   * A person's own page (a workspace, a link with a token): robots.txt disallows it in every
   * language, it is never in the sitemap and never kept by a shared cache or the page cache.
   */
  private: boolean;
  /** A visitor gets the page as HTML and CSS alone, without framework JavaScript. */
  htmlFirst: boolean;
  /**
   * A signed-in person gets the page as HTML and CSS too, with the workspace's constant scripts
   * (live updates, the menu's keys, busy buttons) instead of the app (decision 036).
   */
  htmlFirstSignedIn: boolean;
  /** The largest body the route's forms take. */
  body: BodyFacts;
  /** Visitors' answers are the same for every visitor: shared caches and the page cache may keep them. */
  visitorCache: boolean;
  /** A page without parameters listed in the sitemap (in every language). */
  sitemap: boolean;
  /**
   * What a visitor's page shows, as page tags (app/lib/page-tags.ts): the page cache drops the
   * page when a write changes one of them. Read from the innermost route of a page; a cacheable
   * page that does not say keeps only until any change (everything). `[]`: nothing that changes.
   */
  shows?: (page: PageAddress) => readonly string[] | undefined;
}

/** The address of a page, for its `shows` fact. */
export interface PageAddress {
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
  /** The page route's loader data, as rendered (what it lists). */
  data?: unknown;
}

export const DEFAULT_FACTS: RouteFacts = Object.freeze({
  private: false,
  htmlFirst: false,
  htmlFirstSignedIn: false,
  body: Object.freeze({ files: 0 }),
  visitorCache: false,
  sitemap: false,
});

/** What a route module exports as its `handle`. */
export interface FactsHandle {
  facts: RouteFacts;
}

/** A route's handle from the facts it states (the rest are the defaults). */
export function routeFacts(facts: Partial<RouteFacts>): FactsHandle {
  const merged: RouteFacts = { ...DEFAULT_FACTS, ...facts };
  if (merged.private && (merged.visitorCache || merged.sitemap)) {
    throw new Error("A private route is neither kept by shared caches nor listed in the sitemap");
  }
  return { facts: Object.freeze(merged) };
}

/** A route's facts from its handle (React Router's match, the server build or a route module). */
export function factsOf(handle: unknown): RouteFacts {
  const facts = (handle as Partial<FactsHandle> | null | undefined)?.facts;
  return facts ?? DEFAULT_FACTS;
}

/** What a reader needs of a matched route (React Router's match or the server's route table). */
export interface MatchedRoute {
  id: string;
  handle?: unknown;
}

/** The page's facts from its matched routes, outermost first (the root aside). */
export interface PageFacts {
  /** Some matched route is a person's own page. */
  private: boolean;
  /** Every matched route is HTML-first. */
  htmlFirst: boolean;
  /** Every matched route is HTML-first for a signed-in person too. */
  htmlFirstSignedIn: boolean;
  /** The innermost route's body limit. */
  body: BodyFacts;
  /** Every matched route lets shared caches keep a visitor's answer, and none is private. */
  visitorCache: boolean;
  /** The innermost route is listed in the sitemap, and none is private. */
  sitemap: boolean;
}

/** The facts of a page made of `matches` (the root route's own are not asked). */
export function pageFactsOf(matches: readonly MatchedRoute[]): PageFacts {
  const facts = matches.filter((match) => match.id !== "root").map((m) => factsOf(m.handle));
  if (facts.length === 0) {
    const { htmlFirst, htmlFirstSignedIn, body, visitorCache, sitemap } = DEFAULT_FACTS;
    return { private: false, htmlFirst, htmlFirstSignedIn, body, visitorCache, sitemap };
  }
  const isPrivate = facts.some((f) => f.private);
  const innermost = facts[facts.length - 1] ?? DEFAULT_FACTS;
  return {
    private: isPrivate,
    htmlFirst: facts.every((f) => f.htmlFirst),
    htmlFirstSignedIn: facts.every((f) => f.htmlFirstSignedIn),
    body: innermost.body,
    visitorCache: !isPrivate && facts.every((f) => f.visitorCache),
    sitemap: !isPrivate && innermost.sitemap,
  };
}
