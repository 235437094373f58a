/**
 * The one reference-data module: categories, garment catalogue, sizes, fabrics, geography,
 * currencies, tender genders, colours and user types. Pure data and pure functions — safe on
 * the client and the server.
 *
 * Rule for every `*Label` function: a known slug/code gives its label in `locale` (Russian by
 * default; the other languages' labels are in `reference-en.ts`), an unknown value is returned as
 * is, and an empty value (null, undefined, '') gives ''.
 *
 * Spelling: labels are written with «е», never the letter yo (as in the product's quoted strings).
 */

import type { UserType } from "~db/schema";
import type { Locale } from "./locale";
import { users as usersEn } from "./messages/en/users";
import { users } from "./messages/users";
import {
  COLOR_LABELS_EN,
  COUNTRIES_EN,
  CATEGORIES_EN as categoriesEn,
  CURRENCIES_EN as currenciesEn,
  FABRIC_LABELS_EN,
  GARMENT_LABELS_EN,
  SIZE_SYSTEM_LABELS_EN,
  TENDER_GENDER_LABELS_EN as tenderGendersEn,
} from "./reference-en";

// The English tables typed by this module's slugs and codes: one missing is a type error here
// (reference-en.ts imports nothing back).
const CATEGORIES_EN: Readonly<Record<CategorySlug, { label: string; description: string }>> =
  categoriesEn;
const CURRENCIES_EN: Readonly<Record<CurrencyCode, { label: string; symbol: string }>> =
  currenciesEn;
const TENDER_GENDER_LABELS_EN: Readonly<Record<TenderGender, string>> = tenderGendersEn;

type Labelled = { readonly slug: string; readonly label: string };

/** Builds a label lookup over `items`, keyed by `slug`. */
function labelMap(items: readonly Labelled[]): ReadonlyMap<string, string> {
  return new Map(items.map((item) => [item.slug, item.label]));
}

/** Label for `value` in `map` (or in `english` for English); unknown → as is; empty → ''. */
function lookup(
  map: ReadonlyMap<string, string>,
  value: string | null | undefined,
  locale: Locale = "ru",
  english?: Readonly<Record<string, string>>,
): string {
  if (value == null || value === "") return "";
  if (locale === "en" && english && Object.hasOwn(english, value)) return english[value] ?? value;
  return map.get(value) ?? value;
}

/** The slugs of a non-empty `as const` list, as a tuple usable with `z.enum`. */
function slugsOf<const T extends readonly [Labelled, ...Labelled[]]>(
  items: T,
): readonly [T[number]["slug"], ...T[number]["slug"][]] {
  return items.map((item) => item.slug) as unknown as readonly [
    T[number]["slug"],
    ...T[number]["slug"][],
  ];
}

// ---------------------------------------------------------------------------------------------
// Factory activity categories
// ---------------------------------------------------------------------------------------------

export const CATEGORIES = [
  {
    slug: "outerwear",
    label: "Верхняя одежда",
    description: "Куртки, пальто, пуховики, плащи и жилеты",
  },
  {
    slug: "bottoms",
    label: "Брюки и юбки",
    description: "Брюки, джинсы, юбки, шорты и леггинсы",
  },
  {
    slug: "tops",
    label: "Футболки, рубашки и блузки",
    description: "Футболки, рубашки, блузки, свитшоты, худи и трикотаж",
  },
  {
    slug: "dresses-jumpsuits",
    label: "Платья и комбинезоны",
    description: "Повседневные и вечерние платья, сарафаны, комбинезоны",
  },
  {
    slug: "home-nightwear",
    label: "Домашняя одежда",
    description: "Домашние костюмы, халаты, ночные сорочки и пижамы",
  },
  {
    slug: "sportswear",
    label: "Спортивная одежда",
    description: "Спортивные костюмы, одежда для фитнеса и активного отдыха",
  },
  {
    slug: "sleepwear-underwear",
    label: "Нижнее белье и одежда для сна",
    description: "Белье, купальники, термобелье, носки и колготки",
  },
  {
    slug: "accessories-headwear",
    label: "Аксессуары и головные уборы",
    description: "Шапки, кепки, шарфы, перчатки и текстильные сумки",
  },
  {
    slug: "professional-special",
    label: "Спецодежда и униформа",
    description: "Рабочая и медицинская одежда, униформа персонала, школьная форма",
  },
  {
    slug: "miscellaneous",
    label: "Прочее",
    description: "Детская одежда, домашний текстиль и другие швейные изделия",
  },
] as const satisfies readonly [
  Labelled & { readonly description: string },
  ...(Labelled & { readonly description: string })[],
];

export type Category = (typeof CATEGORIES)[number];
export type CategorySlug = Category["slug"];
export const CATEGORY_SLUGS = slugsOf(CATEGORIES);

