/**
 * The values of the capability enumerations for code that runs in the browser too (forms,
 * filters). They are defined once, in db/schema.ts; importing that module here would bring the
 * database layer into the page, so the values are read from the keys of their labels (typed
 * `Record<Value, string>`, so a value without a label is a type error), and
 * capabilities.test.ts checks that both lists stay equal, in the same order.
 */
import type {
  Certification,
  ExportMarket,
  FactoryMaterial,
  FactoryService,
  SpokenLanguage,
} from "~db/schema";
import { capabilities } from "./messages/capabilities";

const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as [K, ...K[]];

export const SERVICE_VALUES = keysOf<FactoryService>(capabilities.services);
export const MATERIAL_VALUES = keysOf<FactoryMaterial>(capabilities.materials);
export const CERTIFICATION_VALUES = keysOf<Certification>(capabilities.certifications);
export const MARKET_VALUES = keysOf<ExportMarket>(capabilities.markets);
export const LANGUAGE_VALUES = keysOf<SpokenLanguage>(capabilities.languages);

const isOneOf =
  <K extends string>(values: readonly K[]) =>
  (value: unknown): value is K =>
    typeof value === "string" && (values as readonly string[]).includes(value);

export const isService = isOneOf(SERVICE_VALUES);
export const isMaterial = isOneOf(MATERIAL_VALUES);
export const isCertification = isOneOf(CERTIFICATION_VALUES);
export const isMarket = isOneOf(MARKET_VALUES);
export const isLanguage = isOneOf(LANGUAGE_VALUES);
