/**
 * English labels of the reference data in `./reference` (categories, garment catalogue, sizes,
 * fabrics, geography, currencies, colours and tender genders), keyed by the same slugs/codes.
 *
 * Nothing is imported from `./reference` (which imports these): `./reference` types each table by
 * its own slugs and codes, so a missing one is a type error there.
 * Conventions: British English, sentence case, typographic apostrophes (’), no Cyrillic.
 */

// ---------------------------------------------------------------------------------------------
// Factory activity categories
// ---------------------------------------------------------------------------------------------

/** English label and description of each activity category, by slug. */
export const CATEGORIES_EN = {
  outerwear: {
    label: "Outerwear",
    description: "Jackets, coats, down jackets, raincoats and gilets",
  },
  bottoms: {
    label: "Trousers and skirts",
    description: "Trousers, jeans, skirts, shorts and leggings",
  },
  tops: {
    label: "T-shirts, shirts and blouses",
    description: "T-shirts, shirts, blouses, sweatshirts, hoodies and knitwear",
  },
  "dresses-jumpsuits": {
    label: "Dresses and jumpsuits",
    description: "Casual and evening dresses, sundresses, jumpsuits",
  },
  "home-nightwear": {
    label: "Loungewear",
    description: "Loungewear sets, dressing gowns, nightdresses and pyjamas",
  },
  sportswear: {
    label: "Sportswear",
    description: "Tracksuits, fitness and outdoor clothing",
  },
  "sleepwear-underwear": {
    label: "Underwear and sleepwear",
    description: "Underwear, swimwear, thermal underwear, socks and tights",
  },
  "accessories-headwear": {
    label: "Accessories and headwear",
    description: "Hats, caps, scarves, gloves and textile bags",
  },
  "professional-special": {
    label: "Workwear and uniforms",
    description: "Work and medical clothing, staff uniforms, school uniforms",
  },
  miscellaneous: {
    label: "Other",
    description: "Children’s clothing, home textiles and other sewn products",
  },
} as const satisfies Readonly<Record<string, { label: string; description: string }>>;

// ---------------------------------------------------------------------------------------------
// Clothing catalogue: groups and garment types
// ---------------------------------------------------------------------------------------------