const categoryLabels = labelMap(CATEGORIES);

export function categoryLabel(slug: string | null | undefined, locale: Locale = "ru"): string {
  if (locale === "en" && isCategorySlug(slug)) return CATEGORIES_EN[slug].label;
  return lookup(categoryLabels, slug);
}

/** What a category covers, in `locale`. */
export function categoryDescription(slug: CategorySlug, locale: Locale = "ru"): string {
  if (locale === "en") return CATEGORIES_EN[slug].description;
  return CATEGORIES.find((category) => category.slug === slug)?.description ?? "";
}

export function findCategory(slug: string | null | undefined): Category | undefined {
  return CATEGORIES.find((category) => category.slug === slug);
}

export function isCategorySlug(value: unknown): value is CategorySlug {
  return typeof value === "string" && categoryLabels.has(value);
}

// ---------------------------------------------------------------------------------------------
// Clothing catalogue: groups of garment types
// ---------------------------------------------------------------------------------------------

export type GarmentType = { readonly slug: string; readonly label: string };
export type GarmentGroup = {
  readonly slug: string;
  readonly label: string;
  readonly types: readonly GarmentType[];
};

/** Type slugs are unique across all groups (a product stores only the type slug). */
export const GARMENT_GROUPS: readonly GarmentGroup[] = [
  {
    slug: "outerwear",
    label: "Верхняя одежда",
    types: [
      { slug: "jacket", label: "Куртка" },
      { slug: "coat", label: "Пальто" },
      { slug: "down-jacket", label: "Пуховик" },
      { slug: "parka", label: "Парка" },
      { slug: "raincoat", label: "Плащ" },
      { slug: "trench-coat", label: "Тренч" },
      { slug: "windbreaker", label: "Ветровка" },
      { slug: "bomber", label: "Бомбер" },
      { slug: "vest", label: "Жилет" },
      { slug: "sheepskin-coat", label: "Дубленка" },
      { slug: "fur-coat", label: "Шуба" },
      { slug: "biker-jacket", label: "Косуха" },
      { slug: "anorak", label: "Анорак" },
    ],
  },
  {
    slug: "classic",
    label: "Костюмы, рубашки и блузки",
    types: [
      { slug: "business-suit", label: "Деловой костюм" },
      { slug: "trouser-suit", label: "Брючный костюм" },
      { slug: "skirt-suit", label: "Костюм с юбкой" },
      { slug: "blazer", label: "Пиджак" },
      { slug: "womens-jacket", label: "Жакет" },
      { slug: "suit-vest", label: "Жилет костюмный" },
      { slug: "shirt", label: "Рубашка" },
      { slug: "blouse", label: "Блузка" },
      { slug: "tunic", label: "Туника" },
      { slug: "tuxedo", label: "Смокинг" },
    ],
  },
  {
    slug: "knitwear",
    label: "Трикотаж и футболки",
    types: [
      { slug: "t-shirt", label: "Футболка" },
      { slug: "longsleeve", label: "Лонгслив" },
      { slug: "polo", label: "Поло" },
      { slug: "tank-top", label: "Майка" },
      { slug: "top", label: "Топ" },
      { slug: "sweatshirt", label: "Свитшот" },
      { slug: "hoodie", label: "Худи" },
      { slug: "sweater", label: "Свитер" },
      { slug: "jumper", label: "Джемпер" },
      { slug: "cardigan", label: "Кардиган" },
      { slug: "turtleneck", label: "Водолазка" },
    ],
  },
  {
    slug: "dresses",
    label: "Платья и комбинезоны",
    types: [
      { slug: "dress", label: "Платье" },
      { slug: "evening-dress", label: "Вечернее платье" },
      { slug: "cocktail-dress", label: "Коктейльное платье" },
      { slug: "shirt-dress", label: "Платье-рубашка" },
      { slug: "knit-dress", label: "Трикотажное платье" },
      { slug: "sundress", label: "Сарафан" },
      { slug: "jumpsuit", label: "Комбинезон" },
      { slug: "romper", label: "Комбинезон с шортами" },
      { slug: "dungarees", label: "Полукомбинезон" },
    ],
  },
  {
    slug: "bottoms",
    label: "Брюки, джинсы и юбки",
    types: [
      { slug: "trousers", label: "Брюки" },
      { slug: "jeans", label: "Джинсы" },
      { slug: "chinos", label: "Чиносы" },
      { slug: "cargo-pants", label: "Брюки карго" },
      { slug: "joggers", label: "Джоггеры" },
      { slug: "culottes", label: "Кюлоты" },
      { slug: "breeches", label: "Бриджи" },
      { slug: "shorts", label: "Шорты" },
      { slug: "leggings", label: "Леггинсы" },
      { slug: "skirt", label: "Юбка" },
      { slug: "pencil-skirt", label: "Юбка-карандаш" },
      { slug: "pleated-skirt", label: "Юбка плиссе" },
    ],
  },
  {
    slug: "sportswear",
    label: "Спортивная одежда",
    types: [
      { slug: "tracksuit", label: "Спортивный костюм" },
      { slug: "track-jacket", label: "Олимпийка" },
      { slug: "sweatpants", label: "Спортивные брюки" },
      { slug: "sports-shorts", label: "Спортивные шорты" },
      { slug: "tights", label: "Тайтсы" },
      { slug: "sports-bra", label: "Спортивный топ" },
      { slug: "cycling-shorts", label: "Велосипедки" },
      { slug: "sports-uniform", label: "Спортивная форма" },
      { slug: "ski-suit", label: "Горнолыжный костюм" },
    ],
  },
  {
    slug: "underwear-home",
    label: "Белье и домашняя одежда",
    types: [
      { slug: "underwear-set", label: "Комплект белья" },
      { slug: "bra", label: "Бюстгальтер" },
      { slug: "briefs", label: "Трусы" },
      { slug: "boxers", label: "Боксеры" },
      { slug: "thermal-underwear", label: "Термобелье" },
      { slug: "swimsuit", label: "Купальник" },
      { slug: "swim-trunks", label: "Плавки" },
      { slug: "pajamas", label: "Пижама" },
      { slug: "nightgown", label: "Ночная сорочка" },
      { slug: "bathrobe", label: "Халат" },
      { slug: "loungewear-set", label: "Домашний костюм" },
      { slug: "socks", label: "Носки" },
      { slug: "tights-hosiery", label: "Колготки" },
    ],
  },
  {
    slug: "kids",
    label: "Детская одежда",
    types: [
      { slug: "bodysuit", label: "Боди" },
      { slug: "romper-suit", label: "Ползунки" },
      { slug: "baby-vest", label: "Распашонка" },
      { slug: "newborn-set", label: "Комплект для новорожденного" },
      { slug: "kids-overall", label: "Детский комбинезон" },
      { slug: "kids-suit", label: "Детский костюм" },
      { slug: "kids-dress", label: "Детское платье" },
      { slug: "kids-jacket", label: "Детская куртка" },
      { slug: "school-uniform", label: "Школьная форма" },
    ],
  },
  {
    slug: "workwear",
    label: "Спецодежда и униформа",
    types: [
      { slug: "work-suit", label: "Рабочий костюм" },
      { slug: "work-overalls", label: "Рабочий комбинезон" },
      { slug: "medical-suit", label: "Медицинский костюм" },
      { slug: "medical-gown", label: "Медицинский халат" },
      { slug: "chef-jacket", label: "Поварской китель" },
      { slug: "apron", label: "Фартук" },
      { slug: "staff-uniform", label: "Униформа для персонала" },
      { slug: "hi-vis-vest", label: "Сигнальный жилет" },
      { slug: "protective-clothing", label: "Защитная одежда" },
      { slug: "insulated-workwear", label: "Утепленная спецодежда" },
    ],
  },
  {
    slug: "accessories",
    label: "Головные уборы и аксессуары",
    types: [
      { slug: "beanie", label: "Шапка" },
      { slug: "cap", label: "Кепка" },
      { slug: "baseball-cap", label: "Бейсболка" },
      { slug: "panama-hat", label: "Панама" },
      { slug: "balaclava", label: "Балаклава" },
      { slug: "scarf", label: "Шарф" },
      { slug: "snood", label: "Снуд" },
      { slug: "headscarf", label: "Платок" },
      { slug: "gloves", label: "Перчатки" },
      { slug: "mittens", label: "Варежки" },
      { slug: "tie", label: "Галстук" },
      { slug: "tote-bag", label: "Текстильная сумка" },
    ],
  },
];

