import { TENDER_ALERTS_PER_FACTORY_PER_DAY } from "../notifications";
import { plural } from "./plural";

/** Notifications: the bell, /notifications, /notification-settings and /unsubscribe. */
export const notifications = {
  bell: {
    /** The bell's accessible name, with the unread count in words. */
    label: (n: number) =>
      n === 0
        ? "Уведомления: новых нет"
        : `Уведомления: ${n} ${plural(n, "новое", "новых", "новых")}`,
    /** The link's text in the phone menu. */
    link: "Уведомления",
  },
  deletedUser: "Удаленный пользователь",
  /** One sentence per kind; `actor` is the other side's name, `tender` the tender's title. */
  kinds: {
    "quote-received": (actor: string, tender: string) =>
      `Фабрика «${actor}» откликнулась на тендер «${tender}»`,
    "message-received": (actor: string, tender: string) =>
      `Новое сообщение от ${actor} по тендеру «${tender}»`,
    "quote-accepted": (_actor: string, tender: string) => `Ваш отклик на тендер «${tender}» принят`,
    "quote-declined": (_actor: string, tender: string) =>
      `Ваш отклик на тендер «${tender}» отклонен`,
    "tender-awarded": (_actor: string, tender: string) =>
      `Тендер «${tender}» передан другой фабрике`,
    "tender-closed": (_actor: string, tender: string) => `Покупатель закрыл тендер «${tender}»`,
    "tender-deleted": (_actor: string, tender: string) =>
      `Покупатель удалил тендер «${tender}» вместе с откликами и перепиской`,
    "quote-updated": (actor: string, tender: string) =>
      `Фабрика «${actor}» изменила отклик на тендер «${tender}»`,
    "quote-withdrawn": (actor: string, tender: string) =>
      `Фабрика «${actor}» отозвала отклик на тендер «${tender}»`,
    "tender-invited": (actor: string, tender: string) =>
      `${actor} приглашает вашу фабрику откликнуться на тендер «${tender}»`,
    "invitation-declined": (actor: string, tender: string) =>
      `Фабрика «${actor}» отказалась от приглашения на тендер «${tender}»`,
    "order-sample-sent": (actor: string, tender: string) =>
      `Фабрика «${actor}» отправила образец по заказу «${tender}»`,
    "order-sample-approved": (actor: string, tender: string) =>
      `Покупатель ${actor} одобрил образец по заказу «${tender}»`,
    "order-sample-returned": (actor: string, tender: string) =>
      `Покупатель ${actor} вернул образец на доработку по заказу «${tender}»`,
    "order-production-started": (actor: string, tender: string) =>
      `Фабрика «${actor}» начала производство по заказу «${tender}»`,
    "order-quality-passed": (actor: string, tender: string) =>
      `Фабрика «${actor}»: контроль качества по заказу «${tender}» пройден`,
    "order-shipped": (actor: string, tender: string) =>
      `Фабрика «${actor}» отгрузила заказ «${tender}»`,
    "order-delivered": (actor: string, tender: string) =>
      `Покупатель ${actor} подтвердил доставку заказа «${tender}»`,
    "order-cancelled": (actor: string, tender: string) =>
      `Заказ «${tender}» отменен другой стороной: ${actor}`,
    "review-received": (actor: string, tender: string) =>
      `Покупатель ${actor} оставил отзыв о заказе «${tender}»`,
    "review-answered": (actor: string, tender: string) =>
      `Фабрика «${actor}» ответила на ваш отзыв о заказе «${tender}»`,
    "review-hidden": (_actor: string, tender: string) =>
      `Администратор скрыл отзыв о заказе «${tender}»`,
    "order-terms-proposed": (actor: string, tender: string) =>
      `Новое предложение изменить условия заказа «${tender}» от другой стороны: ${actor}`,
    "order-terms-accepted": (actor: string, tender: string) =>
      `Изменение условий заказа «${tender}» принято другой стороной: ${actor}`,
    "order-terms-declined": (actor: string, tender: string) =>
      `Изменение условий заказа «${tender}» отклонено другой стороной: ${actor}`,
    "order-terms-withdrawn": (actor: string, tender: string) =>
      `Предложение изменить условия заказа «${tender}» отозвано другой стороной: ${actor}`,
    "order-dispute-opened": (actor: string, tender: string) =>
      `Спор по заказу «${tender}» передан администратору другой стороной: ${actor}`,
    "order-dispute-resolved": (_actor: string, tender: string) =>
      `Администратор решил спор по заказу «${tender}»`,
  },
  /** The sentences that name the other side, when its account is deleted. */
  byDeletedUser: {
    "quote-received": (tender: string) =>
      `Новый отклик на тендер «${tender}» от удаленного пользователя`,
    "message-received": (tender: string) =>
      `Новое сообщение от удаленного пользователя по тендеру «${tender}»`,
  },
  page: {
    title: "Уведомления",
    subtitle: "Отклики, сообщения и решения по вашим тендерам и откликам",
    unreadCount: (n: number) =>
      n === 0
        ? "Все прочитаны"
        : `${n} ${plural(n, "непрочитанное", "непрочитанных", "непрочитанных")}`,
    markAllRead: "Отметить все как прочитанные",
    markedAllRead: "Все уведомления отмечены как прочитанные",
    markRead: "Отметить как прочитанное",
    markedRead: "Уведомление отмечено как прочитанное",
    settings: "Настройки уведомлений",
    unread: "Новое",
    gone: "Тендер удален",
    unknownAction: "Такого действия нет. Обновите страницу и попробуйте еще раз.",
    loadFailed: "Не удалось загрузить уведомления. Обновите страницу чуть позже.",
    empty: "Уведомлений пока нет",
    emptyText:
      "Здесь появятся новые отклики на ваши тендеры, сообщения в переписке и решения покупателей по вашим откликам.",
  },
  settings: {
    title: "Настройки уведомлений",
    subtitle: "Какие письма присылать на вашу почту. Уведомления на сайте приходят всегда.",
    back: "Все уведомления",
    eventsHeading: "Отклики и сообщения",
    emailEvents: "Присылать письма о новых откликах, сообщениях и решениях",
    emailEventsHint: "По одной переписке — не чаще одного письма в 15 минут.",
    alertsHeading: "Новые тендеры",
    alertsLegend: "Присылать новые тендеры по категориям моей фабрики",
    alertsHint: `Категории берутся из профиля фабрики. Сразу — не больше ${TENDER_ALERTS_PER_FACTORY_PER_DAY} ${plural(TENDER_ALERTS_PER_FACTORY_PER_DAY, "письма", "писем", "писем")} в день, остальные тендеры придут подборкой. Тендеры без категорий присылаются только в ежедневной подборке.`,
    alerts: {
      instant: "Сразу, по письму на каждый тендер",
      daily: "Раз в день, одной подборкой",
      off: "Не присылать",
    },
    ownCountry: "Только тендеры из моей страны",
    ownCountryHint: "Страна берется из профиля фабрики.",
    save: "Сохранить",
    saving: "Сохранение...",
    saved: "Настройки уведомлений сохранены",
    saveFailed: "Не удалось сохранить настройки. Попробуйте еще раз.",
    errors: {
      alertsRequired: "Выберите, как присылать новые тендеры",
      alertsInvalid: "Выберите один из вариантов",
      factoriesOnly: "Рассылка новых тендеров доступна только фабрикам",
    },
  },
  unsubscribe: {
    title: "Отписка от писем",
    confirm: {
      events: "Отписаться от писем об откликах и сообщениях?",
      alerts: "Отписаться от писем с новыми тендерами?",
      searches: "Отписаться от писем о новых фабриках по сохраненным поискам?",
      all: "Отписаться от всех писем?",
    },
    confirmText: {
      events:
        "Письма о новых откликах, сообщениях и решениях больше не будут приходить. Уведомления на сайте останутся.",
      alerts: "Письма с новыми тендерами больше не будут приходить.",
      searches:
        "Письма о новых фабриках по сохраненным поискам больше не будут приходить. Сами поиски останутся на странице «Сохраненные».",
      all: "Письма об откликах, сообщениях, новых тендерах и новых фабриках больше не будут приходить. Письма для входа в аккаунт (подтверждение почты, сброс пароля) приходят всегда.",
    },
    button: "Отписаться",
    done: {
      events: "Вы отписаны от писем об откликах и сообщениях",
      alerts: "Вы отписаны от писем с новыми тендерами",
      searches: "Вы отписаны от писем по сохраненным поискам",
      all: "Вы отписаны от всех писем",
    },
    doneText: "Включить письма снова можно в любой момент в настройках уведомлений.",
    settingsLink: "Настройки уведомлений",
    home: "На главную",
    invalidTitle: "Ссылка для отписки недействительна",
    invalidText:
      "Возможно, ссылка скопирована не полностью. Войдите на сайт и выберите письма в настройках уведомлений.",
  },
  /** What each problem of a notification use case says (app/features/notifications/problems.ts). */
  problems: {
    "not-found": "Уведомление не найдено",
  },
} as const;
