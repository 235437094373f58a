// Factory products against a real database and real images (sharp): ownership across two
// factories, who may add products, the form's rules (colours, prices, messages), pictures and
// their limit, the portfolio lists and the factory workspace.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PRODUCT_IMAGES } from "~/domain/limits";
import { m } from "~/domain/messages";
import { loadWorkspace, profileGaps } from "~/features/factories/factory-workspace.server";
import {
  addProductImage,
  createProduct,
  deleteProduct,
  findPortfolioProduct,
  getOwnProduct,
  listOwnProducts,
  listPortfolio,
  productWorkspace,
  removeProduct,
  removeProductImage,
  saveProduct,
  updateProduct,
} from "~/features/products/products.server";
import { normalizeColors, productSchema } from "~/features/products/schema";
import { schema } from "~/platform/db.server";
import { createDiskStorage, removeImages } from "~/platform/storage.server";
import type { UserType } from "~db/schema";
import { formDataOf, formPairs } from "../support/hostile";
import { storedImage, uploadedFile } from "../support/images";
import { insertPerson } from "../support/people";
import { tempDir, testDatabase } from "../support/per-file";
import { rowWhere } from "../support/rows";
import { testDatabaseKind } from "../support/test-db";
import { outcomeValue, validationErrors } from "../support/validation";

const t = m.products.form;

const database = testDatabase();
const uploads = tempDir("fabricum-products-");
const storage = createDiskStorage(uploads);

/** A signed-in person as the guards see them; a factory gets its factory record unless told. */
const person = (userType: UserType, { factory = userType === "factory", name = "Участник" } = {}) =>
  insertPerson(database.db, userType, name, {
    profile: { factoryName: name },
    factory: factory ? { country: "kg", city: "kg_1" } : undefined,
  });

const upload = (color?: string) => storedImage(storage, "products", color);
const fileOf = (url: string) => uploadedFile(uploads, url);

/** The product's row as stored, straight from the table. */
const stored = (id: string) => rowWhere(database.db, schema.factoryProducts, "id", id);

