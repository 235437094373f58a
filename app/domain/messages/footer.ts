import { factoriesTitle } from "./shared";

export const footer = {
  about:
    "B2B-маркетплейс текстиля и одежды: прямые контакты швейных фабрик Центральной Азии, Кавказа, Восточной Европы и Прибалтики для оптовых покупателей.",
  categoriesTitle: "Категории",
  factories: factoriesTitle,
  infoTitle: "Информация",
  aboutLink: "О нас",
  contact: "Контакты",
  articles: "Статьи",
  supportProject: "Поддержать проект",
  privacy: "Политика конфиденциальности",
  terms: "Пользовательское соглашение",
  copyright: (year: number, site: string) => `© ${year} ${site}. Все права защищены.`,
} as const;
