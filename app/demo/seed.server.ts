/**
 * The demo dataset: 42 factories over the 15 countries and all 10 activity categories, each with
 * a logo and 3–8 portfolio products with pictures; 29 tenders from 5 buyers; quotes on most active
 * tenders with their conversations and notifications (quotes.ts); tech packs on three tenders in
 * four (a specification PDF, and a sketch on every other one: tech-packs.server.ts); the accounts
 * buyer@example.com, factory@example.com and admin@example.com. The passwords are generated
 * once per installation, kept in DATA_DIR/demo-accounts.json and printed on start. The demo
 * buyer finds quotes, an awarded tender and unread messages on its tenders; the demo factory
 * finds its quotes in every state, a conversation waiting for an answer and notifications.
 *
 * Idempotent: a row in seed_runs marks the dataset, and everything is inserted in one
 * transaction, so seeding twice adds nothing and a failed seed leaves nothing behind.
 */

import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import { count, eq } from "drizzle-orm";
import type { Attachment } from "~/domain/attachments";
import { normalizePhone } from "~/domain/contacts";
import { formatCount } from "~/domain/format";
import {
  CATEGORIES,
  COLOR_SUGGESTIONS,
  colorHex,
  findCountry,
  garmentTypeLabel,
} from "~/domain/reference";
import { cyrillicToLatin } from "~/domain/transliteration";
import { removeAttachments, storeAttachments } from "~/platform/attachments.server";
import type { Db } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";
import { readInstanceSetting } from "~/platform/instance.server";
import {
  type EncodedImage,
  removeImages,
  storageFor,
  storeWebp,
  type UploadFolder,
  withThumbnail,
} from "~/platform/storage.server";
import * as schema from "~db/schema";
import { demoCapabilities } from "./capabilities";
import { demoPdf, seedDemoCertificates } from "./certificates.server";
import {
  CATEGORY_PRODUCTS,
  DEMO_BUYERS,
  DEMO_FACTORIES,
  DEMO_TENDERS,
  FABRICS_BY_CATEGORY,
  MODEL_NAMES,
  PRODUCTION_TIMES,
  USD_RATES,
} from "./data";
import { logoSvg, productSvg, renderWebp, type Shape } from "./images.server";
import { insertDemoInvitations } from "./invitations.server";
import { buildDemoOrders, buildPastDemoOrders } from "./orders";
import { buildDemoQuotes, type SeedFactory, type SeedTender } from "./quotes";
import { random } from "./random";
import { seedDemoReviews } from "./reviews";
import { hasDemoTechPack, storeDemoTechPack } from "./tech-packs.server";

export const DEMO_SEED_NAME = "demo-v1";

export interface DemoAccount {
  email: string;
  password: string;
  role: "buyer" | "factory" | "admin";
}

export interface SeedReport {
  /** true when this call inserted the dataset. */
  created: boolean;
  /** Why nothing was inserted, when nothing was. */
  skipped?: "already-seeded" | "database-not-empty";
  accounts: DemoAccount[];
  counts?: {
    factories: number;
    products: number;
    tenders: number;
    users: number;
    quotes: number;
    messages: number;
  };
}

export interface SeedOptions {
  /** Only seed an empty database (the automatic seed on first start). Default true. */
  onlyIfEmpty?: boolean;
}

function accountsFile(dataDir: string): string {
  return path.join(dataDir, "demo-accounts.json");
}

/** The demo passwords kept in DATA_DIR, or none when this installation has not seeded. */
export function readDemoAccounts(dataDir: string): DemoAccount[] {
  const file = accountsFile(dataDir);
  if (!existsSync(file)) return [];
  // Passwords (the admin's among them): readable by the owner only, an older file included.
  chmodSync(file, 0o600);
  return JSON.parse(readFileSync(file, "utf8")) as DemoAccount[];
}

/** Keeps the demo passwords in DATA_DIR (readable by the owner only). */
function writeDemoAccounts(dataDir: string, accounts: DemoAccount[]): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(accountsFile(dataDir), `${JSON.stringify(accounts, null, 2)}\n`, { mode: 0o600 });
}

/** The demo passwords of this installation (created on first use). */
function demoAccounts(dataDir: string): DemoAccount[] {
  const existing = readDemoAccounts(dataDir);
  if (existing.length > 0) return existing;
  const password = () => `Demo-${randomBytes(6).toString("base64url")}`;
  const accounts: DemoAccount[] = [
    { email: "buyer@example.com", password: password(), role: "buyer" },
    { email: "factory@example.com", password: password(), role: "factory" },
    { email: "admin@example.com", password: password(), role: "admin" },
  ];
  writeDemoAccounts(dataDir, accounts);
  return accounts;
}