/** English labels of every garment group slug AND every garment type slug of GARMENT_GROUPS. */
export const GARMENT_LABELS_EN: Readonly<Record<string, string>> = {
  // Groups
  outerwear: "Outerwear",
  classic: "Suits, shirts and blouses",
  knitwear: "Knitwear and T-shirts",
  dresses: "Dresses and jumpsuits",
  bottoms: "Trousers, jeans and skirts",
  sportswear: "Sportswear",
  "underwear-home": "Underwear and loungewear",
  kids: "Children’s clothing",
  workwear: "Workwear and uniforms",
  accessories: "Headwear and accessories",

  // Outerwear
  jacket: "Jacket",
  coat: "Coat",
  "down-jacket": "Down jacket",
  parka: "Parka",
  raincoat: "Raincoat",
  "trench-coat": "Trench coat",
  windbreaker: "Windbreaker",
  bomber: "Bomber jacket",
  vest: "Gilet",
  "sheepskin-coat": "Sheepskin coat",
  "fur-coat": "Fur coat",
  "biker-jacket": "Biker jacket",
  anorak: "Anorak",

  // Suits, shirts and blouses
  "business-suit": "Business suit",
  "trouser-suit": "Trouser suit",
  "skirt-suit": "Skirt suit",
  blazer: "Blazer",
  "womens-jacket": "Women’s jacket",
  "suit-vest": "Waistcoat",
  shirt: "Shirt",
  blouse: "Blouse",
  tunic: "Tunic",
  tuxedo: "Tuxedo",

  // Knitwear and T-shirts
  "t-shirt": "T-shirt",
  longsleeve: "Long-sleeve top",
  polo: "Polo shirt",
  "tank-top": "Tank top",
  top: "Top",
  sweatshirt: "Sweatshirt",
  hoodie: "Hoodie",
  sweater: "Sweater",
  jumper: "Jumper",
  cardigan: "Cardigan",
  turtleneck: "Turtleneck",

  // Dresses and jumpsuits
  dress: "Dress",
  "evening-dress": "Evening dress",
  "cocktail-dress": "Cocktail dress",
  "shirt-dress": "Shirt dress",
  "knit-dress": "Knitted dress",
  sundress: "Sundress",
  jumpsuit: "Jumpsuit",
  romper: "Playsuit",
  dungarees: "Dungarees",

  // Trousers, jeans and skirts
  trousers: "Trousers",
  jeans: "Jeans",
  chinos: "Chinos",
  "cargo-pants": "Cargo trousers",
  joggers: "Joggers",
  culottes: "Culottes",
  breeches: "Capri trousers",
  shorts: "Shorts",
  leggings: "Leggings",
  skirt: "Skirt",
  "pencil-skirt": "Pencil skirt",
  "pleated-skirt": "Pleated skirt",

  // Sportswear
  tracksuit: "Tracksuit",
  "track-jacket": "Track jacket",
  sweatpants: "Tracksuit bottoms",
  "sports-shorts": "Sports shorts",
  tights: "Sports tights",
  "sports-bra": "Sports bra",
  "cycling-shorts": "Cycling shorts",
  "sports-uniform": "Sports kit",
  "ski-suit": "Ski suit",

  // Underwear and loungewear
  "underwear-set": "Underwear set",
  bra: "Bra",
  briefs: "Briefs",
  boxers: "Boxer shorts",
  "thermal-underwear": "Thermal underwear",
  swimsuit: "Swimsuit",
  "swim-trunks": "Swimming trunks",
  pajamas: "Pyjamas",
  nightgown: "Nightdress",
  bathrobe: "Dressing gown",
  "loungewear-set": "Loungewear set",
  socks: "Socks",
  "tights-hosiery": "Tights",

  // Children’s clothing
  bodysuit: "Bodysuit",
  "romper-suit": "Footed baby trousers",
  "baby-vest": "Baby wrap top",
  "newborn-set": "Newborn set",
  "kids-overall": "Children’s overalls",
  "kids-suit": "Children’s suit",
  "kids-dress": "Children’s dress",
  "kids-jacket": "Children’s jacket",
  "school-uniform": "School uniform",

  // Workwear and uniforms
  "work-suit": "Work suit",
  "work-overalls": "Work overalls",
  "medical-suit": "Medical scrubs",
  "medical-gown": "Medical coat",
  "chef-jacket": "Chef’s jacket",
  apron: "Apron",
  "staff-uniform": "Staff uniform",
  "hi-vis-vest": "Hi-vis vest",
  "protective-clothing": "Protective clothing",
  "insulated-workwear": "Insulated workwear",

  // Headwear and accessories
  beanie: "Beanie",
  cap: "Cap",
  "baseball-cap": "Baseball cap",
  "panama-hat": "Bucket hat",
  balaclava: "Balaclava",
  scarf: "Scarf",
  snood: "Snood",
  headscarf: "Headscarf",
  gloves: "Gloves",
  mittens: "Mittens",
  tie: "Tie",
  "tote-bag": "Tote bag",
};

// ---------------------------------------------------------------------------------------------
// Size systems
// ---------------------------------------------------------------------------------------------

/** English labels of every size system slug of SIZE_SYSTEMS. */
export const SIZE_SYSTEM_LABELS_EN: Readonly<Record<string, string>> = {
  international: "International",
  russian: "Russian",
  us: "US",
  european: "European (EU)",
  uk: "UK",
  chest: "Chest, cm",
  waist: "Waist, inches (cm)",
  length: "Length, inches (cm)",
};

// ---------------------------------------------------------------------------------------------
// Fabric tree
// ---------------------------------------------------------------------------------------------

/** English labels of every fabric category slug AND every fabric slug of FABRIC_TREE. */
export const FABRIC_LABELS_EN: Readonly<Record<string, string>> = {
  // Categories
  natural: "Natural",
  synthetic: "Synthetic and man-made",
  denim: "Denim",
  knitted: "Knitted",
  special: "Technical",
  decorative: "Decorative",

  // Natural
  cotton: "Cotton",
  linen: "Linen",
  silk: "Silk",
  wool: "Wool",
  cashmere: "Cashmere",
  mohair: "Mohair",
  hemp: "Hemp",

  // Synthetic and man-made
  polyester: "Polyester",
  nylon: "Nylon",
  polyamide: "Polyamide",
  elastane: "Elastane",
  acrylic: "Acrylic",
  viscose: "Viscose",
  modal: "Modal",
  lyocell: "Lyocell",
  microfiber: "Microfibre",

  // Denim
  "denim-classic": "Classic denim",
  "denim-stretch": "Stretch denim",
  "denim-raw": "Raw denim",
  "denim-light": "Lightweight denim",
  chambray: "Chambray",

  // Knitted
  jersey: "Jersey",
  kulirka: "Single jersey",
  interlock: "Interlock",
  footer: "French terry",
  ribana: "Rib knit",
  pique: "Piqué",
  fleece: "Fleece",
  velour: "Velour",

  // Technical
  membrane: "Membrane fabric",
  softshell: "Softshell",
  oxford: "Oxford",
  "rip-stop": "Ripstop",
  "raincoat-fabric": "Raincoat fabric",
  "workwear-blend": "Workwear blended fabric",
  neoprene: "Neoprene",
  "fire-resistant": "Flame-resistant fabric",

  // Decorative
  lace: "Lace",
  guipure: "Guipure lace",
  velvet: "Velvet",
  satin: "Satin",
  chiffon: "Chiffon",
  organza: "Organza",
  tulle: "Tulle",
  brocade: "Brocade",
  jacquard: "Jacquard",
  sequins: "Sequin fabric",
};

