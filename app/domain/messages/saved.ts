/** A buyer's saved factories and saved directory searches (/saved-factories). */
export const saved = {
  meta: { title: "Сохраненное" },
  page: {
    title: "Сохраненные фабрики и поиски",
    intro:
      "Фабрики, которые вы отметили, с вашими заметками, и поиски по каталогу: раз в неделю мы пишем о новых фабриках, которые им подходят.",
    factoriesTitle: "Фабрики",
    noFactories:
      "Вы еще не сохранили ни одной фабрики. Нажмите «Сохранить» на странице фабрики или в каталоге.",
    toDirectory: "Открыть каталог фабрик",
    note: "Заметка",
    noteHint: "Видна только вам.",
    saveNote: "Сохранить заметку",
    remove: "Убрать",
    removeFactory: (name: string) => `Убрать «${name}» из сохраненных`,
    savedOn: (date: string) => `Сохранена ${date}`,
    searchesTitle: "Поиски",
    noSearches:
      "Сохраненных поисков нет. Задайте поиск в каталоге и нажмите «Сохранить поиск» — мы напишем, когда появятся подходящие фабрики.",
    open: "Открыть",
    wholeDirectory: "Все фабрики",
    letters: "Письмо раз в неделю о новых фабриках",
    lettersOn: "Письма включены",
    lettersOff: "Письма выключены",
    switchOff: "Выключить письма",
    switchOn: "Включить письма",
    removeSearch: (what: string) => `Удалить поиск «${what}»`,
    query: (text: string) => `«${text}»`,
    verifiedOnly: "только проверенные",
  },
  buttons: {
    save: "Сохранить",
    saved: "Сохранена",
    unsave: "Убрать из сохраненных",
    saveFactory: (name: string) => `Сохранить фабрику «${name}»`,
    saveSearch: "Сохранить поиск",
  },
  toasts: {
    factorySaved: "Фабрика сохранена.",
    factoryRemoved: "Фабрика убрана из сохраненных.",
    noteSaved: "Заметка сохранена.",
    searchSaved: "Поиск сохранен. Раз в неделю мы напишем о новых подходящих фабриках.",
    searchRemoved: "Поиск удален.",
    lettersOn: "Письма о новых фабриках включены.",
    lettersOff: "Письма о новых фабриках выключены.",
    unknownIntent: "Непонятное действие. Обновите страницу и попробуйте еще раз.",
  },
  errors: {
    factoryMissing: "Не указана фабрика.",
    noteTooLong: (max: number) => `Заметка длиннее ${max} символов.`,
  },
  problems: {
    "not-a-buyer": "Сохранять фабрики и поиски могут только покупатели.",
    "factory-not-found": "Такой фабрики нет в каталоге.",
    "not-saved": "Этой фабрики нет среди сохраненных.",
    "search-not-found": "Такого сохраненного поиска нет.",
    "too-many": "Сохранено слишком много. Уберите ненужное и попробуйте снова.",
  },
  letter: {
    subject: (count: number, what: string) =>
      count === 1 ? `Новая фабрика по поиску ${what}` : `Новые фабрики по поиску ${what}: ${count}`,
    intro: (what: string) =>
      `За неделю в каталоге появились фабрики, подходящие под ваш поиск ${what}:`,
    open: "Открыть поиск",
    unsubscribe: "Больше не присылать письма об этом поиске",
  },
};
