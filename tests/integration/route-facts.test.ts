// Route facts (app/lib/route-facts.ts): each route says in its handle whether it is private,
// HTML-first, what body its forms take, whether visitors' caches may keep it and whether the
// sitemap lists it; robots.txt, the body guard, the caches' policy and the sitemap read them. A
// private page missing from robots' disallow list fails here, whether its facts forgot
// `private: true` (the hand-written list below) or robots forgot the facts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PDF_BYTES } from "~/domain/attachments";
import {
  MAX_ATTACHMENTS,
  MAX_PRODUCT_IMAGES,
  MAX_TECH_PACK_FILES,
  MAX_TENDER_PHOTOS,
  MAX_VERIFICATION_DOCUMENTS,
} from "~/domain/limits";
import { LOCALES, localizedHref } from "~/domain/locale";
import { pageTagsOf } from "~/lib/page-tags";
import { factsOf } from "~/lib/route-facts";
import { disallowRules, ruleCovers, samplePath } from "~/lib/route-table";
import { applyCachePolicy } from "~/platform/cache-policy.server";
import { FORM_LIMITS, limitsFor } from "~/platform/request-body.server";
import { type ListedPage, listPages, pageFactsAt } from "~/platform/route-table.server";
import { MAX_UPLOAD_BYTES } from "~/platform/storage.server";
import { handle as articlesHandle } from "~/routes/articles";
import { handle as factoriesHandle } from "~/routes/factories";
import { handle as factoryHandle } from "~/routes/factory";
import { handle as portfolioHandle } from "~/routes/factory-portfolio";
import { handle as homeHandle } from "~/routes/home";
import { handle as notFoundHandle } from "~/routes/not-found";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { handle as staticHandle } from "~/routes/static-page";
import { handle as tenderHandle } from "~/routes/tender";
import { handle as tendersHandle } from "~/routes/tenders";
import { BASE_URL, routeArgs, startTestApp, type TestApp } from "../support/app-harness";

/**
 * Pages that are someone's own, written by hand (a sample path of each): a route that forgets
 * `private: true` is caught here. /place-tender is public: a visitor sees the same invitation to
 * sign in and post a tender as every other visitor (and it is in the sitemap).
 */
const KNOWN_PRIVATE = [
  "/profile",
  "/admin",
  "/admin/verifications",
  "/my-tenders",
  "/my-tenders/x",
  "/my-quotes",
  "/factory-products",
  "/factory-dashboard",
  "/buyer-dashboard",
  "/notifications",
  "/notification-settings",
  "/quotes/x",
  "/tenders/x/quote",
  "/unsubscribe/x",
  "/reset-password",
  "/profile/capabilities",
  "/factory-dashboard/certificates",
  "/admin/certificates",
  "/admin/disputes",
  "/my-tenders/x/invitations",
  "/tenders/x/invitation",
  "/saved-factories",
  "/orders",
  "/orders/x",
];

/** Public pages next to private ones, which robots.txt must leave open. */
const KNOWN_PUBLIC = [
  "/",
  "/factories",
  "/factory/x",
  "/factory-products/x",
  "/tenders",
  "/tenders/x",
  "/place-tender",
  "/login",
  "/register",
  "/about",
];

let app: TestApp;
let pages: ListedPage[];
let robots: string;

beforeAll(async () => {
  app = await startTestApp();
  pages = await listPages();
  const request = new Request(`${BASE_URL}/robots.txt`);
  robots = await ((await robotsLoader(await routeArgs(request, {}))) as Response).text();
});

afterAll(async () => {
  await app.destroy();
});

const disallowed = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("Disallow: "))
    .map((line) => line.slice("Disallow: ".length));

const blocked = (path: string) => disallowed(robots).some((rule) => ruleCovers(rule, path));

