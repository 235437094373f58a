import { plural } from "./plural";

export const mail = {
  greeting: (name: string) => `Здравствуйте, ${name}!`,
  greetingAnonymous: "Здравствуйте!",
  verifySubject: (site: string) => `Подтвердите email на ${site}`,
  verifyText: (site: string) =>
    `Вы зарегистрировались на ${site}. Чтобы подтвердить адрес электронной почты и войти, перейдите по ссылке:`,
  verifyButton: "Подтвердить email",
  resetSubject: (site: string) => `Сброс пароля на ${site}`,
  resetText: (site: string) =>
    `Кто-то запросил сброс пароля для вашего аккаунта на ${site}. Чтобы задать новый пароль, перейдите по ссылке:`,
  resetButton: "Задать новый пароль",
  ignore: "Если вы не делали этот запрос, просто проигнорируйте письмо.",
  linkFallback: "Если кнопка не работает, скопируйте ссылку в адресную строку браузера:",
  /** How long the link works; `minutes` from the token lifetime. */
  linkExpires: (minutes: number) => {
    const hours = minutes / 60;
    return Number.isInteger(hours)
      ? `Ссылка действует ${hours} ${plural(hours, "час", "часа", "часов")}.`
      : `Ссылка действует ${minutes} ${plural(minutes, "минуту", "минуты", "минут")}.`;
  },
  signature: (site: string) => `Команда ${site}`,
  /** Letters about quotes, messages and decisions (app/server/notification-mail.server.ts). */
  notices: {
    "quote-received": {
      subject: (title: string) => `Новый отклик на тендер «${title}»`,
      text: (actor: string, title: string) => `${actor} откликнулась на ваш тендер «${title}».`,
      button: "Сравнить отклики",
    },
    "message-received": {
      subject: (title: string) => `Новое сообщение по тендеру «${title}»`,
      text: (actor: string, title: string) =>
        `${actor}: новое сообщение в переписке по тендеру «${title}».`,
      button: "Открыть переписку",
    },
    "quote-accepted": {
      subject: (title: string) => `Ваш отклик принят: «${title}»`,
      text: (_actor: string, title: string) =>
        `Покупатель принял ваш отклик на тендер «${title}». Обсудите детали заказа в переписке.`,
      button: "Открыть переписку",
    },
    "quote-declined": {
      subject: (title: string) => `Отклик отклонен: «${title}»`,
      text: (_actor: string, title: string) =>
        `Покупатель отклонил ваш отклик на тендер «${title}».`,
      button: "Посмотреть отклик",
    },
    "tender-awarded": {
      subject: (title: string) => `Тендер «${title}» передан другой фабрике`,
      text: (_actor: string, title: string) =>
        `Покупатель выбрал другую фабрику для тендера «${title}». Спасибо за отклик — новые тендеры ждут вас на сайте.`,
      button: "Посмотреть отклик",
    },
    "tender-closed": {
      subject: (title: string) => `Тендер «${title}» закрыт`,
      text: (_actor: string, title: string) =>
        `Покупатель закрыл тендер «${title}», не выбрав исполнителя.`,
      button: "Посмотреть отклик",
    },
    "tender-deleted": {
      subject: (title: string) => `Тендер «${title}» удален`,
      text: (_actor: string, title: string) =>
        `Покупатель удалил тендер «${title}». Ваш отклик и переписка по нему удалены вместе с ним.`,
      button: "Открыть уведомления",
    },
    "quote-updated": {
      subject: (title: string) => `Отклик на тендер «${title}» изменен`,
      text: (actor: string, title: string) =>
        `${actor} изменила условия отклика на ваш тендер «${title}».`,
      button: "Посмотреть отклик",
    },
    "quote-withdrawn": {
      subject: (title: string) => `Отклик на тендер «${title}» отозван`,
      text: (actor: string, title: string) =>
        `${actor} отозвала свой отклик на ваш тендер «${title}».`,
      button: "Открыть переписку",
    },
    "tender-invited": {
      subject: (title: string) => `Вас пригласили на тендер «${title}»`,
      text: (actor: string, title: string) =>
        `${actor} приглашает вашу фабрику откликнуться на тендер «${title}». Посмотрите условия и пришлите предложение — или откажитесь, если заказ вам не подходит.`,
      button: "Посмотреть тендер",
    },
    "invitation-declined": {
      subject: (title: string) => `Фабрика отказалась от приглашения: «${title}»`,
      text: (actor: string, title: string) =>
        `Фабрика «${actor}» отказалась от приглашения на ваш тендер «${title}».`,
      button: "Посмотреть приглашения",
    },
    "order-sample-sent": {
      subject: (title: string) => `Образец отправлен: «${title}»`,
      text: (actor: string, title: string) =>
        `Фабрика «${actor}» отправила образец по заказу «${title}». Посмотрите фотографии и одобрите его или верните на доработку.`,
      button: "Открыть заказ",
    },
    "order-sample-approved": {
      subject: (title: string) => `Образец одобрен: «${title}»`,
      text: (actor: string, title: string) =>
        `Покупатель ${actor} одобрил образец по заказу «${title}». Можно начинать производство.`,
      button: "Открыть заказ",
    },
    "order-sample-returned": {
      subject: (title: string) => `Образец возвращен на доработку: «${title}»`,
      text: (actor: string, title: string) =>
        `Покупатель ${actor} вернул образец по заказу «${title}» на доработку. Комментарий — на странице заказа.`,
      button: "Открыть заказ",
    },
    "order-production-started": {
      subject: (title: string) => `Производство начато: «${title}»`,
      text: (actor: string, title: string) =>
        `Фабрика «${actor}» начала производство по заказу «${title}».`,
      button: "Открыть заказ",
    },
    "order-quality-passed": {
      subject: (title: string) => `Контроль качества пройден: «${title}»`,
      text: (actor: string, title: string) =>
        `Фабрика «${actor}» отметила, что заказ «${title}» прошел контроль качества. Отчет об инспекции — на странице заказа.`,
      button: "Открыть заказ",
    },
    "order-shipped": {
      subject: (title: string) => `Отгружено: «${title}»`,
      text: (actor: string, title: string) =>
        `Фабрика «${actor}» отгрузила заказ «${title}». Перевозчик, трек-номер и документы — на странице заказа.`,
      button: "Открыть заказ",
    },
    "order-delivered": {
      subject: (title: string) => `Доставлено: «${title}»`,
      text: (actor: string, title: string) =>
        `Покупатель ${actor} подтвердил, что заказ «${title}» доставлен.`,
      button: "Открыть заказ",
    },
    "order-cancelled": {
      subject: (title: string) => `Заказ отменен: «${title}»`,
      text: (actor: string, title: string) =>
        `Заказ «${title}» отменен другой стороной (${actor}). Причина — на странице заказа.`,
      button: "Открыть заказ",
    },
    "review-received": {
      subject: (title: string) => `Новый отзыв о заказе «${title}»`,
      text: (actor: string, title: string) =>
        `Покупатель ${actor} оценил вашу фабрику по заказу «${title}». Отзыв виден на странице фабрики; ответить на него можно на странице заказа.`,
      button: "Открыть заказ",
    },
    "review-answered": {
      subject: (title: string) => `Фабрика ответила на ваш отзыв: «${title}»`,
      text: (actor: string, title: string) =>
        `Фабрика «${actor}» ответила на ваш отзыв о заказе «${title}».`,
      button: "Открыть заказ",
    },
    "review-hidden": {
      subject: (title: string) => `Отзыв скрыт: «${title}»`,
      text: (_actor: string, title: string) =>
        `Администратор скрыл отзыв о заказе «${title}»: он больше не виден на странице фабрики и не учитывается в рейтинге. Причина — на странице заказа.`,
      button: "Открыть заказ",
    },
    "order-terms-proposed": {
      subject: (title: string) => `Предложено изменить условия: «${title}»`,
      text: (actor: string, title: string) =>
        `Другая сторона (${actor}) предлагает изменить условия заказа «${title}». Посмотрите изменения и примите или отклоните их на странице заказа.`,
      button: "Открыть заказ",
    },
    "order-terms-accepted": {
      subject: (title: string) => `Изменение условий принято: «${title}»`,
      text: (actor: string, title: string) =>
        `Другая сторона (${actor}) приняла ваше предложение: условия заказа «${title}» обновлены.`,
      button: "Открыть заказ",
    },
    "order-terms-declined": {
      subject: (title: string) => `Изменение условий отклонено: «${title}»`,
      text: (actor: string, title: string) =>
        `Другая сторона (${actor}) отклонила ваше предложение изменить условия заказа «${title}». Условия остались прежними.`,
      button: "Открыть заказ",
    },
    "order-terms-withdrawn": {
      subject: (title: string) => `Предложение отозвано: «${title}»`,
      text: (actor: string, title: string) =>
        `Другая сторона (${actor}) отозвала предложение изменить условия заказа «${title}».`,
      button: "Открыть заказ",
    },
    "order-dispute-opened": {
      subject: (title: string) => `Спор по заказу передан администратору: «${title}»`,
      text: (actor: string, title: string) =>
        `Другая сторона (${actor}) передала спор по заказу «${title}» администратору. Причина — на странице заказа.`,
      button: "Открыть заказ",
    },
    "order-dispute-resolved": {
      subject: (title: string) => `Спор решен: «${title}»`,
      text: (_actor: string, title: string) =>
        `Администратор решил спор по заказу «${title}». Решение — на странице заказа.`,
      button: "Открыть заказ",
    },
  },
  declineReason: (reason: string) => `Причина: ${reason}`,
  deletedUser: "Удаленный пользователь",
  alertSubject: (title: string) => `Новый тендер для вашей фабрики: «${title}»`,
  alertText: "Покупатель разместил тендер, который подходит вашей фабрике:",
  alertButton: "Посмотреть и откликнуться",
  digestSubject: (n: number) =>
    `${n} ${plural(n, "новый тендер", "новых тендера", "новых тендеров")} для вашей фабрики`,
  digestText: "Тендеры за последние сутки, подходящие вашей фабрике:",
  digestButton: "Все тендеры",
  tenderQuantity: (quantity: string) => `Тираж: ${quantity}`,
  tenderBudget: (budget: string) => `Бюджет: ${budget}`,
  tenderLocation: (location: string) => `Где: ${location}`,
  footerEvents:
    "Вы получили это письмо, потому что у вас есть аккаунт на сайте и включены уведомления.",
  footerAlerts: "Вы получили это письмо, потому что подписаны на тендеры для своей фабрики.",
  footerSearches:
    "Вы получили это письмо, потому что сохранили поиск фабрик и включили письма о нем.",
  settingsLink: "Настроить уведомления",
  unsubscribeLink: "Отписаться",
  /** The summary of a quote in letters about it and its messages. */
  quotePrice: (price: string, quantity: string) => `Цена: ${price} за шт., объем ${quantity}`,
  quoteLeadTime: (days: number) =>
    `Срок изготовления: ${days} ${plural(days, "день", "дня", "дней")}`,
  excerpt: (text: string) => `«${text}»`,
  pieces: (n: string) => `${n} шт.`,
} as const;
