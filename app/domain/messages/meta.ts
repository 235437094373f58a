import { factoriesTitle } from "./shared";

export const meta = {
  defaultDescription:
    "B2B-маркетплейс текстиля и одежды: швейные фабрики Центральной Азии, Кавказа, Восточной Европы и Прибалтики, прямые контакты и тендеры на пошив.",
  homeTitle: (site: string) => `${site} — B2B-маркетплейс швейных фабрик`,
  login: "Вход",
  register: "Регистрация",
  forgotPassword: "Восстановление пароля",
  resetPassword: "Новый пароль",
  factories: factoriesTitle,
  factoriesDescription:
    "Каталог швейных цехов и фабрик: фильтры по сферам деятельности, стране и городу, прямые контакты производителей.",
  factoryDescription: (name: string, location: string) =>
    location
      ? `${name}, ${location}: описание, сферы деятельности и контакты швейной фабрики.`
      : `${name}: описание, сферы деятельности и контакты швейной фабрики.`,
  portfolioDescription: (name: string) =>
    `Портфолио фабрики ${name}: изделия, цены, объемы и сроки производства.`,
  myProducts: "Мои товары",
  factoryDashboard: "Кабинет фабрики",
  buyerDashboard: "Кабинет покупателя",
  profile: "Профиль",
  admin: "Администрирование",
  tenders: "Тендеры",
  tendersDescription:
    "Активные тендеры на пошив одежды от оптовых покупателей: количество, требования и контакты заказчиков.",
  placeTender: "Разместить тендер",
  placeTenderDescription:
    "Разместите заказ на пошив одежды — швейные фабрики свяжутся с вами напрямую.",
  myTenders: "Мои тендеры",
  supportProject: "Поддержать проект",
  supportProjectDescription: "Поддержите развитие B2B-маркетплейса швейных фабрик.",
  clothing: "Каталог одежды",
  textile: "Каталог тканей",
  supplier: "Поставщики",
  dashboard: "Кабинет продавца",
  unavailable: "Страница недоступна",
  notFound: "Страница не найдена",
} as const;
