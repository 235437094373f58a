/**
 * Factory products: the public portfolio and the factory's own products. Every rule lives here:
 *
 * - Only a factory user who has a factory record may add products (to that factory).
 * - A product is changed, deleted, or given or relieved of pictures only where it belongs to the
 *   signed-in user: every write is matched on the product id AND its owner (user_id), so another
 *   user's id changes nothing and the caller gets `null` (the route answers 404).
 * - Input is validated with the form's schema (app/domain/schemas/product.ts) before it is written.
 * - A product has at most MAX_PRODUCT_IMAGES pictures, all of them our own uploads.
 *
 * Files are stored before and removed after the database change (storeProductImages and the
 * URLs these functions return), as for tenders.
 */

import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { images, products } from "~/domain/catalogue";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { fieldErrorsOf } from "~/domain/schemas/base";
import { MAX_PRODUCT_IMAGES, type ProductFields, productSchema } from "~/domain/schemas/product";
import { keyFromUrl } from "~/domain/uploads";
import { type Db, schema } from "./db.server";
import { isUuid, productOfListedFactory } from "./factories.server";
import { type StoredUploads, storeUploads, type UploadTarget } from "./owned-image-uploads.server";
import { appendOwnedImages, type OwnedImageList, removeOwnedImage } from "./owned-images.server";
import { pageWindow } from "./pagination.server";
import type { CurrentUser } from "./session.server";
import type { Storage } from "./storage.server";

export { MAX_PRODUCT_IMAGES };

/** Products on one page of a portfolio. */
export const PORTFOLIO_PAGE_SIZE = 24;

export interface ProductDto {
  id: string;
  factoryId: string;
  name: string;
  clothingType: string | null;
  price: number | null;
  currency: string;
  quantityProduced: number | null;
  productionTime: string | null;
  colors: string[];
  materials: string[];
  images: string[];
  description: string | null;
  /** The factory's own English texts for English pages; null → the original. */
  nameEn: string | null;
  descriptionEn: string | null;
  createdAt: Date;
}

