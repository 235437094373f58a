/**
 * Text of the static pages (/about, /contact, /terms, /privacy, /articles) in each language: the
 * Russian original and an English version with the same structure and facts.
 *
 * The support address is the operator's own mailbox, the SUPPORT_EMAIL setting; without it the
 * pages name no address and say where one will appear.
 */
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";

export type StaticPageKey = "about" | "contact" | "terms" | "privacy";

export type StaticPageSection = {
  heading?: string;
  paragraphs: string[];
};

export type StaticPage = {
  title: string;
  /** Meta description, at most 160 characters. */
  description: string;
  sections: StaticPageSection[];
};

type StaticPages = Record<StaticPageKey, StaticPage>;

export const staticPageKeys: readonly StaticPageKey[] = ["about", "contact", "terms", "privacy"];

// ---------------------------------------------------------------------------------------------
// Russian
// ---------------------------------------------------------------------------------------------

/** Where to write: the support address, or the contact page when none is set. */
const writeTo = (email: string | undefined) =>
  email ? `на ${email}` : "через службу поддержки (ее адрес — на странице «Контакты»)";

const COUNTRIES =
  "Кыргызстан, Казахстан, Узбекистан, Таджикистан, Туркменистан, Россия, Украина, Беларусь, Азербайджан, Армения, Грузия, Молдова, Эстония, Латвия и Литва";

const EFFECTIVE_DATE = "1 сентября 2025 года";

