import { factoriesHref } from "~/domain/factory-filters";
import { DEFAULT_LOCALE, LOCALES, localeOfPath, localizedHref } from "~/domain/locale";
import { CATEGORIES, COUNTRIES } from "~/domain/reference";
import { factoryDirectoryStats, sitemapFactories } from "~/features/factories/factories.server";
import { countSitemapTenders, sitemapTenders } from "~/features/tenders/tenders.server";
import { requestOf } from "~/http/request-context.server";
import { listPages } from "~/platform/route-table.server";
import type { Route } from "./+types/sitemap";

/**
 * Public pages that are not factories: the landing, the directory, tenders and the text pages,
 * each page whose route facts say `sitemap` (app/lib/route-facts.ts), by its path without the
 * language (the default language's routes; `page` below names every language).
 */
async function staticPaths(): Promise<string[]> {
  const pages = await listPages();
  return pages
    .filter((page) => page.facts.sitemap && !page.facts.private && !/[:*]/.test(page.pattern))
    .map((page) => page.pattern)
    .filter((path) => localeOfPath(path) === DEFAULT_LOCALE);
}
/** The indexable directory lists: one category alone, one country alone. */
const LISTING_PATHS = [
  ...CATEGORIES.map((category) => factoriesHref({ category: category.slug })),
  ...COUNTRIES.map((country) => factoriesHref({ country: country.code })),
];
/** The protocol's limit of addresses in one sitemap file. */
const MAX_URLS_PER_SITEMAP = 50_000;
/**
 * Factories per sitemap file: four addresses each (page and portfolio, in each language), which
 * keeps a file under the protocol's 50 000 addresses. Beyond one file /sitemap.xml becomes an
 * index of /sitemap.xml?part=N: the factories' files first, then the active tenders' files.
 */
export const FACTORIES_PER_SITEMAP = 12_000;
/** Active tenders per sitemap file of their own: one address in each language. */
export const TENDERS_PER_SITEMAP = Math.floor(MAX_URLS_PER_SITEMAP / LOCALES.length);

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
  );

function xml(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}

/** A page in every language, each entry naming the others (hreflang alternates). */
function page(base: string, path: string, lastmod?: Date | null): string {
  const alternates = LOCALES.map(
    (locale) =>
      `<xhtml:link rel="alternate" hreflang="${locale}" href="${escapeXml(`${base}${localizedHref(path, locale)}`)}"/>`,
  ).join("");
  return LOCALES.map(
    (locale) =>
      `  <url><loc>${escapeXml(`${base}${localizedHref(path, locale)}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}${alternates}</url>`,
  ).join("\n");
}

/** Which files the sitemap has: everything in one, or the factories' files then the tenders'. */
function layout(staticPages: number, factories: number, tenders: number) {
  const factoryParts = Math.max(1, Math.ceil(factories / FACTORIES_PER_SITEMAP));
  const fixed = (staticPages + LISTING_PATHS.length) * LOCALES.length;
  const oneFile =
    factoryParts === 1 &&
    fixed + factories * 2 * LOCALES.length + tenders * LOCALES.length <= MAX_URLS_PER_SITEMAP;
  const tenderParts = oneFile ? 0 : Math.ceil(tenders / TENDERS_PER_SITEMAP);
  return { oneFile, factoryParts, parts: factoryParts + tenderParts };
}

// /sitemap.xml: the public pages, every factory page and every portfolio, and the page of every
// active tender, with lastmod.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = requestOf(context).runtime;
  const base = env.BASE_URL;
  const [stats, tenderCount, staticPages] = await Promise.all([
    factoryDirectoryStats(db),
    countSitemapTenders(db),
    staticPaths(),
  ]);
  const { oneFile, factoryParts, parts } = layout(staticPages.length, stats.total, tenderCount);
  const partParam = new URL(request.url).searchParams.get("part");

  if (parts > 1 && partParam === null) {
    const entries = Array.from(
      { length: parts },
      (_, i) =>
        `  <sitemap><loc>${escapeXml(`${base}/sitemap.xml?part=${i + 1}`)}</loc>${
          stats.updatedAt ? `<lastmod>${stats.updatedAt.toISOString()}</lastmod>` : ""
        }</sitemap>`,
    );
    return xml(
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>`,
    );
  }

  const part = partParam === null ? 1 : Number(partParam);
  if (!Number.isInteger(part) || part < 1 || part > parts) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
  const lines: string[] = [];
  if (part === 1) {
    for (const path of staticPages) {
      lines.push(page(base, path, path === "/factories" ? stats.updatedAt : null));
    }
    for (const path of LISTING_PATHS) lines.push(page(base, path));
  }
  if (part <= factoryParts) {
    const factories = await sitemapFactories(db, {
      offset: (part - 1) * FACTORIES_PER_SITEMAP,
      limit: FACTORIES_PER_SITEMAP,
    });
    for (const factory of factories) {
      lines.push(page(base, `/factory/${factory.id}`, factory.updatedAt));
      lines.push(page(base, `/factory-products/${factory.id}`, factory.portfolioUpdatedAt));
    }
  }
  if (oneFile || part > factoryParts) {
    const tenders = await sitemapTenders(
      db,
      oneFile
        ? { offset: 0, limit: tenderCount }
        : { offset: (part - factoryParts - 1) * TENDERS_PER_SITEMAP, limit: TENDERS_PER_SITEMAP },
    );
    for (const tender of tenders) lines.push(page(base, `/tenders/${tender.id}`, tender.updatedAt));
  }
  return xml(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join("\n")}\n</urlset>`,
  );
}
