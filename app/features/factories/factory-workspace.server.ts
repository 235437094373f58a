/**
 * Where the signed-in user stands for the factory pages (/factory-dashboard, /factory-products,
 * /my-quotes): not a factory, a factory without its record yet, or ready with its factory, and
 * what the factory's profile still lacks (the dashboard's checklist).
 */
import { eq } from "drizzle-orm";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { factoryRecordColumns } from "./factories.server";

export interface OwnFactorySummary {
  id: string;
  name: string;
  /** The factory's own English name, shown instead of `name` on English pages. */
  nameEn: string | null;
  description: string | null;
  country: string | null;
  city: string | null;
  logoUrl: string | null;
  categories: string[];
  hasContacts: boolean;
  productCount: number;
}

export type Workspace =
  | { state: "not-factory" }
  | { state: "no-factory" }
  | { state: "ready"; factory: OwnFactorySummary };

/** The signed-in user's standing, with the factory and its product count when ready. */
export async function loadWorkspace(db: Db, actor: CurrentUser): Promise<Workspace> {
  if (actor.userType !== "factory") return { state: "not-factory" };
  const [factory] = await db
    .select(factoryRecordColumns)
    .from(schema.factories)
    .where(eq(schema.factories.userId, actor.id));
  if (!factory) return { state: "no-factory" };
  const productCount = await db.$count(
    schema.factoryProducts,
    eq(schema.factoryProducts.factoryId, factory.id),
  );
  const contacts = [
    factory.email,
    factory.phone,
    factory.website,
    factory.instagramUrl,
    factory.telegramUrl,
    factory.whatsappNumber,
  ];
  return {
    state: "ready",
    factory: {
      id: factory.id,
      name: factory.name,
      nameEn: factory.nameEn,
      description: factory.description,
      country: factory.country,
      city: factory.city,
      logoUrl: factory.logoUrl,
      categories: factory.categories,
      productCount,
      hasContacts: contacts.some((value) => Boolean(value?.trim())),
    },
  };
}

export type ProfileGap = "logo" | "description" | "contacts" | "categories";
export const PROFILE_CHECKS: readonly ProfileGap[] = [
  "logo",
  "description",
  "contacts",
  "categories",
];

/** What a factory's profile still lacks, in the order of PROFILE_CHECKS. */
export function profileGaps(factory: OwnFactorySummary): ProfileGap[] {
  const missing: Record<ProfileGap, boolean> = {
    logo: !factory.logoUrl,
    description: !factory.description?.trim(),
    contacts: !factory.hasContacts,
    categories: factory.categories.length === 0,
  };
  return PROFILE_CHECKS.filter((check) => missing[check]);
}

export type DirectoryGap = "name" | "country" | "categories";

/**
 * What keeps a factory out of the directory: its name, country and at least one category are
 * needed. The directory itself reads `factories.in_directory`, which the database keeps by the
 * same rule (factory_directory_ready, migration 0011); this names the gaps for the owner.
 */
export function directoryGaps(factory: {
  name: string | null;
  country: string | null;
  categories: readonly string[];
}): DirectoryGap[] {
  const missing: Record<DirectoryGap, boolean> = {
    name: !factory.name?.trim(),
    country: !factory.country,
    categories: !factory.categories.some((category) => category !== ""),
  };
  return (["name", "country", "categories"] as const).filter((gap) => missing[gap]);
}
