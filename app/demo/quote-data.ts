/**
 * Content of the seeded quotes and conversations (quotes.ts beside it builds the rows): the
 * hand-written stories the demo accounts see on first sign-in, and the phrases the other seeded
 * quotes are drawn from. Times are in days before the seed runs; every tender in DEMO_TENDERS
 * was placed (60 − 2 × its position) days before, so a story's times stay after its tender.
 */
import type { CurrencyCode } from "~/domain/reference";

export interface DemoMessage {
  from: "buyer" | "factory";
  text: string;
  daysAgo: number;
}

export interface DemoQuote {
  /** The tender's title in DEMO_TENDERS. */
  tender: string;
  /** The factory's name in DEMO_FACTORIES. */
  factory: string;
  daysAgo: number;
  unitPrice: number;
  currency: CurrencyCode;
  /** The tender's quantity when left out. */
  quantity?: number;
  minOrder?: number;
  leadTimeDays: number;
  sample?: { price: number; days: number };
  /** The offer stands until the end of the day this many days from the seed. */
  validDays: number;
  message: string;
  /**
   * 'accepted' awards the tender, and the tender's other quotes still submitted then are declined
   * (as accepting does in the app); 'declined' is the buyer's own decision, with its reason.
   */
  status?: "accepted" | "declined" | "withdrawn";
  /** When the buyer decided, or the factory withdrew. */
  decidedDaysAgo?: number;
  declineReason?: string;
  shortlisted?: boolean;
  conversation?: DemoMessage[];
  /** The last messages (from the other side) are still unread by their recipient. */
  unread?: boolean;
}

const DEMO_FACTORY = "Ала-Тоо Текстиль";