describe(`ownership across two factories (${testDatabaseKind()})`, () => {
  let alpha: Awaited<ReturnType<typeof person>>;
  let beta: Awaited<ReturnType<typeof person>>;
  let productId: string;
  let images: string[];

  beforeAll(async () => {
    alpha = await person("factory", { name: "Альфа" });
    beta = await person("factory", { name: "Бета" });
    images = [await upload("#c8322f"), await upload("#2e8a57")];
    const product = await outcomeValue(
      createProduct(
        database.db,
        alpha,
        { name: "Куртка «Альфа»", price: "1250.50", currency: "KGS", colors: "Красный" },
        images,
      ),
    );
    productId = product.id;
    expect(product).toMatchObject({ factoryId: alpha.factoryId, images, price: 1250.5 });
  });

  it("another factory cannot update the product: nothing changes, the caller gets not-found", async () => {
    const before = await stored(productId);
    expect(await updateProduct(database.db, beta, productId, { name: "Захвачено" })).toEqual({
      ok: false,
      problem: "not-found",
      kind: "missing",
    });
    expect(await stored(productId)).toEqual(before);
  });

  it("another factory cannot delete it, nor take or add its pictures", async () => {
    expect(await deleteProduct(database.db, beta, productId)).toBeNull();
    expect(await removeProductImage(database.db, beta, productId, images[0])).toBeNull();
    const extra = await upload();
    expect(await addProductImage(database.db, beta, productId, extra)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const row = await stored(productId);
    expect(row?.images).toEqual(images);
    expect(row?.name).toBe("Куртка «Альфа»");
    for (const url of images) expect(existsSync(fileOf(url))).toBe(true);
    await removeImages(storage, [extra]);
  });

  it("another factory does not see it among its own products or open it for editing", async () => {
    expect((await listOwnProducts(database.db, beta)).items).toEqual([]);
    expect(await getOwnProduct(database.db, beta, productId)).toBeNull();
    expect(await getOwnProduct(database.db, alpha, productId)).toMatchObject({ id: productId });
  });

  it("a portfolio shows only that factory's products; a product is opened only with its factory", async () => {
    const ofAlpha = await listPortfolio(database.db, alpha.factoryId as string);
    expect(ofAlpha.items.map((p) => p.id)).toEqual([productId]);
    expect((await listPortfolio(database.db, beta.factoryId as string)).total).toBe(0);
    expect(await findPortfolioProduct(database.db, beta.factoryId as string, productId)).toBeNull();
    expect(
      await findPortfolioProduct(database.db, alpha.factoryId as string, productId),
    ).toMatchObject({ name: "Куртка «Альфа»" });
    expect(await findPortfolioProduct(database.db, "not-a-uuid", productId)).toBeNull();
    expect((await listPortfolio(database.db, "not-a-uuid")).items).toEqual([]);
  });

  it("malformed and unknown ids change nothing", async () => {
    for (const id of ["", "1", "' or 1=1 --", randomUUID()]) {
      expect(await updateProduct(database.db, alpha, id, { name: "X" })).toEqual({
        ok: false,
        problem: "not-found",
        kind: "missing",
      });
      expect(await deleteProduct(database.db, alpha, id)).toBeNull();
      expect(await removeProductImage(database.db, alpha, id, images[0])).toBeNull();
    }
    expect((await stored(productId))?.images).toEqual(images);
  });

  it("the owner updates, removes a picture and deletes; deletion returns the pictures", async () => {
    const updated = await outcomeValue(
      updateProduct(database.db, alpha, productId, {
        name: "  Куртка «Альфа-2»  ",
        colors: ["Синий"],
        price: "",
      }),
    );
    expect(updated).toMatchObject({ name: "Куртка «Альфа-2»", colors: ["Синий"], price: null });
    expect(updated?.images).toEqual(images);

    expect(await removeProductImage(database.db, alpha, productId, images[0])).toBe(images[0]);
    expect((await stored(productId))?.images).toEqual([images[1]]);
    // A picture it no longer has.
    expect(await removeProductImage(database.db, alpha, productId, images[0])).toBeNull();

    expect(await deleteProduct(database.db, alpha, productId)).toEqual([images[1]]);
    expect(await stored(productId)).toBeUndefined();
    expect(await deleteProduct(database.db, alpha, productId)).toBeNull();
  });
});

describe("who may add products", () => {
  it("a buyer cannot", async () => {
    const buyer = await person("buyer");
    expect(await createProduct(database.db, buyer, { name: "Футболка" })).toEqual({
      ok: false,
      problem: "not-factory",
      kind: "forbidden",
    });
    const count = await database.db
      .select({ id: schema.factoryProducts.id })
      .from(schema.factoryProducts)
      .where(eq(schema.factoryProducts.userId, buyer.id));
    expect(count).toEqual([]);
  });

  it("a factory without its factory record cannot (it is asked to fill in the profile)", async () => {
    const newcomer = await person("factory", { factory: false });
    expect(await createProduct(database.db, newcomer, { name: "Футболка" })).toEqual({
      ok: false,
      problem: "no-factory",
      kind: "forbidden",
    });
    expect(await loadWorkspace(database.db, newcomer)).toEqual({ state: "no-factory" });
  });

  it("pictures must be our own uploads of the products folder", async () => {
    const factory = await person("factory");
    await expect(
      createProduct(database.db, factory, { name: "Футболка" }, ["https://evil.example/x.png"]),
    ).rejects.toThrow(/not a product image/);
    await expect(
      createProduct(database.db, factory, { name: "Футболка" }, [
        `/uploads/logos/${randomUUID()}.webp`,
      ]),
    ).rejects.toThrow(/not a product image/);
  });
});

describe("the form's rules", () => {
  let factory: Awaited<ReturnType<typeof person>>;
  beforeAll(async () => {
    factory = await person("factory");
  });

  it("colours are trimmed, empty entries dropped and duplicates ignored in any letter case", async () => {
    const product = await outcomeValue(
      createProduct(database.db, factory, {
        name: "Платье",
        colors: " Красный , красный,  , Синий",
      }),
    );
    expect(product.colors).toEqual(["Красный", "Синий"]);
    const again = await outcomeValue(
      updateProduct(database.db, factory, product.id, {
        name: "Платье",
        colors: ["  белый ", "Белый", "", "Бирюзовый   меланж", "бирюзовый меланж"],
      }),
    );
    expect(again?.colors).toEqual(["Белый", "Бирюзовый меланж"]);
    expect(normalizeColors(["ЧЕРНЫЙ", "черный, Черный ,, "])).toEqual(["Черный"]);
  });

  it("keeps what was typed: name trimmed, defaults and empty fields", async () => {
    const product = await outcomeValue(
      createProduct(database.db, factory, {
        name: "  Худи оверсайз  ",
        clothingType: "hoodie",
        price: "15,5",
        quantityProduced: "1200",
        productionTime: "  14–21 день ",
        materials: ["cotton", "cotton", "footer"],
        description: "   ",
      }),
    );
    expect(product).toMatchObject({
      name: "Худи оверсайз",
      clothingType: "hoodie",
      price: 15.5,
      currency: "USD",
      quantityProduced: 1200,
      productionTime: "14–21 день",
      materials: ["cotton", "footer"],
      description: null,
      colors: [],
      images: [],
    });
  });

  it("refuses each invalid value with its Russian message", async () => {
    const errors = await validationErrors(
      createProduct(database.db, factory, {
        name: "   ",
        clothingType: "spaceship",
        price: "-5",
        currency: "XXX",
        quantityProduced: "1.5",
        materials: ["unobtainium"],
        colors: ["x".repeat(41)],
      }),
    );
    expect(errors).toEqual({
      name: [t.nameRequired],
      clothingType: [t.clothingTypeInvalid],
      price: [t.priceInvalid],
      currency: [t.currencyInvalid],
      quantityProduced: [t.quantityInvalid],
      materials: [t.materialsInvalid],
      colors: [t.colorTooLong(40)],
    });
    expect(
      await validationErrors(createProduct(database.db, factory, { name: "A", price: "10.555" })),
    ).toEqual({ price: [t.priceStep] });
    expect(
      await validationErrors(
        createProduct(database.db, factory, { name: "A", price: "1000000000000" }),
      ),
    ).toEqual({ price: [t.priceTooLarge] });
    expect(
      await validationErrors(
        createProduct(database.db, factory, { name: "A", quantityProduced: "99999999999" }),
      ),
    ).toEqual({ quantityProduced: [t.quantityTooLarge] });
    expect(
      await validationErrors(
        createProduct(database.db, factory, { name: "A", price: "abc", quantityProduced: "-1" }),
      ),
    ).toEqual({ price: [t.priceInvalid], quantityProduced: [t.quantityInvalid] });
    // An update is checked the same way and changes nothing when refused.
    const product = await outcomeValue(createProduct(database.db, factory, { name: "Брюки" }));
    expect(
      await validationErrors(updateProduct(database.db, factory, product.id, { name: "" })),
    ).toEqual({ name: [t.nameRequired] });
    expect((await stored(product.id))?.name).toBe("Брюки");
  });

  it("the same schema reads the browser's form data (Conform) with the same messages", () => {
    const colors = ["Красный", " красный , Синий"];
    const form = formDataOf(formPairs({ name: "", price: "-1", colors, materials: "linen" }));
    const result = parseWithZod(form, { schema: productSchema("ru") });
    expect(result.status === "error" && result.error).toEqual({
      name: [t.nameRequired],
      price: [t.priceInvalid],
    });

    // A file input left empty sends a nameless, empty file.
    const noFile = new File([], "", { type: "application/octet-stream" });
    const ok = formDataOf([
      ...formPairs({ name: "Рубашка", price: "", currency: "", colors }),
      ["photos", noFile],
    ]);
    const parsed = parseWithZod(ok, { schema: productSchema("ru") });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && parsed.value).toMatchObject({
      name: "Рубашка",
      price: undefined,
      currency: "USD",
      colors: ["Красный", "Синий"],
      materials: [],
      photos: [],
    });
  });

  it("chosen files are checked by declared type, size and count before anything is sent", () => {
    const form = new FormData();
    form.append("name", "Рубашка");
    form.append("photos", new File(["text"], "notes.txt", { type: "text/plain" }));
    const result = parseWithZod(form, { schema: productSchema("ru") });
    expect(result.status === "error" && Object.values(result.error ?? {}).flat()).toContain(
      m.images.fileTypeNotSupported,
    );
    const many = new FormData();
    many.append("name", "Рубашка");
    for (let i = 0; i <= MAX_PRODUCT_IMAGES; i++) {
      many.append("photos", new File(["x"], `${i}.png`, { type: "image/png" }));
    }
    const tooMany = parseWithZod(many, { schema: productSchema("ru") });
    expect(tooMany.status === "error" && tooMany.error?.photos).toEqual([
      t.imagesTooMany(MAX_PRODUCT_IMAGES),
    ]);
  });
});

