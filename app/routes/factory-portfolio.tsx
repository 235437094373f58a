import { PackageOpen } from "lucide-react";
import { data, useLocation, useNavigate } from "react-router";
import { itemNamedBy, pageHref } from "~/components/page-href";
import { ListPagination } from "~/components/pagination";
import { EmptyState } from "~/components/ui/empty-state";
import { FormAlert } from "~/components/ui/field";
import { NotFoundScreen } from "~/components/ui/not-found-screen";
import { factories, messagesFor, meta as metaMessages, products } from "~/domain/catalogue";
import { truncate } from "~/domain/format";
import { type Locale, localeOfPath, withOwnTexts } from "~/domain/locale";
import { formatLocation, garmentTypeLabel } from "~/domain/reference";
import { findFactory } from "~/features/factories/factories.server";
import { PortfolioHeader } from "~/features/products/components/portfolio-header";
import { portfolioJsonLd } from "~/features/products/components/portfolio-json-ld";
import { ProductCard, type ProductView } from "~/features/products/components/product-card";
import { ProductDialog } from "~/features/products/components/product-dialog";
import {
  findPortfolioProduct,
  listPortfolio,
  PORTFOLIO_PAGE_SIZE,
  type ProductPage,
} from "~/features/products/products.server";
import { requestOf } from "~/http/request-context.server";
import { useLocale, useMessages } from "~/lib/i18n";
import { pageTags } from "~/lib/page-tags";
import { keepDataWhenOnlyChanging } from "~/lib/revalidate";
import { routeFacts } from "~/lib/route-facts";
import { seo } from "~/lib/seo";
import { databaseUnavailable, unavailableWhenUnreachable } from "~/platform/db.server";
import { emptyPage } from "~/platform/pagination.server";
import { loadOrFallback, namedItem } from "~/platform/partial-load.server";
import type { Route } from "./+types/factory-portfolio";

/** A visitor gets this page as HTML and CSS alone (lib/html-first.ts). */
export const handle = routeFacts({
  htmlFirst: true,
  visitorCache: true,
  shows: ({ params }) => [pageTags.factory(params.id ?? "")],
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = requestOf(context).runtime;
  const found = await findFactory(db, params.id).catch(unavailableWhenUnreachable);
  if (!found) return data({ found: false as const }, { status: 404 });
  const url = new URL(request.url);
  const { value: list, failed: listFailed } = await loadOrFallback(
    "[portfolio] list",
    () => listPortfolio(db, found.id, { page: url.searchParams.get("page") }),
    emptyPage<ProductPage["items"][number]>(PORTFOLIO_PAGE_SIZE),
  );
  const productId = url.searchParams.get("product");
  const lookup = await namedItem("[portfolio] lookup", productId, list.items, (id) =>
    findPortfolioProduct(db, found.id, id),
  );
  const selected = lookup.value;
  const loadFailed = listFailed || lookup.failed;
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
  return itemNamedBy(search, "product", loaded.list.items, loaded.selected);
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const locale = localeOfPath(location.pathname);
  const m = messagesFor(locale, { factories, meta: metaMessages });
  const t = m.factories;
  const site = matches[0]?.loaderData?.site;
  if (!loaderData?.found) {
    return [...seo(site, { title: t.notFound, locale }), { name: "robots", content: "noindex" }];
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
    title: product ? `${product.name} — ${factory.name}` : t.portfolio.metaTitle(factory.name),
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
  return site ? [...tags, { "script:ld+json": portfolioJsonLd(site, loaded, locale) }] : tags;
};

export default function FactoryPortfolio({ loaderData }: Route.ComponentProps) {
  const t = useMessages({ factories }).factories;
  if (!loaderData.found) {
    return (
      <NotFoundScreen
        title={t.notFound}
        text={t.notFoundText}
        backTo="/factories"
        backLabel={t.backToFactories}
      />
    );
  }
  return <Portfolio loaded={loaderData} />;
}

function Portfolio({ loaded: source }: { loaded: Loaded }) {
  const locale = useLocale();
  const loaded = inLanguage(source, locale);
  const { factory, list, loadFailed } = loaded;
  const m = useMessages({ factories, products });
  const location = useLocation();
  const navigate = useNavigate();
  const selected = selectedProduct(loaded, location.search);
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
      <PortfolioHeader factory={factory} total={list.total} />

      <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {loadFailed && <FormAlert message={m.products.loadFailed} />}
        {list.total === 0 && !loadFailed ? (
          <EmptyState className="py-16" icon={PackageOpen} title={m.factories.portfolio.empty} />
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
        <ListPagination
          className="mt-8"
          list={list}
          path={`/factory-products/${factory.id}`}
          drop={["product"]}
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
