/**
 * The database schema: better-auth's tables (users, sessions, accounts, verifications,
 * rate_limits; generated with the `auth` CLI and the admin plugin) and the product's entities
 * (docs/product.md). Every row that belongs to a user hangs off `users.id` with
 * ON DELETE CASCADE, so deleting the user row removes the whole account in one statement
 * (atomic account deletion: docs/product.md, differences).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).defaultNow().notNull();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull();
/** The account a row belongs to: deleting the user row deletes the row (see above). */
const accountOf = (name: string) => text(name).references(() => users.id, { onDelete: "cascade" });
/** The check that `column` holds one of `values`, an enumeration defined once in this file. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

// ---------------------------------------------------------------- better-auth

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").default(false).notNull(),
  image: text("image"),
  createdAt: timestamp("created_at").defaultNow().notNull(),
  updatedAt: timestamp("updated_at")
    .defaultNow()
    .$onUpdate(() => new Date())
    .notNull(),
  /** 'admin' for administrators (a role stored in the database: docs/guides/permissions.md). */
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires"),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at").defaultNow().notNull(),
    updatedAt: timestamp("updated_at")
      .$onUpdate(() => new Date())
      .notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at"),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at").defaultNow().notNull(),
    updatedAt: timestamp("updated_at")
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: timestamp("created_at").defaultNow().notNull(),
    updatedAt: timestamp("updated_at")
      .defaultNow()
      .$onUpdate(() => new Date())
      .notNull(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Kinds of letters the auth flows send to an account. */
export const ACCOUNT_LETTER_KINDS = ["verify-email", "reset-password"] as const;
export type AccountLetterKind = (typeof ACCOUNT_LETTER_KINDS)[number];

/**
 * Letters sent to an account (address confirmation, password reset), so that they are limited
 * per account as well as per client address (app/features/accounts/account-letters.server.ts).
 */
export const accountLetters = pgTable(
  "account_letters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountOf("user_id").notNull(),
    kind: text("kind", { enum: ACCOUNT_LETTER_KINDS }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).defaultNow().notNull(),
  },
  (t) => [index("account_letters_user_kind_idx").on(t.userId, t.kind, t.sentAt)],
);

/**
 * Failed sign-ins per account address, so that the sign-in limit is kept per account as well as
 * per client address (app/features/accounts/sign-in-throttle.server.ts). Not tied to a user: an address
 * without an account is limited alike, which says nothing about whether it has one.
 */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }).defaultNow().notNull(),
  },
  (t) => [index("sign_in_failures_email_idx").on(t.email, t.failedAt)],
);

/**
 * When each account posted a tender, kept apart from the tenders (which their owners may delete):
 * the limit of tenders per account and day counts these (app/features/tenders/tenders.server.ts).
 */
export const tenderPostings = pgTable(
  "tender_postings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountOf("user_id").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true, mode: "date" }).defaultNow().notNull(),
  },
  (t) => [index("tender_postings_user_idx").on(t.userId, t.postedAt)],
);

// ---------------------------------------------------------------- product

