import type { meta as ru } from "../meta";
import type { Translation } from "../shape";
import { factoriesTitle } from "./shared";

export const meta: Translation<typeof ru> = {
  defaultDescription:
    "A B2B marketplace for textiles and clothing: sewing factories in Central Asia, the Caucasus, Eastern Europe and the Baltics, direct contacts and tenders for garment production.",
  homeTitle: (site: string) => `${site} — the B2B marketplace for sewing factories`,
  login: "Sign in",
  register: "Sign up",
  forgotPassword: "Reset your password",
  resetPassword: "New password",
  factories: factoriesTitle,
  factoriesDescription:
    "A catalogue of sewing workshops and factories: filter by line of business, country and city, and contact manufacturers directly.",
  factoryDescription: (name: string, location: string) =>
    location
      ? `${name}, ${location}: description, lines of business and contact details of the sewing factory.`
      : `${name}: description, lines of business and contact details of the sewing factory.`,
  portfolioDescription: (name: string) =>
    `Portfolio of ${name}: products, prices, volumes and lead times.`,
  myProducts: "My products",
  factoryDashboard: "Factory dashboard",
  buyerDashboard: "Buyer dashboard",
  profile: "Profile",
  admin: "Admin panel",
  tenders: "Tenders",
  tendersDescription:
    "Active tenders for clothing production from wholesale buyers: quantities, requirements and buyers’ contact details.",
  placeTender: "Place a tender",
  placeTenderDescription:
    "Place an order for clothing production, and sewing factories will contact you directly.",
  myTenders: "My tenders",
  supportProject: "Support the project",
  supportProjectDescription: "Support the development of the B2B marketplace for sewing factories.",
  clothing: "Clothing catalogue",
  textile: "Fabric catalogue",
  supplier: "Suppliers",
  dashboard: "Seller dashboard",
  unavailable: "Page unavailable",
  notFound: "Page not found",
};
