import { plural } from "./plural";

export const dashboard = {
  factoryTitle: "Кабинет фабрики",
  factoryText: "Управляйте портфолио и профилем фабрики.",
  quickActions: "Быстрые действия",
  addProduct: "Добавить товар",
  addProductText: "Пополните портфолио новыми изделиями",
  profile: "Профиль",
  profileText: "Обновите контакты, описание и сферы деятельности",
  viewTenders: "Смотреть тендеры",
  viewTendersText: "Заказы покупателей, ожидающие производителя",
  loginRequired: "Войдите, чтобы открыть кабинет фабрики",
  loginText: "Кабинет доступен швейным фабрикам после входа в аккаунт.",
  accessRestrictedText: "Кабинет фабрики доступен только аккаунтам фабрик.",
  productsCount: "Товаров в портфолио",
  products: (n: number) => `${n} ${plural(n, "товар", "товара", "товаров")}`,
  viewPortfolio: "Публичное портфолио",
  viewPortfolioText: "Так вашу фабрику видят покупатели",
  checklistTitle: "Что еще заполнить в профиле",
  checklistProgress: (done: number, total: number) => `Заполнено ${done} из ${total}`,
  checklistDone: "Профиль заполнен полностью",
  checklistDoneText: "Покупатели видят логотип, описание, контакты и сферы деятельности фабрики.",
  gaps: {
    logo: "Загрузите логотип",
    description: "Добавьте описание фабрики",
    contacts: "Укажите контакты: телефон, email, сайт или мессенджер",
    categories: "Выберите сферы деятельности",
  },
  fill: "Заполнить",
  checks: {
    logo: "Логотип",
    description: "Описание",
    contacts: "Контакты",
    categories: "Сферы деятельности",
  },
  checkDone: "Готово",
  /** A factory the directory does not list yet (migration 0011: a name, a country, a category). */
  directoryHidden: "Фабрика пока не видна в каталоге",
  directoryMissing: (items: string) => `Чтобы она появилась в каталоге фабрик, укажите ${items}.`,
  directoryNeeds: {
    name: "название фабрики",
    country: "страну",
    categories: "хотя бы одну сферу деятельности",
  },
  directoryRanking:
    "Выше в каталоге стоят фабрики с логотипом, городом, описанием и хотя бы одним товаром.",
  directoryFill: "Заполнить профиль",
} as const;
