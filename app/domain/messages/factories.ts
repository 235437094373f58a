import { plural } from "./plural";
import { factoriesTitle, filtersActive } from "./shared";

export const factories = {
  title: factoriesTitle,
  subtitle: "Производители одежды Центральной Азии, Кавказа, Восточной Европы и Прибалтики",
  count: (n: number) => `${n} ${plural(n, "фабрика", "фабрики", "фабрик")}`,
  found: (n: number) =>
    `${plural(n, "Найдена", "Найдено", "Найдено")} ${n.toLocaleString("ru-RU")} ${plural(n, "фабрика", "фабрики", "фабрик")}`,
  searchLabel: "Поиск",
  searchPlaceholder: "Название, описание или товар",
  verifiedBadge: "Проверенная фабрика",
  verifiedOnly: "Только проверенные",
  verifiedHint: "Администратор Fabricum проверил фабрику",
  filters: {
    title: "Фильтры",
    show: "Показать фильтры",
    hide: "Скрыть фильтры",
    category: "Сферы деятельности",
    allCategories: "Все сферы",
    country: "Страна",
    allCountries: "Все страны",
    city: "Город",
    allCities: "Все города",
    selectCountryFirst: "Сначала выберите страну",
    noCities: "Нет доступных городов",
    reset: "Сбросить",
    apply: "Показать",
    applyCount: (n: number) =>
      `Показать ${n.toLocaleString("ru-RU")} ${plural(n, "фабрику", "фабрики", "фабрик")}`,
    active: filtersActive,
    resetAll: "Сбросить фильтры",
  },
  empty: "Фабрики не найдены",
  emptyFiltered: "По вашим критериям ничего не найдено",
  emptyHint: "Попробуйте изменить условия поиска или сбросить фильтры.",
  /** The search with its typos fixed (the cards are already its results). */
  didYouMean: "Возможно, вы искали",
  didYouMeanHint: "Показаны результаты по исправленному запросу.",
  card: {
    details: "Подробнее",
    noLocation: "Местоположение не указано",
    moreCategories: (labels: string) => `Еще: ${labels}`,
  },
  detail: {
    viewPortfolio: "Смотреть портфолио",
    backToList: "К списку фабрик",
    about: "О фабрике",
    noDescription: "Фабрика пока не добавила описание.",
    categories: "Сферы деятельности",
    location: "Местоположение",
    country: "Страна",
    city: "Город",
    address: "Адрес",
    contacts: "Контакты",
    noContacts: "Контакты не указаны",
    phone: "Телефон",
    email: "Email",
    website: "Сайт",
    instagram: "Instagram",
    telegram: "Telegram",
    whatsapp: "WhatsApp",
    newTab: "(откроется в новой вкладке)",
    /** The owner's link from its factory's page to the profile form. */
    editOwn: "Редактировать профиль фабрики",
  },
  seo: {
    categoryTitle: (category: string) => `${category}: швейные цеха и фабрики`,
    countryTitle: (country: string) => `Швейные цеха и фабрики: ${country}`,
    categoryDescription: (category: string) =>
      `Швейные цеха и фабрики в сфере «${category}»: местоположение, сферы деятельности и прямые контакты производителей.`,
    countryDescription: (country: string) =>
      `Швейные цеха и фабрики, страна: ${country}. Сферы деятельности, города и прямые контакты производителей.`,
    page: (title: string, page: number) => `${title}, страница ${page}`,
  },
  notFound: "Фабрика не найдена",
  notFoundText: "Возможно, фабрика удалила профиль или ссылка указана неверно.",
  backToFactories: "Вернуться к фабрикам",
  portfolio: {
    title: "Портфолио",
    metaTitle: (factory: string) => `${factory} — портфолио`,
    backToFactory: "Назад к фабрике",
    productsCount: (n: number) => `${n} ${plural(n, "товар", "товара", "товаров")}`,
    empty: "Пока нет доступных товаров",
    /** To the factory page's contacts, from the portfolio and a product's dialog. */
    contactFactory: "Связаться с фабрикой",
  },
} as const;