describe("pictures of a product", () => {
  it(`are limited to ${MAX_PRODUCT_IMAGES}, checked in the same statement that adds them`, async () => {
    const factory = await person("factory");
    const first = await upload();
    const product = await outcomeValue(
      createProduct(database.db, factory, { name: "Жилет" }, [first]),
    );
    const more = await Promise.all(
      Array.from({ length: MAX_PRODUCT_IMAGES - 1 }, (_, i) =>
        upload(i % 2 ? "#111111" : "#eeeeee"),
      ),
    );
    const added = await addProductImage(database.db, factory, product.id, more);
    expect(added).toEqual({ ok: true, images: [first, ...more] });
    const extra = await upload();
    expect(await addProductImage(database.db, factory, product.id, extra)).toEqual({
      ok: false,
      reason: "too-many",
    });
    expect((await stored(product.id))?.images).toHaveLength(MAX_PRODUCT_IMAGES);
    expect(
      await validationErrors(
        createProduct(database.db, factory, { name: "Жилет" }, [...more, first, extra]),
      ),
    ).toEqual({ photos: [t.imagesTooMany(MAX_PRODUCT_IMAGES)] });
  });
});

describe("the actions' use cases", () => {
  const contextOf = (actor: Awaited<ReturnType<typeof person>>) => ({
    db: database.db,
    storage,
    actor,
    locale: "ru" as const,
  });
  const productForm = (fields: Record<string, string>) => formDataOf(formPairs(fields));

  it("the workspace's gate lets in only a factory with its record", async () => {
    const buyer = await person("buyer");
    const newcomer = await person("factory", { factory: false });
    const factory = await person("factory");
    expect(await productWorkspace(contextOf(buyer))).toEqual({
      ok: false,
      problem: "not-factory",
      kind: "forbidden",
    });
    expect(await productWorkspace(contextOf(newcomer))).toEqual({
      ok: false,
      problem: "no-factory",
      kind: "forbidden",
    });
    expect(await productWorkspace(contextOf(factory))).toEqual({
      ok: true,
      value: { factoryId: factory.factoryId },
    });
  });

  it("saves, refuses another's product as not-found and deletes with its pictures", async () => {
    const owner = await person("factory");
    const other = await person("factory");
    const created = await saveProduct(contextOf(owner), {
      productId: "",
      form: productForm({ name: "Плащ" }),
    });
    expect(created).toEqual({ ok: true, value: { created: true } });
    const [own] = (await listOwnProducts(database.db, owner)).items;
    const productId = own?.id as string;
    expect(
      await saveProduct(contextOf(other), { productId, form: productForm({ name: "Захвачено" }) }),
    ).toEqual({ ok: false, problem: "not-found", kind: "missing" });
    expect(
      await saveProduct(contextOf(owner), { productId, form: productForm({ name: "" }) }),
    ).toEqual({
      ok: false,
      problem: "invalid",
      kind: "invalid",
      fieldErrors: { name: [t.nameRequired] },
    });
    expect(
      await saveProduct(contextOf(owner), { productId, form: productForm({ name: "Плащ-2" }) }),
    ).toEqual({ ok: true, value: { created: false } });
    expect((await stored(productId))?.name).toBe("Плащ-2");
    const picture = await upload();
    await addProductImage(database.db, owner, productId, picture);
    expect(await removeProduct(contextOf(other), { productId })).toEqual({
      ok: false,
      problem: "not-found",
      kind: "missing",
    });
    expect(await removeProduct(contextOf(owner), { productId })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await stored(productId)).toBeUndefined();
    expect(existsSync(fileOf(picture))).toBe(false);
  });
});

