import { factories, messagesFor } from "~/domain/catalogue";
import { type Locale, localizedHref } from "~/domain/locale";
import { cityLabel, colorLabel, fabricLabel, garmentTypeLabel } from "~/domain/reference";
import type { ProductView } from "~/features/products/components/product-card";
import type { SiteInfo } from "~/lib/seo";

/** What the structured data says of the factory. */
interface PortfolioFactory {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
  address: string | null;
}

/** The page of products shown. */
interface PortfolioPage {
  items: ProductView[];
  total: number;
  page: number;
  pageSize: number;
}

const absolute = (baseUrl: string, url: string) =>
  url.startsWith("http") ? url : `${baseUrl}${url}`;

/**
 * JSON-LD: the factory as an Organization and this page's products as an ItemList of Products
 * (with an Offer where a price is given). React Router escapes '<', '>' and '&' in it, so no
 * text can close the script element.
 */
export function portfolioJsonLd(
  site: SiteInfo,
  { factory, list }: { factory: PortfolioFactory; list: PortfolioPage },
  locale: Locale,
): Record<string, unknown> {
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
        name: messagesFor(locale, { factories }).factories.portfolio.metaTitle(factory.name),
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