const russian = (supportEmail: string | undefined): StaticPages => ({
  about: {
    title: "О нас",
    description:
      "Fabricum — B2B-маркетплейс, который напрямую связывает швейные фабрики Центральной Азии, Кавказа, Восточной Европы и Прибалтики с оптовыми покупателями.",
    sections: [
      {
        paragraphs: [
          "Fabricum — B2B-маркетплейс текстиля и одежды. Мы помогаем оптовым покупателям находить швейные фабрики и цеха, а производителям — получать заказы без посредников.",
          "Швейная отрасль Центральной Азии, Кавказа, Восточной Европы и Прибалтики — это тысячи предприятий, от небольших цехов до крупных фабрик. Многие из них работают на экспорт, но покупателю трудно их найти: сайтов нет или они устарели, а контакты передаются через знакомых и посредников. Fabricum собирает эти предприятия на одной площадке и делает их видимыми.",
        ],
      },
      {
        heading: "Для кого мы работаем",
        paragraphs: [
          "Для фабрик и швейных цехов, которые ищут новых заказчиков и хотят показать свое производство: что они шьют, в каких объемах, за какие сроки и по какой цене.",
          "Для оптовых покупателей — брендов, магазинов, дистрибьюторов и корпоративных клиентов, которым нужен надежный производитель одежды: от трикотажа и домашней одежды до верхней и специальной.",
          `На площадке представлены производители из 15 стран: ${COUNTRIES}.`,
        ],
      },
      {
        heading: "Как это работает",
        paragraphs: [
          "Профили фабрик. Каждая фабрика заполняет профиль: описание, сферы деятельности, город и адрес, телефон, email, сайт и мессенджеры. Каталог фабрик можно фильтровать по сферам деятельности, стране и городу и искать по названию фабрики или изделия.",
          "Портфолио. Фабрика добавляет в портфолио изделия с фотографиями, ценой, объемом и сроком производства. Так покупатель может оценить производителя еще до первого разговора.",
          "Тендеры. Покупатель описывает заказ — изделие, количество, требования, бюджет и место — и публикует тендер. Фабрики просматривают тендеры и связываются с заказчиком по указанным им контактам.",
          "Прямые контакты. Переговоры, образцы, оплата и доставка обсуждаются напрямую между покупателем и фабрикой. Fabricum не является стороной сделки и не берет комиссию с заказов.",
        ],
      },
      {
        heading: "Наши принципы",
        paragraphs: [
          "Открытость: контакты фабрик доступны покупателю без платных подписок и скрытых условий.",
          "Аккуратность с данными: мы храним только то, что нужно для работы площадки, не продаем данные пользователей и удаляем аккаунт целиком по первому запросу владельца.",
          "Простота: регистрация и заполнение профиля занимают несколько минут, а площадка одинаково удобна на компьютере и на телефоне.",
        ],
      },
      {
        heading: "Присоединяйтесь",
        paragraphs: [
          `Если вы производитель — зарегистрируйтесь как фабрика, заполните профиль и добавьте изделия в портфолио. Если вы ищете, где разместить заказ, — откройте каталог фабрик или опубликуйте тендер. Вопросы и предложения присылайте ${writeTo(supportEmail)}.`,
        ],
      },
    ],
  },

  contact: {
    title: "Контакты",
    description:
      "Как связаться с командой Fabricum: служба поддержки по email для фабрик и оптовых покупателей, сроки ответа и что указать в обращении.",
    sections: [
      {
        paragraphs: [
          "Мы на связи с фабриками и покупателями по электронной почте. Так у каждого обращения остается история, и мы можем приложить к ответу ссылки и инструкции.",
        ],
      },
      {
        heading: "Служба поддержки",
        paragraphs: [
          supportEmail
            ? `Email: ${supportEmail}. Это почтовый ящик оператора площадки — компании, которая управляет Fabricum.`
            : "Адрес службы поддержки появится здесь, как только оператор площадки его укажет.",
          "Мы отвечаем в течение одного-двух рабочих дней. Обращения о доступе к аккаунту, удалении данных и нарушениях правил рассматриваем в первую очередь.",
        ],
      },
      {
        heading: "Фабрикам",
        paragraphs: [
          "Напишите нам, если не получается зарегистрироваться или подтвердить email, нужна помощь с профилем или портфолио, вы заметили ошибку в справочниках (стране, городе, сфере деятельности) или хотите предложить улучшение.",
        ],
      },
      {
        heading: "Покупателям",
        paragraphs: [
          "Пишите, если у вас вопрос о размещении тендера, вы не можете связаться с фабрикой по указанным контактам или считаете, что информация в профиле фабрики недостоверна. Мы проверим профиль и при необходимости свяжемся с фабрикой.",
          "Обратите внимание: условия заказа, цены, образцы и оплату вы обсуждаете с фабрикой напрямую. Fabricum не является стороной сделки, но мы разбираем жалобы на недобросовестных участников.",
        ],
      },
      {
        heading: "Что указать в письме",
        paragraphs: [
          "Email, с которым вы зарегистрированы на площадке, ссылку на страницу, о которой идет речь, и краткое описание вопроса. Если что-то работает не так, приложите снимок экрана и укажите устройство и браузер.",
          "Никогда не присылайте нам свой пароль: сотрудники поддержки его не спрашивают.",
        ],
      },
    ],
  },

  terms: {
    title: "Пользовательское соглашение",
    description:
      "Условия использования Fabricum: регистрация, профили фабрик, портфолио и тендеры, ответственность сторон, удаление аккаунта.",
    sections: [
      {
        paragraphs: [
          `Редакция от ${EFFECTIVE_DATE}.`,
          "Настоящее соглашение регулирует использование B2B-маркетплейса Fabricum (далее — площадка). Регистрируясь на площадке или пользуясь ею, вы подтверждаете, что прочитали и принимаете эти условия.",
        ],
      },
      {
        heading: "1. Термины",
        paragraphs: [
          "Оператор — лицо, которое управляет площадкой Fabricum и отвечает на обращения пользователей.",
          "Пользователь — лицо, зарегистрировавшее аккаунт на площадке. Пользователь регистрируется как покупатель или как фабрика.",
          "Фабрика — пользователь, представляющий швейное производство: фабрику, цех или иную компанию, которая шьет одежду. Покупатель — пользователь, который ищет производителя и размещает тендеры.",
          "Тендер — опубликованное покупателем описание заказа на производство.",
        ],
      },
      {
        heading: "2. Регистрация и аккаунт",
        paragraphs: [
          "Для регистрации нужны имя или название компании, тип пользователя, адрес электронной почты и пароль. Адрес электронной почты необходимо подтвердить по ссылке из письма.",
          "Пользователь указывает достоверные сведения, действует от своего имени или от имени компании, которую вправе представлять, и не передает доступ к аккаунту третьим лицам.",
          "Пользователь отвечает за сохранность пароля. Если вы подозреваете, что доступ к аккаунту получил кто-то другой, смените пароль и сообщите оператору.",
        ],
      },
      {
        heading: "3. Что размещают пользователи",
        paragraphs: [
          "Фабрика размещает профиль (название, описание, сферы деятельности, местоположение и контакты) и портфолио изделий. Покупатель размещает тендеры с описанием заказа и контактами для связи.",
          "Сведения должны быть достоверными и относиться к реальной деятельности. Запрещено размещать чужие фотографии и товарные знаки без права на их использование, ложные сведения о производстве, рекламу, не связанную с текстилем и одеждой, а также материалы, нарушающие закон.",
          "Пользователь сохраняет права на размещенные материалы и разрешает оператору показывать их на площадке, в том числе в превью ссылок и результатах поиска, пока материалы не удалены.",
          "Загружаемые изображения принимаются в форматах JPG, PNG и WebP размером до 5 МБ. Площадка перекодирует их и удаляет из файлов служебные метаданные, включая сведения о местоположении съемки.",
        ],
      },
      {
        heading: "4. Контакты и сделки",
        paragraphs: [
          "Контакты фабрики видны всем посетителям площадки. Контакты в тендере видны только зарегистрированным пользователям, которые вошли в аккаунт.",
          "Fabricum — информационная площадка. Переговоры, договор, образцы, оплата, доставка и приемка продукции происходят напрямую между покупателем и фабрикой. Оператор не является стороной этих сделок, не получает с них комиссию и не гарантирует их исполнение.",
          "Рекомендуем перед крупным заказом запрашивать образцы, проверять реквизиты компании и заключать письменный договор.",
        ],
      },
      {
        heading: "5. Правила поведения",
        paragraphs: [
          "Запрещено использовать контакты с площадки для массовых рассылок, выдавать себя за другое лицо или компанию, собирать данные пользователей автоматизированными средствами, пытаться получить доступ к чужим аккаунтам или нарушать работу площадки.",
          "Оператор вправе скрыть или удалить материалы, нарушающие это соглашение, а при серьезных или повторных нарушениях — заблокировать аккаунт.",
        ],
      },
      {
        heading: "6. Ответственность",
        paragraphs: [
          "Площадка предоставляется в том виде, в каком она есть. Оператор старается обеспечить ее бесперебойную работу, но не гарантирует отсутствие перерывов на технические работы и сбоев.",
          "Ответственность за содержание профилей, портфолио и тендеров несут разместившие их пользователи. Оператор не отвечает за качество продукции, сроки и условия, о которых договорились пользователи.",
        ],
      },
      {
        heading: "7. Удаление аккаунта",
        paragraphs: [
          "Пользователь может в любой момент удалить аккаунт на странице профиля. Вместе с аккаунтом сразу удаляются профиль, фабрика, портфолио, тендеры и загруженные изображения.",
        ],
      },
      {
        heading: "8. Изменение условий",
        paragraphs: [
          "Оператор может изменять это соглашение. Новая редакция публикуется на этой странице с указанием даты и действует с момента публикации. Продолжая пользоваться площадкой после изменений, вы принимаете новую редакцию.",
        ],
      },
      {
        heading: "9. Обратная связь",
        paragraphs: [
          `Вопросы об этом соглашении и сообщения о нарушениях направляйте ${writeTo(supportEmail)}.`,
        ],
      },
    ],
  },

  privacy: {
    title: "Политика конфиденциальности",
    description:
      "Какие данные хранит Fabricum, зачем они нужны, кто их видит и как удалить аккаунт вместе со всеми данными.",
    sections: [
      {
        paragraphs: [
          `Редакция от ${EFFECTIVE_DATE}.`,
          "Эта политика объясняет, какие данные собирает B2B-маркетплейс Fabricum, как мы их используем и как вы можете ими управлять. Мы храним только то, что нужно для работы площадки.",
        ],
      },
      {
        heading: "1. Какие данные мы храним",
        paragraphs: [
          "Данные аккаунта: адрес электронной почты, имя или название компании, тип пользователя (покупатель или фабрика) и дата регистрации. Пароль хранится только в виде криптографического хеша — прочитать его не может никто, в том числе мы.",
          "Профиль: сведения, которые вы указываете сами, — телефон, WhatsApp, Telegram, Instagram, информация о себе и фото профиля.",
          "Данные фабрики: название, описание, сферы деятельности, страна, город, адрес, контакты, логотип, а также изделия портфолио с фотографиями, ценами, объемами и сроками производства.",
          "Тендеры: заголовок, описание, категория, количество, бюджет, место, требования, контакты для связи и фотографии.",
          "Технические данные сеанса: при входе мы сохраняем запись о сеансе с IP-адресом и сведениями о браузере. Они нужны для защиты аккаунта и ограничения попыток подбора пароля.",
        ],
      },
      {
        heading: "2. Изображения",
        paragraphs: [
          "Все загружаемые изображения — логотипы, фото профиля, фотографии изделий и тендеров — перекодируются на сервере. При этом из файлов удаляются метаданные: модель камеры, дата съемки и координаты GPS. Исходные файлы мы не храним.",
        ],
      },
      {
        heading: "3. Зачем нам эти данные",
        paragraphs: [
          "Чтобы вести ваш аккаунт и пускать в него только вас; показывать профили фабрик, портфолио и тендеры; отправлять служебные письма — подтверждение адреса и сброс пароля; отвечать на ваши обращения и защищать площадку от злоупотреблений.",
          "Мы не отправляем рекламных рассылок и не используем данные для таргетированной рекламы.",
        ],
      },
      {
        heading: "4. Кто видит ваши данные",
        paragraphs: [
          "Профиль фабрики, ее контакты и портфолио видны всем посетителям площадки — для этого они и размещаются.",
          "Тендеры видны всем посетителям, а контакты в них — только пользователям, которые вошли в аккаунт.",
          "Личный профиль покупателя не публикуется. Администраторы площадки видят список пользователей и их профили, чтобы поддерживать порядок и отвечать на обращения.",
        ],
      },
      {
        heading: "5. Файлы cookie",
        paragraphs: [
          "Мы используем только служебные cookie: cookie сеанса, чтобы вы оставались в аккаунте после входа, и короткую cookie на одну минуту, которая переносит на следующую страницу уведомление о результате действия (например, «Профиль обновлен»). Они недоступны скриптам на странице, а при работе сайта по HTTPS передаются только по защищенному соединению. Рекламных и аналитических cookie, а также сторонних счетчиков на площадке нет.",
        ],
      },
      {
        heading: "6. Передача третьим лицам",
        paragraphs: [
          "Мы не продаем и не сдаем в аренду данные пользователей. Данные обрабатываются только теми сервисами, без которых площадка не работает: хостингом, хранилищем файлов и почтовым сервисом для служебных писем, — и только в объеме, необходимом для этой работы.",
          "Мы можем раскрыть данные по законному требованию уполномоченных органов.",
        ],
      },
      {
        heading: "7. Хранение и удаление",
        paragraphs: [
          "Данные хранятся, пока существует ваш аккаунт. Вы можете изменить их на странице профиля в любой момент.",
          "Удалить аккаунт можно там же, на странице профиля. Удаление происходит одной операцией: аккаунт, профиль, фабрика, товары, тендеры, сеансы и загруженные изображения удаляются сразу и полностью, без периода ожидания.",
        ],
      },
      {
        heading: "8. Защита данных",
        paragraphs: [
          "Площадка работает по защищенному соединению HTTPS. Доступ к чужим данным проверяется на сервере: изменить профиль, товары или тендеры может только их владелец. Попытки входа и восстановления пароля ограничены по частоте.",
        ],
      },
      {
        heading: "9. Ваши права и обращения",
        paragraphs: [
          `Вы вправе узнать, какие данные о вас хранятся, исправить их или удалить. Большую часть этого можно сделать самостоятельно на странице профиля. С остальными запросами пишите ${writeTo(supportEmail)} с адреса, указанного при регистрации, — мы ответим в течение 30 дней, а обычно гораздо быстрее.`,
        ],
      },
      {
        heading: "10. Изменения политики",
        paragraphs: [
          "Если мы изменим порядок обработки данных, новая редакция появится на этой странице с указанием даты. О существенных изменениях мы сообщим зарегистрированным пользователям по электронной почте.",
        ],
      },
    ],
  },
});

