/**
 * A factory's certificates (issue 29): the factory's page of them (/factory-dashboard/certificates),
 * the admins' queue (/admin/certificates), the certifications on the factory's public page, the
 * notifications and letters about a decision. The certifications' own names are in `capabilities`.
 */
export const certificates = {
  meta: {
    title: "Сертификаты фабрики",
    adminTitle: "Сертификаты на проверке",
  },
  /** The factory's page of its certificates. */
  own: {
    title: "Сертификаты",
    subtitle:
      "Загрузите сертификаты фабрики. Администратор проверит каждый, и покупатели увидят подтвержденные на странице фабрики.",
    back: "Кабинет фабрики",
    emptyTitle: "Сертификатов пока нет",
    emptyText:
      "Добавьте первый сертификат: выберите стандарт, приложите файл и, если есть, дату окончания действия.",
    dashboardTitle: "Сертификаты",
    dashboardText: (verified: number, pending: number, rejected: number) =>
      verified + pending + rejected === 0
        ? "Добавьте сертификаты (OEKO-TEX, GOTS, ISO 9001 и другие): подтвержденные видят покупатели."
        : `Подтверждено: ${verified}, на проверке: ${pending}, отклонено: ${rejected}.`,
    dashboardLink: "Открыть сертификаты",
    uploadedAt: (date: string) => `Файл загружен ${date}`,
    validUntil: (date: string) => `Действует до ${date}`,
    noValidUntil: "Срок действия не указан",
    expired: (date: string) => `Срок действия истек ${date}`,
    pendingText: "Администратор проверит файл и сообщит решение в уведомлениях и письмом.",
    verifiedText: (date: string) =>
      `Подтвержден ${date}. Покупатели видят его на странице фабрики.`,
    rejectedText: (date: string) =>
      `Отклонен ${date}. Исправьте замечание и загрузите файл снова: сертификат вернется на проверку.`,
    adminNote: "Комментарий администратора",
    file: "Файл сертификата",
    history: "История решений",
    replaceTitle: "Заменить файл",
    replaceHint: "Новый файл отправит сертификат на проверку заново.",
    remove: "Удалить сертификат",
    removeConfirmTitle: "Удалить сертификат?",
    removeConfirmText: (name: string) =>
      `Сертификат «${name}» и его файл будут удалены, покупатели перестанут его видеть.`,
    cancel: "Отмена",
  },
  form: {
    addTitle: "Добавить сертификат",
    certification: "Стандарт",
    certificationPlaceholder: "Выберите стандарт",
    file: "Файл сертификата",
    fileHint: "PDF до 10 МБ или фото (JPEG, PNG, WebP). Файл видят только вы и администраторы.",
    fileRequired: "Приложите файл сертификата",
    validUntil: "Действует до",
    validUntilHint: "Необязательно: дата из сертификата.",
    dateInvalid: "Укажите дату в формате ДД.ММ.ГГГГ",
    datePast: "Срок действия уже истек",
    dateTooFar: "Слишком далекая дата",
    submit: "Отправить на проверку",
    replace: "Заменить и отправить на проверку",
    sending: "Отправляем…",
    chosen: "Выбран файл",
    removeFile: "Убрать файл",
  },
  toasts: {
    added: "Сертификат отправлен на проверку",
    replaced: "Файл заменен, сертификат снова на проверке",
    removed: "Сертификат удален",
    verified: "Сертификат подтвержден, фабрика получит уведомление",
    rejected: "Сертификат отклонен, фабрика получит уведомление",
  },
  /** Why a request about a certificate was refused. */
  problems: {
    "no-factory": "Сертификаты добавляет фабрика после заполнения профиля",
    "not-found": "Сертификат не найден",
    "already-added": "Этот сертификат уже добавлен: замените его файл в карточке сертификата",
    "file-required": "Приложите файл сертификата",
    "not-admin": "Решение по сертификату принимает администратор",
    "already-decided": "По этому сертификату уже принято решение",
    "note-required": "Напишите, почему сертификат отклонен: фабрика увидит комментарий",
    "save-failed": "Не удалось сохранить сертификат, попробуйте еще раз",
  },
  /** The admins' queue. */
  admin: {
    title: "Сертификаты фабрик",
    subtitle:
      "Проверьте файл каждого сертификата и подтвердите его или отклоните с комментарием для фабрики.",
    pendingCount: (count: number) => `На проверке: ${count}`,
    emptyTitle: "Новых сертификатов нет",
    emptyText: "Когда фабрика загрузит сертификат, он появится здесь.",
    history: "Решения",
    historyEmpty: "Решений пока нет",
    factory: "Фабрика",
    owner: "Владелец",
    uploadedAt: (date: string) => `Файл загружен ${date}`,
    openPage: "Страница фабрики",
    userDetails: "Данные пользователя",
    note: "Комментарий для фабрики",
    noteHint: "Фабрика увидит его в уведомлении и письме. При отклонении обязателен.",
    verify: "Подтвердить",
    reject: "Отклонить",
    decided: (admin: string, date: string) => `${admin}, ${date}`,
    unknownAdmin: "Администратор",
    verificationsLink: "Проверка фабрик",
    certificatesLink: (count: number) => (count > 0 ? `Сертификаты (${count})` : "Сертификаты"),
  },
  /** The certifications on the factory's public page. */
  public: {
    title: "Сертификаты",
    hint: "Проверены администратором по файлу сертификата",
    validUntil: (date: string) => `до ${date}`,
  },
  /** The in-app notifications. */
  notifications: {
    "certificate-verified": (certification: string) =>
      `Сертификат ${certification} подтвержден, покупатели видят его на странице фабрики`,
    "certificate-rejected": (certification: string) => `Сертификат ${certification} отклонен`,
    note: (note: string) => `Комментарий администратора: ${note}`,
  },
  /** The letters about the same events. */
  mail: {
    "certificate-verified": {
      subject: (certification: string) => `Сертификат ${certification} подтвержден`,
      text: (certification: string, factory: string) =>
        `Администратор проверил сертификат ${certification} фабрики «${factory}». Теперь он виден покупателям на странице фабрики и в фильтре каталога.`,
      button: "Открыть сертификаты",
    },
    "certificate-rejected": {
      subject: (certification: string) => `Сертификат ${certification} отклонен`,
      text: (certification: string, factory: string) =>
        `Администратор не подтвердил сертификат ${certification} фабрики «${factory}». Исправьте замечание и загрузите файл снова.`,
      button: "Заменить файл",
    },
    note: (note: string) => `Комментарий администратора: ${note}`,
  },
} as const;