/** instance_settings' name of the demo passwords the seeded accounts were made with. */
const DEMO_ACCOUNTS_SETTING = "demo-accounts";

/**
 * The passwords the seeded demo accounts have: those kept in the database by the process that
 * seeded (another process may have its own DATA_DIR, and its own generated file would not
 * work), copied into this DATA_DIR; a database seeded before they were kept there has only the
 * DATA_DIR file.
 */
async function seededDemoAccounts(db: Db, dataDir: string): Promise<DemoAccount[]> {
  const stored = await readInstanceSetting(db, DEMO_ACCOUNTS_SETTING);
  if (!stored) return readDemoAccounts(dataDir);
  const accounts = JSON.parse(stored) as DemoAccount[];
  if (JSON.stringify(readDemoAccounts(dataDir)) !== JSON.stringify(accounts)) {
    writeDemoAccounts(dataDir, accounts);
  }
  return accounts;
}

function slugify(text: string): string {
  return cyrillicToLatin(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Each country's calling code and the first digits of a number: with the 7 digits drawn below, a
 * number of the country's length (so it shows with its grouping). */
const PHONE_CODES: Record<string, string> = {
  kg: "+996 70",
  kz: "+7 727",
  uz: "+998 71",
  tj: "+992 37",
  tm: "+993 1",
  ru: "+7 495",
  ua: "+380 44",
  by: "+375 17",
  az: "+994 12",
  am: "+374 1",
  ge: "+995 32",
  md: "+373 2",
  ee: "+372 6",
  lv: "+371 6",
  lt: "+370 5",
};

const DAY = 24 * 60 * 60 * 1000;

export async function seedDemo(db: Db, env: Env, options: SeedOptions = {}): Promise<SeedReport> {
  const onlyIfEmpty = options.onlyIfEmpty ?? true;
  const [done] = await db
    .select({ name: schema.seedRuns.name })
    .from(schema.seedRuns)
    .where(eq(schema.seedRuns.name, DEMO_SEED_NAME));
  if (done) {
    return {
      created: false,
      skipped: "already-seeded",
      accounts: await seededDemoAccounts(db, env.dataDir),
    };
  }
  if (onlyIfEmpty) {
    const [users] = await db.select({ n: count() }).from(schema.users);
    if ((users?.n ?? 0) > 0) return { created: false, skipped: "database-not-empty", accounts: [] };
  }

  const accounts = demoAccounts(env.dataDir);
  const passwordOf = (role: DemoAccount["role"]) =>
    accounts.find((a) => a.role === role)?.password ?? "";
  const [buyerHash, factoryHash, adminHash] = await Promise.all([
    hashPassword(passwordOf("buyer")),
    hashPassword(passwordOf("factory")),
    hashPassword(passwordOf("admin")),
  ]);

  const rnd = random(20251);
  const now = Date.now();
  const written: string[] = [];
  const techPackFiles: Attachment[] = [];
  const storage = storageFor(env);
  const rendered = new Map<string, Promise<EncodedImage>>();
  const image = async (folder: UploadFolder, key: string, svg: () => string, size: number) => {
    let buffer = rendered.get(key);
    if (!buffer) {
      buffer = renderWebp(svg(), size).then((webp) => withThumbnail(webp, folder));
      rendered.set(key, buffer);
    }
    // Every row gets its own files, so deleting one product never breaks another.
    const url = await storeWebp(storage, folder, await buffer);
    written.push(url);
    return url;
  };

  let counts: SeedReport["counts"];
  const users: (typeof schema.users.$inferInsert)[] = [];
  const credentials: (typeof schema.accounts.$inferInsert)[] = [];
  const profiles: (typeof schema.profiles.$inferInsert)[] = [];
  const factories: (typeof schema.factories.$inferInsert)[] = [];
  const products: (typeof schema.factoryProducts.$inferInsert)[] = [];
  const tenders: (typeof schema.tenders.$inferInsert)[] = [];
  /** The factories in the order of DEMO_FACTORIES (the first is the demo factory's). */
  const factoryRefs: SeedFactory[] = [];

  const addUser = (email: string, name: string, hash: string, createdAt: Date, role = "user") => {
    const id = randomUUID();
    users.push({ id, email, name, emailVerified: true, role, createdAt, updatedAt: createdAt });
    credentials.push({
      id: randomUUID(),
      accountId: id,
      providerId: "credential",
      userId: id,
      password: hash,
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  };

  try {
    // Administrator.
    const adminCreated = new Date(now - 400 * DAY);
    const adminId = addUser("admin@example.com", "Администратор", adminHash, adminCreated, "admin");
    profiles.push({
      id: adminId,
      userType: "buyer",
      name: "Администратор",
      createdAt: adminCreated,
    });

    // Buyers.
    const buyerIds = DEMO_BUYERS.map((buyer, i) => {
      const createdAt = new Date(now - (200 - i * 15) * DAY);
      const id = addUser(buyer.email, buyer.name, buyerHash, createdAt);
      profiles.push({
        id,
        userType: "buyer",
        name: buyer.name,
        nickname: buyer.nickname,
        email: buyer.email,
        phone: normalizePhone(buyer.phone),
        whatsappNumber: normalizePhone(buyer.phone),
        aboutMe: buyer.about,
        createdAt,
      });
      return id;
    });

    // Factories, their owners and portfolios.
    await Promise.all(
      DEMO_FACTORIES.map(async (factory, i) => {
        const number = String(i + 1).padStart(2, "0");
        const email = i === 0 ? "factory@example.com" : `factory-${number}@example.com`;
        const createdAt = new Date(now - (180 - i * 4) * DAY - rnd.int(0, 20) * 3600_000);
        const userId = addUser(email, factory.name, factoryHash, createdAt);
        const country = findCountry(factory.country);
        const city = country?.cities[factory.city - 1];
        const slug = slugify(factory.name);
        const phoneDigits = `${rnd.int(100, 999)}-${rnd.int(10, 99)}-${rnd.int(10, 99)}`;
        const phone = normalizePhone(`${PHONE_CODES[factory.country] ?? "+7"} ${phoneDigits}`);
        const specialisation = factory.categories
          .map((c) => CATEGORIES.find((cat) => cat.slug === c)?.description.toLowerCase())
          .filter(Boolean)
          .join("; ");
        const minOrder = rnd.pick([100, 200, 300, 500]);
        const description =
          `${factory.name} — швейное производство в городе ${city?.label ?? ""} (${country?.label ?? ""}), ` +
          `работаем с ${factory.founded} года, в штате ${factory.workers} сотрудников. ` +
          `Шьем оптовые партии: ${specialisation}. ` +
          "Разрабатываем лекала по эскизам заказчика, отшиваем образцы, работаем под вашей маркой (private label). " +
          `Минимальная партия — от ${minOrder} изделий, отгрузка в страны СНГ, Европы и Ближнего Востока.`;
        const factoryId = randomUUID();
        const logoUrl = await image("logos", `logo-${i}`, () => logoSvg(i), 256);
        profiles.push({
          id: userId,
          userType: "factory",
          name: factory.name,
          factoryName: factory.name,
          avatarUrl: logoUrl,
          email,
          phone,
          createdAt,
        });
        factoryRefs[i] = {
          id: factoryId,
          userId,
          name: factory.name,
          categories: factory.categories,
          founded: factory.founded,
          workers: factory.workers,
        };
        factories.push({
          id: factoryId,
          userId,
          name: factory.name,
          nameEn: factory.nameEn ?? null,
          description,
          email,
          phone,
          website: `https://${slug}.example`,
          instagramUrl: `https://instagram.com/${slug.replace(/-/g, "_")}`,
          telegramUrl: `https://t.me/${slug.replace(/-/g, "_")}`,
          whatsappNumber: phone,
          country: factory.country,
          city: city?.id ?? null,
          address: `ул. ${rnd.pick(["Промышленная", "Фабричная", "Заводская", "Текстильщиков", "Швейная", "Мира"])}, ${rnd.int(1, 120)}`,
          logoUrl,
          categories: factory.categories,
          ...demoCapabilities(factory, i, minOrder),
          verifiedAt: i % 3 === 2 ? null : createdAt,
          verifiedBy: i % 3 === 2 ? null : adminId,
          createdAt,
          updatedAt: createdAt,
        });

        const productCount = 3 + (i % 6);
        for (let p = 0; p < productCount; p++) {
          const category = factory.categories[p % factory.categories.length] ?? "tops";
          const group = rnd.pick(CATEGORY_PRODUCTS[category]);
          const type = rnd.pick(group.types);
          const colors = rnd.sample(COLOR_SUGGESTIONS, rnd.int(1, 5));
          const model = MODEL_NAMES[(i * 7 + p * 3) % MODEL_NAMES.length];
          const name = `${garmentTypeLabel(type)} «${model}»`;
          const imageCount = rnd.int(1, 3);
          const images: string[] = [];
          for (let k = 0; k < imageCount; k++) {
            const color = colors[k % colors.length] ?? "Серый";
            const shape: Shape = group.shape;
            images.push(
              await image(
                "products",
                `${shape}-${color}-${k}`,
                () => productSvg(shape, colorHex(color) ?? "#8a9096", k),
                640,
              ),
            );
          }
          const local = factory.currency && rnd.next() < 0.35;
          const usd = rnd.int(4, 90) + (rnd.next() < 0.5 ? 0.5 : 0);
          const currency = local ? (factory.currency as string) : "USD";
          const price =
            rnd.next() < 0.12
              ? null
              : Math.round(usd * (local ? (USD_RATES[currency] ?? 1) : 1) * 100) / 100;
          const materials = rnd.sample(FABRICS_BY_CATEGORY[category], rnd.int(1, 2));
          products.push({
            id: randomUUID(),
            factoryId,
            userId,
            name,
            clothingType: type,
            price,
            currency,
            quantityProduced: rnd.int(5, 200) * 100,
            productionTime: rnd.pick(PRODUCTION_TIMES),
            colors,
            materials,
            images,
            description: `${garmentTypeLabel(type)} из коллекции «${model}». Размерный ряд по согласованию, возможен пошив по вашим лекалам и с вашей маркировкой.`,
            createdAt: new Date(createdAt.getTime() + (p + 1) * DAY),
            updatedAt: new Date(createdAt.getTime() + (p + 1) * DAY),
          });
        }
      }),
    );

    // Tenders.
    for (const [i, tender] of DEMO_TENDERS.entries()) {
      const createdAt = new Date(now - (60 - i * 2) * DAY - rnd.int(0, 23) * 3600_000);
      const buyer = DEMO_BUYERS[tender.buyer];
      const photos = tender.photo
        ? [
            await image(
              "tenders",
              `tender-${i}`,
              () =>
                productSvg(
                  tender.photo?.shape ?? "tshirt",
                  colorHex(tender.photo?.color) ?? "#8a9096",
                  i,
                ),
              640,
            ),
          ]
        : [];
      const techPack = hasDemoTechPack(i)
        ? await storeDemoTechPack(storage, {
            index: i,
            quantity: tender.quantity ?? null,
            shape: tender.photo?.shape ?? "tshirt",
            color: colorHex(tender.photo?.color) ?? "#8a9096",
          })
        : [];
      techPackFiles.push(...techPack);
      tenders.push({
        id: randomUUID(),
        userId: buyerIds[tender.buyer] as string,
        title: tender.title,
        description: tender.description,
        category: tender.gender,
        quantity: tender.quantity,
        country: tender.country,
        city: findCountry(tender.country)?.cities[tender.city - 1]?.id ?? null,
        requirements: tender.requirements,
        phone: buyer ? normalizePhone(buyer.phone) : null,
        whatsapp: i % 2 === 0 && buyer ? normalizePhone(buyer.phone) : null,
        telegram:
          i % 3 === 0 ? `https://t.me/${slugify(buyer?.name ?? "buyer").replace(/-/g, "_")}` : null,
        photos,
        techPack,
        status: tender.status ?? "active",
        budget: tender.budget ?? null,
        currency: tender.budget ? (tender.currency ?? "USD") : null,
        categories: tender.categories,
        createdAt,
        updatedAt: createdAt,
        // Demo tenders are history: no tender alerts go out for them.
        alertedAt: createdAt,
      });
    }

    // Quotes, conversations and notifications on those tenders.
    const seeded = buildDemoQuotes({
      now,
      tenders: tenders.map(
        (row, i): SeedTender => ({
          id: row.id as string,
          userId: row.userId,
          title: row.title,
          createdAt: row.createdAt as Date,
          status: row.status ?? "active",
          quantity: row.quantity as number,
          budget: row.budget ?? null,
          currency: row.currency ?? null,
          unitUsd: DEMO_TENDERS[i]?.unitUsd ?? null,
          categories: row.categories ?? [],
        }),
      ),
      factories: factoryRefs,
      rnd: random(20252),
    });
    for (const award of seeded.awards) {
      const row = tenders.find((t) => t.id === award.tenderId);
      if (row) Object.assign(row, { status: "awarded", updatedAt: award.at });
    }

    // Earlier orders of the demo buyer with the demo factory, in every state (decision 034).
    const demoFactory = factoryRefs[0];
    const demoBuyer = users.find((row) => row.id === buyerIds[0]);
    if (!demoFactory || !demoBuyer) throw new Error("the demo buyer or factory is missing");
    const past = await buildPastDemoOrders({
      buyer: demoBuyer,
      buyerProfile: profiles.find((row) => row.id === demoBuyer.id) ?? null,
      factory: demoFactory,
      now,
      report: async (title) => {
        const pdf = demoPdf("Inspection report", [
          `Order: ${title.split(" ").map(cyrillicToLatin).join(" ")}`,
          "Sampling: AQL 2.5, general inspection level II",
          "Result: passed, no critical or major defects",
        ]);
        const stored = await storeAttachments(
          storage,
          [new File([new Uint8Array(pdf)], "Отчет об инспекции.pdf", { type: "application/pdf" })],
          "ru",
        );
        if (!stored.ok) throw new Error(`demo report refused: ${stored.errors.join("; ")}`);
        techPackFiles.push(...stored.attachments);
        return stored.attachments;
      },
    });

    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(schema.seedRuns)
        .values({ name: DEMO_SEED_NAME })
        .onConflictDoNothing()
        .returning();
      // Another process seeded meanwhile: add nothing.
      if (inserted.length === 0) throw new AlreadySeeded();
      await tx
        .insert(schema.instanceSettings)
        .values({ name: DEMO_ACCOUNTS_SETTING, value: JSON.stringify(accounts) })
        .onConflictDoUpdate({
          target: schema.instanceSettings.name,
          set: { value: JSON.stringify(accounts) },
        });
      await tx.insert(schema.users).values(users);
      await tx.insert(schema.accounts).values(credentials);
      await tx.insert(schema.profiles).values(profiles);
      await tx.insert(schema.factories).values(factories);
      await tx.insert(schema.factoryProducts).values(products);
      await tx.insert(schema.tenders).values(tenders);
      await tx.insert(schema.quotes).values(seeded.quotes);
      await tx.insert(schema.quoteMessages).values(seeded.messages);
      await tx.insert(schema.notifications).values(seeded.notifications);
      await seedDemoCertificates(tx, storage, { factories, adminId, now });
      await insertDemoInvitations(tx, { users, tenders, factories, quotes: seeded.quotes, now });
      const demoOrders = buildDemoOrders({
        quotes: seeded.quotes,
        tenders,
        factories,
        profiles,
        users,
        now,
      });
      if (demoOrders.orders.length > 0) await tx.insert(schema.orders).values(demoOrders.orders);
      if (demoOrders.events.length > 0) {
        await tx.insert(schema.orderEvents).values(demoOrders.events);
      }
      await tx.insert(schema.tenders).values(past.tenders);
      await tx.insert(schema.quotes).values(past.quotes);
      await tx.insert(schema.orders).values(past.orders);
      await tx.insert(schema.orderEvents).values(past.events);
      // After every demo order: reviews of the delivered ones (and a few past orders to review).
      await seedDemoReviews(tx, { users, profiles, factories, now });
    });
    counts = {
      factories: factories.length,
      products: products.length,
      tenders: tenders.length + past.tenders.length,
      users: users.length,
      quotes: seeded.quotes.length + past.quotes.length,
      messages: seeded.messages.length,
    };
  } catch (error) {
    await removeImages(storage, written);
    await removeAttachments(storage, techPackFiles);
    if (error instanceof AlreadySeeded) {
      // The passwords that work are those of the process that seeded, not the ones made here.
      return {
        created: false,
        skipped: "already-seeded",
        accounts: await seededDemoAccounts(db, env.dataDir),
      };
    }
    throw error;
  }

  return { created: true, accounts, counts };
}

class AlreadySeeded extends Error {}

export function describeCounts(counts: SeedReport["counts"]): string {
  if (!counts) return "";
  return [
    formatCount(counts.factories, ["фабрика", "фабрики", "фабрик"]),
    formatCount(counts.products, ["товар", "товара", "товаров"]),
    formatCount(counts.tenders, ["тендер", "тендера", "тендеров"]),
    formatCount(counts.quotes, ["отклик", "отклика", "откликов"]),
    formatCount(counts.messages, ["сообщение", "сообщения", "сообщений"]),
    formatCount(counts.users, ["пользователь", "пользователя", "пользователей"]),
  ].join(", ");
}

export function formatDemoAccounts(accounts: readonly DemoAccount[]): string {
  if (accounts.length === 0) return "";
  const width = Math.max(...accounts.map((a) => a.email.length));
  return [
    "Демо-аккаунты (пароли хранятся в DATA_DIR/demo-accounts.json):",
    ...accounts.map((a) => `  ${a.email.padEnd(width)}  ${a.password}  (${a.role})`),
  ].join("\n");
}
