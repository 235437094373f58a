import { describe, expect, it } from "vitest";
import {
  CERTIFICATIONS,
  EXPORT_MARKETS,
  FACTORY_MATERIALS,
  FACTORY_SERVICES,
  SPOKEN_LANGUAGES,
} from "~db/schema";
import {
  CERTIFICATION_VALUES,
  isMarket,
  LANGUAGE_VALUES,
  MARKET_VALUES,
  MATERIAL_VALUES,
  SERVICE_VALUES,
} from "./capabilities";

describe("capability values for the browser", () => {
  it("are the enumerations of db/schema.ts, in their order", () => {
    expect(SERVICE_VALUES).toEqual([...FACTORY_SERVICES]);
    expect(MATERIAL_VALUES).toEqual([...FACTORY_MATERIALS]);
    expect(CERTIFICATION_VALUES).toEqual([...CERTIFICATIONS]);
    expect(MARKET_VALUES).toEqual([...EXPORT_MARKETS]);
    expect(LANGUAGE_VALUES).toEqual([...SPOKEN_LANGUAGES]);
  });
  it("know their own values only", () => {
    expect(isMarket("eu")).toBe(true);
    expect(isMarket("EU")).toBe(false);
    expect(isMarket("__proto__")).toBe(false);
    expect(isMarket(["eu"])).toBe(false);
  });
});
