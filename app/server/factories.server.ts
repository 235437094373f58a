/**
 * Public reads of factories. Listing and search (the /factories directory) live here too.
 */
import { eq } from "drizzle-orm";
import { type Db, schema } from "./db.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** true for a well-formed id; anything else is "not found" without asking the database. */
export function isUuid(value: string | undefined | null): value is string {
  return typeof value === "string" && UUID.test(value);
}

export interface FactoryDetail {
  id: string;
  name: string;
  description: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  instagramUrl: string | null;
  telegramUrl: string | null;
  whatsappNumber: string | null;
  country: string | null;
  city: string | null;
  address: string | null;
  logoUrl: string | null;
  categories: string[];
  verified: boolean;
  createdAt: Date;
}

/** One factory by id, or null (unknown or malformed id). */
export async function findFactory(db: Db, id: string | undefined): Promise<FactoryDetail | null> {
  if (!isUuid(id)) return null;
  const f = schema.factories;
  const [row] = await db
    .select({
      id: f.id,
      name: f.name,
      description: f.description,
      email: f.email,
      phone: f.phone,
      website: f.website,
      instagramUrl: f.instagramUrl,
      telegramUrl: f.telegramUrl,
      whatsappNumber: f.whatsappNumber,
      country: f.country,
      city: f.city,
      address: f.address,
      logoUrl: f.logoUrl,
      categories: f.categories,
      verifiedAt: f.verifiedAt,
      createdAt: f.createdAt,
    })
    .from(f)
    .where(eq(f.id, id));
  if (!row) return null;
  const { verifiedAt, ...rest } = row;
  return { ...rest, verified: verifiedAt !== null };
}
