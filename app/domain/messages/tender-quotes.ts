import { plural } from "./plural";

/** The buyer's page of one tender with its quotes (/my-tenders/{id}) and the counts on /my-tenders. */
export const tenderQuotes = {
  metaTitle: (title: string) => `Отклики: ${title}`,
  back: "Мои тендеры",
  publicPage: "Страница тендера",
  quantity: "Количество",
  budget: "Бюджет",
  heading: "Отклики фабрик",
  sortBy: "Сортировка",
  sorts: {
    price: "Сначала дешевле",
    quantity: "Больший объем",
    minOrder: "Меньший мин. заказ",
    leadTime: "Быстрее срок",
    validity: "Дольше действует",
    newest: "Сначала новые",
    total: "Меньшая сумма",
  },
  /** The screen reader's word for a column header link: 'Цена, сортировать'. */
  sortColumn: (column: string) => `${column}: сортировать`,
  columns: {
    shortlist: "Избранное",
    conversation: "Переписка",
    total: "Сумма",
  },
  perPiece: "за шт.",
  pieces: (n: string) => `${n} шт.`,
  noMinOrder: "—",
  expired: "Срок истек",
  verified: "Проверена",
  shortlist: (factory: string) => `Добавить в избранное: ${factory}`,
  unshortlist: (factory: string) => `Убрать из избранного: ${factory}`,
  shortlisted: "В избранном",
  conversation: "Переписка",
  conversationWith: (factory: string) => `Переписка с фабрикой ${factory}`,
  unread: (n: number) => `${n} ${plural(n, "новое", "новых", "новых")}`,
  unreadLong: (n: number) =>
    `${n} ${plural(n, "непрочитанное сообщение", "непрочитанных сообщения", "непрочитанных сообщений")}`,
  message: "Сообщение фабрики",
  files: "Файлы",
  reason: (reason: string) => `Причина отказа: ${reason}`,
  acceptedNote: "Вы выбрали эту фабрику — тендер присужден ей.",
  withdrawnNote: "Фабрика отозвала отклик.",
  accept: "Принять",
  acceptLabel: (factory: string) => `Принять отклик: ${factory}`,
  acceptTitle: "Принять отклик?",
  acceptText: (factory: string) =>
    `Тендер будет присужден фабрике «${factory}». Все остальные отклики будут отклонены, и фабрики получат уведомление. Отменить решение нельзя.`,
  acceptConfirm: "Принять и присудить тендер",
  decline: "Отклонить",
  declineLabel: (factory: string) => `Отклонить отклик: ${factory}`,
  declineTitle: "Отклонить отклик?",
  declineText: (factory: string) =>
    `Фабрика «${factory}» получит уведомление. Если укажете причину, фабрика ее увидит.`,
  declineReason: "Причина (необязательно)",
  declineReasonHint: "Например: цена выше бюджета или срок не подходит",
  declineConfirm: "Отклонить отклик",
  busy: "Отправка...",
  accepted: "Отклик принят, тендер присужден фабрике",
  declined: "Отклик отклонен, фабрика получит уведомление",
  shortlistAdded: "Отклик добавлен в избранное",
  shortlistRemoved: "Отклик убран из избранного",
  unknownIntent: "Неизвестное действие",
  empty: "Откликов пока нет",
  emptyText:
    "Фабрики, которые увидят тендер, пришлют свои предложения — они появятся здесь, и мы сообщим о каждом. Чтобы откликов было больше, поделитесь ссылкой на страницу тендера.",
  emptyAction: "Открыть страницу тендера",
  adminNotice: "Вы смотрите как администратор: решения по откликам принимает только автор тендера.",
  closedNotice:
    "Тендер закрыт: новые отклики не приходят. Чтобы принять отклик, откройте тендер снова на странице «Мои тендеры».",
  awardedNotice: (factory: string) =>
    `Исполнитель выбран: тендер присужден фабрике «${factory}». Остальные отклики отклонены.`,
  awardedNoticePlain: "Исполнитель выбран: тендер присужден.",
  /** On /my-tenders. */
  quotesLink: (n: number) => `Отклики (${n})`,
  /** The comparison in one currency and the shortlist filter. */
  show: "Показать",
  allQuotes: (n: number) => `Все (${n})`,
  shortlistedOnly: (n: number) => `Только избранные (${n})`,
  shortlistedEmpty: "В избранном пока нет откликов",
  shortlistedEmptyText:
    "Отметьте звездочкой отклики, которые хотите сравнить ближе, и они появятся в этом списке.",
  shortlistedEmptyAction: "Показать все отклики",
  comparedIn: (currency: string, date: string) =>
    `Для сравнения цены и суммы пересчитаны в ${currency} по курсам на ${date}. Договаривайтесь в валюте отклика.`,
  noRates: (currencies: string) =>
    `Курса для ${currencies} нет: такие отклики стоят после остальных при сортировке по цене и сумме.`,
  approx: (amount: string) => `≈ ${amount}`,
  totalOf: (price: string, quantity: string) => `${price} × ${quantity}`,
} as const;