// ---------------------------------------------------------------------------------------------
// English
// ---------------------------------------------------------------------------------------------

/** Where to write: 'to' the support address, or to support via the contact page when none is set. */
const writeToEn = (email: string | undefined) =>
  email ? `to ${email}` : "to our support team (you’ll find the address on the Contact page)";

const COUNTRIES_EN =
  "Kyrgyzstan, Kazakhstan, Uzbekistan, Tajikistan, Turkmenistan, Russia, Ukraine, Belarus, Azerbaijan, Armenia, Georgia, Moldova, Estonia, Latvia and Lithuania";

const EFFECTIVE_DATE_EN = "1 September 2025";

const english = (supportEmail: string | undefined): StaticPages => ({
  about: {
    title: "About us",
    description:
      "Fabricum is a B2B marketplace that connects garment factories in Central Asia, the Caucasus, Eastern Europe and the Baltics directly with wholesale buyers.",
    sections: [
      {
        paragraphs: [
          "Fabricum is a B2B marketplace for textiles and clothing. We help wholesale buyers find garment factories and sewing workshops, and help manufacturers win orders without going through middlemen.",
          "The garment industry across Central Asia, the Caucasus, Eastern Europe and the Baltics is made up of thousands of businesses, from small workshops to large factories. Many of them already export, yet buyers struggle to find them: they often have no website, or an out-of-date one, and contact details are passed on through acquaintances and agents. Fabricum brings these businesses together in one place and puts them on the map.",
        ],
      },
      {
        heading: "Who we’re for",
        paragraphs: [
          "Factories and sewing workshops looking for new customers and wanting to show what they can do: what they make, in what volumes, how quickly and at what price.",
          "Wholesale buyers — brands, retailers, distributors and corporate clients — who need a reliable clothing manufacturer, from knitwear and loungewear to outerwear and specialist clothing.",
          `Manufacturers from 15 countries are on the platform: ${COUNTRIES_EN}.`,
        ],
      },
      {
        heading: "How it works",
        paragraphs: [
          "Factory profiles. Each factory fills in a profile: a description, its lines of business, city and address, phone number, email, website and messaging apps. You can filter the factory catalogue by line of business, country and city, and search it by factory or product name.",
          "Portfolios. Factories add products to their portfolio with photos, prices, volumes and lead times, so buyers can get a feel for a manufacturer before they even speak to them.",
          "Tenders. A buyer describes an order — the product, quantity, requirements, budget and location — and publishes it as a tender. Factories browse the tenders and get in touch with the buyer using the contact details provided.",
          "Direct contact. Negotiations, samples, payment and delivery are agreed directly between the buyer and the factory. Fabricum is not a party to the deal and takes no commission on orders.",
        ],
      },
      {
        heading: "What we stand for",
        paragraphs: [
          "Openness: buyers can see factories’ contact details without paid subscriptions or hidden conditions.",
          "Care with data: we keep only what the platform needs to work, we never sell our users’ data, and we delete an account in full as soon as its owner asks.",
          "Simplicity: signing up and completing a profile takes just a few minutes, and the platform works just as well on a phone as on a computer.",
        ],
      },
      {
        heading: "Join us",
        paragraphs: [
          `If you’re a manufacturer, sign up as a factory, complete your profile and add products to your portfolio. If you’re looking for somewhere to place an order, browse the factory catalogue or publish a tender. Please send any questions or suggestions ${writeToEn(supportEmail)}.`,
        ],
      },
    ],
  },

  contact: {
    title: "Contact us",
    description:
      "How to reach the Fabricum team: email support for factories and wholesale buyers, how quickly we reply and what to include in your message.",
    sections: [
      {
        paragraphs: [
          "We keep in touch with factories and buyers by email. That way every conversation has a history, and we can include links and instructions in our replies.",
        ],
      },
      {
        heading: "Support",
        paragraphs: [
          supportEmail
            ? `Email: ${supportEmail}. This is the mailbox of the platform’s operator, the company that runs Fabricum.`
            : "The support address will appear here as soon as the platform’s operator provides it.",
          "We reply within one or two working days. Requests about account access, deleting data and breaches of the rules are dealt with first.",
        ],
      },
      {
        heading: "For factories",
        paragraphs: [
          "Write to us if you can’t sign up or confirm your email address, need a hand with your profile or portfolio, have spotted a mistake in our reference lists (a country, city or line of business) or would like to suggest an improvement.",
        ],
      },
      {
        heading: "For buyers",
        paragraphs: [
          "Get in touch if you have a question about placing a tender, can’t reach a factory using the contact details it gives, or think the information in a factory’s profile is inaccurate. We’ll check the profile and contact the factory if need be.",
          "Please note that you agree the terms of your order, prices, samples and payment directly with the factory. Fabricum is not a party to the deal, but we do look into complaints about dishonest users.",
        ],
      },
      {
        heading: "What to include in your email",
        paragraphs: [
          "The email address you registered with, a link to the page in question and a short description of the issue. If something isn’t working as it should, attach a screenshot and tell us which device and browser you’re using.",
          "Never send us your password: our support team will never ask for it.",
        ],
      },
    ],
  },

  terms: {
    title: "Terms of use",
    description:
      "The terms of using Fabricum: registration, factory profiles, portfolios and tenders, each party’s responsibilities and deleting your account.",
    sections: [
      {
        paragraphs: [
          `Version dated ${EFFECTIVE_DATE_EN}.`,
          "These terms govern your use of Fabricum, a B2B marketplace (the “platform”). By registering on the platform or using it, you confirm that you have read and accept these terms.",
        ],
      },
      {
        heading: "1. Definitions",
        paragraphs: [
          "Operator: the person or company that runs the Fabricum platform and responds to users’ enquiries.",
          "User: anyone who has registered an account on the platform. Users register either as a buyer or as a factory.",
          "Factory: a user representing a garment manufacturer — a factory, workshop or any other company that makes clothing. Buyer: a user who is looking for a manufacturer and places tenders.",
          "Tender: a description of a production order published by a buyer.",
        ],
      },
      {
        heading: "2. Registration and your account",
        paragraphs: [
          "To register, you need a name or company name, a user type, an email address and a password. You must confirm your email address by following the link in the email we send you.",
          "Users must provide accurate information, act on their own behalf or on behalf of a company they are authorised to represent, and must not give anyone else access to their account.",
          "You are responsible for keeping your password safe. If you suspect that someone else has gained access to your account, change your password and let the operator know.",
        ],
      },
      {
        heading: "3. What users publish",
        paragraphs: [
          "Factories publish a profile (name, description, lines of business, location and contact details) and a portfolio of products. Buyers publish tenders that describe their order and give contact details.",
          "Everything you publish must be accurate and relate to genuine business activity. You may not publish other people’s photos or trademarks without the right to use them, false claims about your production, advertising unrelated to textiles and clothing, or anything unlawful.",
          "Users keep the rights to what they publish and allow the operator to display it on the platform, including in link previews and search results, until it is deleted.",
          "Images can be uploaded as JPG, PNG or WebP files of up to 5 MB. The platform re-encodes them and strips out embedded metadata, including details of where the photo was taken.",
        ],
      },
      {
        heading: "4. Contact details and deals",
        paragraphs: [
          "A factory’s contact details are visible to every visitor to the platform. The contact details in a tender are visible only to registered users who are signed in.",
          "Fabricum is an information platform. Negotiations, contracts, samples, payment, delivery and acceptance of goods take place directly between the buyer and the factory. The operator is not a party to these deals, takes no commission on them and does not guarantee that they will be fulfilled.",
          "Before placing a large order, we recommend asking for samples, checking the company’s details and signing a written contract.",
        ],
      },
      {
        heading: "5. Code of conduct",
        paragraphs: [
          "You may not use contact details from the platform for bulk mailings, pass yourself off as another person or company, collect users’ data by automated means, try to access other people’s accounts or disrupt the platform.",
          "The operator may hide or remove material that breaches these terms and, in the case of serious or repeated breaches, suspend the account.",
        ],
      },
      {
        heading: "6. Liability",
        paragraphs: [
          "The platform is provided “as is”. The operator does its best to keep it running smoothly but cannot guarantee that there will never be outages or breaks for maintenance.",
          "Users are responsible for the content of the profiles, portfolios and tenders they publish. The operator is not responsible for the quality of products, or for any deadlines and terms agreed between users.",
        ],
      },
      {
        heading: "7. Deleting your account",
        paragraphs: [
          "You can delete your account at any time from your profile page. Your profile, factory, portfolio, tenders and uploaded images are deleted along with it straight away.",
        ],
      },
      {
        heading: "8. Changes to these terms",
        paragraphs: [
          "The operator may change these terms. The new version is published on this page with its date and applies from the moment it is published. By continuing to use the platform after the changes, you accept the new version.",
        ],
      },
      {
        heading: "9. Contact",
        paragraphs: [
          `Please send questions about these terms and reports of breaches ${writeToEn(supportEmail)}.`,
        ],
      },
    ],
  },

  privacy: {
    title: "Privacy policy",
    description:
      "What data Fabricum keeps, why it needs it, who can see it and how to delete your account together with all your data.",
    sections: [
      {
        paragraphs: [
          `Version dated ${EFFECTIVE_DATE_EN}.`,
          "This policy explains what data the Fabricum B2B marketplace collects, how we use it and how you can manage it. We keep only what the platform needs to work.",
        ],
      },
      {
        heading: "1. What data we keep",
        paragraphs: [
          "Account data: your email address, name or company name, user type (buyer or factory) and the date you registered. Your password is stored only as a cryptographic hash, so nobody can read it — not even us.",
          "Profile: the details you choose to add yourself — phone number, WhatsApp, Telegram, Instagram, information about yourself and a profile photo.",
          "Factory data: name, description, lines of business, country, city, address, contact details and logo, plus portfolio products with photos, prices, volumes and lead times.",
          "Tenders: title, description, category, quantity, budget, location, requirements, contact details and photos.",
          "Technical session data: when you sign in, we keep a record of the session with your IP address and browser details. We need this to protect your account and to limit attempts to guess passwords.",
        ],
      },
      {
        heading: "2. Images",
        paragraphs: [
          "Every image you upload — logos, profile photos, photos of products and tenders — is re-encoded on our server. In the process, metadata is stripped from the file: the camera model, the date the photo was taken and its GPS coordinates. We do not keep the original files.",
        ],
      },
      {
        heading: "3. Why we need this data",
        paragraphs: [
          "To run your account and make sure only you can get into it; to show factory profiles, portfolios and tenders; to send service emails such as address confirmation and password resets; to answer your enquiries; and to protect the platform from abuse.",
          "We do not send marketing emails, and we do not use your data for targeted advertising.",
        ],
      },
      {
        heading: "4. Who can see your data",
        paragraphs: [
          "A factory’s profile, contact details and portfolio are visible to every visitor to the platform — that is what they are there for.",
          "Tenders are visible to every visitor, but the contact details in them are shown only to users who are signed in.",
          "A buyer’s personal profile is not published. The platform’s administrators can see the list of users and their profiles so that they can keep things in order and respond to enquiries.",
        ],
      },
      {
        heading: "5. Cookies",
        paragraphs: [
          "We use only essential cookies: a session cookie that keeps you signed in, and a short-lived cookie, lasting one minute, that carries a message about the outcome of an action over to the next page (for example, “Profile updated”). Scripts on the page cannot read them, and when the site runs over HTTPS they are sent only over a secure connection. There are no advertising or analytics cookies on the platform, and no third-party trackers.",
        ],
      },
      {
        heading: "6. Sharing with third parties",
        paragraphs: [
          "We do not sell or rent out our users’ data. It is processed only by the services the platform cannot run without — hosting, file storage and an email service for service emails — and only as far as that work requires.",
          "We may disclose data in response to a lawful request from the competent authorities.",
        ],
      },
      {
        heading: "7. Retention and deletion",
        paragraphs: [
          "We keep your data for as long as your account exists. You can change it on your profile page at any time.",
          "You can delete your account on the same profile page. Deletion happens in a single step: your account, profile, factory, products, tenders, sessions and uploaded images are deleted immediately and completely, with no waiting period.",
        ],
      },
      {
        heading: "8. Keeping data secure",
        paragraphs: [
          "The platform runs over a secure HTTPS connection. Every attempt to reach someone else’s data is checked on the server: only the owner can change a profile, products or tenders. Sign-in and password reset attempts are rate-limited.",
        ],
      },
      {
        heading: "9. Your rights and requests",
        paragraphs: [
          `You have the right to find out what data we hold about you, and to have it corrected or deleted. You can do most of this yourself on your profile page. For anything else, write ${writeToEn(supportEmail)} from the email address you registered with. We will reply within 30 days, and usually much sooner.`,
        ],
      },
      {
        heading: "10. Changes to this policy",
        paragraphs: [
          "If we change the way we process data, the new version will appear on this page with its date. We will let registered users know about any significant changes by email.",
        ],
      },
    ],
  },
});

const PAGES: Record<Locale, (supportEmail: string | undefined) => StaticPages> = {
  ru: russian,
  en: english,
};

/** The pages in `locale` with the support address of this instance (SUPPORT_EMAIL), if it has one. */
export const staticPages = (
  supportEmail: string | undefined,
  locale: Locale = DEFAULT_LOCALE,
): StaticPages => PAGES[locale](supportEmail);

/** The articles page, still to come, in each language. */
export const ARTICLES_PAGE: Record<
  Locale,
  { readonly title: string; readonly description: string; readonly text: string }
> = {
  ru: {
    title: "Статьи",
    description:
      "Раздел статей Fabricum о швейном производстве и оптовых закупках одежды находится в разработке.",
    text: "Раздел в разработке. Скоро здесь появятся статьи о швейном производстве, выборе фабрики и работе с оптовыми заказами. А пока загляните в каталог фабрик или разместите тендер.",
  },
  en: {
    title: "Articles",
    description:
      "Fabricum’s articles on garment manufacturing and wholesale clothing sourcing are on their way.",
    text: "We’re still working on this section. Soon you’ll find articles here on garment manufacturing, choosing the right factory and handling wholesale orders. In the meantime, take a look at the factory catalogue or place a tender.",
  },
};