export const USER_TYPES = ["buyer", "factory", "clothing_seller", "textile_seller"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** One profile per account; its id is the user's id. */
export const profiles = pgTable(
  "profiles",
  {
    id: accountOf("id").primaryKey(),
    userType: text("user_type").$type<UserType>().notNull(),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    instagramUrl: text("instagram_url"),
    whatsappNumber: text("whatsapp_number"),
    telegramUrl: text("telegram_url"),
    address: text("address"),
    avatarUrl: text("avatar_url"),
    aboutMe: text("about_me"),
    nickname: text("nickname"),
    /** Used by the display-name rule (docs/product.md) for factory and legacy seller profiles. */
    factoryName: text("factory_name"),
    businessName: text("business_name"),
    /** The account's language (app/domain/locale.ts): the sign-up page's, then the last chosen. */
    locale: text("locale").notNull().default("ru"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_user_type_check", oneOf(t.userType, USER_TYPES)),
    index("profiles_created_at_idx").on(t.createdAt.desc()),
    index("profiles_user_type_idx").on(t.userType),
  ],
);

// ---------------------------------------------------------------- capability profiles (issue 29)

/** What a factory offers besides sewing (labels: app/domain/reference.ts). */
export const FACTORY_SERVICES = [
  "pattern-making",
  "sampling",
  "cut-make-trim",
  "full-package",
  "private-label",
  "printing",
  "embroidery",
  "washing-dyeing",
  "packing-labelling",
] as const;
export type FactoryService = (typeof FACTORY_SERVICES)[number];

/** The kinds of material a factory works with. */
export const FACTORY_MATERIALS = [
  "knit",
  "woven",
  "denim",
  "linen",
  "wool",
  "silk",
  "technical",
] as const;
export type FactoryMaterial = (typeof FACTORY_MATERIALS)[number];

/** Certifications a factory may hold, each proven by a certificate file an admin checks. */
export const CERTIFICATIONS = [
  "iso-9001",
  "oeko-tex-100",
  "gots",
  "amfori-bsci",
  "wrap",
  "sa8000",
  "sedex-smeta",
  "iso-14001",
] as const;
export type Certification = (typeof CERTIFICATIONS)[number];

/** Where a factory's goods are sold: regions and the large single markets. */
export const EXPORT_MARKETS = [
  "cis",
  "ru",
  "kz",
  "eu",
  "uk",
  "us",
  "ca",
  "middle-east",
  "tr",
  "cn",
  "asia",
] as const;
export type ExportMarket = (typeof EXPORT_MARKETS)[number];

/** Languages a factory's people speak with buyers (ISO 639-1). */
export const SPOKEN_LANGUAGES = [
  "ru",
  "en",
  "de",
  "tr",
  "zh",
  "uz",
  "kk",
  "ky",
  "hy",
  "ka",
  "az",
  "ro",
  "lt",
  "lv",
  "et",
  "pl",
  "uk",
  "be",
] as const;
export type SpokenLanguage = (typeof SPOKEN_LANGUAGES)[number];

/** The check that a text[] column holds only values of an enumeration. */
const allOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} <@ array[${sql.raw(values.map((value) => `'${value}'`).join(", "))}]::text[]`;

export const factories = pgTable(
  "factories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One factory per user. */
    userId: accountOf("user_id").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    /** The factory's own English name and description for English pages; none → the original. */
    nameEn: text("name_en"),
    descriptionEn: text("description_en"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    instagramUrl: text("instagram_url"),
    whatsappNumber: text("whatsapp_number"),
    telegramUrl: text("telegram_url"),
    /** Lowercase country code ('kg'). */
    country: text("country"),
    /** City id '{country}_{index}' or a free city label. */
    city: text("city"),
    address: text("address"),
    logoUrl: text("logo_url"),
    /** Activity category slugs. */
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    verifiedAt: timestamp("verified_at", { withTimezone: true, mode: "date" }),
    verifiedBy: text("verified_by").references(() => users.id, { onDelete: "set null" }),
    verificationNote: text("verification_note"),
    /**
     * The factory's full-text vector (the search, issue 29): name (weight A) and description (B)
     * in Russian, its English name (A) and description (B) in English, and the reference tokens
     * of its codes (C): 'country:uz', 'city:uz_1', 'cat:tops', 'material:knit', which the search
     * finds by their names in either language (app/domain/search-query.ts). Kept by the trigger
     * factories_search_vector (migration 0022) on every write of those columns.
     */
    search: tsvector("search").notNull().default(sql`''::tsvector`),
    /**
     * Russian full-text vector over the names of the factory's products, kept current by
     * triggers on factory_products (migration 0001), so that the directory's text search is one
     * GIN lookup on this table however many products there are.
     */
    productsSearch: tsvector("products_search").notNull().default(sql`''::tsvector`),
    /**
     * The directory's whole vector, `search || products_search`, kept by the trigger
     * factories_search_whole (migration 0025) and stored inline (STORAGE MAIN): the text search
     * reads one column per row instead of joining two vectors, one of them out of line
     * (decision 027, "speed").
     */
    searchAll: tsvector("search_all").notNull().default(sql`''::tsvector`),
    /**
     * Shown on public pages (the directory, the factory page, its portfolio, search, the
     * sitemap): the owner is not blocked. Kept by triggers (migration 0008) in the same
     * statement as the write that changes it (blocking or unblocking the owner, inserting the
     * factory); nothing else writes it. The directory's indexes cover only listed rows.
     */
    listed: boolean("listed").notNull().default(true),
    /**
     * In the directory (/factories, its counts, the sitemap): listed, and the profile has a name,
     * a country and at least one category. Kept by the same trigger as `listed` (migration 0010);
     * the directory's indexes cover only these rows.
     */
    inDirectory: boolean("in_directory").notNull().default(false),
    /**
     * How complete the profile is, 0–4: a logo, a city, a description (in either language) and
     * at least one product. Kept by the same trigger (product writes reach it through
     * products_search); the directory shows the most complete profiles first.
     */
    completeness: smallint("completeness").notNull().default(0),
    // The capability profile (issue 29): what a buyer decides by. Null: the factory has not said.
    /** The smallest order it takes, in pieces. */
    minOrder: integer("min_order"),
    /** How many pieces it makes in a month. */
    monthlyCapacity: integer("monthly_capacity"),
    /** Typical days from an approved sample to shipped goods. */
    leadTimeDays: smallint("lead_time_days"),
    /** Typical days to make a sample. */
    sampleDays: smallint("sample_days"),
    services: text("services")
      .array()
      .$type<FactoryService[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    materials: text("materials")
      .array()
      .$type<FactoryMaterial[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    staffCount: integer("staff_count"),
    foundedYear: smallint("founded_year"),
    exportMarkets: text("export_markets")
      .array()
      .$type<ExportMarket[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    languages: text("languages")
      .array()
      .$type<SpokenLanguage[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Its reputation (decision 033), kept by the triggers of migration 0023 from its visible reviews
    // and its delivered orders; nothing else writes them.
    /** Visible (not hidden) reviews. */
    reviewCount: integer("review_count").notNull().default(0),
    /** The mean of its visible reviews' three marks (1–5, two decimals); null without one. */
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }),
    /** Its delivered orders, and those of them delivered by their planned delivery date. */
    deliveredOrders: integer("delivered_orders").notNull().default(0),
    onTimeOrders: integer("on_time_orders").notNull().default(0),
    /** on_time_orders / delivered_orders in whole percent (rounded down); null before one. */
    onTimePercent: smallint("on_time_percent"),
    /**
     * Its certifications an admin verified, in order: kept by migration 0028's trigger on
     * factory_certificates (nothing else writes it), so the directory filters on them like on its
     * other lists, from the covering index factories_directory_country_idx.
     */
    verifiedCertifications: text("verified_certifications")
      .array()
      .$type<Certification[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("factories_min_order_check", sql`${t.minOrder} between 1 and 100000000`),
    check("factories_monthly_capacity_check", sql`${t.monthlyCapacity} between 1 and 100000000`),
    check("factories_lead_time_days_check", sql`${t.leadTimeDays} between 1 and 365`),
    check("factories_sample_days_check", sql`${t.sampleDays} between 1 and 365`),
    check("factories_staff_count_check", sql`${t.staffCount} between 1 and 1000000`),
    check("factories_founded_year_check", sql`${t.foundedYear} between 1800 and 2100`),
    check("factories_services_check", allOf(t.services, FACTORY_SERVICES)),
    check("factories_materials_check", allOf(t.materials, FACTORY_MATERIALS)),
    check("factories_export_markets_check", allOf(t.exportMarkets, EXPORT_MARKETS)),
    check("factories_languages_check", allOf(t.languages, SPOKEN_LANGUAGES)),
    /** Tender alerts match factories by category overlap (mail-worker.server.ts). */
    index("factories_categories_idx").using("gin", t.categories),
    index("factories_search_idx").using("gin", t.search),
    // The directory (factories.server.ts), over its factories only: its page order (most
    // complete first, then newest), the same order within a country (a city filter reads the
    // country's rows in order), the text search.
    index("factories_directory_order_idx")
      .on(t.completeness.desc(), t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.inDirectory}`),
    // factories_directory_country_idx (migration 0028; drizzle cannot declare its INCLUDE): the
    // same order within a country, carrying every column the capability filters and the orders
    // read, so a filtered page picks its ids from the index alone.
    index("factories_directory_fulltext_idx")
      .using("gin", t.searchAll)
      .where(sql`${t.inDirectory}`),
    // The directory's sorts and capability filters (issue 29), over its factories only: the
    // newest first, the verified first, the numbers (btree) and the lists (GIN, `@>`).
    index("factories_directory_newest_idx")
      .on(t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst())
      .where(sql`${t.inDirectory}`),
    // Sorting by rating (decision 033): the rated first, then the directory's order.
    index("factories_directory_rating_idx")
      .on(
        t.rating.desc().nullsLast(),
        t.reviewCount.desc(),
        t.completeness.desc(),
        t.createdAt.desc().nullsLast(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.inDirectory}`),
    // The on-time filter: only factories with a delivered order have a share.
    index("factories_directory_on_time_idx")
      .on(t.onTimePercent)
      .where(sql`${t.inDirectory} and ${t.onTimePercent} is not null`),
    index("factories_directory_verified_idx")
      .on(
        sql`(${t.verifiedAt} is not null) desc`,
        t.completeness.desc(),
        t.createdAt.desc().nullsLast(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.inDirectory}`),
    index("factories_directory_min_order_idx").on(t.minOrder).where(sql`${t.inDirectory}`),
    index("factories_directory_capacity_idx").on(t.monthlyCapacity).where(sql`${t.inDirectory}`),
    index("factories_directory_lead_time_idx").on(t.leadTimeDays).where(sql`${t.inDirectory}`),
    index("factories_directory_services_idx").using("gin", t.services).where(sql`${t.inDirectory}`),
    index("factories_directory_materials_idx")
      .using("gin", t.materials)
      .where(sql`${t.inDirectory}`),
    index("factories_directory_markets_idx")
      .using("gin", t.exportMarkets)
      .where(sql`${t.inDirectory}`),
    index("factories_directory_languages_idx")
      .using("gin", t.languages)
      .where(sql`${t.inDirectory}`),
    index("factories_directory_certifications_idx")
      .using("gin", t.verifiedCertifications)
      .where(sql`${t.inDirectory}`),
  ],
);

