import { plural } from "./plural";

/** Reviews of delivered orders (the order page, the factory page, cards); decision 033. */
export const reviews = {
  criteria: {
    quality: "Качество",
    communication: "Общение",
    onTime: "Соблюдение сроков",
  },
  /** A mark's words, for the radio buttons ('5 — отлично'). */
  marks: {
    5: "5 — отлично",
    4: "4 — хорошо",
    3: "3 — удовлетворительно",
    2: "2 — плохо",
    1: "1 — очень плохо",
  },
  rating: (value: string) => `Рейтинг ${value} из 5`,
  count: (n: number) => `${n} ${plural(n, "отзыв", "отзыва", "отзывов")}`,
  /** The card's line: '4,7 · 12 отзывов'. */
  cardLabel: (value: string, n: number) =>
    `Рейтинг ${value} из 5, ${n} ${plural(n, "отзыв", "отзыва", "отзывов")}`,
  verifiedOrder: "подтвержденный заказ",
  deletedUser: "Удаленный пользователь",
  answerBy: (factory: string) => `Ответ фабрики «${factory}»`,
  answerTitle: "Ответ фабрики",
  hidden: "Отзыв скрыт администратором",
  hiddenReason: (reason: string) => `Причина: ${reason}`,
  form: {
    title: "Оцените фабрику",
    text: "Отзыв появится на странице фабрики с пометкой «подтвержденный заказ». Оставить его можно один раз.",
    field: "Отзыв: что понравилось, что нет",
    submit: "Опубликовать отзыв",
  },
  answer: {
    title: "Ответить на отзыв",
    text: "Ответ публикуется под отзывом на странице фабрики. Ответить можно один раз.",
    field: "Ваш ответ",
    submit: "Опубликовать ответ",
  },
  hide: {
    title: "Скрыть отзыв",
    text: "Скрытый отзыв не показывается на странице фабрики и не учитывается в рейтинге. Обе стороны получат уведомление.",
    field: "Причина",
    submit: "Скрыть отзыв",
  },
  sending: "Отправляем…",
  order: {
    title: "Отзыв",
    yours: "Ваш отзыв",
    buyers: "Отзыв покупателя",
    onFactoryPage: "Отзывы на странице фабрики",
  },
  factoryPage: {
    title: "Отзывы",
    empty: "Отзывов пока нет. Отзыв может оставить только покупатель, чей заказ доставлен.",
    average: "Средняя оценка",
    onTime: "Заказы доставлены в срок",
    onTimeShare: (percent: number, onTime: number, delivered: number) =>
      `${percent}% (${onTime} из ${delivered})`,
    onTimeNone: "Доставленных заказов пока нет",
    onTimeNote:
      "Доля доставленных заказов, получение которых покупатель подтвердил не позже плановой даты доставки.",
    more: "Следующие отзывы",
    previous: "Предыдущие отзывы",
    pageOf: (page: number, pages: number) => `Страница ${page} из ${pages}`,
  },
  errors: {
    intent: "Неизвестное действие",
    mark: "Выберите оценку от 1 до 5",
    textRequired: "Напишите отзыв",
    answerRequired: "Напишите ответ",
    reasonRequired: "Укажите причину",
    tooLong: (max: number) => `Не длиннее ${max} символов`,
  },
  problems: {
    "not-found": "Заказ не найден",
    "not-buyer": "Отзыв оставляет покупатель этого заказа",
    "not-factory": "Ответить может только фабрика этого заказа",
    "not-admin": "Скрыть отзыв может только администратор",
    "not-delivered": "Отзыв можно оставить после подтверждения доставки",
    "factory-gone": "Фабрика удалила аккаунт: отзыв оставить нельзя",
    "already-reviewed": "Отзыв на этот заказ уже оставлен",
    "no-review": "Отзыва на этот заказ нет",
    "already-answered": "Фабрика уже ответила на этот отзыв",
    "review-hidden": "Отзыв скрыт администратором",
  },
  done: {
    review: "Спасибо! Отзыв опубликован",
    "answer-review": "Ответ опубликован",
    "hide-review": "Отзыв скрыт",
  },
};
