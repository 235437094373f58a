import { ArrowLeft, MapPin, MessageCircle, PackageOpen, SearchX } from "lucide-react";
import { data, useLocation, useNavigate } from "react-router";
import { FactoryLogo } from "~/components/factory-logo";
import { Pagination } from "~/components/pagination";
import { pageHref } from "~/components/products/page-href";
import { ProductCard, type ProductView } from "~/components/products/product-card";
import { ProductDialog } from "~/components/products/product-dialog";
import { buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { VerifiedBadge } from "~/components/verified-badge";
import {
  errors,
  factories,
  type Messages,
  messagesFor,
  meta as metaMessages,
  products,
} from "~/domain/catalogue";
import { truncate } from "~/domain/format";
import { type Locale, localeOfPath, localizedHref, withOwnTexts } from "~/domain/locale";
import {
  cityLabel,
  colorLabel,
  fabricLabel,
  formatLocation,
  garmentTypeLabel,
} from "~/domain/reference";
import { htmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import { keepRetryAfter } from "~/lib/retry-after";
import { keepDataWhenOnlyChanging } from "~/lib/revalidate";
import { type SiteInfo, seo } from "~/lib/seo";
import { databaseUnavailable, unavailableWhenUnreachable } from "~/server/db.server";
import { findFactory } from "~/server/factories.server";
import {
  findPortfolioProduct,
  listPortfolio,
  PORTFOLIO_PAGE_SIZE,
  type ProductPage,
} from "~/server/products.server";
import { requestOf } from "~/server/request-context.server";
import type { Route } from "./+types/factory-portfolio";

/** A 503 during a database outage says when to come back. */
/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = htmlFirst;

export const headers = keepRetryAfter;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = requestOf(context).runtime;
  const found = await findFactory(db, params.id).catch(unavailableWhenUnreachable);
  if (!found) return data({ found: false as const }, { status: 404 });
  const url = new URL(request.url);
  let list: ProductPage = {
    items: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize: PORTFOLIO_PAGE_SIZE,
  };
  let loadFailed = false;
  try {
    list = await listPortfolio(db, found.id, { page: url.searchParams.get("page") });
  } catch (error) {
    console.error("[portfolio] list failed:", error);
    loadFailed = true;
  }
  const productId = url.searchParams.get("product");
  const selected = productId
    ? (list.items.find((p) => p.id === productId) ??
      (await findPortfolioProduct(db, found.id, productId).catch((error) => {
        console.error("[portfolio] lookup failed:", error);
        loadFailed = true;
        return null;
      })))
    : null;
  const factory = {
    id: found.id,
    name: found.name,
    description: found.description,
    country: found.country,
    city: found.city,
    address: found.address,
    logoUrl: found.logoUrl,
    website: found.website,
    email: found.email,
    phone: found.phone,
    verified: found.verified,
  };
  // A database that does not answer is a passing outage: 503, so the page is not taken as empty.
  return data(
    { found: true as const, factory, list, selected, loadFailed },
    loadFailed ? databaseUnavailable() : undefined,
  );
}

/** Opening or closing a product changes only `?product`: the page's data stays as it is. */
export const shouldRevalidate = keepDataWhenOnlyChanging("product");

type Loaded = Extract<Route.ComponentProps["loaderData"], { found: true }>;

/** The factory and its products with their own English texts on English pages. */
function inLanguage(loaded: Loaded, locale: Locale): Loaded {
  if (locale !== "en") return loaded;
  return {
    ...loaded,
    factory: withOwnTexts(loaded.factory, locale),
    list: { ...loaded.list, items: loaded.list.items.map((p) => withOwnTexts(p, locale)) },
    selected: loaded.selected ? withOwnTexts(loaded.selected, locale) : loaded.selected,
  };
}

/** The product named by `?product`, from this page's list or loaded on its own. */
function selectedProduct(loaded: Loaded, search: string): ProductView | null {
  const id = new URLSearchParams(search).get("product");
  if (!id) return null;
  return (
    loaded.list.items.find((p) => p.id === id) ??
    (loaded.selected?.id === id ? loaded.selected : null)
  );
}

const absolute = (baseUrl: string, url: string) =>
  url.startsWith("http") ? url : `${baseUrl}${url}`;

/**
 * JSON-LD: the factory as an Organization and this page's products as an ItemList of Products
 * (with an Offer where a price is given). React Router escapes '<', '>' and '&' in it, so no
 * text can close the script element.
 */
function portfolioJsonLd(
  site: SiteInfo,
  loaded: Loaded,
  locale: Locale,
  f: Messages<typeof factories>,
): Record<string, unknown> {
  const { factory, list } = loaded;
  const base = site.baseUrl;
  // The factory's canonical address in the page's language (app/routes/factory.tsx).
  const factoryUrl = `${base}${localizedHref(`/factory/${factory.id}`, locale)}`;
  const portfolioUrl = `${base}${localizedHref(`/factory-products/${factory.id}`, locale)}`;
  const orgId = `${factoryUrl}#organization`;
  const offset = (list.page - 1) * list.pageSize;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": orgId,
        name: factory.name,
        url: factoryUrl,
        description: factory.description ?? undefined,
        logo: factory.logoUrl ? absolute(base, factory.logoUrl) : undefined,
        email: factory.email ?? undefined,
        telephone: factory.phone ?? undefined,
        sameAs: factory.website?.startsWith("http") ? [factory.website] : undefined,
        address:
          factory.country || factory.city || factory.address
            ? {
                "@type": "PostalAddress",
                addressCountry: factory.country?.toUpperCase() ?? undefined,
                addressLocality: cityLabel(factory.city, locale) || undefined,
                streetAddress: factory.address ?? undefined,
              }
            : undefined,
      },
      {
        "@type": "ItemList",
        "@id": `${portfolioUrl}#products`,
        name: f.portfolio.metaTitle(factory.name),
        url: portfolioUrl,
        numberOfItems: list.total,
        itemListElement: list.items.map((product, index) => ({
          "@type": "ListItem",
          position: offset + index + 1,
          item: {
            "@type": "Product",
            name: product.name,
            url: `${portfolioUrl}?product=${product.id}`,
            image: product.images.length
              ? product.images.map((url) => absolute(base, url))
              : undefined,
            description: product.description ?? undefined,
            category: garmentTypeLabel(product.clothingType, locale) || undefined,
            color: product.colors.length
              ? product.colors
                  // Russian keeps the colours as typed; other languages name them.
                  .map((color) => (locale === "ru" ? color : colorLabel(color, locale)))
                  .join(", ")
              : undefined,
            material: product.materials.length
              ? product.materials.map((slug) => fabricLabel(slug, locale)).join(", ")
              : undefined,
            manufacturer: { "@id": orgId },
            offers:
              product.price != null
                ? {
                    "@type": "Offer",
                    price: product.price.toFixed(2),
                    priceCurrency: product.currency,
                    seller: { "@id": orgId },
                  }
                : undefined,
          },
        })),
      },
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { factories, meta: metaMessages });
  const f = m.factories;
  const site = matches[0]?.loaderData?.site;
  if (!loaderData?.found) {
    return [...seo(site, { title: f.notFound, locale }), { name: "robots", content: "noindex" }];
  }
  const loaded = inLanguage(loaderData, locale);
  const { factory, list } = loaded;
  const product = selectedProduct(loaded, location.search);
  const where = formatLocation(factory.country, factory.city, locale);
  const path = `/factory-products/${factory.id}${
    product ? `?product=${product.id}` : list.page > 1 ? `?page=${list.page}` : ""
  }`;
  const firstImage = list.items.find((p) => p.images.length > 0)?.images[0];
  const tags = seo(site, {
    title: product ? `${product.name} — ${factory.name}` : f.portfolio.metaTitle(factory.name),
    description: product
      ? truncate(
          product.description ||
            `${garmentTypeLabel(product.clothingType, locale)} — ${factory.name}`,
          200,
        )
      : `${m.meta.portfolioDescription(factory.name)}${where ? ` ${where}.` : ""}`,
    path,
    image: product?.images[0] ?? factory.logoUrl ?? firstImage,
    locale,
  });
  return site ? [...tags, { "script:ld+json": portfolioJsonLd(site, loaded, locale, f) }] : tags;
};