/**
 * How many of the directory's factories have each lexeme in their whole vector (`search_all`):
 * the search's document frequencies. Kept by migration 0029's triggers on factories in the
 * writing transaction. The search reads them before anything else (text-search.server.ts): a word
 * no factory has is known at once, and a word more factories have than a count is capped at is
 * settled without reading a row. `lexeme` is compared byte by byte (COLLATE "C", set by the
 * migration), so the lexemes that start with a prefix are one range of the primary key.
 */
export const directoryLexemeCounts = pgTable("directory_lexeme_counts", {
  lexeme: text("lexeme").primaryKey(),
  n: integer("n").notNull(),
});

/**
 * How many listed factories each combination of the directory's filters finds, without a text
 * search: verified only or not, a category or any (''), a country or any (''), and a city of
 * that country or any (''). Kept by triggers on factories (migration 0008) in the writing
 * transaction, so "Найдено N фабрик" is one primary-key lookup at any size. A missing row is 0.
 */
export const factoryDirectoryCounts = pgTable(
  "factory_directory_counts",
  {
    verifiedOnly: boolean("verified_only").notNull(),
    category: text("category").notNull(),
    country: text("country").notNull(),
    city: text("city").notNull(),
    n: integer("n").notNull(),
  },
  (t) => [primaryKey({ columns: [t.verifiedOnly, t.category, t.country, t.city] })],
);