export const DEMO_QUOTES: DemoQuote[] = [
  // The demo buyer (buyer@example.com, Алия Нурланова): three tenders with quotes and a
  // conversation each, one shortlisted quote on two of them, one tender awarded.
  {
    tender: "Пошив женских трикотажных платьев",
    factory: "Бишкек Стиль",
    daysAgo: 57,
    unitPrice: 11.8,
    currency: "USD",
    minOrder: 500,
    leadTimeDays: 35,
    sample: { price: 25, days: 7 },
    validDays: 30,
    shortlisted: true,
    message:
      "Здравствуйте! Шьем трикотажные платья для магазинов Казахстана уже несколько лет. Вискозу с эластаном берем у турецкого поставщика, плотность 220 г/м². Цена с упаковкой в индивидуальный пакет и маркировкой.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 56.5,
        text: "Добрый день! Можете отшить образец в бордовом цвете? И размерный ряд у вас до 52-го включительно?",
      },
      {
        from: "factory",
        daysAgo: 56.3,
        text: "Здравствуйте! Да, ряд 42–52 есть, лекала проверены на нашей посадке. Образец в бордовом отошьем за неделю и отправим в Алматы курьером.",
      },
      {
        from: "buyer",
        daysAgo: 3.1,
        text: "Образец получили, посадка хорошая. Можно сделать длину на 5 см короче и оставить цену прежней?",
      },
      {
        from: "factory",
        daysAgo: 0.4,
        text: "Да, укоротим без изменения цены. Ткань на всю партию можем зарезервировать сейчас: если подтвердите до конца недели, запустим пошив через 10 дней.",
      },
    ],
    unread: true,
  },
  {
    tender: "Пошив женских трикотажных платьев",
    factory: "Днепр Стиль",
    daysAgo: 54,
    unitPrice: 12.9,
    currency: "USD",
    leadTimeDays: 45,
    validDays: 20,
    message:
      "Добрый день. Готовы отшить партию в трех цветах, ткань наша, состав как в ТЗ. Доставка до Алматы за счет покупателя, с перевозчиком поможем.",
  },
  {
    tender: "Пошив женских трикотажных платьев",
    factory: "Кишинэу Мода",
    daysAgo: 47,
    unitPrice: 10.5,
    currency: "USD",
    quantity: 1200,
    minOrder: 300,
    leadTimeDays: 50,
    sample: { price: 30, days: 10 },
    validDays: 25,
    message:
      "Здравствуйте! В этом сезоне можем взять 1200 платьев, остальные — вторым заходом через месяц. Образец пришлем за 10 дней.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 46,
        text: "Добрый день. Вторая часть партии точно будет того же оттенка? Боимся расхождения по цвету.",
      },
      {
        from: "factory",
        daysAgo: 45.8,
        text: "Понимаем. Ткань на весь объем возьмем из одной партии и придержим на складе, так оттенок совпадет.",
      },
    ],
  },
  {
    tender: "Детские комбинезоны демисезонные",
    factory: "Алатау Гармент",
    daysAgo: 55,
    unitPrice: 17.2,
    currency: "USD",
    minOrder: 200,
    leadTimeDays: 40,
    sample: { price: 35, days: 7 },
    validDays: 40,
    status: "accepted",
    decidedDaysAgo: 40,
    message:
      "Добрый день! Мы в Алматы, комбинезоны на утеплителе 100 г шьем каждый сезон. Сертификат ТР ТС на детскую верхнюю одежду есть, копию пришлем.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 54.5,
        text: "Здравствуйте! Пришлите, пожалуйста, копию сертификата и фото светоотражающих элементов.",
      },
      {
        from: "factory",
        daysAgo: 54.3,
        text: "Отправили сертификат на вашу почту. Светоотражатели ставим на рукава и спинку, можем добавить на брючины.",
      },
      {
        from: "buyer",
        daysAgo: 41,
        text: "Спасибо, образец посмотрели — берем. Сегодня подтвердим заказ на сайте.",
      },
      {
        from: "factory",
        daysAgo: 39.8,
        text: "Спасибо за доверие! Раскрой начнем в понедельник, график отгрузок пришлем отдельно.",
      },
    ],
  },
  {
    tender: "Детские комбинезоны демисезонные",
    factory: DEMO_FACTORY,
    daysAgo: 53,
    unitPrice: 16.5,
    currency: "USD",
    leadTimeDays: 45,
    sample: { price: 30, days: 10 },
    validDays: 35,
    message:
      "Здравствуйте! Шьем детскую верхнюю одежду на мембране, светоотражающая лента есть в наличии. Сертификат ТР ТС на эту модель оформим за две недели.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 52.5,
        text: "Добрый день! То есть сертификата на эту модель пока нет? Без него мы не сможем принять партию.",
      },
      {
        from: "factory",
        daysAgo: 52.3,
        text: "Пока нет. Оформление займет около двух недель и пойдет параллельно с пошивом, на сроки не повлияет.",
      },
    ],
  },
  {
    tender: "Детские комбинезоны демисезонные",
    factory: "Наманган Детство",
    daysAgo: 50,
    unitPrice: 15.9,
    currency: "USD",
    minOrder: 400,
    leadTimeDays: 55,
    validDays: 30,
    message:
      "Добрый день. Детскую одежду шьем много лет. За ту же цену можем поставить утеплитель 120 г вместо 100 г.",
  },
  {
    tender: "Женские блузки из вискозы",
    factory: "Андижан Текстиль",
    daysAgo: 52,
    unitPrice: 7.6,
    currency: "USD",
    minOrder: 300,
    leadTimeDays: 30,
    sample: { price: 15, days: 5 },
    validDays: 21,
    shortlisted: true,
    message:
      "Здравствуйте! Блузки из вискозы — наш основной ассортимент. Пуговицы подберем в тон, образец отошьем за 5 дней после согласования ткани.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 51.5,
        text: "Добрый день! Какой плотности вискоза? Нужна непрозрачная.",
      },
      {
        from: "factory",
        daysAgo: 51.3,
        text: "Штапель 120 г/м², в светлых тонах не просвечивает. Можем вместе с образцом прислать отрез ткани.",
      },
      {
        from: "buyer",
        daysAgo: 1.5,
        text: "Хорошо, отправляйте образец. Если все подойдет, сколько займет пошив всей партии?",
      },
      {
        from: "factory",
        daysAgo: 0.15,
        text: "Образец отправим в четверг. Вся партия — 30 дней после утверждения образца, отгрузим одной машиной.",
      },
    ],
    unread: true,
  },
  {
    tender: "Женские блузки из вискозы",
    factory: "Памир Текстиль",
    daysAgo: 49,
    unitPrice: 8.4,
    currency: "USD",
    leadTimeDays: 40,
    sample: { price: 20, days: 7 },
    validDays: 18,
    message:
      "Добрый день! Готовы отшить блузки свободного кроя, длинный рукав с манжетой. В цену входят упаковка и бирки с вашим логотипом.",
  },
  {
    tender: "Школьные сарафаны",
    factory: "Шымкент Швейпром",
    daysAgo: 47,
    unitPrice: 14200,
    currency: "KZT",
    minOrder: 500,
    leadTimeDays: 45,
    sample: { price: 18000, days: 7 },
    validDays: 30,
    message:
      "Здравствуйте! Школьную форму шьем для магазинов Шымкента и Туркестана. Темно-синяя костюмная ткань есть на складе, сетка 122–164 отработана.",
  },
  {
    tender: "Школьные сарафаны",
    factory: "Каспий Гармент",
    daysAgo: 44,
    unitPrice: 33.5,
    currency: "USD",
    leadTimeDays: 55,
    validDays: 20,
    message:
      "Добрый день. Можем отшить сарафаны из габардина, цвет подберем по вашему образцу. Доставка в Казахстан — паромом через Актау.",
  },
  {
    tender: "Женские домашние костюмы",
    factory: "Гянджа Текстиль",
    daysAgo: 2.6,
    unitPrice: 10.4,
    currency: "USD",
    minOrder: 300,
    leadTimeDays: 28,
    sample: { price: 18, days: 5 },
    validDays: 30,
    message:
      "Здравствуйте! Шьем домашние костюмы из велюра, три ходовых цвета: пудра, графит и мята. Кофта на пуговицах, брюки на мягкой резинке.",
  },
  {
    tender: "Женские домашние костюмы",
    factory: "Ош Трикотаж",
    daysAgo: 1.2,
    unitPrice: 9.9,
    currency: "USD",
    leadTimeDays: 35,
    sample: { price: 15, days: 7 },
    validDays: 30,
    message:
      "Добрый день! Предлагаем вискозный трикотаж: он мягче велюра и лучше продается летом. Образец отправим в течение недели.",
  },
  {
    tender: "Женские домашние костюмы",
    factory: "Неман Трикотаж",
    daysAgo: 0.3,
    unitPrice: 11.6,
    currency: "USD",
    quantity: 1500,
    minOrder: 500,
    leadTimeDays: 21,
    validDays: 14,
    message:
      "Здравствуйте. 1500 костюмов отошьем за три недели, велюр белорусского производства. Остальные 300 — в следующем месяце.",
  },

  // The demo factory (factory@example.com, Ала-Тоо Текстиль): a quote in every state, with
  // unread messages from two buyers.
  {
    tender: "Мужские пуховики на зимний сезон",
    factory: DEMO_FACTORY,
    daysAgo: 46,
    unitPrice: 36.5,
    currency: "USD",
    minOrder: 500,
    leadTimeDays: 60,
    sample: { price: 60, days: 14 },
    validDays: 45,
    status: "declined",
    decidedDaysAgo: 30,
    declineReason:
      "Спасибо за предложение, но по срокам не успеваем к сезону: нам нужна отгрузка на три недели раньше.",
    message:
      "Добрый день! Пуховики с био-пухом шьем третий сезон, поставляем на Wildberries и Ozon. Размеры 46–58, капюшон по желанию съемный.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 45,
        text: "Здравствуйте. 60 дней — это до отгрузки или с доставкой до Москвы? Партия нужна нам до середины октября.",
      },
      {
        from: "factory",
        daysAgo: 44.8,
        text: "60 дней до отгрузки из Бишкека, доставка до Москвы еще 10–12 дней. Пошив сократим до 50 дней, если ткань оплатите заранее.",
      },
    ],
  },
  {
    tender: "Мужские пуховики на зимний сезон",
    factory: "Северная швейная компания",
    daysAgo: 47,
    unitPrice: 39,
    currency: "USD",
    minOrder: 300,
    leadTimeDays: 30,
    sample: { price: 70, days: 7 },
    validDays: 40,
    shortlisted: true,
    message:
      "Здравствуйте! Производство в Санкт-Петербурге, до вашего склада — два дня. Био-пух 250 г есть в наличии, отшиваем по 600 пуховиков в неделю.",
  },
  {
    tender: "Мужские пуховики на зимний сезон",
    factory: "Брестская швейная фабрика «Полесье»",
    daysAgo: 45,
    unitPrice: 37.8,
    currency: "USD",
    leadTimeDays: 40,
    validDays: 30,
    message:
      "Добрый день. Шьем пуховики для российских маркетплейсов, маркировку «Честный знак» наносим сами. Цена с доставкой до Москвы.",
  },
  {
    tender: "Худи оверсайз унисекс",
    factory: DEMO_FACTORY,
    daysAgo: 44,
    unitPrice: 11.4,
    currency: "USD",
    minOrder: 1000,
    leadTimeDays: 35,
    sample: { price: 20, days: 5 },
    validDays: 30,
    message:
      "Здравствуйте! Худи из футера с начесом — наш основной товар. Футер 320 г/м² берем в Узбекистане, все шесть цветов в наличии. Двойной капюшон без доплаты.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 43,
        text: "Добрый день! Упаковку под требования Wildberries делаете? Нужны штрихкоды на каждое изделие.",
      },
      {
        from: "factory",
        daysAgo: 42.9,
        text: "Да, упаковываем в пакеты с клапаном и клеим штрихкоды, с маркетплейсами работаем постоянно.",
      },
      {
        from: "buyer",
        daysAgo: 1.1,
        text: "Хорошо. Можете отшить по одному образцу в сером и черном? Образцы оплатим.",
      },
      {
        from: "buyer",
        daysAgo: 0.9,
        text: "И подскажите, сможете начать пошив в следующем месяце, если образцы подойдут?",
      },
    ],
    unread: true,
  },
  {
    tender: "Худи оверсайз унисекс",
    factory: "Фергана Трикотаж",
    daysAgo: 45,
    unitPrice: 10.8,
    currency: "USD",
    minOrder: 2000,
    leadTimeDays: 40,
    validDays: 25,
    message:
      "Добрый день! Футер трехнитка собственного производства, красим под ваши цвета по Pantone. Цена при всем объеме 5000 штук.",
  },
  {
    tender: "Худи оверсайз унисекс",
    factory: "Гюмри Трикотаж",
    daysAgo: 40,
    unitPrice: 12.5,
    currency: "USD",
    quantity: 4000,
    leadTimeDays: 45,
    sample: { price: 25, days: 7 },
    validDays: 30,
    message:
      "Здравствуйте. Можем взять 4000 худи, двойной капюшон и вышивку логотипа делаем на месте.",
  },
  {
    tender: "Детские спортивные костюмы",
    factory: DEMO_FACTORY,
    daysAgo: 12,
    unitPrice: 27,
    currency: "GEL",
    minOrder: 300,
    leadTimeDays: 30,
    sample: { price: 45, days: 7 },
    validDays: 30,
    status: "accepted",
    decidedDaysAgo: 1.5,
    message:
      "Здравствуйте, Нино! Детские костюмы из футера с начесом шьем для магазинов Бишкека и Алматы. Манжеты из кашкорсе, четыре цвета — на ваш выбор по палитре.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 11,
        text: "Здравствуйте! Какие размеры входят в цену? Нам нужен ряд от 104 до 152.",
      },
      {
        from: "factory",
        daysAgo: 10.8,
        text: "Весь ряд 104–152 по одной цене. Можем без доплаты добавить светоотражающий кант на рукава.",
      },
      {
        from: "buyer",
        daysAgo: 6,
        text: "Образец получили, качество понравилось. Какой будет срок, если подтвердим на этой неделе?",
      },
      {
        from: "factory",
        daysAgo: 5.8,
        text: "Тридцать дней с подтверждения, в Тбилиси отгрузим одной машиной.",
      },
      {
        from: "buyer",
        daysAgo: 1.4,
        text: "Подтвердила заказ на сайте. Договор и реквизиты для предоплаты сегодня пришлю на почту.",
      },
    ],
    unread: true,
  },
  {
    tender: "Детские спортивные костюмы",
    factory: "Батуми Спорт",
    daysAgo: 11,
    unitPrice: 29.5,
    currency: "GEL",
    leadTimeDays: 21,
    validDays: 20,
    message:
      "Здравствуйте! До Тбилиси доставим своим транспортом. Футер с начесом турецкий, манжеты из кашкорсе в тон.",
  },
  {
    tender: "Детские спортивные костюмы",
    factory: "Фергана Трикотаж",
    daysAgo: 10,
    unitPrice: 10.2,
    currency: "USD",
    minOrder: 500,
    leadTimeDays: 40,
    validDays: 25,
    message:
      "Добрый день. Детский трикотаж шьем из собственного футера, цена в долларах с упаковкой. Возможна отгрузка двумя партиями.",
  },
  {
    tender: "Мужские спортивные брюки",
    factory: DEMO_FACTORY,
    daysAgo: 7,
    unitPrice: 8.7,
    currency: "USD",
    leadTimeDays: 25,
    validDays: 20,
    status: "withdrawn",
    decidedDaysAgo: 4,
    message:
      "Добрый день! Джоггеры из футера двухнитки, карманы на молнии YKK. Начнем пошив сразу после предоплаты.",
    conversation: [
      {
        from: "factory",
        daysAgo: 4,
        text: "Дмитрий, извините, вынуждены отозвать предложение: цех до конца месяца занят крупным заказом. Будем рады поработать в следующий раз.",
      },
    ],
  },
  {
    tender: "Мужские спортивные брюки",
    factory: "Токмок Спорт",
    daysAgo: 6,
    unitPrice: 8.2,
    currency: "USD",
    minOrder: 500,
    leadTimeDays: 30,
    sample: { price: 15, days: 5 },
    validDays: 25,
    shortlisted: true,
    message:
      "Здравствуйте! Джоггеры — наш ходовой товар, размеры 44–58 в работе постоянно. Образец пришлем за 5 дней.",
  },
  {
    tender: "Мужские спортивные брюки",
    factory: "Гюмри Трикотаж",
    daysAgo: 5,
    unitPrice: 9.1,
    currency: "USD",
    leadTimeDays: 35,
    validDays: 20,
    message: "Добрый день. Готовы отшить всю партию, футер двухнитка в наличии в черном и сером.",
  },

  // Two factories with an English name write to the Estonian buyer in English.
  {
    tender: "Базовые футболки из органического хлопка",
    factory: "Каунас Мода",
    daysAgo: 26,
    unitPrice: 3.65,
    currency: "EUR",
    minOrder: 2000,
    leadTimeDays: 42,
    sample: { price: 12, days: 7 },
    validDays: 30,
    shortlisted: true,
    message:
      "Hello Tomas, we have GOTS-certified organic single jersey, 180 g/m², in stock in six of your eight colours; the other two take about ten days to dye. The price includes your neck label and individual polybags.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 25,
        text: "Thanks! Could you send the GOTS transaction certificate for the fabric and your size chart?",
      },
      {
        from: "factory",
        daysAgo: 24.8,
        text: "Sure, both are in your inbox now. We can also match your current fit if you send us a sample T-shirt.",
      },
      {
        from: "buyer",
        daysAgo: 20,
        text: "The sample is on its way to Kaunas by courier.",
      },
      {
        from: "factory",
        daysAgo: 18.5,
        text: "Got it today, thank you. The fit sample will be ready within a week.",
      },
    ],
  },
  {
    tender: "Вязаные шапки",
    factory: "Балтийская шерсть",
    daysAgo: 22,
    unitPrice: 5.2,
    currency: "EUR",
    minOrder: 500,
    leadTimeDays: 30,
    sample: { price: 8, days: 5 },
    validDays: 30,
    message:
      "Hello! We knit merino-blend beanies on our own machines in Tallinn: 50% merino, 50% acrylic, the jacquard pattern from your artwork and your label sewn into the cuff.",
    conversation: [
      {
        from: "buyer",
        daysAgo: 21,
        text: "Hi, good to find a supplier so close. Could we visit the factory next week and see the machines?",
      },
      {
        from: "factory",
        daysAgo: 20.7,
        text: "Of course, you are welcome any weekday from 9 to 5. Tell us the day and we will have jacquard samples ready.",
      },
    ],
  },
];

