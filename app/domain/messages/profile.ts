import type { AccountHoldings } from "../account-holdings";
import { CONTACT_EXAMPLES } from "../contacts";
import { plural } from "./plural";

export const profile = {
  factoryTitle: "Профиль фабрики",
  buyerTitle: "Мой профиль",
  loading: "Загрузка...",
  loginRequired: "Войдите, чтобы открыть профиль",
  saved: "Профиль обновлен",
  saveFailed: "Не удалось сохранить профиль",
  updateFailed: "Не удалось обновить профиль",
  factoryLoadFailed: "Не удалось загрузить данные фабрики",
  dataLoadFailed: "Произошла ошибка при загрузке данных",
  userLoadFailed: "Не удалось загрузить данные пользователя",
  /** Why a profile's use case refused (codes of app/features/factories/problems.ts). */
  problems: {
    "no-profile": "У аккаунта нет профиля",
    "deletion-failed":
      "Не удалось удалить профиль: ничего не удалено, попробуйте еще раз чуть позже",
  },
  factory: {
    logo: "Логотип",
    uploadLogo: "Загрузить логотип",
    name: "Название фабрики",
    namePlaceholder: "Например, «Ала-Тоо Текстиль»",
    nameRequired: "Введите название фабрики",
    email: "Email",
    phone: "Телефон",
    website: "Сайт",
    country: "Страна",
    city: "Город",
    address: "Адрес",
    instagram: "Instagram",
    telegram: "Telegram",
    whatsapp: "WhatsApp",
    categories: "Сферы деятельности",
    description: "Описание",
    descriptionPlaceholder:
      "Расскажите о фабрике: что шьете, объемы, оборудование, минимальный заказ",
    nameEn: "Название на английском",
    descriptionEn: "Описание на английском",
    englishHint:
      "Покупатели, которые читают сайт по-английски, увидят эти тексты. Если оставить поля пустыми, они увидят оригинал.",
  },
  buyer: {
    avatar: "Фото профиля",
    uploadAvatar: "Загрузить фото",
    name: "Имя",
    nameRequired: "Введите имя",
    phone: "Телефон",
    whatsapp: "WhatsApp",
    telegram: "Telegram",
    instagram: "Instagram",
    aboutMe: "О себе",
    aboutMePlaceholder: "Коротко о вас или вашей компании",
  },
  invalid: {
    email: "Введите корректный email, например name@company.com",
    phone: "Введите номер телефона с кодом страны: от 7 до 15 цифр, например +996 555 12 34 56",
    website: "Введите адрес сайта, например https://example.com",
    instagram: "Введите имя в Instagram (например, @fabrika) или ссылку instagram.com/…",
    telegram: "Введите имя в Telegram (например, @fabrika) или ссылку t.me/…",
    whatsapp: "Введите номер WhatsApp с кодом страны: от 7 до 15 цифр",
    country: "Выберите страну из списка",
    city: "Выберите город из списка для выбранной страны",
    categories: "Выберите сферы деятельности из списка",
    tooLong: (max: number) => `Не более ${max} символов`,
  },
  cityFirst: "Сначала выберите страну",
  countryPlaceholder: "Выберите страну",
  cityPlaceholder: "Выберите город",
  save: "Сохранить",
  saving: "Сохранение...",
  placeholders: CONTACT_EXAMPLES,
  dangerZone: {
    title: "Опасная зона",
    /** What this account would lose, as it really is. */
    text: (h: AccountHoldings) => {
      const parts = [
        ...(h.factoryName ? [`фабрика «${h.factoryName}»`] : []),
        ...(h.products
          ? [`${h.products} ${plural(h.products, "товар", "товара", "товаров")}`]
          : []),
        ...(h.tenders
          ? [`${h.tenders} ${plural(h.tenders, "тендер", "тендера", "тендеров")}`]
          : []),
        ...(h.quotes ? [`${h.quotes} ${plural(h.quotes, "отклик", "отклика", "откликов")}`] : []),
        ...(h.conversations
          ? [`${h.conversations} ${plural(h.conversations, "переписка", "переписки", "переписок")}`]
          : []),
        ...(h.files ? [`${h.files} ${plural(h.files, "файл", "файла", "файлов")}`] : []),
      ];
      if (parts.length === 0) return "Удаление профиля необратимо: аккаунт будет удален навсегда.";
      const list =
        parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} и ${parts.at(-1)}`;
      const others = h.quotes
        ? " Отклики и переписка по ним удаляются и у другой стороны; фабрики, откликнувшиеся на ваши тендеры, получат уведомление."
        : "";
      return `Удаление профиля необратимо. Вместе с аккаунтом будет удалено все, что в нем есть: ${list}.${others}`;
    },
    button: "Удалить профиль",
    dialogTitle: "Удалить профиль?",
    dialogText:
      "Это действие нельзя отменить. Профиль и все связанные с ним данные будут удалены без возможности восстановления.",
    cancel: "Отмена",
    confirm: "Удалить навсегда",
  },
} as const;
