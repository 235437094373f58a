import type { footer as ru } from "../footer";
import type { Translation } from "../shape";
import { factoriesTitle } from "./shared";

export const footer: Translation<typeof ru> = {
  about:
    "A B2B marketplace for textiles and clothing: direct contacts with sewing factories in Central Asia, the Caucasus, Eastern Europe and the Baltics for wholesale buyers.",
  categoriesTitle: "Categories",
  factories: factoriesTitle,
  infoTitle: "Information",
  aboutLink: "About us",
  contact: "Contact",
  articles: "Articles",
  supportProject: "Support the project",
  privacy: "Privacy policy",
  terms: "Terms of use",
  copyright: (year: number, site: string) => `© ${year} ${site}. All rights reserved.`,
};
