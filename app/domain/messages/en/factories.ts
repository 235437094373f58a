import type { factories as ru } from "../factories";
import type { Translation } from "../shape";
import { plural } from "./plural";
import { factoriesTitle, filtersActive } from "./shared";

export const factories: Translation<typeof ru> = {
  title: factoriesTitle,
  subtitle:
    "Clothing manufacturers from Central Asia, the Caucasus, Eastern Europe and the Baltics",
  count: (n: number) => `${n} ${plural(n, "factory", "factories")}`,
  found: (n: number) => `${n.toLocaleString("en-GB")} ${plural(n, "factory", "factories")} found`,
  searchLabel: "Search",
  searchPlaceholder: "Name, description or product",
  verifiedBadge: "Verified factory",
  verifiedOnly: "Verified only",
  verifiedHint: "This factory has been checked by a Fabricum admin",
  filters: {
    title: "Filters",
    show: "Show filters",
    hide: "Hide filters",
    category: "Lines of business",
    allCategories: "All lines of business",
    country: "Country",
    allCountries: "All countries",
    city: "City",
    allCities: "All cities",
    selectCountryFirst: "Choose a country first",
    noCities: "No cities available",
    reset: "Reset",
    apply: "Show",
    applyCount: (n: number) =>
      `Show ${n.toLocaleString("en-GB")} ${plural(n, "factory", "factories")}`,
    active: filtersActive,
    resetAll: "Reset filters",
  },
  empty: "No factories found",
  emptyFiltered: "Nothing matches your search",
  emptyHint: "Try changing your search or resetting the filters.",
  didYouMean: "Did you mean",
  didYouMeanHint: "Showing results for the corrected search.",
  card: {
    details: "View details",
    noLocation: "Location not given",
    moreCategories: (labels: string) => `Also: ${labels}`,
  },
  detail: {
    viewPortfolio: "View portfolio",
    backToList: "Back to factories",
    about: "About the factory",
    noDescription: "This factory hasn’t added a description yet.",
    categories: "Lines of business",
    location: "Location",
    country: "Country",
    city: "City",
    address: "Address",
    contacts: "Contacts",
    noContacts: "No contact details given",
    phone: "Phone",
    email: "Email",
    website: "Website",
    instagram: "Instagram",
    telegram: "Telegram",
    whatsapp: "WhatsApp",
    newTab: "(opens in a new tab)",
    editOwn: "Edit factory profile",
  },
  seo: {
    categoryTitle: (category: string) => `${category}: sewing workshops and factories`,
    countryTitle: (country: string) => `Sewing workshops and factories: ${country}`,
    categoryDescription: (category: string) =>
      `Sewing workshops and factories in “${category}”: locations, lines of business and direct contacts with manufacturers.`,
    countryDescription: (country: string) =>
      `Sewing workshops and factories in ${country}: lines of business, cities and direct contacts with manufacturers.`,
    page: (title: string, page: number) => `${title}, page ${page}`,
  },
  notFound: "Factory not found",
  notFoundText: "The factory may have deleted its profile, or the link may be wrong.",
  backToFactories: "Back to factories",
  portfolio: {
    title: "Portfolio",
    metaTitle: (factory: string) => `${factory} — portfolio`,
    backToFactory: "Back to the factory",
    productsCount: (n: number) => `${n} ${plural(n, "product", "products")}`,
    empty: "No products available yet",
    /** To the factory page's contacts, from the portfolio and a product's dialog. */
    contactFactory: "Contact the factory",
  },
};