/** What the phrases of a generated quote may mention. */
export interface QuoteContext {
  leadTimeDays: number;
  founded: number;
  workers: number;
  sample: { price: string; days: number } | null;
}

/** Russian plural: 1 день, 2 дня, 5 дней. */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

const days = (n: number) => `${n} ${plural(n, ["день", "дня", "дней"])}`;

/** The message of a generated quote: what a factory writes with its offer. */
export const QUOTE_MESSAGES: ((c: QuoteContext) => string)[] = [
  (c) =>
    `Здравствуйте! Готовы взять заказ, свободная линия есть. Срок пошива — ${days(c.leadTimeDays)} после утверждения образца.`,
  (c) =>
    `Добрый день. Работаем с ${c.founded} года, в штате ${c.workers} сотрудников. Цена указана с тканью, фурнитурой и упаковкой.`,
  () =>
    "Здравствуйте! Лекала сделаем по вашему описанию или отшьем по вашим. Цена — за единицу при всем объеме, за половину партии плюс 5%.",
  () =>
    "Добрый день! Ткань подберем по вашим требованиям и пришлем фото полотна на согласование. Начать можем через неделю после предоплаты.",
  () =>
    "Здравствуйте. Шьем для сетевых магазинов и маркетплейсов, маркировку и упаковку делаем сами. Можем отгружать частями.",
  (c) =>
    c.sample
      ? `Добрый день! Перед запуском партии отошьем образец за ${days(c.sample.days)}, после согласования сразу начнем раскрой.`
      : "Добрый день! Похожие изделия сейчас у нас в работе, можем прислать фото и видео прямо с линии.",
];

