import type { dashboard as ru } from "../dashboard";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const dashboard: Translation<typeof ru> = {
  factoryTitle: "Factory dashboard",
  factoryText: "Manage your factory’s portfolio and profile.",
  quickActions: "Quick actions",
  addProduct: "Add a product",
  addProductText: "Add new items to your portfolio",
  profile: "Profile",
  profileText: "Update your contacts, description and lines of business",
  viewTenders: "View tenders",
  viewTendersText: "Buyers’ orders waiting for a manufacturer",
  loginRequired: "Sign in to open the factory dashboard",
  loginText: "The dashboard is available to sewing factories once they sign in.",
  accessRestrictedText: "The factory dashboard is only available to factory accounts.",
  productsCount: "Products in portfolio",
  products: (n: number) => `${n} ${plural(n, "product", "products")}`,
  viewPortfolio: "Public portfolio",
  viewPortfolioText: "How buyers see your factory",
  checklistTitle: "What’s left to fill in",
  checklistProgress: (done: number, total: number) => `${done} of ${total} done`,
  checklistDone: "Your profile is complete",
  checklistDoneText:
    "Buyers can see your factory’s logo, description, contacts and lines of business.",
  gaps: {
    logo: "Upload a logo",
    description: "Add a description of your factory",
    contacts: "Add contacts: phone, email, website or messenger",
    categories: "Choose your lines of business",
  },
  fill: "Fill in",
  checks: {
    logo: "Logo",
    description: "Description",
    contacts: "Contacts",
    categories: "Lines of business",
  },
  checkDone: "Done",
  directoryHidden: "Your factory is not in the directory yet",
  directoryMissing: (items: string) => `To appear in the factory directory, add ${items}.`,
  directoryNeeds: {
    name: "the factory’s name",
    country: "the country",
    categories: "at least one line of business",
  },
  directoryRanking:
    "Factories with a logo, a city, a description and at least one product rank higher in the directory.",
  directoryFill: "Fill in the profile",
  buyerTitle: "Buyer dashboard",
  buyerText: "Your orders, factories’ quotes and how fast you answer, at a glance.",
  buyerLoginRequired: "Sign in to open the buyer dashboard",
  buyerLoginText: "The dashboard is available to buyers once they sign in.",
  buyerAccessRestrictedText: "The buyer dashboard is only available to buyer accounts.",
  figures: {
    ordersTitle: "Orders",
    allOrders: "All orders",
    noOrders: {
      factory: "No orders yet. An order appears when a buyer accepts your quote.",
      buyer: "No orders yet. An order appears when you accept a factory’s quote on your tender.",
    },
    lateTitle: "Late stages",
    lateNone: "No late stages: every open order is on schedule.",
    lateMore: (n: number) => `All late orders (${n})`,
    lateBy: (n: number) => `${n} ${plural(n, "day", "days")} late`,
    plannedOn: (date: string) => `due ${date}`,
    step: "Stage",
    quotesTitle: {
      factory: "Quotes sent and won",
      buyer: "Quotes received and accepted",
    },
    period: "Over the last 12 months, by month.",
    series: {
      factory: { quotes: "Sent", accepted: "Won" },
      buyer: { quotes: "Received", accepted: "Accepted" },
    },
    quotesSummary: {
      factory: (sent: number, won: number) =>
        `${sent} ${plural(sent, "quote", "quotes")} sent in 12 months, ${won} won.`,
      buyer: (received: number, accepted: number) =>
        `${received} ${plural(received, "quote", "quotes")} received in 12 months, ${accepted} accepted.`,
    },
    quotesNone: {
      factory: "You have not sent any quotes in the last 12 months.",
      buyer: "Your tenders have had no quotes in the last 12 months.",
    },
    quotesAction: { factory: "View tenders", buyer: "Place a tender" },
    month: "Month",
    figuresTable: "Show the figures",
    quickLinks: "Quick actions",
    myTendersText: "Your tenders and the factories’ quotes on them",
    placeTenderText: "Describe your order and factories will send quotes",
    savedText: "The factories and searches you saved",
    answerTitle: {
      factory: "How fast you answer buyers",
      buyer: "How fast you answer factories",
    },
    answerText: {
      factory:
        "Median time from a buyer’s first message in a quote’s conversation to your first reply, over 12 months.",
      buyer:
        "Median time from a factory’s quote to your first message in its conversation, over 12 months.",
    },
    answerNone:
      "Nothing to answer yet: the median appears after your first reply in a conversation.",
    answered: (n: number) => `Over ${n} ${plural(n, "conversation", "conversations")}.`,
    waiting: (n: number) =>
      `Waiting for your reply: ${n} ${plural(n, "conversation", "conversations")}.`,
    minutes: (n: number) => `${n} min`,
    hours: (n: number) => `${n} h`,
    days: (n: number) => `${n} ${plural(n, "day", "days")}`,
    chartLabel: (title: string, summary: string) => `${title}. ${summary}`,
  },
};
