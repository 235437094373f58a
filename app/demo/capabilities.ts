/**
 * The demo factories' capability profiles (issue 29, item 7): believable numbers and lists,
 * derived from what the demo data already says about each factory (its size, its year, its
 * specialisations, its country and the minimum order its description names), so that the
 * profile agrees with the description and the same factory gets the same profile on every seed.
 */
import type { CategorySlug, CountryCode } from "~/domain/reference";
import type { ExportMarket, FactoryMaterial, FactoryService, SpokenLanguage } from "~db/schema";
import type { DemoFactory } from "./data";

export interface DemoCapabilities {
  minOrder: number;
  monthlyCapacity: number;
  leadTimeDays: number;
  sampleDays: number;
  staffCount: number;
  foundedYear: number;
  services: FactoryService[];
  materials: FactoryMaterial[];
  exportMarkets: ExportMarket[];
  languages: SpokenLanguage[];
}

/** Pieces one worker sews in a month, by the factory's first specialisation. */
const PIECES_PER_WORKER: Partial<Record<CategorySlug, number>> = {
  outerwear: 45,
  "professional-special": 70,
  "dresses-jumpsuits": 90,
  bottoms: 110,
  sportswear: 130,
  tops: 160,
  "home-nightwear": 170,
  "sleepwear-underwear": 220,
  "accessories-headwear": 250,
};

/** The language of the country's people, besides Russian (which every demo factory speaks). */
const LOCAL_LANGUAGE: Partial<Record<CountryCode, SpokenLanguage>> = {
  kg: "ky",
  kz: "kk",
  uz: "uz",
  ua: "uk",
  by: "be",
  az: "az",
  am: "hy",
  ge: "ka",
  md: "ro",
  lt: "lt",
  lv: "lv",
  ee: "et",
};

/** Countries whose factories sell to Russia and Kazakhstan by the customs union's rules. */
const EAEU: readonly CountryCode[] = ["ru", "by", "kz", "kg", "am"];
const BALTIC: readonly CountryCode[] = ["lt", "lv", "ee"];

const has = (factory: DemoFactory, ...slugs: CategorySlug[]) =>
  slugs.some((slug) => factory.categories.includes(slug));
const named = (factory: DemoFactory, pattern: RegExp) => pattern.test(factory.name);

function materialsOf(factory: DemoFactory): FactoryMaterial[] {
  const materials = new Set<FactoryMaterial>();
  if (named(factory, /трикотаж/i) || has(factory, "tops", "sportswear", "sleepwear-underwear")) {
    materials.add("knit");
  }
  if (named(factory, /деним/i) || has(factory, "bottoms")) materials.add("denim");
  if (named(factory, /шелк|силк/i)) materials.add("silk");
  if (named(factory, /лин|лен/i)) materials.add("linen");
  if (named(factory, /шерст/i)) materials.add("wool");
  if (named(factory, /спец/i) || has(factory, "professional-special", "outerwear")) {
    materials.add("technical");
  }
  if (has(factory, "outerwear", "dresses-jumpsuits", "professional-special", "bottoms")) {
    materials.add("woven");
  }
  if (materials.size === 0) materials.add("woven");
  return [...materials];
}

function servicesOf(factory: DemoFactory, i: number): FactoryService[] {
  // Every description promises patterns from sketches, samples and private label.
  const services: FactoryService[] = ["pattern-making", "sampling", "cut-make-trim"];
  if (factory.workers >= 100) services.push("full-package");
  services.push("private-label");
  if (has(factory, "tops", "sportswear") || factory.categories.includes("miscellaneous")) {
    services.push("printing");
  }
  if (i % 4 === 0 || named(factory, /детство|шелк|силк/i)) services.push("embroidery");
  if (named(factory, /деним/i)) services.push("washing-dyeing");
  if (i % 2 === 0 || factory.workers >= 150) services.push("packing-labelling");
  return services;
}

function marketsOf(factory: DemoFactory, i: number): ExportMarket[] {
  // The description says: the CIS, Europe and the Middle East.
  const markets: ExportMarket[] = ["cis"];
  if (EAEU.includes(factory.country) || ["uz", "tj"].includes(factory.country)) {
    markets.push("ru");
  }
  if (factory.country !== "kz" && (EAEU.includes(factory.country) || i % 3 === 0)) {
    markets.push("kz");
  }
  markets.push("eu");
  if (BALTIC.includes(factory.country) || i % 6 === 1) markets.push("uk");
  if (i % 5 === 0) markets.push("us");
  if (i % 10 === 3) markets.push("ca");
  markets.push("middle-east");
  if (["az", "ge", "tm"].includes(factory.country) || i % 7 === 2) markets.push("tr");
  if (["kg", "kz", "uz"].includes(factory.country) && i % 2 === 0) markets.push("cn");
  return markets;
}

function languagesOf(factory: DemoFactory, i: number): SpokenLanguage[] {
  const languages = new Set<SpokenLanguage>(["ru"]);
  const local = LOCAL_LANGUAGE[factory.country];
  if (local) languages.add(local);
  // English: the Baltic, Caucasus and Moldovan factories, large ones and every other of the rest.
  if (
    BALTIC.includes(factory.country) ||
    ["ge", "am", "md"].includes(factory.country) ||
    factory.workers >= 200 ||
    i % 2 === 0
  ) {
    languages.add("en");
  }
  if (factory.country === "az" || factory.country === "tm") languages.add("tr");
  if (BALTIC.includes(factory.country) && i % 2 === 1) languages.add("de");
  if (["kg", "kz"].includes(factory.country) && i % 3 === 0) languages.add("zh");
  if (factory.country === "by" || factory.country === "ua") languages.add("pl");
  return [...languages];
}

/**
 * The capability profile of the demo factory at position `i` of DEMO_FACTORIES; `minOrder` is
 * the one its description names.
 */
export function demoCapabilities(
  factory: DemoFactory,
  i: number,
  minOrder: number,
): DemoCapabilities {
  const perWorker = PIECES_PER_WORKER[factory.categories[0] as CategorySlug] ?? 100;
  const monthlyCapacity = Math.max(1000, Math.round((factory.workers * perWorker) / 500) * 500);
  const slow = has(factory, "outerwear", "professional-special") ? 10 : 0;
  return {
    minOrder,
    monthlyCapacity,
    leadTimeDays: 20 + slow + (i % 4) * 5 + (factory.workers < 80 ? 5 : 0),
    sampleDays: 5 + (i % 3) * 2 + (slow ? 3 : 0),
    staffCount: factory.workers,
    foundedYear: factory.founded,
    services: servicesOf(factory, i),
    materials: materialsOf(factory),
    exportMarkets: marketsOf(factory, i),
    languages: languagesOf(factory, i),
  };
}