const garmentTypeIndex: ReadonlyMap<string, { type: GarmentType; group: GarmentGroup }> = new Map(
  GARMENT_GROUPS.flatMap((group) => group.types.map((type) => [type.slug, { type, group }])),
);
const garmentTypeLabels = labelMap(GARMENT_GROUPS.flatMap((group) => group.types));

/** The garment type with this slug and the group it belongs to. */
export function findGarmentType(
  slug: string | null | undefined,
): { type: GarmentType; group: GarmentGroup } | undefined {
  return slug ? garmentTypeIndex.get(slug) : undefined;
}

/** Label of a garment type; free text (older products) is returned as is. */
export function garmentTypeLabel(slug: string | null | undefined, locale: Locale = "ru"): string {
  return lookup(garmentTypeLabels, slug, locale, GARMENT_LABELS_EN);
}

/** Label of a garment group, in `locale`. */
export function garmentGroupLabel(group: GarmentGroup, locale: Locale = "ru"): string {
  return locale === "en" ? (GARMENT_LABELS_EN[group.slug] ?? group.label) : group.label;
}

// ---------------------------------------------------------------------------------------------
// Size systems
// ---------------------------------------------------------------------------------------------

export type SizeSystem = {
  readonly slug: string;
  readonly label: string;
  readonly sizes: readonly string[];
};

