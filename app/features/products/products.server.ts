/**
 * Factory products: the public portfolio and the factory's own products. Every rule lives here:
 *
 * - Only a factory user who has a factory record may add products (to that factory).
 * - A product is changed, deleted, or given or relieved of pictures only where it belongs to the
 *   signed-in user: every write is matched on the product id AND its owner (user_id), so another
 *   user's id changes nothing and the caller gets `null` (the route answers 404).
 * - Input is validated with the form's schema (app/features/products/schema.ts) before it is written.
 * - A product has at most MAX_PRODUCT_IMAGES pictures, all of them our own uploads.
 *
 * Files are stored before and removed after the database change (storeProductImages and the
 * URLs these functions return), as for tenders.
 */

import { and, desc, eq, type SQL } from "drizzle-orm";
import { images as imageMessages, products as productMessages } from "~/domain/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { productSchema } from "~/features/products/schema";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import {
  type StoredUploads,
  storeUploads,
  type UploadTarget,
} from "~/platform/owned-image-uploads.server";
import {
  appendOwnedImages,
  assertOwnedImageUrls,
  type OwnedImageList,
  removeOwnedImage,
} from "~/platform/owned-images.server";
import { emptyPage, type Page, type PageRequest, readPage } from "~/platform/pagination.server";
import type { Storage } from "~/platform/storage.server";
import { FieldValidationError, requireFields } from "~/platform/validation.server";
import { productOfListedFactory } from "~/platform/visibility.server";

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

export type ProductPage = Page<ProductDto>;

/** The signed-in user may not do this (not a factory, or no factory record yet). */
export class ProductAccessError extends Error {
  readonly status = 403;
  constructor(readonly reason: "not-factory" | "no-factory") {
    super(reason === "not-factory" ? "not a factory" : "no factory record");
  }
}

const products = schema.factoryProducts;

const columns = {
  id: products.id,
  factoryId: products.factoryId,
  name: products.name,
  clothingType: products.clothingType,
  price: products.price,
  currency: products.currency,
  quantityProduced: products.quantityProduced,
  productionTime: products.productionTime,
  colors: products.colors,
  materials: products.materials,
  images: products.images,
  description: products.description,
  nameEn: products.nameEn,
  descriptionEn: products.descriptionEn,
  createdAt: products.createdAt,
};

function toDto(row: typeof products.$inferSelect | ProductDto): ProductDto {
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

/** The product `id` of the signed-in user (every write is matched on both). */
const ownProduct = (actor: CurrentUser, id: string) =>
  and(eq(products.id, id), eq(products.userId, actor.id));

async function listPage(
  db: Db,
  where: SQL | undefined,
  page: PageRequest["page"],
  pageSize: number,
): Promise<ProductPage> {
  const total = await db.$count(products, where);
  return readPage(total, page, pageSize, async ({ offset }) => {
    const rows = await db
      .select(columns)
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(pageSize)
      .offset(offset);
    return rows.map(toDto);
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** What a caller asks of a product list: the page, and its size (tests make it smaller). */
type ProductPageRequest = PageRequest & { pageSize?: number };

/** A factory's public portfolio, newest first, one page at a time. */
export async function listPortfolio(
  db: Db,
  factoryId: string,
  { page, pageSize = PORTFOLIO_PAGE_SIZE }: ProductPageRequest = {},
): Promise<ProductPage> {
  if (!isUuid(factoryId)) return emptyPage(pageSize);
  // A blocked owner's portfolio is hidden (moderation); own lists below are not filtered.
  return listPage(
    db,
    and(eq(products.factoryId, factoryId), productOfListedFactory("factory_products")),
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
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.factoryId, factoryId),
        productOfListedFactory("factory_products"),
      ),
    );
  return row ? toDto(row) : null;
}

/** The signed-in user's own products, newest first. */
export async function listOwnProducts(
  db: Db,
  actor: CurrentUser,
  { page, pageSize = PORTFOLIO_PAGE_SIZE }: ProductPageRequest = {},
): Promise<ProductPage> {
  return listPage(db, eq(products.userId, actor.id), page, pageSize);
}

/** One of the signed-in user's products (edit mode), or null when it is not theirs. */
export async function getOwnProduct(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
): Promise<ProductDto | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(products).where(ownProduct(actor, id));
  return row ? toDto(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * The form's fields of a product as they are stored; throws FieldValidationError for input the
 * form's schema refuses (the files field is not part of it).
 */
function storedValues(input: unknown) {
  const fields = requireFields(productSchema, input, "photos");
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

export type ImageChange =
  | { ok: true; images: string[] }
  | { ok: false; reason: "not-found" | "too-many" };

/** A product's pictures: only our own uploads into the products folder, MAX_PRODUCT_IMAGES. */
const productImages: OwnedImageList = {
  table: products,
  id: products.id,
  userId: products.userId,
  list: products.images,
  key: "images",
  max: MAX_PRODUCT_IMAGES,
  folder: "products",
  noun: "product image",
};

/**
 * Adds a product to the signed-in factory's portfolio, with the pictures already uploaded.
 * Throws ProductAccessError (not a factory, or no factory record) or FieldValidationError.
 */
export async function createProduct(
  db: Db,
  actor: CurrentUser,
  input: unknown,
  images: readonly string[] = [],
): Promise<ProductDto> {
  if (actor.userType !== "factory") throw new ProductAccessError("not-factory");
  const values = storedValues(input);
  if (images.length > MAX_PRODUCT_IMAGES) {
    throw new FieldValidationError({
      photos: [productMessages[DEFAULT_LOCALE].form.imagesTooMany(MAX_PRODUCT_IMAGES)],
    });
  }
  assertOwnedImageUrls(productImages, images);
  const [factory] = await db
    .select({ id: schema.factories.id })
    .from(schema.factories)
    .where(eq(schema.factories.userId, actor.id));
  if (!factory) throw new ProductAccessError("no-factory");
  const [row] = await db
    .insert(products)
    .values({ ...values, images: [...images], factoryId: factory.id, userId: actor.id })
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
  const values = storedValues(input);
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(ownProduct(actor, id))
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
    .delete(products)
    .where(ownProduct(actor, id))
    .returning({ images: products.images });
  return row ? row.images : null;
}

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
  const change = await appendOwnedImages(db, productImages, actor.id, id, urls);
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
    rejected: productMessages[locale].form.imageRejected,
    failed: imageMessages[locale].uploadFailed,
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