export default function FactoryPortfolio({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <FactoryNotFound />;
  return <Portfolio loaded={loaderData} />;
}

function FactoryNotFound() {
  const m = useMessages({ factories, errors });
  const f = m.factories;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-5 font-bold text-brand-700 text-sm tracking-widest">{m.errors.code(404)}</p>
      <h1 className="mt-2 font-extrabold text-3xl text-slate-900 tracking-tight">{f.notFound}</h1>
      <p className="mt-3 text-slate-600">{f.notFoundText}</p>
      <Link to="/factories" className={buttonVariants({ variant: "primary", className: "mt-7" })}>
        <ArrowLeft aria-hidden="true" />
        {f.backToFactories}
      </Link>
    </section>
  );
}

function Portfolio({ loaded: source }: { loaded: Loaded }) {
  const locale = useLocale();
  const loaded = inLanguage(source, locale);
  const { factory, list, loadFailed } = loaded;
  const m = useMessages({ factories, products });
  const f = m.factories;
  const location = useLocation();
  const navigate = useNavigate();
  const selected = selectedProduct(loaded, location.search);
  const where = locationText(factory.country, factory.city, locale);
  const closeHref = pageHref(location.pathname, location.search, list.page, ["product"]);
  const openHref = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("product", id);
    return `${location.pathname}?${params.toString()}`;
  };
  const close = () => {
    // Opened from the grid: going back closes it and keeps the history clean.
    if ((location.state as { fromGrid?: boolean } | null)?.fromGrid) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="flex-1 bg-slate-50">
      <div className="border-slate-200 border-b bg-white">
        <div className="mx-auto w-full max-w-7xl px-4 pt-5 pb-7 sm:px-6 sm:pb-9 lg:px-8">
          <Link
            to={`/factories/${factory.id}`}
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            {f.portfolio.backToFactory}
          </Link>
          <div className="mt-5 flex items-center gap-4 sm:gap-5">
            <FactoryLogo
              url={factory.logoUrl}
              name={factory.name}
              alt=""
              size={80}
              loading="eager"
            />
            <div className="min-w-0">
              <p className="font-semibold text-brand-700 text-xs uppercase tracking-widest">
                {f.portfolio.title}
              </p>
              <h1
                className="mt-1 font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl"
                data-user-content
              >
                {factory.name}
              </h1>
              {factory.verified && <VerifiedBadge className="mt-1.5" />}
              <div className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-600 text-sm">
                {where && (
                  <span className="inline-flex items-center gap-1.5">
                    <MapPin className="size-4 text-slate-400" aria-hidden="true" />
                    {where}
                  </span>
                )}
                <span data-testid="portfolio-count">{f.portfolio.productsCount(list.total)}</span>
              </div>
              <Link
                to={`/factory/${factory.id}#factory-contacts`}
                className={buttonVariants({ variant: "primary", size: "sm", className: "mt-4" })}
              >
                <MessageCircle aria-hidden="true" />
                {f.portfolio.contactFactory}
              </Link>
            </div>
          </div>
        </div>
      </div>

      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {loadFailed && <FormAlert message={m.products.loadFailed} />}
        {list.total === 0 && !loadFailed ? (
          <div className="flex flex-col items-center rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-16 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
              <PackageOpen className="size-7" aria-hidden="true" />
            </span>
            <p className="mt-4 font-bold text-lg text-slate-900">{f.portfolio.empty}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">
            {list.items.map((product, index) => (
              <li key={product.id} className="flex">
                <div className="flex w-full flex-col [&>article]:flex-1">
                  <ProductCard
                    product={product}
                    href={openHref(product.id)}
                    linkState={{ fromGrid: true }}
                    eager={index < 2}
                    headingLevel={2}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          className="mt-8"
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => pageHref(location.pathname, location.search, page, ["product"])}
        />
      </div>

      <ProductDialog
        product={selected}
        closeHref={closeHref}
        onClose={close}
        factoryName={factory.name}
        contactHref={`/factory/${factory.id}#factory-contacts`}
      />
    </div>
  );
}