const evenRange = (from: number, to: number): string[] =>
  Array.from({ length: (to - from) / 2 + 1 }, (_, i) => String(from + i * 2));

/** '28' inches → 'W28 (71 см)'. */
const inches = (prefix: string, values: readonly number[]): string[] =>
  values.map((value) => `${prefix}${value} (${Math.round(value * 2.54)} см)`);

export const SIZE_SYSTEMS: readonly SizeSystem[] = [
  {
    slug: "international",
    label: "Международные",
    sizes: ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL", "XXXXL"],
  },
  { slug: "russian", label: "Российские", sizes: evenRange(40, 64) },
  { slug: "us", label: "США (US)", sizes: evenRange(0, 22) },
  { slug: "european", label: "Европейские (EU)", sizes: evenRange(32, 58) },
  { slug: "uk", label: "Великобритания (UK)", sizes: evenRange(4, 26) },
  {
    slug: "chest",
    label: "Обхват груди, см",
    sizes: Array.from({ length: 13 }, (_, i) => `${76 + i * 4}–${80 + i * 4}`),
  },
  {
    slug: "waist",
    label: "Талия, дюймы (см)",
    sizes: inches("W", [24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 36, 38, 40, 42]),
  },
  {
    slug: "length",
    label: "Длина, дюймы (см)",
    sizes: inches("L", [28, 29, 30, 31, 32, 33, 34, 36]),
  },
];

const sizeSystemLabels = labelMap(SIZE_SYSTEMS);

export function sizeSystemLabel(slug: string | null | undefined, locale: Locale = "ru"): string {
  return lookup(sizeSystemLabels, slug, locale, SIZE_SYSTEM_LABELS_EN);
}

// ---------------------------------------------------------------------------------------------
// Fabric tree
// ---------------------------------------------------------------------------------------------

export type Fabric = { readonly slug: string; readonly label: string };
export type FabricCategory = {
  readonly slug: string;
  readonly label: string;
  readonly items: readonly Fabric[];
};

/** Fabric slugs are unique across the whole tree. */
export const FABRIC_TREE: readonly FabricCategory[] = [
  {
    slug: "natural",
    label: "Натуральные",
    items: [
      { slug: "cotton", label: "Хлопок" },
      { slug: "linen", label: "Лен" },
      { slug: "silk", label: "Шелк" },
      { slug: "wool", label: "Шерсть" },
      { slug: "cashmere", label: "Кашемир" },
      { slug: "mohair", label: "Мохер" },
      { slug: "hemp", label: "Конопля" },
    ],
  },
  {
    slug: "synthetic",
    label: "Синтетические и искусственные",
    items: [
      { slug: "polyester", label: "Полиэстер" },
      { slug: "nylon", label: "Нейлон" },
      { slug: "polyamide", label: "Полиамид" },
      { slug: "elastane", label: "Эластан" },
      { slug: "acrylic", label: "Акрил" },
      { slug: "viscose", label: "Вискоза" },
      { slug: "modal", label: "Модал" },
      { slug: "lyocell", label: "Лиоцелл" },
      { slug: "microfiber", label: "Микрофибра" },
    ],
  },
  {
    slug: "denim",
    label: "Джинсовые",
    items: [
      { slug: "denim-classic", label: "Классический деним" },
      { slug: "denim-stretch", label: "Стрейч-деним" },
      { slug: "denim-raw", label: "Сырой деним" },
      { slug: "denim-light", label: "Легкий деним" },
      { slug: "chambray", label: "Шамбре" },
    ],
  },
  {
    slug: "knitted",
    label: "Трикотажные",
    items: [
      { slug: "jersey", label: "Джерси" },
      { slug: "kulirka", label: "Кулирка" },
      { slug: "interlock", label: "Интерлок" },
      { slug: "footer", label: "Футер" },
      { slug: "ribana", label: "Рибана" },
      { slug: "pique", label: "Пике" },
      { slug: "fleece", label: "Флис" },
      { slug: "velour", label: "Велюр" },
    ],
  },
  {
    slug: "special",
    label: "Специальные",
    items: [
      { slug: "membrane", label: "Мембранная ткань" },
      { slug: "softshell", label: "Софтшелл" },
      { slug: "oxford", label: "Оксфорд" },
      { slug: "rip-stop", label: "Рип-стоп" },
      { slug: "raincoat-fabric", label: "Плащевка" },
      { slug: "workwear-blend", label: "Смесовая ткань для спецодежды" },
      { slug: "neoprene", label: "Неопрен" },
      { slug: "fire-resistant", label: "Огнестойкая ткань" },
    ],
  },
  {
    slug: "decorative",
    label: "Декоративные",
    items: [
      { slug: "lace", label: "Кружево" },
      { slug: "guipure", label: "Гипюр" },
      { slug: "velvet", label: "Бархат" },
      { slug: "satin", label: "Атлас" },
      { slug: "chiffon", label: "Шифон" },
      { slug: "organza", label: "Органза" },
      { slug: "tulle", label: "Фатин" },
      { slug: "brocade", label: "Парча" },
      { slug: "jacquard", label: "Жаккард" },
      { slug: "sequins", label: "Пайетки" },
    ],
  },
];