/** A buyer's question and the factory's answer, for generated conversations. */
export const CONVERSATION_TOPICS: [string, (c: QuoteContext & { currency: string }) => string][] = [
  [
    "Добрый день! Какую ткань планируете использовать? Можно посмотреть образцы полотна?",
    () =>
      "Здравствуйте! Работаем с проверенным поставщиком, состав и плотность — как в вашем ТЗ. Отрезы полотна отправим курьером на этой неделе.",
  ],
  [
    "Подскажите, цена одна на весь размерный ряд?",
    () => "Да, одна цена на весь ряд из ТЗ. На размеры больше заявленных наценка около 5%.",
  ],
  [
    "Можно сначала заказать образец? Сколько он будет стоить?",
    (c) =>
      c.sample
        ? `Да, отошьем за ${days(c.sample.days)}, стоимость — ${c.sample.price} ${c.currency}. При заказе партии вычтем ее из суммы.`
        : "Отдельно образцы не шьем, но можем прислать фото и видео похожих изделий прямо с линии.",
  ],
  [
    "Сколько займет доставка до нашего склада и кто ее организует?",
    () =>
      "Обычно 7–12 дней автотранспортом. Можем найти перевозчика сами или передать партию вашему, документы подготовим.",
  ],
  [
    "Если увеличим партию в полтора раза, цена изменится?",
    () =>
      "Да, на таком объеме снизим цену примерно на 6%. Пересчитаем, как только подтвердите количество.",
  ],
  [
    "Какие у вас условия оплаты?",
    () =>
      "30% предоплаты перед запуском, остальное — перед отгрузкой. Постоянным клиентам даем отсрочку.",
  ],
  [
    "Срок пошива указан с учетом закупки ткани?",
    (c) =>
      `Да, ${days(c.leadTimeDays)} — с закупкой ткани и фурнитуры. Если ткань будет ваша, сократим примерно на неделю.`,
  ],
];

/** A buyer's follow-up and the factory's reply, after a topic. */
export const CONVERSATION_FOLLOW_UPS: [string, string][] = [
  [
    "Спасибо, понятно. Обсудим с коллегами и вернемся с ответом на этой неделе.",
    "Хорошо, ждем вашего решения. Если появятся вопросы — пишите.",
  ],
  [
    "Отлично. Пришлите, пожалуйста, фото готовых изделий похожей модели.",
    "Фото есть в разделе «Товары» в нашем профиле, там же цвета, которые сейчас в работе.",
  ],
  [
    "Понятно, спасибо. Можете придержать для нас место в графике до пятницы?",
    "Договорились, держим за вами линию до пятницы.",
  ],
];
