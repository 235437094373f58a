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
  /** The buyer's dashboard (/buyer-dashboard, issue 30). */
  buyerTitle: "Кабинет покупателя",
  buyerText: "Ваши заказы, отклики фабрик и скорость ответов в переписке.",
  buyerLoginRequired: "Войдите, чтобы открыть кабинет покупателя",
  buyerLoginText: "Кабинет доступен покупателям после входа в аккаунт.",
  buyerAccessRestrictedText: "Кабинет покупателя доступен только аккаунтам покупателей.",
  /** The figures of both dashboards (issue 30, docs/decisions/035-dashboards.md). */
  figures: {
    ordersTitle: "Заказы",
    allOrders: "Все заказы",
    noOrders: {
      factory: "Заказов пока нет. Заказ появится, когда покупатель примет ваш отклик.",
      buyer: "Заказов пока нет. Заказ появится, когда вы примете отклик фабрики на свой тендер.",
    },
    lateTitle: "Просроченные этапы",
    lateNone: "Просроченных этапов нет: все открытые заказы идут по плану.",
    lateMore: (n: number) => `Все просроченные заказы (${n})`,
    lateBy: (n: number) => `просрочено на ${n} ${plural(n, "день", "дня", "дней")}`,
    plannedOn: (date: string) => `по плану до ${date}`,
    step: "Этап",
    quotesTitle: {
      factory: "Отклики: отправлено и выиграно",
      buyer: "Отклики: получено и принято",
    },
    period: "За последние 12 месяцев, по месяцам.",
    series: {
      factory: { quotes: "Отправлено", accepted: "Выиграно" },
      buyer: { quotes: "Получено", accepted: "Принято" },
    },
    quotesSummary: {
      factory: (sent: number, won: number) =>
        `За 12 месяцев отправлено ${sent} ${plural(sent, "отклик", "отклика", "откликов")}, выиграно ${won}.`,
      buyer: (received: number, accepted: number) =>
        `За 12 месяцев получено ${received} ${plural(received, "отклик", "отклика", "откликов")}, принято ${accepted}.`,
    },
    quotesNone: {
      factory: "За последние 12 месяцев вы не отправляли откликов.",
      buyer: "За последние 12 месяцев на ваши тендеры не было откликов.",
    },
    quotesAction: { factory: "Смотреть тендеры", buyer: "Разместить тендер" },
    month: "Месяц",
    figuresTable: "Показать цифрами",
    quickLinks: "Быстрые действия",
    myTendersText: "Ваши тендеры и отклики фабрик на них",
    placeTenderText: "Опишите заказ, и фабрики пришлют отклики",
    savedText: "Фабрики и поиски, которые вы сохранили",
    answerTitle: {
      factory: "Как быстро вы отвечаете покупателям",
      buyer: "Как быстро вы отвечаете фабрикам",
    },
    answerText: {
      factory:
        "Медиана времени от первого сообщения покупателя в переписке по отклику до вашего первого ответа, за 12 месяцев.",
      buyer:
        "Медиана времени от отклика фабрики до вашего первого сообщения в переписке, за 12 месяцев.",
    },
    answerNone: "Пока не на что было отвечать: медиана появится после первого ответа в переписке.",
    answered: (n: number) => `По ${n} ${plural(n, "переписке", "перепискам", "перепискам")}.`,
    waiting: (n: number) =>
      `Ждут вашего ответа: ${n} ${plural(n, "переписка", "переписки", "переписок")}.`,
    minutes: (n: number) => `${n} мин`,
    hours: (n: number) => `${n} ч`,
    days: (n: number) => `${n} ${plural(n, "день", "дня", "дней")}`,
    /** The chart's name: what it shows and its totals, for those who do not see it. */
    chartLabel: (title: string, summary: string) => `${title}. ${summary}`,
  },
} as const;