const fabricLabels = labelMap([...FABRIC_TREE, ...FABRIC_TREE.flatMap((c) => c.items)]);

/** Label of a fabric or of a fabric category; unknown → as is. */
export function fabricLabel(slug: string | null | undefined, locale: Locale = "ru"): string {
  return lookup(fabricLabels, slug, locale, FABRIC_LABELS_EN);
}

// ---------------------------------------------------------------------------------------------
// Geography
// ---------------------------------------------------------------------------------------------

export type City = { readonly id: string; readonly label: string };
export type Country<Code extends string = string> = {
  readonly code: Code;
  readonly label: string;
  readonly cities: readonly City[];
};

/** City ids are `${code}_${position}` (1-based) — STORED in the database: append only. */
function country<const Code extends string>(
  code: Code,
  label: string,
  cityNames: readonly string[],
): Country<Code> {
  return {
    code,
    label,
    cities: cityNames.map((name, index) => ({ id: `${code}_${index + 1}`, label: name })),
  };
}

/**
 * The 15 countries of the marketplace. City lists: capital and main garment-industry / largest
 * cities first. NEVER reorder or remove a city (ids are positions); only append.
 */
export const COUNTRIES = [
  country("kg", "Кыргызстан", [
    "Бишкек",
    "Ош",
    "Джалал-Абад",
    "Кара-Балта",
    "Токмок",
    "Кант",
    "Каракол",
    "Узген",
    "Балыкчы",
    "Нарын",
    "Талас",
    "Баткен",
  ]),
  country("kz", "Казахстан", [
    "Алматы",
    "Астана",
    "Шымкент",
    "Караганда",
    "Актобе",
    "Тараз",
    "Павлодар",
    "Усть-Каменогорск",
    "Семей",
    "Костанай",
    "Кызылорда",
    "Уральск",
    "Атырау",
    "Петропавловск",
    "Туркестан",
  ]),
  country("uz", "Узбекистан", [
    "Ташкент",
    "Самарканд",
    "Андижан",
    "Наманган",
    "Фергана",
    "Коканд",
    "Маргилан",
    "Бухара",
    "Карши",
    "Джизак",
    "Навои",
    "Ургенч",
    "Нукус",
    "Термез",
  ]),
  country("tj", "Таджикистан", [
    "Душанбе",
    "Худжанд",
    "Бохтар",
    "Куляб",
    "Истаравшан",
    "Турсунзаде",
    "Исфара",
    "Канибадам",
    "Пенджикент",
    "Вахдат",
    "Хорог",
  ]),
  country("tm", "Туркменистан", [
    "Ашхабад",
    "Туркменабат",
    "Дашогуз",
    "Мары",
    "Балканабат",
    "Туркменбаши",
    "Теджен",
    "Байрамали",
    "Абадан",
  ]),
  country("ru", "Россия", [
    "Москва",
    "Санкт-Петербург",
    "Иваново",
    "Новосибирск",
    "Екатеринбург",
    "Казань",
    "Нижний Новгород",
    "Ростов-на-Дону",
    "Краснодар",
    "Самара",
    "Челябинск",
    "Уфа",
    "Воронеж",
    "Ульяновск",
    "Пермь",
  ]),
  country("ua", "Украина", [
    "Киев",
    "Харьков",
    "Одесса",
    "Днепр",
    "Львов",
    "Хмельницкий",
    "Запорожье",
    "Винница",
    "Тернополь",
    "Черновцы",
    "Житомир",
    "Ивано-Франковск",
    "Полтава",
    "Черкассы",
  ]),
  country("by", "Беларусь", [
    "Минск",
    "Гомель",
    "Брест",
    "Витебск",
    "Гродно",
    "Могилев",
    "Бобруйск",
    "Барановичи",
    "Борисов",
    "Пинск",
    "Орша",
    "Мозырь",
    "Лида",
    "Солигорск",
  ]),
  country("az", "Азербайджан", [
    "Баку",
    "Гянджа",
    "Сумгаит",
    "Мингечевир",
    "Ширван",
    "Шеки",
    "Ленкорань",
    "Нахичевань",
    "Евлах",
    "Шамкир",
  ]),
  country("am", "Армения", [
    "Ереван",
    "Гюмри",
    "Ванадзор",
    "Вагаршапат",
    "Абовян",
    "Раздан",
    "Капан",
    "Армавир",
    "Гавар",
    "Арташат",
  ]),
  country("ge", "Грузия", [
    "Тбилиси",
    "Кутаиси",
    "Батуми",
    "Рустави",
    "Зугдиди",
    "Гори",
    "Поти",
    "Телави",
    "Хашури",
    "Самтредиа",
  ]),
  country("md", "Молдова", [
    "Кишинев",
    "Бельцы",
    "Тирасполь",
    "Бендеры",
    "Кагул",
    "Унгены",
    "Сороки",
    "Оргеев",
    "Комрат",
    "Единцы",
  ]),
  country("ee", "Эстония", [
    "Таллин",
    "Тарту",
    "Нарва",
    "Пярну",
    "Кохтла-Ярве",
    "Вильянди",
    "Раквере",
    "Маарду",
    "Силламяэ",
    "Хаапсалу",
  ]),
  country("lv", "Латвия", [
    "Рига",
    "Даугавпилс",
    "Лиепая",
    "Елгава",
    "Юрмала",
    "Вентспилс",
    "Резекне",
    "Валмиера",
    "Огре",
    "Екабпилс",
  ]),
  country("lt", "Литва", [
    "Вильнюс",
    "Каунас",
    "Клайпеда",
    "Шяуляй",
    "Паневежис",
    "Алитус",
    "Мариямполе",
    "Утена",
    "Тельшяй",
    "Укмерге",
  ]),
] as const;