export interface ProductPage {
  items: ProductDto[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

/** The signed-in user may not do this (not a factory, or no factory record yet). */
export class ProductAccessError extends Error {
  readonly status = 403;
  constructor(readonly reason: "not-factory" | "no-factory") {
    super(reason === "not-factory" ? "not a factory" : "no factory record");
  }
}

/** The input broke a rule of the schema; `fieldErrors` holds the Russian messages by field. */
export class ProductValidationError extends Error {
  readonly status = 400;
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super(Object.values(fieldErrors).flat().join("; "));
  }
}

const p = schema.factoryProducts;

const columns = {
  id: p.id,
  factoryId: p.factoryId,
  name: p.name,
  clothingType: p.clothingType,
  price: p.price,
  currency: p.currency,
  quantityProduced: p.quantityProduced,
  productionTime: p.productionTime,
  colors: p.colors,
  materials: p.materials,
  images: p.images,
  description: p.description,
  nameEn: p.nameEn,
  descriptionEn: p.descriptionEn,
  createdAt: p.createdAt,
};

function toDto(row: typeof p.$inferSelect | ProductDto): ProductDto {
  return {
    id: row.id,
    factoryId: row.factoryId,
    name: row.name,
    clothingType: row.clothingType,
    // numeric comes back as a string from some drivers even in number mode.
    price: row.price == null ? null : Number(row.price),
    currency: row.currency,
    quantityProduced: row.quantityProduced,
    productionTime: row.productionTime,
    colors: row.colors,
    materials: row.materials,
    images: row.images,
    description: row.description,
    nameEn: row.nameEn,
    descriptionEn: row.descriptionEn,
    createdAt: row.createdAt,
  };
}

async function listPage(
  db: Db,
  where: SQL,
  page: number | string | null | undefined,
  pageSize: number,
): Promise<ProductPage> {
  const [{ total }] = (await db.select({ total: count() }).from(p).where(where)) as [
    { total: number },
  ];
  const { page: current, pageCount, offset } = pageWindow(total, page, pageSize);
  const rows =
    Number(total) === 0
      ? []
      : await db
          .select(columns)
          .from(p)
          .where(where)
          .orderBy(desc(p.createdAt), desc(p.id))
          .limit(pageSize)
          .offset(offset);
  return { items: rows.map(toDto), total: Number(total), page: current, pageCount, pageSize };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** A factory's public portfolio, newest first, one page at a time. */
export async function listPortfolio(
  db: Db,
  factoryId: string,
  {
    page,
    pageSize = PORTFOLIO_PAGE_SIZE,
  }: { page?: number | string | null; pageSize?: number } = {},
): Promise<ProductPage> {
  if (!isUuid(factoryId)) return { items: [], total: 0, page: 1, pageCount: 1, pageSize };
  // A blocked owner's portfolio is hidden (moderation); own lists below are not filtered.
  return listPage(
    db,
    and(eq(p.factoryId, factoryId), productOfListedFactory("factory_products")) as SQL,
    page,
    pageSize,
  );
}

/** One product of a factory's portfolio (the details dialog opened by URL), or null. */
export async function findPortfolioProduct(
  db: Db,
  factoryId: string,
  productId: string | null | undefined,
): Promise<ProductDto | null> {
  if (!isUuid(factoryId) || !isUuid(productId)) return null;
  const [row] = await db
    .select(columns)
    .from(p)
    .where(
      and(
        eq(p.id, productId),
        eq(p.factoryId, factoryId),
        productOfListedFactory("factory_products"),
      ),
    );
  return row ? toDto(row) : null;
}

/** The signed-in user's own products, newest first. */
export async function listOwnProducts(
  db: Db,
  actor: CurrentUser,
  {
    page,
    pageSize = PORTFOLIO_PAGE_SIZE,
  }: { page?: number | string | null; pageSize?: number } = {},
): Promise<ProductPage> {
  return listPage(db, eq(p.userId, actor.id), page, pageSize);
}

/** One of the signed-in user's products (edit mode), or null when it is not theirs. */
export async function getOwnProduct(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<ProductDto | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(columns)
    .from(p)
    .where(and(eq(p.id, id), eq(p.userId, actor.id)));
  return row ? toDto(row) : null;
}

export interface OwnFactorySummary {
  id: string;
  name: string;
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

/**
 * Where the signed-in user stands for the factory pages (/factory-products, /factory-dashboard):
 * not a factory, a factory without its record, or ready with the factory and its product count.
 */
export async function loadWorkspace(db: Db, actor: CurrentUser): Promise<Workspace> {
  if (actor.userType !== "factory") return { state: "not-factory" };
  const f = schema.factories;
  const [factory] = await db
    .select({
      id: f.id,
      name: f.name,
      description: f.description,
      country: f.country,
      city: f.city,
      logoUrl: f.logoUrl,
      categories: f.categories,
      email: f.email,
      phone: f.phone,
      website: f.website,
      instagramUrl: f.instagramUrl,
      telegramUrl: f.telegramUrl,
      whatsappNumber: f.whatsappNumber,
    })
    .from(f)
    .where(eq(f.userId, actor.id));
  if (!factory) return { state: "no-factory" };
  const [products] = await db.select({ total: count() }).from(p).where(eq(p.factoryId, factory.id));
  const { email, phone, website, instagramUrl, telegramUrl, whatsappNumber, ...rest } = factory;
  return {
    state: "ready",
    factory: {
      ...rest,
      productCount: Number(products?.total ?? 0),
      hasContacts: [email, phone, website, instagramUrl, telegramUrl, whatsappNumber].some(
        (value) => Boolean(value?.trim()),
      ),
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

// ---------------------------------------------------------------------------------------------
// Writing

/** Runs the form's schema; the files field is not stored here. */
function validate(input: unknown): ProductFields {
  // The route has checked the form in the visitor's language; this second check guards the
  // service's other callers, and what it refuses is reported in the default language.
  const parsed = productSchema(DEFAULT_LOCALE).safeParse({
    ...(input as object),
    photos: undefined,
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw new ProductValidationError(fieldErrors);
  }
  const { photos: _files, ...fields } = parsed.data;
  return fields;
}

function storedValues(fields: ProductFields) {
  return {
    name: fields.name,
    clothingType: fields.clothingType ?? null,
    price: fields.price ?? null,
    currency: fields.currency,
    quantityProduced: fields.quantityProduced ?? null,
    productionTime: fields.productionTime ?? null,
    colors: fields.colors,
    materials: fields.materials,
    description: fields.description ?? null,
    nameEn: fields.nameEn ?? null,
    descriptionEn: fields.descriptionEn ?? null,
  };
}

/** Only pictures uploaded into the products folder may be attached to a product. */
function assertProductImages(urls: readonly string[]): void {
  for (const url of urls) {
    if (!keyFromUrl(url)?.startsWith("products/")) {
      throw new Error(`products: not a product image: ${JSON.stringify(url)}`);
    }
  }
}

function tooManyImages(): ProductValidationError {
  return new ProductValidationError({
    photos: [products[DEFAULT_LOCALE].form.imagesTooMany(MAX_PRODUCT_IMAGES)],
  });
}

/**
 * Adds a product to the signed-in factory's portfolio, with the pictures already uploaded.
 * Throws ProductAccessError (not a factory, or no factory record) or ProductValidationError.
 */
export async function createProduct(
  db: Db,
  actor: CurrentUser,
  input: unknown,
  images: readonly string[] = [],
): Promise<ProductDto> {
  if (actor.userType !== "factory") throw new ProductAccessError("not-factory");
  const fields = validate(input);
  if (images.length > MAX_PRODUCT_IMAGES) throw tooManyImages();
  assertProductImages(images);
  const [factory] = await db
    .select({ id: schema.factories.id })
    .from(schema.factories)
    .where(eq(schema.factories.userId, actor.id));
  if (!factory) throw new ProductAccessError("no-factory");
  const [row] = await db
    .insert(p)
    .values({
      ...storedValues(fields),
      images: [...images],
      factoryId: factory.id,
      userId: actor.id,
    })
    .returning(columns);
  return toDto(row as ProductDto);
}

/** Saves the form's fields of one of the user's products; null when it is not theirs. */
export async function updateProduct(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  input: unknown,
): Promise<ProductDto | null> {
  if (!isUuid(id)) return null;
  const fields = validate(input);
  const [row] = await db
    .update(p)
    .set({ ...storedValues(fields), updatedAt: new Date() })
    .where(and(eq(p.id, id), eq(p.userId, actor.id)))
    .returning(columns);
  return row ? toDto(row as ProductDto) : null;
}

/**
 * Deletes one of the user's products. Returns its pictures (for the caller to remove from
 * storage), or null when the product is not theirs (nothing is deleted).
 */
export async function deleteProduct(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<string[] | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .delete(p)
    .where(and(eq(p.id, id), eq(p.userId, actor.id)))
    .returning({ images: p.images });
  return row ? row.images : null;
}

export type ImageChange =
  | { ok: true; images: string[] }
  | { ok: false; reason: "not-found" | "too-many" };

const productImages: OwnedImageList = {
  table: p,
  id: p.id,
  userId: p.userId,
  list: p.images,
  key: "images",
  max: MAX_PRODUCT_IMAGES,
  assertUrls: assertProductImages,
};

/**
 * Appends uploaded pictures to one of the user's products, keeping the limit. On failure nothing
 * changes and the caller removes the uploaded files.
 */
export async function addProductImage(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  urls: string | readonly string[],
): Promise<ImageChange> {
  const added = typeof urls === "string" ? [urls] : [...urls];
  const change = await appendOwnedImages(db, productImages, actor.id, id, added);
  return change.ok ? { ok: true, images: change.urls } : change;
}

/**
 * Takes one picture off one of the user's products. Returns the removed URL (for the caller to
 * remove from storage), or null when the product is not theirs or does not have that picture.
 */
export function removeProductImage(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  url: string | null | undefined,
): Promise<string | null> {
  return removeOwnedImage(db, productImages, actor.id, id, url);
}

// ---------------------------------------------------------------------------------------------
// Files

const productUploads: UploadTarget = {
  folder: "products",
  messages: (locale) => ({
    rejected: products[locale].form.imageRejected,
    failed: images[locale].uploadFailed,
  }),
  log: "[products] storing images failed:",
};

/**
 * Checks, re-encodes and stores every picture into the products folder; all or nothing (a
 * refused file removes the others). Errors name the file and give the message of docs/product.md.
 */
export function storeProductImages(
  storage: Storage,
  files: readonly File[],
  locale: Locale,
): Promise<StoredUploads> {
  return storeUploads(storage, files, productUploads, locale);
}
