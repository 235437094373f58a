import type { dashboard as ru } from "../dashboard";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const dashboard: Translation<typeof ru> = {
  factoryTitle: "Factory dashboard",
  factoryText: "Manage your factory’s portfolio and profile.",
  quickActions: "Quick actions",
  addProduct: "Add a product",
  addProductText: "Add new items to your portfolio",
  profile: "Profile",
  profileText: "Update your contacts, description and lines of business",
  viewTenders: "View tenders",
  viewTendersText: "Buyers’ orders waiting for a manufacturer",
  loginRequired: "Sign in to open the factory dashboard",
  loginText: "The dashboard is available to sewing factories once they sign in.",
  accessRestrictedText: "The factory dashboard is only available to factory accounts.",
  productsCount: "Products in portfolio",
  products: (n: number) => `${n} ${plural(n, "product", "products")}`,
  viewPortfolio: "Public portfolio",
  viewPortfolioText: "How buyers see your factory",
  checklistTitle: "What’s left to fill in",
  checklistProgress: (done: number, total: number) => `${done} of ${total} done`,
  checklistDone: "Your profile is complete",
  checklistDoneText:
    "Buyers can see your factory’s logo, description, contacts and lines of business.",
  gaps: {
    logo: "Upload a logo",
    description: "Add a description of your factory",
    contacts: "Add contacts: phone, email, website or messenger",
    categories: "Choose your lines of business",
  },
  fill: "Fill in",
  checks: {
    logo: "Logo",
    description: "Description",
    contacts: "Contacts",
    categories: "Lines of business",
  },
  checkDone: "Done",
  directoryHidden: "Your factory is not in the directory yet",
  directoryMissing: (items: string) => `To appear in the factory directory, add ${items}.`,
  directoryNeeds: {
    name: "the factory’s name",
    country: "the country",
    categories: "at least one line of business",
  },
  directoryRanking:
    "Factories with a logo, a city, a description and at least one product rank higher in the directory.",
  directoryFill: "Fill in the profile",
};