export type CountryCode = (typeof COUNTRIES)[number]["code"];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as unknown as readonly [
  CountryCode,
  ...CountryCode[],
];

/** Countries shown in portfolios only (not selectable for factories or tenders). */
export const PORTFOLIO_EXTRA_COUNTRIES = [
  country("tr", "Турция", ["Стамбул", "Измир", "Бурса", "Денизли", "Газиантеп", "Анкара"]),
  country("cn", "Китай", ["Гуанчжоу", "Шанхай", "Ханчжоу", "Шэньчжэнь", "Пекин", "Шаосин"]),
] as const;

/** Legacy country codes still found in old data, display only. */
const LEGACY_COUNTRY_ALIASES: Readonly<Record<string, string>> = { kg_2: "Кыргызстан" };
const LEGACY_COUNTRY_CODES: Readonly<Record<string, string>> = { kg_2: "kg" };

const allCountries: readonly Country[] = [...COUNTRIES, ...PORTFOLIO_EXTRA_COUNTRIES];
const countryByCode: ReadonlyMap<string, Country> = new Map(allCountries.map((c) => [c.code, c]));
const cityById: ReadonlyMap<string, City> = new Map(
  allCountries.flatMap((c) => c.cities.map((city) => [city.id, city])),
);

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && COUNTRIES.some((c) => c.code === value);
}

/** Country (incl. Turkey and China) by code, case-insensitive. */
export function findCountry(code: string | null | undefined): Country | undefined {
  return code ? countryByCode.get(code.trim().toLowerCase()) : undefined;
}

/** 'kg' → 'Кыргызстан' (also 'tr', 'cn' and the legacy 'kg_2'); unknown → as is. */
export function countryLabel(code: string | null | undefined, locale: Locale = "ru"): string {
  if (code == null || code === "") return "";
  const key = code.trim().toLowerCase();
  const known = countryByCode.has(key) ? key : LEGACY_COUNTRY_CODES[key];
  if (locale === "en" && known && COUNTRIES_EN[known]) return COUNTRIES_EN[known].label;
  return countryByCode.get(key)?.label ?? LEGACY_COUNTRY_ALIASES[key] ?? code;
}

/** Cities of a country in id order; [] for an unknown or empty code. */
export function citiesOf(code: string | null | undefined): readonly City[] {
  return findCountry(code)?.cities ?? [];
}

/** 'kg_1' → 'Бишкек'; anything else (a free-text city name) is returned as is; empty → ''. */
export function cityLabel(cityIdOrLabel: string | null | undefined, locale: Locale = "ru"): string {
  if (cityIdOrLabel == null || cityIdOrLabel === "") return "";
  const id = cityIdOrLabel.trim().toLowerCase();
  const city = cityById.get(id);
  if (!city) return cityIdOrLabel;
  if (locale === "en") {
    const [code = "", position = ""] = id.split("_");
    const english = COUNTRIES_EN[code]?.cities[Number(position) - 1];
    if (english) return english;
  }
  return city.label;
}

/**
 * Whether `value` is a reference city id ('kg_1'), not a city name a person typed: a typed name
 * is shown as written, so a page marks it as the person's own text.
 */
