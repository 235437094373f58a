/**
 * The garment glossary of the search (issue 29): words buyers use for the same thing, in Russian
 * and English, each group once. A search word that is one of a group's words also looks for all
 * the others, and for the reference entries the group names (a garment type of the catalogue, a
 * fabric of the fabric tree, an activity category, a material of the capability profile), whose
 * own names (Russian and English) come from app/domain/reference*.ts and are not repeated here.
 *
 * Words are written in their dictionary form, lower case, with «е» (never the letter yo); the
 * search compares forms loosely (see sameWordForm in search-query.ts), so 'платья' finds the
 * group of 'платье' and 'jeans' the group of 'jeans'.
 */
export interface GlossaryGroup {
  /** Words of the group, either language. */
  readonly words: readonly string[];
  /** Garment type slugs (reference.ts GARMENT_GROUPS) the group means. */
  readonly garments?: readonly string[];
  /** Fabric slugs (reference.ts FABRIC_TREE). */
  readonly fabrics?: readonly string[];
  /** Activity category slugs (reference.ts CATEGORIES). */
  readonly categories?: readonly string[];
  /** Capability materials (db/schema.ts FACTORY_MATERIALS). */
  readonly materials?: readonly string[];
}

export const GLOSSARY: readonly GlossaryGroup[] = [
  {
    words: ["спецодежда", "спецовка", "спецовки", "workwear", "overalls", "рабочая"],
    categories: ["professional-special"],
  },
  { words: ["униформа", "форма", "uniform", "uniforms"], categories: ["professional-special"] },
  {
    words: ["деним", "denim", "джинса", "джинсовый", "джинсовая"],
    fabrics: ["denim-classic", "denim-stretch", "denim-raw", "denim-light"],
    materials: ["denim"],
    garments: ["jeans"],
  },
  {
    words: ["джинсы", "jeans", "деним", "denim"],
    garments: ["jeans"],
    fabrics: ["denim-classic", "denim-stretch"],
  },
  {
    words: ["трикотаж", "трикотажный", "knitwear", "knit", "knitted", "jersey"],
    materials: ["knit"],
  },
  { words: ["худи", "толстовка", "hoodie", "hoody"], garments: ["hoodie", "sweatshirt"] },
  { words: ["свитшот", "sweatshirt"], garments: ["sweatshirt"] },
  { words: ["платье", "dress", "dresses"], garments: ["dress"], categories: ["dresses-jumpsuits"] },
  { words: ["сарафан", "sundress"], garments: ["sundress"] },
  { words: ["комбинезон", "jumpsuit", "overall"], garments: ["jumpsuit"] },
  {
    words: ["брюки", "штаны", "trousers", "pants", "trouser"],
    garments: ["trousers"],
    categories: ["bottoms"],
  },
  { words: ["юбка", "skirt"], garments: ["skirt"] },
  { words: ["рубашка", "сорочка", "shirt", "shirts"], garments: ["shirt"] },
  { words: ["блузка", "blouse"], garments: ["blouse"] },
  { words: ["футболка", "t-shirt", "tshirt", "tee"], garments: ["t-shirt"] },
  { words: ["поло", "polo"], garments: ["polo"] },
  { words: ["куртка", "jacket"], garments: ["jacket"], categories: ["outerwear"] },
  { words: ["пуховик", "puffer"], garments: ["down-jacket"] },
  { words: ["пальто", "coat"], garments: ["coat"] },
  { words: ["верхняя", "outerwear"], categories: ["outerwear"] },
  { words: ["пижама", "pajamas", "pyjamas"], garments: ["pajamas"] },
  { words: ["халат", "bathrobe", "robe"], garments: ["bathrobe"] },
  { words: ["белье", "underwear", "lingerie"], categories: ["sleepwear-underwear"] },
  {
    words: ["спортивная", "спорт", "sportswear", "sport", "activewear"],
    categories: ["sportswear"],
  },
  { words: ["костюм", "suit"] },
  { words: ["лен", "льняной", "linen"], fabrics: ["linen"], materials: ["linen"] },
  {
    words: ["шерсть", "шерстяной", "wool", "woolen", "woollen"],
    fabrics: ["wool"],
    materials: ["wool"],
  },
  { words: ["шелк", "шелковый", "silk"], fabrics: ["silk"], materials: ["silk"] },
  { words: ["хлопок", "хлопковый", "cotton", "коттон"], fabrics: ["cotton"] },
  {
    words: ["детская", "детский", "детство", "дети", "children", "kids", "childrens", "baby"],
    categories: ["miscellaneous"],
  },
  { words: ["женская", "женский", "women", "womens", "ladies"] },
  { words: ["мужская", "мужской", "men", "mens"] },
  { words: ["шапка", "hat", "beanie"], categories: ["accessories-headwear"] },
  { words: ["опт", "оптом", "оптовый", "wholesale", "bulk"] },
  { words: ["пошив", "швейный", "sewing", "garment", "manufacturer", "factory", "фабрика"] },
];
