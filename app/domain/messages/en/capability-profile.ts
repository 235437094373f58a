import type { capabilityProfile as ru } from "../capability-profile";
import type { Translation } from "../shape";
import { plural } from "./plural";

const number = (n: number) => n.toLocaleString("en-GB");
const pieces = (n: number) => `${number(n)} ${plural(n, "piece", "pieces")}`;
const days = (n: number) => `${number(n)} ${plural(n, "day", "days")}`;

export const capabilityProfile: Translation<typeof ru> = {
  title: "Production capabilities",
  intro:
    "Buyers choose a factory by these facts: minimum order, capacity, lead times and services. Fields left empty are not shown.",
  backToProfile: "Back to the profile",
  access: {
    loginRequired: "Sign in to fill in production capabilities",
    loginText: "A factory fills in its production capabilities from its profile.",
    accessRestrictedText: "Only factory accounts fill in production capabilities.",
  },
  editLink: "Fill in production capabilities",
  summaryEmpty: "Buyers search for factories by minimum order, capacity and lead time. Add yours.",
  summaryFilled: (n: number) => `${n} of 9 ${plural(n, "field", "fields")} filled in`,
  fields: {
    minOrder: "Minimum order, pieces",
    minOrderHint: "The smallest run of one style you will take on",
    monthlyCapacity: "Monthly capacity, pieces",
    leadTimeDays: "Production lead time, days",
    leadTimeHint: "Typically from an approved sample to shipment",
    sampleDays: "Sampling time, days",
    staffCount: "Staff",
    foundedYear: "Year founded",
    services: "Services",
    materials: "Materials",
    exportMarkets: "Export markets",
    languages: "Languages spoken with buyers",
  },
  invalid: {
    number: "Enter a whole number",
    between: (min: number, max: number) => `Enter a number from ${number(min)} to ${number(max)}`,
    choice: "Choose values from the list",
  },
  save: "Save",
  saving: "Saving...",
  saved: "Production capabilities saved",
  problems: {
    "not-a-factory": "Only a factory fills in production capabilities",
    "no-factory": "Fill in and save your factory profile first",
  },
  page: {
    title: "Production capabilities",
    minOrder: "Minimum order",
    monthlyCapacity: "Monthly capacity",
    leadTime: "Production lead time",
    sampleDays: "Sampling time",
    staffCount: "Staff",
    foundedYear: "Founded",
    services: "Services",
    materials: "Materials",
    exportMarkets: "Export markets",
    languages: "Languages spoken",
    pieces,
    piecesPerMonth: (n: number) => `${pieces(n)} a month`,
    days,
    people: number,
  },
  card: {
    minOrder: (n: number) => `MOQ ${pieces(n)}`,
    leadTime: (n: number) => `Lead time ${days(n)}`,
  },
  filters: {
    capabilities: "Production",
    maxMinOrder: "Minimum order up to, pieces",
    minCapacity: "Capacity from, pieces a month",
    maxLeadTime: "Lead time up to, days",
    service: "Service",
    anyService: "Any service",
    material: "Material",
    anyMaterial: "Any material",
    certification: "Certification (verified)",
    anyCertification: "Any certification",
    market: "Exports to",
    anyMarket: "Any market",
    english: "Speaks English",
    onTime: "Orders on time",
    anyOnTime: "Any share",
    onTimeAtLeast: (percent) => `${percent}% or more`,
    sort: "Sort by",
    sorts: {
      match: "Best match",
      recommended: "Most complete profiles",
      newest: "Newest first",
      verified: "Verified first",
      rating: "Highest rated first",
    },
    atLeast: (n: number) => `More than ${number(n)} factories found`,
  },
};