export function isCityId(value: string | null | undefined): boolean {
  return !!value && cityById.has(value.trim().toLowerCase());
}

/** Whether `cityId` is one of the city ids of country `code`. */
export function isCityOf(
  code: string | null | undefined,
  cityId: string | null | undefined,
): boolean {
  return !!cityId && citiesOf(code).some((city) => city.id === cityId);
}

/** 'City, Country' from a country code and a city id or name, omitting missing parts. */
export function formatLocation(
  countryCode: string | null | undefined,
  city: string | null | undefined,
  locale: Locale = "ru",
): string {
  return [cityLabel(city?.trim(), locale), countryLabel(countryCode?.trim(), locale)]
    .filter(Boolean)
    .join(", ");
}

// ---------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------

export const CURRENCIES = [
  { code: "KGS", label: "Кыргызский сом", symbol: "сом" },
  { code: "KZT", label: "Казахстанский тенге", symbol: "₸" },
  { code: "UZS", label: "Узбекский сум", symbol: "сум" },
  { code: "TJS", label: "Таджикский сомони", symbol: "смн" },
  { code: "TMT", label: "Туркменский манат", symbol: "ман." },
  { code: "RUB", label: "Российский рубль", symbol: "₽" },
  { code: "UAH", label: "Украинская гривна", symbol: "₴" },
  { code: "BYN", label: "Белорусский рубль", symbol: "Br" },
  { code: "AZN", label: "Азербайджанский манат", symbol: "₼" },
  { code: "AMD", label: "Армянский драм", symbol: "֏" },
  { code: "GEL", label: "Грузинский лари", symbol: "₾" },
  { code: "MDL", label: "Молдавский лей", symbol: "лей" },
  { code: "EUR", label: "Евро", symbol: "€" },
  { code: "USD", label: "Доллар США", symbol: "$" },
] as const;

export type Currency = (typeof CURRENCIES)[number];
export type CurrencyCode = Currency["code"];
export const CURRENCY_CODES = CURRENCIES.map((c) => c.code) as unknown as readonly [
  CurrencyCode,
  ...CurrencyCode[],
];
export const DEFAULT_CURRENCY: CurrencyCode = "USD";

const currencyByCode: ReadonlyMap<string, Currency> = new Map(CURRENCIES.map((c) => [c.code, c]));

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && currencyByCode.has(value);
}

export function findCurrency(code: string | null | undefined): Currency | undefined {
  return code ? currencyByCode.get(code.trim().toUpperCase()) : undefined;
}

/** 'USD' → '$'; unknown → the code as is; empty → ''. */
export function currencySymbol(code: string | null | undefined, locale: Locale = "ru"): string {
  const currency = findCurrency(code);
  if (currency && locale === "en") return CURRENCIES_EN[currency.code].symbol;
  return currency?.symbol ?? code ?? "";
}

/** 'KGS' → 'Кыргызский сом'; unknown → as is. */
export function currencyLabel(code: string | null | undefined, locale: Locale = "ru"): string {
  const currency = findCurrency(code);
  if (currency && locale === "en") return CURRENCIES_EN[currency.code].label;
  return currency?.label ?? code ?? "";
}

// ---------------------------------------------------------------------------------------------
// Tender genders (stored in tenders.category)
// ---------------------------------------------------------------------------------------------

/** Stable keys, the same in every language (stored, and in `?gender=`). */
export const TENDER_GENDERS = ["men", "women", "kids", "unisex"] as const;
export type TenderGender = (typeof TENDER_GENDERS)[number];

const tenderGenderLabels: Readonly<Record<TenderGender, string>> = {
  men: "Мужской",
  women: "Женский",
  kids: "Детский",
  unisex: "Унисекс",
};

/** The Russian words genders were stored and linked as before they had keys (migration 0004). */
const LEGACY_TENDER_GENDERS: Readonly<Record<string, TenderGender>> = {
  мужской: "men",
  женский: "women",
  детский: "kids",
  унисекс: "unisex",
};

/** [{ value: 'men', label: 'Мужской' }, ...] for selects and filters. */
export const TENDER_GENDER_OPTIONS: readonly { value: TenderGender; label: string }[] =
  TENDER_GENDERS.map((value) => ({ value, label: tenderGenderLabels[value] }));

export function isTenderGender(value: unknown): value is TenderGender {
  return typeof value === "string" && (TENDER_GENDERS as readonly string[]).includes(value);
}

/** A gender from an address: its key, or the Russian word old links carry; else null. */
export function tenderGenderOf(value: string): TenderGender | null {
  const word = value.trim().toLowerCase();
  if (isTenderGender(word)) return word;
  return LEGACY_TENDER_GENDERS[word] ?? null;
}

