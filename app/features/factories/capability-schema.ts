/**
 * The capability profile's form (issue 29): one Zod schema, run by Conform in the browser and by
 * the use case (capabilities.server.ts) on the server. Numbers are whole numbers within the bounds
 * of the columns' checks (db/schema.ts, CAPABILITY_BOUNDS); blank is "not said" (null). The lists
 * hold values of their enumeration only, each once.
 */
import { z } from "zod";
import {
  LANGUAGE_VALUES,
  MARKET_VALUES,
  MATERIAL_VALUES,
  SERVICE_VALUES,
} from "~/domain/capabilities";
import { capabilityProfile } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { asList, decimalText, perLocale } from "~/domain/schemas/base";

/** The bounds of each number, as the columns' checks in db/schema.ts say them. */
export const CAPABILITY_BOUNDS = {
  minOrder: [1, 100_000_000],
  monthlyCapacity: [1, 100_000_000],
  leadTimeDays: [1, 365],
  sampleDays: [1, 365],
  staffCount: [1, 1_000_000],
  foundedYear: [1800, 2100],
} as const;

export type CapabilityNumber = keyof typeof CAPABILITY_BOUNDS;

export const capabilitySchema = perLocale((locale: Locale) => {
  const t = capabilityProfile[locale].invalid;

  /** A whole number within its bounds, or null when left blank. */
  const whole = (name: CapabilityNumber) => {
    const [min, max] = CAPABILITY_BOUNDS[name];
    return z.preprocess(
      decimalText,
      z
        .string({ message: t.number })
        .max(20, t.between(min, max))
        .regex(/^-?\d+$/, { message: t.number, abort: true })
        .transform(Number)
        .refine((n) => n >= min && n <= max, t.between(min, max))
        .optional()
        .transform((n) => n ?? null),
    );
  };

  /** Distinct values of one enumeration, sent as a group of checkboxes. */
  const several = <const V extends readonly [string, ...string[]]>(values: V) =>
    z.preprocess(
      asList,
      z
        .array(z.enum(values, { message: t.choice }))
        .max(values.length * 2, t.choice)
        .transform((list) => [...new Set(list)]),
    );

  return z.object({
    minOrder: whole("minOrder"),
    monthlyCapacity: whole("monthlyCapacity"),
    leadTimeDays: whole("leadTimeDays"),
    sampleDays: whole("sampleDays"),
    staffCount: whole("staffCount"),
    foundedYear: whole("foundedYear"),
    services: several(SERVICE_VALUES),
    materials: several(MATERIAL_VALUES),
    exportMarkets: several(MARKET_VALUES),
    languages: several(LANGUAGE_VALUES),
  });
});

export type CapabilityInput = z.output<ReturnType<typeof capabilitySchema>>;
