import { plural } from "./plural";

/**
 * A factory's verification: the request with documents on its dashboard, the admins' queue
 * (/admin/verifications), the notifications and letters about it.
 */
export const verification = {
  /** Where the factory stands, as a short label. */
  status: {
    none: "Не проверена",
    pending: "Документы на проверке",
    verified: "Проверенная фабрика",
    refused: "Проверка не пройдена",
    revoked: "Отметка о проверке снята",
  },
  section: {
    title: "Проверка фабрики",
    intro:
      "Отправьте документы фабрики, и администратор их проверит. Проверенные фабрики получают значок «Проверенная фабрика» в каталоге и на своей странице, а покупатели могут отобрать только их.",
    pendingText: (date: string) =>
      `Заявка отправлена ${date}. Администратор рассмотрит ее и сообщит о решении в уведомлениях и письмом.`,
    verifiedText: (date: string) =>
      `Проверена ${date}. В каталоге и на странице фабрики стоит значок «Проверенная фабрика».`,
    refusedText: (date: string) =>
      `Решение от ${date}. Исправьте замечания и отправьте заявку снова.`,
    revokedText: "Чтобы вернуть значок, отправьте документы на проверку снова.",
    adminNote: "Комментарий администратора",
    sentDocuments: "Отправленные документы",
    yourMessage: "Ваш комментарий",
  },
  form: {
    documents: "Документы",
    documentsHint: (max: number) =>
      `Например, выписка о регистрации компании, справка из налоговой, фотографии цеха. PDF, JPG, PNG или WebP, до ${max} файлов: PDF до 10 МБ, фото до 5 МБ.`,
    chosen: "Выбранные файлы",
    remove: (file: string) => `Убрать файл ${file}`,
    message: "Комментарий для администратора",
    messageHint: "Необязательно. Например, что изменилось с прошлой заявки.",
    submit: "Отправить на проверку",
    submitAgain: "Отправить заявку снова",
    sending: "Отправка...",
    sent: "Заявка на проверку отправлена",
    documentsRequired: "Приложите хотя бы один документ",
  },
  /** Why a request or a decision was refused (codes of app/features/verification/verification.server.ts). */
  problems: {
    "no-factory": "Сначала заполните профиль фабрики",
    "already-verified": "Фабрика уже проверена",
    "already-pending": "Заявка уже на проверке. Дождитесь решения администратора.",
    "not-found": "Заявка не найдена или уже рассмотрена",
    "too-many-documents": "Не удалось сохранить. Попробуйте еще раз.",
    "note-required": "Напишите фабрике, почему проверка не пройдена",
    "note-invalid": "Комментарий содержит недопустимые символы",
    failed: "Не удалось сохранить. Попробуйте еще раз.",
  },
  admin: {
    title: "Заявки на проверку",
    subtitle: "Фабрики, которые просят проверить их документы",
    link: (n: number) => (n > 0 ? `Заявки на проверку: ${n}` : "Заявки на проверку"),
    usersLink: "Пользователи",
    openCount: (n: number) =>
      n === 0
        ? "Открытых заявок нет"
        : `${n} ${plural(n, "открытая заявка", "открытые заявки", "открытых заявок")}`,
    emptyTitle: "Открытых заявок нет",
    emptyText:
      "Когда фабрика отправит документы, заявка появится здесь, а администраторы получат уведомление.",
    sentAt: (date: string) => `Отправлена ${date}`,
    owner: "Владелец",
    documents: "Документы",
    message: "Комментарий фабрики",
    openPortfolio: "Портфолио",
    userDetails: "Данные пользователя",
    note: "Комментарий для фабрики",
    noteHint: "Фабрика увидит его в уведомлении и письме. При отказе обязателен.",
    verify: "Подтвердить",
    refuse: "Отказать",
    verified: "Фабрика отмечена как проверенная",
    refused: "В проверке отказано, фабрика получит уведомление",
    history: "История решений",
    historyEmpty: "Решений пока нет",
    decided: (admin: string, date: string) => `${admin}, ${date}`,
    decisions: { verified: "Проверена", refused: "Отказано" },
    unknownAdmin: "Администратор",
  },
  /** The in-app notifications (app/features/notifications/components/notification-text.tsx). */
  notifications: {
    "verification-requested": (factory: string) =>
      `Фабрика «${factory}» просит проверить ее документы`,
    "factory-verified": () =>
      "Ваша фабрика прошла проверку и получила значок «Проверенная фабрика»",
    "verification-refused": () => "Ваша фабрика не прошла проверку",
    "verification-revoked": () => "Отметка о проверке вашей фабрики снята",
    note: (note: string) => `Комментарий администратора: ${note}`,
  },
  /** The letters about the same events (app/features/notifications/mail-worker.server.ts). */
  mail: {
    "verification-requested": {
      subject: (factory: string) => `Заявка на проверку: «${factory}»`,
      text: (factory: string) => `Фабрика «${factory}» отправила документы на проверку.`,
      button: "Открыть заявки",
    },
    "factory-verified": {
      subject: (_factory: string) => "Ваша фабрика прошла проверку",
      text: (factory: string) =>
        `Администратор проверил документы фабрики «${factory}». Теперь в каталоге и на ее странице стоит значок «Проверенная фабрика».`,
      button: "Открыть кабинет",
    },
    "verification-refused": {
      subject: (_factory: string) => "Фабрика не прошла проверку",
      text: (factory: string) =>
        `Администратор не подтвердил проверку фабрики «${factory}». Исправьте замечания и отправьте заявку снова.`,
      button: "Отправить заявку снова",
    },
    "verification-revoked": {
      subject: (_factory: string) => "Отметка о проверке снята",
      text: (factory: string) =>
        `Администратор снял отметку о проверке с фабрики «${factory}». Чтобы вернуть значок, отправьте документы на проверку снова.`,
      button: "Открыть кабинет",
    },
    note: (note: string) => `Комментарий администратора: ${note}`,
  },
} as const;