// ---------------------------------------------------------------------------------------------
// Geography
// ---------------------------------------------------------------------------------------------

/**
 * English country names and city names: `cities` in EXACTLY the same order and number as the
 * Russian list of that country (the city id is its position), for the 15 COUNTRIES and the
 * PORTFOLIO_EXTRA_COUNTRIES (tr, cn). Diacritics are dropped (Chisinau, Parnu, Klaipeda).
 */
export const COUNTRIES_EN: Readonly<Record<string, { label: string; cities: readonly string[] }>> =
  {
    kg: {
      label: "Kyrgyzstan",
      cities: [
        "Bishkek",
        "Osh",
        "Jalal-Abad",
        "Kara-Balta",
        "Tokmok",
        "Kant",
        "Karakol",
        "Uzgen",
        "Balykchy",
        "Naryn",
        "Talas",
        "Batken",
      ],
    },
    kz: {
      label: "Kazakhstan",
      cities: [
        "Almaty",
        "Astana",
        "Shymkent",
        "Karaganda",
        "Aktobe",
        "Taraz",
        "Pavlodar",
        "Oskemen",
        "Semey",
        "Kostanay",
        "Kyzylorda",
        "Oral",
        "Atyrau",
        "Petropavl",
        "Turkistan",
      ],
    },
    uz: {
      label: "Uzbekistan",
      cities: [
        "Tashkent",
        "Samarkand",
        "Andijan",
        "Namangan",
        "Fergana",
        "Kokand",
        "Margilan",
        "Bukhara",
        "Karshi",
        "Jizzakh",
        "Navoi",
        "Urgench",
        "Nukus",
        "Termez",
      ],
    },
    tj: {
      label: "Tajikistan",
      cities: [
        "Dushanbe",
        "Khujand",
        "Bokhtar",
        "Kulob",
        "Istaravshan",
        "Tursunzoda",
        "Isfara",
        "Konibodom",
        "Panjakent",
        "Vahdat",
        "Khorog",
      ],
    },
    tm: {
      label: "Turkmenistan",
      cities: [
        "Ashgabat",
        "Turkmenabat",
        "Dashoguz",
        "Mary",
        "Balkanabat",
        "Turkmenbashi",
        "Tejen",
        "Bayramaly",
        "Abadan",
      ],
    },
    ru: {
      label: "Russia",
      cities: [
        "Moscow",
        "Saint Petersburg",
        "Ivanovo",
        "Novosibirsk",
        "Yekaterinburg",
        "Kazan",
        "Nizhny Novgorod",
        "Rostov-on-Don",
        "Krasnodar",
        "Samara",
        "Chelyabinsk",
        "Ufa",
        "Voronezh",
        "Ulyanovsk",
        "Perm",
      ],
    },
    ua: {
      label: "Ukraine",
      cities: [
        "Kyiv",
        "Kharkiv",
        "Odesa",
        "Dnipro",
        "Lviv",
        "Khmelnytskyi",
        "Zaporizhzhia",
        "Vinnytsia",
        "Ternopil",
        "Chernivtsi",
        "Zhytomyr",
        "Ivano-Frankivsk",
        "Poltava",
        "Cherkasy",
      ],
    },
    by: {
      label: "Belarus",
      cities: [
        "Minsk",
        "Gomel",
        "Brest",
        "Vitebsk",
        "Grodno",
        "Mogilev",
        "Babruysk",
        "Baranavichy",
        "Barysaw",
        "Pinsk",
        "Orsha",
        "Mazyr",
        "Lida",
        "Salihorsk",
      ],
    },
    az: {
      label: "Azerbaijan",
      cities: [
        "Baku",
        "Ganja",
        "Sumgait",
        "Mingachevir",
        "Shirvan",
        "Shaki",
        "Lankaran",
        "Nakhchivan",
        "Yevlakh",
        "Shamkir",
      ],
    },
    am: {
      label: "Armenia",
      cities: [
        "Yerevan",
        "Gyumri",
        "Vanadzor",
        "Vagharshapat",
        "Abovyan",
        "Hrazdan",
        "Kapan",
        "Armavir",
        "Gavar",
        "Artashat",
      ],
    },
    ge: {
      label: "Georgia",
      cities: [
        "Tbilisi",
        "Kutaisi",
        "Batumi",
        "Rustavi",
        "Zugdidi",
        "Gori",
        "Poti",
        "Telavi",
        "Khashuri",
        "Samtredia",
      ],
    },
    md: {
      label: "Moldova",
      cities: [
        "Chisinau",
        "Balti",
        "Tiraspol",
        "Bender",
        "Cahul",
        "Ungheni",
        "Soroca",
        "Orhei",
        "Comrat",
        "Edinet",
      ],
    },
    ee: {
      label: "Estonia",
      cities: [
        "Tallinn",
        "Tartu",
        "Narva",
        "Parnu",
        "Kohtla-Jarve",
        "Viljandi",
        "Rakvere",
        "Maardu",
        "Sillamae",
        "Haapsalu",
      ],
    },
    lv: {
      label: "Latvia",
      cities: [
        "Riga",
        "Daugavpils",
        "Liepaja",
        "Jelgava",
        "Jurmala",
        "Ventspils",
        "Rezekne",
        "Valmiera",
        "Ogre",
        "Jekabpils",
      ],
    },
    lt: {
      label: "Lithuania",
      cities: [
        "Vilnius",
        "Kaunas",
        "Klaipeda",
        "Siauliai",
        "Panevezys",
        "Alytus",
        "Marijampole",
        "Utena",
        "Telsiai",
        "Ukmerge",
      ],
    },
    tr: {
      label: "Turkey",
      cities: ["Istanbul", "Izmir", "Bursa", "Denizli", "Gaziantep", "Ankara"],
    },
    cn: {
      label: "China",
      cities: ["Guangzhou", "Shanghai", "Hangzhou", "Shenzhen", "Beijing", "Shaoxing"],
    },
  };

