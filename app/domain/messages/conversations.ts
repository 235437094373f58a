import { ATTACHMENT_STORAGE_LIMITS, megabytes } from "../limits";
/** The conversation of a quote between the buyer and the factory (app/routes/quote-conversation.tsx). */
export const conversations = {
  metaTitle: "Переписка по отклику",
  heading: "Переписка по отклику",
  tenderLabel: "Тендер",
  /** Links back, by who reads. */
  backToTender: "Все отклики на тендер",
  backToQuotes: "Мои отклики",
  /** The other side, as the reader sees it. */
  withFactory: "Фабрика",
  withBuyer: "Покупатель",
  /** An admin sees both sides. */
  between: "Стороны",
  sides: {
    buyer: "Покупатель",
    factory: "Фабрика",
  },
  you: "Вы",
  quoteStatus: "Статус отклика",
  figures: "Условия отклика",
  messagesHeading: "Сообщения",
  earlier: (n: number) => `Более ранние сообщения не показаны: ${n}`,
  /** A message of the other side that was unread when the page opened. */
  newMark: "Новое",
  /** The reader's own message: has the other side read it yet? */
  notReadYet: "Не прочитано",
  read: "Прочитано",
  /** Said to screen readers before the message's author. */
  sentBy: (who: string) => `Отправитель: ${who}`,
  utc: "UTC",
  attachmentsOf: "Файлы сообщения",
  messageLabel: "Сообщение",
  placeholder: "Напишите сообщение…",
  attachLabel: "Прикрепить файлы",
  chosenFiles: "Будут отправлены:",
  removeFile: (name: string) => `Убрать файл ${name}`,
  send: "Отправить",
  sending: "Отправляем…",
  sendShortcut: "Ctrl + Enter — отправить",
  sent: "Сообщение отправлено",
  sendFailed: "Не удалось отправить сообщение. Попробуйте еще раз.",
  adminReadOnly:
    "Вы просматриваете переписку как администратор. Писать в нее могут только покупатель и фабрика.",
  toLatest: "К последнему сообщению",
  /** Why a message was not sent (CONVERSATION_PROBLEMS of app/features/quotes/problems.ts). */
  problems: {
    "not-found": "Переписка не найдена",
    "not-allowed": "Писать в эту переписку вы не можете",
    empty: "Напишите сообщение или приложите файл",
    "too-many-attachments": "Можно прикрепить не более 5 файлов",
    "conversation-storage-full": `В этой переписке больше нет места для файлов: в одной переписке можно хранить до ${megabytes(ATTACHMENT_STORAGE_LIMITS.perConversation)} МБ. Отправьте сообщение без файлов или пришлите ссылку на файл.`,
    "account-storage-full": `Место для ваших файлов закончилось: в откликах и переписках можно хранить до ${megabytes(ATTACHMENT_STORAGE_LIMITS.perAccount)} МБ файлов. Отправьте сообщение без файлов или пришлите ссылку на файл.`,
  },
  /** The quote itself, the conversation's first entry. */
  quoteEntry: "Отклик фабрики",
  quoteMessage: "Сообщение к отклику",
  quoteFiles: "Файлы отклика",
} as const;