export const factoryProducts = pgTable(
  "factory_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    userId: accountOf("user_id").notNull(),
    name: text("name").notNull(),
    /** Garment type slug from the catalogue (app/domain/reference.ts). */
    clothingType: text("clothing_type"),
    price: numeric("price", { precision: 14, scale: 2, mode: "number" }),
    currency: text("currency").notNull().default("USD"),
    quantityProduced: integer("quantity_produced"),
    productionTime: text("production_time"),
    colors: text("colors").array().notNull().default(sql`'{}'::text[]`),
    /** Fabric slugs from the fabric tree. */
    materials: text("materials").array().notNull().default(sql`'{}'::text[]`),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    description: text("description"),
    /** The factory's own English name and description of the product; none → the original. */
    nameEn: text("name_en"),
    descriptionEn: text("description_en"),
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('russian', coalesce(name, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("factory_products_factory_created_idx").on(t.factoryId, t.createdAt.desc()),
    index("factory_products_user_id_idx").on(t.userId),
    index("factory_products_search_idx").using("gin", t.search),
    check("factory_products_price_check", sql`${t.price} is null or ${t.price} >= 0`),
    check(
      "factory_products_quantity_check",
      sql`${t.quantityProduced} is null or ${t.quantityProduced} >= 0`,
    ),
  ],
);

/** 'awarded': the buyer accepted a quote (app/features/quotes/quotes.server.ts); nobody else may quote. */
export const TENDER_STATUSES = ["active", "closed", "awarded"] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

export const tenders = pgTable(
  "tenders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountOf("user_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** The tender's gender: a key of TENDER_GENDERS (app/domain/reference.ts). */
    category: text("category"),
    quantity: integer("quantity"),
    /** Lowercase country code. */
    country: text("country"),
    /** City id '{country}_{index}' or a free city label. */
    city: text("city"),
    requirements: text("requirements"),
    phone: text("phone"),
    whatsapp: text("whatsapp"),
    telegram: text("telegram"),
    photos: text("photos").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").$type<TenderStatus>().notNull().default("active"),
    budget: numeric("budget", { precision: 14, scale: 2, mode: "number" }),
    currency: text("currency"),
    /**
     * Activity category slugs (app/domain/reference.ts CATEGORIES) the tender is for: tender
     * alerts reach the factories working in one of them; none reaches every factory.
     */
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    /**
     * When the mail worker expanded the tender into its alert letters (tender_alerts) — null
     * until then.
     */
    alertedAt: timestamp("alerted_at", { withTimezone: true, mode: "date" }),
    /**
     * When its owner took an awarded tender off their list (deleting it would take the chosen
     * factory's quote, conversation and files with it: app/features/tenders/tenders.server.ts). Null:
     * listed.
     */
    archivedAt: timestamp("archived_at", { withTimezone: true, mode: "date" }),
    /** Only the factories the buyer invited see it (tender_invitations); absent from public lists. */
    private: boolean("private").notNull().default(false),
    /**
     * The tech pack (issue 29, docs/decisions/031): up to MAX_TECH_PACK_FILES private files
     * (app/platform/attachments.server.ts), for the owner and factories with a profile only.
     */
    techPack: jsonb("tech_pack").$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The tender's full-text vector (the keyword of /tenders): title (A) and description (B) in
     * Russian, and the reference tokens of its categories, country and city (C). Kept by the
     * trigger tenders_search_vector (migration 0022).
     */
    search: tsvector("search").notNull().default(sql`''::tsvector`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("tenders_status_check", oneOf(t.status, TENDER_STATUSES)),
    check("tenders_quantity_check", sql`${t.quantity} is null or ${t.quantity} >= 1`),
    check("tenders_budget_check", sql`${t.budget} is null or ${t.budget} >= 0`),
    index("tenders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("tenders_user_id_idx").on(t.userId, t.createdAt.desc()),
    index("tenders_country_city_idx").on(t.country, t.city),
    index("tenders_category_idx").on(t.category),
    index("tenders_search_idx").using("gin", t.search),
  ],
);

/**
 * The words of the factories' and products' names (either language), lower case, and the words
 * the search knows without the database (KNOWN_WORDS, added at every start): what the search's
 * typo fallback compares a word without a match with (trigram similarity, pg_trgm; its GiST
 * trigram index search_lexicon_trgm_gist_idx is created by migration 0029, after the extension).
 * Kept by triggers on factories and factory_products (migration 0022); words are only added, a
 * word nobody uses any more costs a row and finds nothing.
 */
export const searchLexicon = pgTable("search_lexicon", {
  word: text("word").primaryKey(),
});

/** A quote's state: the factory's answer until the buyer accepts or declines it. */
export const QUOTE_STATUSES = ["submitted", "accepted", "declined", "withdrawn"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** A file attached to a quote or a message: a stored WebP picture or a PDF served as download. */
export interface Attachment {
  url: string;
  /** The file name the sender chose (shown and used for the download). */
  name: string;
  kind: "image" | "pdf";
  /** Bytes as stored. */
  size: number;
}

/**
 * A factory's answer to a tender: one per factory and tender. Its conversation (messages) is
 * between the factory's owner (user_id) and the tender's owner. Both hang off their accounts with
 * ON DELETE CASCADE, so deleting either account removes the quote and its conversation.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenderId: uuid("tender_id")
      .notNull()
      .references(() => tenders.id, { onDelete: "cascade" }),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    /** The factory's owner, who writes the quote and its side of the conversation. */
    userId: accountOf("user_id").notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    quantity: integer("quantity").notNull(),
    minOrder: integer("min_order"),
    leadTimeDays: integer("lead_time_days").notNull(),
    sampleAvailable: boolean("sample_available").notNull().default(false),
    samplePrice: numeric("sample_price", { precision: 14, scale: 2, mode: "number" }),
    sampleDays: integer("sample_days"),
    /** The last day the offer stands. */
    validUntil: timestamp("valid_until", { withTimezone: true, mode: "date" }).notNull(),
    message: text("message"),
    attachments: jsonb("attachments").$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").$type<QuoteStatus>().notNull().default("submitted"),
    /** The buyer's own mark while comparing; the factory never sees it. */
    shortlisted: boolean("shortlisted").notNull().default(false),
    declineReason: text("decline_reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    /** Until when each side has read the conversation (unread marks). */
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true, mode: "date" }),
    factoryReadAt: timestamp("factory_read_at", { withTimezone: true, mode: "date" }),
    /** When each side was last sent an email about this conversation (one per 15 minutes). */
    buyerMailedAt: timestamp("buyer_mailed_at", { withTimezone: true, mode: "date" }),
    factoryMailedAt: timestamp("factory_mailed_at", { withTimezone: true, mode: "date" }),
    /** When the last message was written (lists sort conversations by it). */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_tender_factory_idx").on(t.tenderId, t.factoryId),
    index("quotes_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("quotes_factory_idx").on(t.factoryId),
    check("quotes_status_check", oneOf(t.status, QUOTE_STATUSES)),
    check("quotes_unit_price_check", sql`${t.unitPrice} >= 0`),
    check("quotes_quantity_check", sql`${t.quantity} >= 1`),
    check("quotes_min_order_check", sql`${t.minOrder} is null or ${t.minOrder} >= 1`),
    check("quotes_lead_time_check", sql`${t.leadTimeDays} >= 1`),
    check("quotes_sample_price_check", sql`${t.samplePrice} is null or ${t.samplePrice} >= 0`),
    check("quotes_sample_days_check", sql`${t.sampleDays} is null or ${t.sampleDays} >= 1`),
  ],
);

/** One message of a quote's conversation, written by one of its two parties. */
export const quoteMessages = pgTable(
  "quote_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    senderId: accountOf("sender_id").notNull(),
    body: text("body").notNull().default(""),
    attachments: jsonb("attachments").$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index("quote_messages_quote_created_idx").on(t.quoteId, t.createdAt),
    // The attachment storage an account uses is summed over its messages.
    index("quote_messages_sender_idx").on(t.senderId),
  ],
);

/** What a notification is about (app/features/notifications/notifications.server.ts). */
/**
 * Where a letter is (notifications' and tender alerts' letters, decision 024): 'pending' (to be
 * sent), 'sending' (leased by one worker until its lease ends), 'sent' (the SMTP server accepted
 * it), 'skipped' (not to be sent: turned off, the recipient gone, the 15-minute rule), 'failed'
 * (refused for good, or too many attempts).
 */