// ---------------------------------------------------------------------------------------------
// Currencies
// ---------------------------------------------------------------------------------------------

/**
 * English currency names by code, and English symbols where the Russian symbol is a Russian
 * word (KGS, UZS, TJS, TMT, MDL); the other symbols are as in `./reference`.
 */
export const CURRENCIES_EN = {
  KGS: { label: "Kyrgyz som", symbol: "som" },
  KZT: { label: "Kazakhstani tenge", symbol: "₸" },
  UZS: { label: "Uzbek sum", symbol: "sum" },
  TJS: { label: "Tajik somoni", symbol: "smn" },
  TMT: { label: "Turkmen manat", symbol: "m" },
  RUB: { label: "Russian rouble", symbol: "₽" },
  UAH: { label: "Ukrainian hryvnia", symbol: "₴" },
  BYN: { label: "Belarusian rouble", symbol: "Br" },
  AZN: { label: "Azerbaijani manat", symbol: "₼" },
  AMD: { label: "Armenian dram", symbol: "֏" },
  GEL: { label: "Georgian lari", symbol: "₾" },
  MDL: { label: "Moldovan leu", symbol: "lei" },
  EUR: { label: "Euro", symbol: "€" },
  USD: { label: "US dollar", symbol: "$" },
} as const satisfies Readonly<Record<string, { label: string; symbol: string }>>;

// ---------------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------------

/**
 * English colour names keyed by colour slug, for every slug in COLORS and in EXTRA_COLORS.
 * As in Russian, the older synonyms (grey, violet, maroon, navy-blue) share the label of their
 * palette colour.
 */
export const COLOR_LABELS_EN: Readonly<Record<string, string>> = {
  // COLORS (the palette)
  black: "Black",
  white: "White",
  gray: "Grey",
  red: "Red",
  blue: "Blue",
  green: "Green",
  yellow: "Yellow",
  pink: "Pink",
  purple: "Purple",
  orange: "Orange",
  brown: "Brown",
  beige: "Beige",
  khaki: "Khaki",
  teal: "Teal",
  burgundy: "Burgundy",
  navy: "Navy",

  // EXTRA_COLORS (older data)
  grey: "Grey",
  violet: "Purple",
  maroon: "Burgundy",
  "navy-blue": "Navy",
  "light-blue": "Light blue",
  gold: "Gold",
  silver: "Silver",
  multicolor: "Multicoloured",
};

// ---------------------------------------------------------------------------------------------
// Tender genders
// ---------------------------------------------------------------------------------------------

/** men → "Men’s", women → "Women’s", kids → "Children’s", unisex → "Unisex". */
export const TENDER_GENDER_LABELS_EN = {
  men: "Men’s",
  women: "Women’s",
  kids: "Children’s",
  unisex: "Unisex",
} as const satisfies Readonly<Record<string, string>>;
