/**
 * The capability profile of a factory (issue 29): its form, its section on the factory page, the
 * facts on a directory card and the directory's filters and sort. The labels of the values
 * themselves are in the `capabilities` namespace.
 */
import { plural } from "./plural";

const pieces = (n: number) => `${n.toLocaleString("ru-RU")} ${plural(n, "штука", "штуки", "штук")}`;
const days = (n: number) => `${n.toLocaleString("ru-RU")} ${plural(n, "день", "дня", "дней")}`;

export const capabilityProfile = {
  title: "Производственные возможности",
  intro:
    "По этим данным покупатели выбирают фабрику: минимальный заказ, мощность, сроки и услуги. Незаполненные поля не показываются.",
  backToProfile: "Вернуться к профилю",
  access: {
    loginRequired: "Войдите, чтобы заполнить производственные возможности",
    loginText: "Производственные возможности заполняет фабрика в своем профиле.",
    accessRestrictedText: "Производственные возможности заполняют только аккаунты фабрик.",
  },
  editLink: "Заполнить производственные возможности",
  summaryEmpty: "Покупатели ищут фабрики по минимальному заказу, мощности и срокам. Укажите их.",
  summaryFilled: (n: number) => `Заполнено ${n} ${plural(n, "поле", "поля", "полей")} из 9`,
  fields: {
    minOrder: "Минимальный заказ, шт.",
    minOrderHint: "Наименьшая партия одной модели, которую вы берете в работу",
    monthlyCapacity: "Мощность в месяц, шт.",
    leadTimeDays: "Срок производства, дней",
    leadTimeHint: "Обычно: от утверждения образца до отгрузки",
    sampleDays: "Срок пошива образца, дней",
    staffCount: "Сотрудников",
    foundedYear: "Год основания",
    services: "Услуги",
    materials: "Материалы",
    exportMarkets: "Рынки сбыта",
    languages: "Языки общения с покупателями",
  },
  invalid: {
    number: "Введите целое число",
    between: (min: number, max: number) =>
      `Введите число от ${min.toLocaleString("ru-RU")} до ${max.toLocaleString("ru-RU")}`,
    choice: "Выберите значения из списка",
  },
  save: "Сохранить",
  saving: "Сохранение...",
  saved: "Производственные возможности сохранены",
  problems: {
    "not-a-factory": "Производственные возможности заполняет фабрика",
    "no-factory": "Сначала заполните и сохраните профиль фабрики",
  },
  page: {
    title: "Производственные возможности",
    minOrder: "Минимальный заказ",
    monthlyCapacity: "Мощность в месяц",
    leadTime: "Срок производства",
    sampleDays: "Срок пошива образца",
    staffCount: "Сотрудников",
    foundedYear: "Год основания",
    services: "Услуги",
    materials: "Материалы",
    exportMarkets: "Рынки сбыта",
    languages: "Языки общения",
    pieces,
    piecesPerMonth: (n: number) => `${pieces(n)} в месяц`,
    days,
    people: (n: number) => n.toLocaleString("ru-RU"),
  },
  card: {
    minOrder: (n: number) => `Заказ от ${pieces(n)}`,
    leadTime: (n: number) => `Срок ${days(n)}`,
  },
  filters: {
    capabilities: "Производство",
    maxMinOrder: "Минимальный заказ не больше, шт.",
    minCapacity: "Мощность от, шт. в месяц",
    maxLeadTime: "Срок производства до, дней",
    service: "Услуга",
    anyService: "Любая услуга",
    material: "Материал",
    anyMaterial: "Любой материал",
    certification: "Сертификат (проверенный)",
    anyCertification: "Любой сертификат",
    market: "Экспорт на рынок",
    anyMarket: "Любой рынок",
    english: "Говорят по-английски",
    onTime: "Заказы в срок",
    anyOnTime: "Любая доля",
    onTimeAtLeast: (percent: number) => `${percent}% и выше`,
    sort: "Сортировка",
    sorts: {
      match: "По соответствию",
      recommended: "Сначала заполненные профили",
      newest: "Сначала новые",
      verified: "Сначала проверенные",
      rating: "Сначала с высоким рейтингом",
    },
    atLeast: (n: number) => `Найдено больше ${n.toLocaleString("ru-RU")} фабрик`,
  },
};
