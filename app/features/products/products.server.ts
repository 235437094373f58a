/**
 * Factory products: the public portfolio and the factory's own products. Every rule lives here:
 *
 * - Only a factory user who has a factory record may add products (to that factory).
 * - A product is changed, deleted, or given or relieved of pictures only where it belongs to the
 *   signed-in user: every write is matched on the product id AND its owner (user_id), so another
 *   user's id changes nothing and the caller gets "not-found" or `null` (the route answers 404).
 * - Input is validated with the form's schema (app/features/products/schema.ts) before it is written.
 * - A product has at most MAX_PRODUCT_IMAGES pictures, all of them our own uploads.
 *
 * The actions' use cases (saveProduct, removeProduct) take the use-case context and the request's
 * input and answer an Outcome (problems.ts): they store the pictures before the database change
 * and remove them when it does not happen, and remove a deleted product's pictures after it.
 */

import { and, desc, eq, type SQL } from "drizzle-orm";
import { images as imageMessages, products as productMessages } from "~/domain/catalogue";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { failures, invalid, type Outcome, ok } from "~/domain/outcome";
import { PRODUCT_PROBLEMS, type ProductProblem } from "~/features/products/problems";
import { productSchema } from "~/features/products/schema";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, isDatabaseUnreachable, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import {
  addOwnedPictures,
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
import { removeImages, type Storage } from "~/platform/storage.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { checkFields } from "~/platform/validation.server";
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

const fail = failures(PRODUCT_PROBLEMS);

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
 * The form's fields of a product as they are stored, or the refusal of the form's schema (in the
 * default language; the files field is not part of it).
 */
function storedValues(input: unknown) {
  const checked = checkFields(productSchema, input, "photos");
  if (!checked.ok) return invalid(checked.fieldErrors);
  const fields = checked.value;
  return ok({
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
  });
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

/** The id of the actor's factory record, or null when it has none yet. */
async function ownFactoryId(db: Db, actor: CurrentUser): Promise<string | null> {
  const [factory] = await db
    .select({ id: schema.factories.id })
    .from(schema.factories)
    .where(eq(schema.factories.userId, actor.id));
  return factory?.id ?? null;
}

/**
 * The gate of the products workspace's actions, before the body is read: a factory account with
 * its factory record. Refused: "not-factory", "no-factory".
 */
export async function productWorkspace({
  db,
  actor,
}: Pick<UseCaseContext, "db" | "actor">): Promise<Outcome<{ factoryId: string }, ProductProblem>> {
  if (actor.userType !== "factory") return fail("not-factory");
  const factoryId = await ownFactoryId(db, actor);
  return factoryId ? ok({ factoryId }) : fail("no-factory");
}

/**
 * Adds a product to the signed-in factory's portfolio, with the pictures already uploaded (the
 * caller removes them when this refuses). Refused: not a factory, no factory record yet, or input
 * the form's schema refuses (in the default language).
 */
export async function createProduct(
  db: Db,
  actor: CurrentUser,
  input: unknown,
  images: readonly string[] = [],
): Promise<Outcome<ProductDto, ProductProblem | "invalid">> {
  if (actor.userType !== "factory") return fail("not-factory");
  const values = storedValues(input);
  if (!values.ok) return values;
  if (images.length > MAX_PRODUCT_IMAGES) {
    return invalid({
      photos: [productMessages[DEFAULT_LOCALE].form.imagesTooMany(MAX_PRODUCT_IMAGES)],
    });
  }
  assertOwnedImageUrls(productImages, images);
  const factoryId = await ownFactoryId(db, actor);
  if (!factoryId) return fail("no-factory");
  const [row] = await db
    .insert(products)
    .values({ ...values.value, images: [...images], factoryId, userId: actor.id })
    .returning(columns);
  return ok(toDto(row as ProductDto));
}

/**
 * Saves the form's fields of one of the user's products. Refused: "not-found" when it is not
 * theirs (nothing changes), or input the form's schema refuses (in the default language).
 */
export async function updateProduct(
  db: Db,
  actor: CurrentUser,
  id: string | null | undefined,
  input: unknown,
): Promise<Outcome<ProductDto, ProductProblem | "invalid">> {
  if (!isUuid(id)) return fail("not-found");
  const values = storedValues(input);
  if (!values.ok) return values;
  const [row] = await db
    .update(products)
    .set({ ...values.value, updatedAt: new Date() })
    .where(ownProduct(actor, id))
    .returning(columns);
  return row ? ok(toDto(row as ProductDto)) : fail("not-found");
}

/**
 * The product form's use case: adds a product (no `productId`), its pictures stored first and
 * removed again when the product is not written, or saves the fields of one of the actor's
 * products. The form is read in the context's language.
 */
export async function saveProduct(
  context: UseCaseContext,
  { productId, form }: { productId: string; form: FormData },
): Promise<Outcome<{ created: boolean }, ProductProblem | "invalid">> {
  const { db, storage, actor, locale } = context;
  const read = readFields(context, productSchema, form);
  if (!read.ok) return read;
  const { photos, ...fields } = read.value;
  if (productId) {
    const updated = await updateProduct(db, actor, productId, fields);
    return updated.ok ? ok({ created: false }) : updated;
  }
  const saved = await withStoredFiles(
    () => storeProductImages(storage, photos, locale),
    ({ urls }) => createProduct(db, actor, fields, urls),
    ({ urls }) => removeImages(storage, urls),
  );
  if (!saved.stored) return invalid({ photos: saved.refused.errors });
  return saved.written.ok ? ok({ created: true }) : saved.written;
}

/** The delete intent's use case: deletes one of the actor's products, then its pictures. */
export async function removeProduct(
  { db, storage, actor }: UseCaseContext,
  { productId }: { productId: string },
): Promise<Outcome<void, ProductProblem>> {
  const images = await deleteProduct(db, actor, productId);
  if (!images) return fail("not-found");
  await removeImages(storage, images);
  return ok();
}

/**
 * Adds the form's pictures (`photos`) to one of the actor's products, keeping MAX_PRODUCT_IMAGES;
 * the stored files are removed when they are not added.
 */
export async function addPicturesToProduct(
  { db, storage, actor, locale }: UseCaseContext,
  { productId, form }: { productId: string; form: FormData },
): Promise<Outcome<undefined, ProductProblem>> {
  try {
    return await addOwnedPictures(storage, form, {
      max: MAX_PRODUCT_IMAGES,
      count: async () => (await getOwnProduct(db, actor, productId))?.images.length ?? null,
      store: (files) => storeProductImages(storage, files, locale),
      append: (urls) => addProductImage(db, actor, productId, urls),
    });
  } catch (error) {
    // The stored pictures are gone again (addOwnedPictures); the product is unchanged.
    if (isDatabaseUnreachable(error)) throw error;
    console.error("[products] adding images failed:", error);
    return fail("photos-failed");
  }
}

/** Takes the picture at the form's `url` off one of the actor's products, then removes its files. */
export async function takePictureOffProduct(
  { db, storage, actor }: UseCaseContext,
  { productId, form }: { productId: string; form: FormData },
): Promise<Outcome<undefined, ProductProblem>> {
  const removed = await removeProductImage(db, actor, productId, String(form.get("url") ?? ""));
  if (!removed) return fail("picture-not-removed");
  await removeImages(storage, [removed]);
  return ok();
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