describe("lists and the factory workspace", () => {
  it("pages newest first; a page past the end shows the last one", async () => {
    const factory = await person("factory");
    for (let i = 1; i <= 5; i++) {
      await createProduct(database.db, factory, { name: `Товар ${i}` });
    }
    const first = await listPortfolio(database.db, factory.factoryId as string, { pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(first.items.map((p) => p.name)).toEqual(["Товар 5", "Товар 4"]);
    const last = await listOwnProducts(database.db, factory, { page: "99", pageSize: 2 });
    expect(last.page).toBe(3);
    expect(last.items.map((p) => p.name)).toEqual(["Товар 1"]);
    expect((await listOwnProducts(database.db, factory, { page: "abc" })).page).toBe(1);
  });

  it("knows who may use the factory pages and what the profile lacks", async () => {
    const buyer = await person("buyer");
    expect(await loadWorkspace(database.db, buyer)).toEqual({ state: "not-factory" });
    const factory = await person("factory", { name: "Гамма" });
    await createProduct(database.db, factory, { name: "Кепка" });
    const workspace = await loadWorkspace(database.db, factory);
    expect(workspace).toMatchObject({
      state: "ready",
      factory: { id: factory.factoryId, name: "Гамма", productCount: 1, hasContacts: false },
    });
    if (workspace.state !== "ready") throw new Error("not ready");
    expect(profileGaps(workspace.factory)).toEqual([
      "logo",
      "description",
      "contacts",
      "categories",
    ]);
    await database.db
      .update(schema.factories)
      .set({
        description: "Шьем кепки",
        phone: "+996555123456",
        categories: ["accessories-headwear"],
      })
      .where(eq(schema.factories.userId, factory.id));
    const filled = await loadWorkspace(database.db, factory);
    if (filled.state !== "ready") throw new Error("not ready");
    expect(profileGaps(filled.factory)).toEqual(["logo"]);
  });
});