describe("robots.txt", () => {
  it("disallows every private page in every language and no public one", () => {
    const privatePages = pages.filter((page) => page.facts.private);
    expect(privatePages.length).toBeGreaterThan(KNOWN_PRIVATE.length);
    const rules = disallowRules(pages);
    expect(disallowed(robots)).toEqual(expect.arrayContaining(rules));
    for (const page of pages) {
      const path = samplePath(page.pattern);
      const covered = rules.some((rule) => ruleCovers(rule, path));
      expect([path, covered]).toEqual([path, page.facts.private]);
      // Nothing else covers a page either, the endpoints (the auth API, /language) aside.
      const endpoint = page.pattern.startsWith("/api/") || page.pattern === "/language";
      if (!endpoint) expect([path, blocked(path)]).toEqual([path, covered]);
    }
  });

  it("disallows the known private pages, whose facts say so, in every language", async () => {
    for (const locale of LOCALES) {
      for (const path of KNOWN_PRIVATE.map((p) => localizedHref(p, locale))) {
        expect([path, blocked(path), (await pageFactsAt(path)).private]).toEqual([
          path,
          true,
          true,
        ]);
      }
      for (const path of KNOWN_PUBLIC.map((p) => localizedHref(p, locale))) {
        expect([path, blocked(path), (await pageFactsAt(path)).private]).toEqual([
          path,
          false,
          false,
        ]);
      }
    }
  });

  it("says it in as few rules as cover them, with the endpoints and the sitemap", () => {
    expect(robots).toBe(
      [
        "User-agent: *",
        "Allow: /",
        ...[
          "/reset-password",
          "/factory-products$",
          "/factory-dashboard",
          "/buyer-dashboard",
          "/profile",
          "/notifications",
          "/notification-settings",
          "/unsubscribe/",
          "/tenders/*/quote",
          "/my-quotes",
          "/my-tenders",
          "/tenders/*/invitation",
          "/saved-factories",
          "/quotes/",
          "/orders",
          "/admin",
          "/en/reset-password",
          "/en/factory-products$",
          "/en/factory-dashboard",
          "/en/buyer-dashboard",
          "/en/profile",
          "/en/notifications",
          "/en/notification-settings",
          "/en/unsubscribe/",
          "/en/tenders/*/quote",
          "/en/my-quotes",
          "/en/my-tenders",
          "/en/tenders/*/invitation",
          "/en/saved-factories",
          "/en/quotes/",
          "/en/orders",
          "/en/admin",
          "/attachments/",
          "/order-files/",
          "/verification-documents/",
          "/certificate-files/",
          "/tenders/*/tech-pack/",
          "/api",
          "/language",
          "/healthz",
          "/readyz",
        ].map((rule) => `Disallow: ${rule}`),
        "",
        `Sitemap: ${BASE_URL}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });

  it("makes a rule exact when a public page shares its prefix", () => {
    const page = (pattern: string, isPrivate: boolean) => ({
      pattern,
      facts: { private: isPrivate },
    });
    expect(
      disallowRules([
        page("/things", true),
        page("/things/:id", false),
        page("/things/:id/edit", true),
        page("/mine/:id/:file", true),
      ]),
    ).toEqual(["/things$", "/things/*/edit", "/mine/"]);
  });
});

describe("body limits", () => {
  const pictures = (files: number) => ({
    maxBytes: 256 * 1024 + files * (MAX_UPLOAD_BYTES + 1024),
    maxFields: 300,
    maxFiles: files,
  });
  const pdfs = (files: number) => ({
    maxBytes: 256 * 1024 + files * (MAX_PDF_BYTES + 1024),
    maxFields: 300,
    maxFiles: files,
  });
  /** The limits as the route table of request-body.server.ts had them. */
  const UPLOADS: Record<string, ReturnType<typeof pictures>> = {
    "/profile": pictures(1),
    "/factory-products": pictures(MAX_PRODUCT_IMAGES),
    // Photos and the tech pack in one post (docs/decisions/031).
    "/place-tender": pdfs(MAX_TENDER_PHOTOS + MAX_TECH_PACK_FILES),
    "/my-tenders": pdfs(MAX_TENDER_PHOTOS + MAX_TECH_PACK_FILES),
    "/tenders/:id/quote": pdfs(MAX_ATTACHMENTS),
    "/quotes/:id": pdfs(MAX_ATTACHMENTS),
    // An order's step: photos, the inspection report, shipping documents (issue 30).
    "/orders/:id": pdfs(MAX_ATTACHMENTS),
    "/factory-dashboard": pdfs(MAX_VERIFICATION_DOCUMENTS),
    // A factory's certificate: one file (issue 29).
    "/factory-dashboard/certificates": pdfs(1),
  };

  it("are each route's as before, in every language and for data requests", async () => {
    for (const page of pages) {
      const bare = page.pattern.replace(/^\/en(?=\/|$)/, "") || "/";
      const expected = UPLOADS[bare] ?? FORM_LIMITS;
      const path = samplePath(page.pattern);
      expect([path, await limitsFor(path)]).toEqual([path, expected]);
      expect([path, await limitsFor(`${path === "/" ? "/_root" : path}.data`)]).toEqual([
        path,
        expected,
      ]);
    }
  });
});

describe("caches", () => {
  it("keep no private page, and say so to search engines", async () => {
    const response = new Response("page", { status: 200 });
    applyCachePolicy(
      new Request(`${BASE_URL}/reset-password?token=abc`),
      response,
      await pageFactsAt("/reset-password"),
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("keep a visitor's public page briefly, and nothing of a route without facts", async () => {
    const page = new Response("page", { status: 200 });
    applyCachePolicy(
      new Request(`${BASE_URL}/en/factories`),
      page,
      await pageFactsAt("/en/factories"),
    );
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(page.headers.get("x-robots-tag")).toBeNull();
    const endpoint = new Response("{}", { status: 200 });
    applyCachePolicy(
      new Request(`${BASE_URL}/api/auth/get-session`),
      endpoint,
      await pageFactsAt("/api/auth/get-session"),
    );
    expect(endpoint.headers.get("cache-control")).toBe("no-store");
  });

  it("let every HTML-first page be kept but the reset link's, the one private HTML-first page", () => {
    // The reset page is a visitor's page (HTML-first, issue 31) whose address carries a one-time
    // token: private, so never kept. Any other private page is a person's own, and the app.
    const privateHtmlFirst: string[] = [];
    for (const page of pages) {
      if (page.facts.htmlFirst && page.facts.private) privateHtmlFirst.push(page.pattern);
      else if (page.facts.htmlFirst)
        expect([page.pattern, page.facts.visitorCache]).toEqual([page.pattern, true]);
    }
    expect(privateHtmlFirst.sort()).toEqual(["/en/reset-password", "/reset-password"]);
  });
});

describe("what a cached page shows (its page tags)", () => {
  const id = "0b7e4f9c-1111-4e2a-9d3c-aaaaaaaaaaaa";
  const shows = (
    handle: unknown,
    path: string,
    params: Record<string, string> = {},
    data: unknown = undefined,
  ) => pageTagsOf(factsOf(handle).shows?.({ params, url: new URL(path, BASE_URL), data }));
  const list = { items: [{ id }, { id: id.replace("a", "b") }] };

  it("names a factory, the directory (of a country), the tender list or a tender", () => {
    expect(shows(homeHandle, "/")).toEqual(["directory", "tenders"]);
    // A directory page names the cards it lists.
    expect(shows(factoriesHandle, "/factories?page=3", {}, list)).toEqual([
      "directory",
      `card:${id}`,
      `card:${id.replace("a", "b")}`,
    ]);
    expect(shows(factoriesHandle, "/factories?country=kg&category=tops&page=2", {}, list)).toEqual([
      "directory:kg",
      `card:${id}`,
      `card:${id.replace("a", "b")}`,
    ]);
    // A country the filters do not know shows the whole directory, as the loader does.
    expect(shows(factoriesHandle, "/factories?country=zz", {}, { items: [] })).toEqual([
      "directory",
    ]);
    // Without its list (an error page) it names everything.
    expect(shows(factoriesHandle, "/factories")).toEqual(["*"]);
    // A search's fallback words come from every factory's names; any factory's texts may match.
    expect(shows(factoriesHandle, "/factories?country=kg&q=платье")).toEqual([
      "directory",
      "factory-texts",
    ]);
    expect(shows(factoryHandle, `/factory/${id}`, { id })).toEqual([`factory:${id}`]);
    expect(shows(portfolioHandle, `/factory-products/${id}`, { id })).toEqual([`factory:${id}`]);
    expect(shows(tendersHandle, "/tenders?page=2")).toEqual(["tenders"]);
    expect(shows(tendersHandle, `/tenders?q=худи&tender=${id}`)).toEqual([
      "tenders",
      `tender:${id}`,
      "directory",
    ]);
    expect(shows(tenderHandle, `/tenders/${id}`, { id })).toEqual([`tender:${id}`]);
    // An address the pages would not know: everything, never a tag built from it.
    expect(shows(tenderHandle, "/tenders/a%20b", { id: "a b" })).toEqual(["*"]);
  });

  it("names nothing for the pages that show nothing that changes", () => {
    for (const handle of [staticHandle, articlesHandle, notFoundHandle]) {
      expect(shows(handle, "/about")).toEqual([]);
    }
  });
});

describe("the sitemap", () => {
  it("lists the static pages whose facts say so, in every language", async () => {
    const request = new Request(`${BASE_URL}/sitemap.xml`);
    const xml = await ((await sitemapLoader(await routeArgs(request, {}))) as Response).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const listed = [
      "/",
      "/factories",
      "/tenders",
      "/place-tender",
      "/about",
      "/contact",
      "/terms",
      "/privacy",
    ];
    for (const path of listed) {
      for (const locale of LOCALES)
        expect(locs).toContain(`${BASE_URL}${localizedHref(path, locale)}`);
    }
    const sitemapPages = pages.filter((page) => page.facts.sitemap).map((page) => page.pattern);
    expect(sitemapPages.filter((pattern) => !pattern.startsWith("/en")).sort()).toEqual(
      [...listed].sort(),
    );
    for (const path of ["/login", "/articles", "/profile"]) {
      expect(locs).not.toContain(`${BASE_URL}${path}`);
    }
  });
});