/** 'men' → 'Мужской'; unknown → as is. */
export function tenderGenderLabel(value: string | null | undefined, locale: Locale = "ru"): string {
  if (value == null || value === "") return "";
  if (!isTenderGender(value)) return value;
  return locale === "en" ? TENDER_GENDER_LABELS_EN[value] : tenderGenderLabels[value];
}

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

/** The product colour palette; `COLOR_SUGGESTIONS` are its labels in this order. */
export const COLORS = [
  { slug: "black", label: "Черный", hex: "#1f2328" },
  { slug: "white", label: "Белый", hex: "#f4f4f2" },
  { slug: "gray", label: "Серый", hex: "#8a9096" },
  { slug: "red", label: "Красный", hex: "#c8322f" },
  { slug: "blue", label: "Синий", hex: "#2f5fb3" },
  { slug: "green", label: "Зеленый", hex: "#2e8a57" },
  { slug: "yellow", label: "Желтый", hex: "#e6b422" },
  { slug: "pink", label: "Розовый", hex: "#e58fb0" },
  { slug: "purple", label: "Фиолетовый", hex: "#7a4fb3" },
  { slug: "orange", label: "Оранжевый", hex: "#e57a2e" },
  { slug: "brown", label: "Коричневый", hex: "#7a5234" },
  { slug: "beige", label: "Бежевый", hex: "#d9c3a0" },
  { slug: "khaki", label: "Хаки", hex: "#7d7a4b" },
  { slug: "teal", label: "Морской волны", hex: "#1f8a8a" },
  { slug: "burgundy", label: "Бордовый", hex: "#7d1f35" },
  { slug: "navy", label: "Темно-синий", hex: "#1f2f5a" },
] as const;

export const COLOR_SUGGESTIONS: readonly string[] = COLORS.map((c) => c.label);

/** Swatch colour of a suggested colour (by label or slug), or undefined for any other value. */
export function colorHex(value: string | null | undefined): string | undefined {
  const label = colorLabel(value);
  return COLORS.find((c) => c.label === label)?.hex;
}

/** Other English colour slugs met in older data. */
const EXTRA_COLORS: readonly Labelled[] = [
  { slug: "grey", label: "Серый" },
  { slug: "violet", label: "Фиолетовый" },
  { slug: "maroon", label: "Бордовый" },
  { slug: "navy-blue", label: "Темно-синий" },
  { slug: "light-blue", label: "Голубой" },
  { slug: "gold", label: "Золотой" },
  { slug: "silver", label: "Серебристый" },
  { slug: "multicolor", label: "Разноцветный" },
];

const colorLabels = labelMap([...COLORS, ...EXTRA_COLORS]);

/**
 * Whether `value` is a colour the site names (a palette colour, by slug or Russian name, or a
 * known slug), not one a person typed: a typed colour is shown as written, so a page marks it as
 * the person's own text.
 */
export function isNamedColor(value: string | null | undefined): boolean {
  if (value == null) return false;
  const key = value.trim().toLowerCase();
  return colorLabels.has(key) || COLORS.some((c) => c.label.toLowerCase() === key);
}

/** 'black' → 'Черный' (case-insensitive); a Russian or unknown colour is returned as is. */
export function colorLabel(value: string | null | undefined, locale: Locale = "ru"): string {
  if (value == null || value === "") return "";
  const key = value.trim().toLowerCase();
  if (locale === "en") {
    // A slug, or a Russian palette name (colours are stored as typed): its English name.
    const slug = colorLabels.has(key)
      ? key
      : COLORS.find((c) => c.label.toLowerCase() === key)?.slug;
    const english = slug ? COLOR_LABELS_EN[slug] : undefined;
    if (english) return english;
  }
  return colorLabels.get(key) ?? value;
}

// ---------------------------------------------------------------------------------------------
// User types
// ---------------------------------------------------------------------------------------------

// The types themselves are stored values, defined once with the profiles table (USER_TYPES in
// db/schema.ts); here are their labels, one for every type (a missing one is a type error).

const userTypeLabelsRu: Readonly<Record<UserType, string>> = {
  buyer: users.buyer,
  factory: users.factoryTypeLabel,
  clothing_seller: users.clothingSeller,
  textile_seller: users.textileSeller,
};
const userTypeLabels: ReadonlyMap<string, string> = new Map(Object.entries(userTypeLabelsRu));

const userTypeLabelsEn: Readonly<Record<UserType, string>> = {
  buyer: usersEn.buyer,
  factory: usersEn.factoryTypeLabel,
  clothing_seller: usersEn.clothingSeller,
  textile_seller: usersEn.textileSeller,
};

/** Display label of a profile type ('factory' → 'Швейный цех/фабрика'); unknown → as is. */
export function userTypeLabel(type: string | null | undefined, locale: Locale = "ru"): string {
  return lookup(userTypeLabels, type, locale, userTypeLabelsEn);
}
