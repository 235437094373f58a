import type { legacy as ru } from "../legacy";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const legacy: Translation<typeof ru> = {
  updatedTitle: "We’ve updated the platform",
  updatedText:
    "The clothing, textile and supplier catalogues have been merged into a single catalogue of factories. You’ll now find all manufacturers under “Factories”.",
  goToFactories: "Go to factories",
  backToClothing: "Back to the clothing catalogue",
  backToTextile: "Back to the fabric catalogue",
  toTextile: "Fabric catalogue",
  home: "Go to the home page",
  clothing: {
    title: "Wholesale clothing catalogue",
    subtitle: "Wholesale clothing direct from manufacturers",
    found: (n: number) => `${n} ${plural(n, "product", "products")} found`,
    empty: "No products found",
    emptyText: "Products are now listed in factory portfolios.",
  },
  textile: {
    title: "Fabric catalogue",
    subtitle: "Fabrics and materials for garment production",
    empty: "No fabrics found",
    emptyText: "The fabric catalogue has been merged into the factory catalogue.",
    found: (n: number) => `${n} ${plural(n, "fabric", "fabrics")} found`,
  },
  clothingItem: "Product",
  textileItem: "Fabric",
  filters: {
    title: "Filters",
    category: "Category",
    subcategory: "Subcategory",
    country: "Country",
    city: "City",
    size: "Size",
    currency: "Currency",
    priceFrom: "Price from",
    priceTo: "Price to",
    color: "Colour",
    all: "All",
    allColors: "All colours",
    allSizes: "All sizes",
    allCurrencies: "All currencies",
    categoryFirst: "Choose a category first",
    apply: "Show",
    reset: "Reset filters",
  },
  card: {
    rating: "Rating",
    materials: "Materials",
    sizes: "Sizes",
    colors: "Colours",
  },
  dashboard: {
    clothingTitle: "Clothing seller dashboard",
    textileTitle: "Fabric seller dashboard",
    productsCount: "Products",
    quickLinks: "Quick links",
    factories: "Factories",
    profile: "Profile",
  },
  unavailable: {
    title: "This page is temporarily unavailable",
    text: "This section is no longer in use: products are now listed in factory portfolios.",
    factoryDashboard: "Go to the factory dashboard",
  },
  supplier: {
    title: "Suppliers are now factories",
    text: "The suppliers section has been merged into the factory catalogue. Sign up as a factory to create a profile and portfolio.",
    register: "Create account",
  },
};