export const LETTER_STATES = ["pending", "sending", "sent", "skipped", "failed"] as const;
export type LetterState = (typeof LETTER_STATES)[number];

export const NOTIFICATION_KINDS = [
  "quote-received",
  "message-received",
  "quote-accepted",
  "quote-declined",
  "tender-awarded",
  "tender-closed",
  /** The buyer deleted the tender (or the whole account): the quote and its conversation went. */
  "tender-deleted",
  "quote-updated",
  "quote-withdrawn",
  "verification-requested",
  "factory-verified",
  "verification-refused",
  "verification-revoked",
  /** An admin verified or rejected one of the factory's certificates (with the note). */
  "certificate-verified",
  "certificate-rejected",
  /** A buyer invited the factory to quote on a tender (tender_invitations). */
  "tender-invited",
  /** An invited factory declined the invitation, with its reason (the note holds it). */
  "invitation-declined",
  /** A step of an order (orders, order_events): the other side did it. */
  "order-sample-sent",
  "order-sample-approved",
  "order-sample-returned",
  "order-production-started",
  "order-quality-passed",
  "order-shipped",
  "order-delivered",
  /** One side cancelled the order before shipping, with its reason (the note holds it). */
  "order-cancelled",
  /** A buyer reviewed the factory's delivered order (reviews; decision 033). */
  "review-received",
  /** The factory answered the buyer's review. */
  "review-answered",
  /** An admin hid a review, with a reason (the note holds it); both sides are told. */
  "review-hidden",
  /** A change of an order's terms (order_proposals): proposed, and the other side's answer. */
  "order-terms-proposed",
  "order-terms-accepted",
  "order-terms-declined",
  "order-terms-withdrawn",
  /** A disagreement flagged to an admin (order_disputes), and the admin's resolution. */
  "order-dispute-opened",
  "order-dispute-resolved",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * One event for one account. The tender's title is kept as it was, so that a notification still
 * reads sensibly after its tender, quote or the other side's account is gone (the links are then
 * null and the other side shows as a deleted user).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountOf("user_id").notNull(),
    kind: text("kind").$type<NotificationKind>().notNull(),
    /** Who caused it (the other side); null once that account is deleted. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    tenderId: uuid("tender_id").references(() => tenders.id, { onDelete: "set null" }),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    /** The tender's title as it was; null for the kinds about a factory's verification. */
    tenderTitle: text("tender_title"),
    /**
     * The email about it: 'pending' until the mail worker (app/features/notifications/mail-worker.server.ts) has
     * sent it ('sent') or decided not to ('skipped': turned off, or one was sent for the same
     * conversation in the last 15 minutes).
     */
    mailState: text("mail_state").$type<LetterState>().notNull().default("pending"),
    /** How many times the worker took the letter (a lease that expired counts too). */
    mailAttempts: smallint("mail_attempts").notNull().default(0),
    /** A 'pending' letter is not taken before this (the back-off after a failed send). */
    mailNextAt: timestamp("mail_next_at", { withTimezone: true, mode: "date" }),
    /** While 'sending': until when the lease holds, and whose it is (one claim's token). */
    mailLeaseUntil: timestamp("mail_lease_until", { withTimezone: true, mode: "date" }),
    mailLeaseOwner: text("mail_lease_owner"),
    readAt: timestamp("read_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    /**
     * The factory a verification kind is about (app/features/verification/verification.server.ts); the
     * notification goes with the factory.
     */
    factoryId: uuid("factory_id").references(() => factories.id, { onDelete: "cascade" }),
    /** The admin's note on a verification decision, as it was written. */
    note: text("note"),
    /** The certification a certificate decision is about (the certificate may be gone since). */
    certification: text("certification").$type<Certification>(),
    /** The order an order kind is about (orders are kept when either account goes). */
    orderId: uuid("order_id").references((): AnyPgColumn => orders.id, { onDelete: "cascade" }),
  },
  (t) => [
    check(
      "notifications_subject_check",
      sql`${t.tenderTitle} is not null or ${t.factoryId} is not null`,
    ),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_factory_idx").on(t.factoryId).where(sql`${t.factoryId} is not null`),
    index("notifications_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    index("notifications_mail_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.mailState} in ('pending', 'sending')`),
    check("notifications_mail_state_check", oneOf(t.mailState, LETTER_STATES)),
    check("notifications_certification_check", oneOf(t.certification, CERTIFICATIONS)),
  ],
);

/**
 * One tender alert letter to one factory (app/features/notifications/mail-worker.server.ts): a new tender is
 * expanded into these rows in one transaction, then each row is leased and sent like a
 * notification's letter (decision 024). `via` 'digest': the factory had its day's instant alerts
 * already; the tender goes into its next daily digest instead ('pending' until that digest was
 * accepted by the SMTP server, then 'sent').
 */
export const tenderAlerts = pgTable(
  "tender_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenderId: uuid("tender_id")
      .notNull()
      .references(() => tenders.id, { onDelete: "cascade" }),
    userId: accountOf("user_id").notNull(),
    via: text("via").$type<"instant" | "digest">().notNull(),
    state: text("state").$type<LetterState>().notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAt: timestamp("next_at", { withTimezone: true, mode: "date" }),
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    leaseOwner: text("lease_owner"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tender_alerts_tender_user_idx").on(t.tenderId, t.userId),
    index("tender_alerts_to_send_idx")
      .on(t.createdAt)
      .where(sql`${t.state} in ('pending', 'sending') and ${t.via} = 'instant'`),
    index("tender_alerts_user_idx").on(t.userId, t.createdAt),
    // The day's count per factory, and the clean-up of old letters.
    index("tender_alerts_created_idx").on(t.createdAt),
    // Who has tenders waiting for a digest (asked for every settings row each round).
    index("tender_alerts_digest_idx")
      .on(t.userId)
      .where(sql`${t.via} = 'digest' and ${t.state} = 'pending'`),
    check("tender_alerts_via_check", oneOf(t.via, ["instant", "digest"])),
    check("tender_alerts_state_check", oneOf(t.state, LETTER_STATES)),
  ],
);

/** How tender alerts reach a factory: never, one email per tender, or one digest a day. */
export const TENDER_ALERT_MODES = ["off", "instant", "daily"] as const;
export type TenderAlertMode = (typeof TENDER_ALERT_MODES)[number];

/**
 * An account's email choices. No row means the defaults (emails on, tender alerts at once); the
 * unsubscribe token in every email's List-Unsubscribe link finds the row without a session.
 */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: accountOf("user_id").primaryKey(),
    /** Emails about quotes, messages and decisions. */
    emailEvents: boolean("email_events").notNull().default(true),
    tenderAlerts: text("tender_alerts").$type<TenderAlertMode>().notNull().default("instant"),
    /** Alerts only for tenders in the factory's own country. */
    alertsOwnCountry: boolean("alerts_own_country").notNull().default(false),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /**
     * Up to when the daily digest has covered new tenders: moved only once the digest was
     * accepted by the SMTP server.
     */
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true, mode: "date" }),
    /** The lease of a digest being sent (as notifications' mail_lease_*). */
    digestLeaseUntil: timestamp("digest_lease_until", { withTimezone: true, mode: "date" }),
    digestLeaseOwner: text("digest_lease_owner"),
    updatedAt: updatedAt(),
  },
  (t) => [check("notification_settings_alerts_check", oneOf(t.tenderAlerts, TENDER_ALERT_MODES))],
);

/**
 * Exchange rates for comparing quotes in different currencies (app/features/quotes/exchange-rates.server.ts):
 * what one unit of `currency` is worth in US dollars, as of `rate_date`. Updated by an admin with
 * `npm run admin -- rates`; the migration that made the table put in demo rates.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    usdPerUnit: numeric("usd_per_unit", { precision: 24, scale: 12, mode: "number" }).notNull(),
    /** The day the rate is of (shown beside every comparison that used it). */
    rateDate: timestamp("rate_date", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("exchange_rates_positive_check", sql`${t.usdPerUnit} > 0`)],
);

/** A verification request's state: open until an admin verifies the factory or refuses. */
export const VERIFICATION_STATUSES = ["pending", "verified", "refused"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * A factory's request to have its documents checked (app/features/verification/verification.server.ts): at
 * most one open ('pending') per factory; a decided one stays as the history. Verifying sets
 * factories.verified_at (the badge and the directory's filter read it).
 */
export const verificationRequests = pgTable(
  "verification_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    /** The factory's owner, who sent it. */
    userId: accountOf("user_id").notNull(),
    /** The factory's words to the admin. */
    message: text("message"),
    /** Private files (app/platform/attachments.server.ts): the owner and admins may fetch them. */
    documents: jsonb("documents").$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").$type<VerificationStatus>().notNull().default("pending"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** The admin's note to the factory (a refusal's reason). */
    decisionNote: text("decision_note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("verification_requests_status_check", oneOf(t.status, VERIFICATION_STATUSES)),
    uniqueIndex("verification_requests_open_idx")
      .on(t.factoryId)
      .where(sql`${t.status} = 'pending'`),
    index("verification_requests_factory_idx").on(t.factoryId, t.createdAt.desc()),
    index("verification_requests_user_idx").on(t.userId),
    index("verification_requests_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------- finding the right factory (issue 29)

export const CERTIFICATE_STATUSES = ["pending", "verified", "rejected"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/**
 * A factory's certification and the certificate that proves it: one row per factory and
 * certification; a new file sends it back to 'pending'. Only 'verified' ones count for buyers
 * (the directory's filter, the badge on the page).
 */
export const factoryCertificates = pgTable(
  "factory_certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    certification: text("certification").$type<Certification>().notNull(),
    /** The certificate: one private file (PDF or picture); the owner and admins may fetch it. */
    file: jsonb("file").$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    /** The last day it is valid, as the certificate says (optional). */
    validUntil: timestamp("valid_until", { withTimezone: true, mode: "date" }),
    status: text("status").$type<CertificateStatus>().notNull().default("pending"),
    /** The admin's last note (a rejection's reason). */
    note: text("note"),
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("factory_certificates_certification_check", oneOf(t.certification, CERTIFICATIONS)),
    check("factory_certificates_status_check", oneOf(t.status, CERTIFICATE_STATUSES)),
    uniqueIndex("factory_certificates_factory_certification_idx").on(t.factoryId, t.certification),
    index("factory_certificates_verified_idx")
      .on(t.certification, t.factoryId)
      .where(sql`${t.status} = 'verified'`),
    index("factory_certificates_status_idx").on(t.status, t.updatedAt.desc()),
  ],
);

/** Every admin decision on a certificate, kept as its history. */
export const certificateDecisions = pgTable(
  "certificate_decisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    certificateId: uuid("certificate_id")
      .notNull()
      .references(() => factoryCertificates.id, { onDelete: "cascade" }),
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<Exclude<CertificateStatus, "pending">>().notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("certificate_decisions_status_check", oneOf(t.status, ["verified", "rejected"])),
    index("certificate_decisions_certificate_idx").on(t.certificateId, t.createdAt.desc()),
  ],
);

export const INVITATION_STATES = ["sent", "seen", "quoted", "declined"] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];
export const INVITATION_DECLINE_REASONS = ["capacity-full", "not-our-product", "other"] as const;
export type InvitationDeclineReason = (typeof INVITATION_DECLINE_REASONS)[number];

/** A buyer's invitation of a factory to quote on a tender: at most 20 per tender. */
export const tenderInvitations = pgTable(
  "tender_invitations",
  {
    tenderId: uuid("tender_id")
      .notNull()
      .references(() => tenders.id, { onDelete: "cascade" }),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    state: text("state").$type<InvitationState>().notNull().default("sent"),
    declineReason: text("decline_reason").$type<InvitationDeclineReason>(),
    declineNote: text("decline_note"),
    seenAt: timestamp("seen_at", { withTimezone: true, mode: "date" }),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenderId, t.factoryId] }),
    check("tender_invitations_state_check", oneOf(t.state, INVITATION_STATES)),
    check(
      "tender_invitations_decline_reason_check",
      sql`${t.declineReason} is null or ${oneOf(t.declineReason, INVITATION_DECLINE_REASONS)}`,
    ),
    index("tender_invitations_factory_idx").on(t.factoryId, t.createdAt.desc()),
  ],
);

/** A buyer's saved factories, each with a private note. */
export const savedFactories = pgTable(
  "saved_factories",
  {
    userId: accountOf("user_id").notNull(),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.factoryId] }),
    index("saved_factories_factory_idx").on(t.factoryId),
  ],
);

/**
 * A buyer's saved directory search: the directory's query string as the filters normalise it.
 * A weekly letter names the factories that joined the directory since `notifiedUntil` and match.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: accountOf("user_id").notNull(),
    /** The normalised query string of /factories ('q=трикотаж&country=kg'). */
    query: text("query").notNull(),
    /** Letters about new matches: on unless the buyer switched them off. */
    letters: boolean("letters").notNull().default(true),
    /** Factories that joined up to here have been told of (or were there when it was saved). */
    notifiedUntil: timestamp("notified_until", { withTimezone: true, mode: "date" })
      .defaultNow()
      .notNull(),
    /** The week's letter lease (the mail worker's, as for digests). */
    leaseUntil: timestamp("lease_until", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_query_idx").on(t.userId, t.query),
    index("saved_searches_due_idx").on(t.notifiedUntil).where(sql`${t.letters}`),
  ],
);

// ---------------------------------------------------------------- orders (decision 032)

/**
 * Where an order stands: the step that is due next ('sample-send': the factory sends a sample,
 * 'sample-review': the buyer approves or returns it, 'production', 'quality', 'shipping': the
 * factory's, 'delivery': the buyer confirms), or its end ('delivered', 'cancelled'). The rules of
 * who moves it and where are app/domain/orders.ts.
 */
export const ORDER_STEPS = [
  "sample-send",
  "sample-review",
  "production",
  "quality",
  "shipping",
  "delivery",
  "delivered",
  "cancelled",
] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

/** What one side did to an order (order_events). */
export const ORDER_EVENT_KINDS = [
  "sample-sent",
  "sample-approved",
  "sample-returned",
  "production-started",
  "quality-passed",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * An order: made from the accepted quote in the transaction that accepts it, with the terms
 * copied as they were then. Both parties' links are SET NULL, so that when one account is deleted
 * the other keeps its order history ('Удаленный пользователь'); the names and the tender's title
 * are kept as they were at the award.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "set null" }),
    tenderId: uuid("tender_id").references(() => tenders.id, { onDelete: "set null" }),
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    factoryId: uuid("factory_id").references(() => factories.id, { onDelete: "set null" }),
    /** The factory's owner, who does the factory's steps. */
    factoryUserId: text("factory_user_id").references(() => users.id, { onDelete: "set null" }),
    tenderTitle: text("tender_title").notNull(),
    factoryName: text("factory_name").notNull(),
    buyerName: text("buyer_name").notNull(),
    unitPrice: numeric("unit_price", { precision: 14, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    quantity: integer("quantity").notNull(),
    leadTimeDays: integer("lead_time_days").notNull(),
    sampleAvailable: boolean("sample_available").notNull(),
    samplePrice: numeric("sample_price", { precision: 14, scale: 2, mode: "number" }),
    sampleDays: integer("sample_days"),
    step: text("step").$type<OrderStep>().notNull(),
    /** Planned dates, set at the award (app/domain/orders.ts plannedDates). */
    samplePlannedAt: timestamp("sample_planned_at", { withTimezone: true, mode: "date" }),
    productionPlannedAt: timestamp("production_planned_at", {
      withTimezone: true,
      mode: "date",
    }).notNull(),
    qualityPlannedAt: timestamp("quality_planned_at", {
      withTimezone: true,
      mode: "date",
    }).notNull(),
    shippingPlannedAt: timestamp("shipping_planned_at", {
      withTimezone: true,
      mode: "date",
    }).notNull(),
    deliveryPlannedAt: timestamp("delivery_planned_at", {
      withTimezone: true,
      mode: "date",
    }).notNull(),
    cancelReason: text("cancel_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_quote_idx").on(t.quoteId),
    index("orders_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    index("orders_factory_user_idx").on(t.factoryUserId, t.createdAt.desc()),
    check("orders_step_check", oneOf(t.step, ORDER_STEPS)),
    check("orders_quantity_check", sql`${t.quantity} >= 1`),
    check("orders_lead_time_check", sql`${t.leadTimeDays} >= 1`),
  ],
);

/** One step done on an order, by one side, with its files and words. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<OrderEventKind>().notNull(),
    /** Who did it; null once that account is deleted. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** A comment (a returned sample's), or the reason of a cancellation. */
    comment: text("comment"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    attachments: jsonb("attachments").$type<Attachment[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_events_order_idx").on(t.orderId, t.createdAt),
    // The account's attachment storage sums its order files by who sent them (decision 025).
    index("order_events_actor_idx").on(t.actorId).where(sql`${t.actorId} is not null`),
    check("order_events_kind_check", oneOf(t.kind, ORDER_EVENT_KINDS)),
  ],
);

// ---------------------------------------------------------------- reviews (decision 033)

/** The longest text of a review, of its answer and of an admin's reason for hiding it. */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REASON_MAX = 500;

/**
 * A buyer's review of a delivered order, one per order: three marks (quality, communication, on
 * time; 1–5) and a text, the factory's one public answer, and an admin's hiding with its reason.
 * A hidden review is shown nowhere publicly and counted in no average. The review stays with the
 * factory when the buyer's account is deleted (buyer_id null: 'Удаленный пользователь'); it goes
 * with the factory.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    factoryId: uuid("factory_id")
      .notNull()
      .references(() => factories.id, { onDelete: "cascade" }),
    /** Who wrote it (the order's buyer); null once that account is deleted. */
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    quality: smallint("quality").notNull(),
    communication: smallint("communication").notNull(),
    onTime: smallint("on_time").notNull(),
    text: text("text").notNull(),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true, mode: "date" }),
    hiddenReason: text("hidden_reason"),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("reviews_order_idx").on(t.orderId),
    // The factory page's list: its visible reviews, newest first.
    index("reviews_factory_visible_idx")
      .on(t.factoryId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
    index("reviews_buyer_idx").on(t.buyerId),
    check("reviews_quality_check", sql`${t.quality} between 1 and 5`),
    check("reviews_communication_check", sql`${t.communication} between 1 and 5`),
    check("reviews_on_time_check", sql`${t.onTime} between 1 and 5`),
    check(
      "reviews_text_check",
      sql`char_length(${t.text}) between 1 and ${sql.raw(String(REVIEW_TEXT_MAX))}`,
    ),
    check(
      "reviews_answer_check",
      sql`${t.answer} is null or char_length(${t.answer}) between 1 and ${sql.raw(String(REVIEW_TEXT_MAX))}`,
    ),
    check("reviews_hidden_check", sql`(${t.hiddenAt} is null) = (${t.hiddenReason} is null)`),
  ],
);

/**
 * The terms of an order that the two sides may change by agreement (decision 034): the quote's
 * terms copied at the award, and the planned dates of the steps still open.
 */
export const ORDER_TERM_FIELDS = [
  "unitPrice",
  "currency",
  "quantity",
  "leadTimeDays",
  "samplePrice",
  "sampleDays",
  "samplePlannedAt",
  "productionPlannedAt",
  "qualityPlannedAt",
  "shippingPlannedAt",
  "deliveryPlannedAt",
] as const;
export type OrderTermField = (typeof ORDER_TERM_FIELDS)[number];
/** A term's value as a proposal keeps it: a number, a currency code, a date (ISO), or none. */
export type TermValue = number | string | null;
/** What a proposal changes: each changed term, from what it was to what it becomes. */
export type TermsChanges = Partial<Record<OrderTermField, { from: TermValue; to: TermValue }>>;

/** The two sides of an order (who proposed a change, who flagged a dispute). */
export const ORDER_SIDES = ["buyer", "factory"] as const;
export type OrderSideName = (typeof ORDER_SIDES)[number];

/**
 * Where a proposed change of an order's terms stands: open until the other side accepts or
 * declines it, or its proposer withdraws it; 'lapsed' when the order was delivered or cancelled
 * while it was open.
 */
export const ORDER_PROPOSAL_STATES = [
  "open",
  "accepted",
  "declined",
  "withdrawn",
  "lapsed",
] as const;
export type OrderProposalState = (typeof ORDER_PROPOSAL_STATES)[number];

/**
 * One proposed change of an order's agreed terms (decision 034): what changes, each field from
 * and to (`changes`, app/domain/orders.ts TermsChanges), by which side, with an optional
 * comment, and the answer. At most one open per order; accepting applies it to the order.
 */
export const orderProposals = pgTable(
  "order_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    side: text("side").$type<OrderSideName>().notNull(),
    /** Who proposed it; null once that account is deleted. */
    proposerId: text("proposer_id").references(() => users.id, { onDelete: "set null" }),
    changes: jsonb("changes").$type<TermsChanges>().notNull(),
    comment: text("comment"),
    state: text("state").$type<OrderProposalState>().notNull().default("open"),
    /** Who answered it (the other side, or the proposer withdrawing); null while open. */
    answeredById: text("answered_by_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_proposals_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_proposals_one_open_idx").on(t.orderId).where(sql`${t.state} = 'open'`),
    check("order_proposals_side_check", oneOf(t.side, ORDER_SIDES)),
    check("order_proposals_state_check", oneOf(t.state, ORDER_PROPOSAL_STATES)),
  ],
);

export const ORDER_DISPUTE_STATES = ["open", "resolved"] as const;
export type OrderDisputeState = (typeof ORDER_DISPUTE_STATES)[number];

/**
 * A disagreement on an order flagged to the admins by one side (decision 034), with its reason,
 * and the admin's note when resolved. At most one open per order.
 */
export const orderDisputes = pgTable(
  "order_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    side: text("side").$type<OrderSideName>().notNull(),
    /** Who flagged it; null once that account is deleted. */
    raisedById: text("raised_by_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    state: text("state").$type<OrderDisputeState>().notNull().default("open"),
    resolvedById: text("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_disputes_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_disputes_one_open_idx").on(t.orderId).where(sql`${t.state} = 'open'`),
    // The admins' list: the open ones first, newest first.
    index("order_disputes_list_idx").on(t.state, t.createdAt.desc()),
    check("order_disputes_side_check", oneOf(t.side, ORDER_SIDES)),
    check("order_disputes_state_check", oneOf(t.state, ORDER_DISPUTE_STATES)),
  ],
);

/** Marks a seeded demo dataset so that seeding twice adds nothing. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Facts every process of one installation must agree on, by name: the keyed fingerprint of
 * BETTER_AUTH_SECRET ("auth-secret-fingerprint"; app/platform/instance.server.ts) and the demo
 * accounts' passwords ("demo-accounts"; app/demo/seed.server.ts), so that a second
 * process with a DATA_DIR of its own uses the same ones.
 */
export const instanceSettings = pgTable("instance_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- stored files

/**
 * The columns that hold stored files (addresses from app/platform/storage.server.ts): one address
 * (text), a list of addresses (text[]) or a list of attachments (jsonb, each with its `url`).
 * Whatever finds the files of rows reads this list, account deletion among them
 * (app/platform/file-columns.server.ts). A column that holds files and is missing here fails
 * tests/integration/file-columns.test.ts.
 */
export const FILE_COLUMNS = [
  profiles.avatarUrl,
  factories.logoUrl,
  factoryProducts.images,
  tenders.photos,
  tenders.techPack,
  quotes.attachments,
  quoteMessages.attachments,
  verificationRequests.documents,
  factoryCertificates.file,
  orderEvents.attachments,
] as const;
