import type { reviews as ru } from "../reviews";
import type { Translation } from "../shape";

const reviewsWord = (n: number) => (n === 1 ? "review" : "reviews");

export const reviews: Translation<typeof ru> = {
  criteria: {
    quality: "Quality",
    communication: "Communication",
    onTime: "On time",
  },
  marks: {
    5: "5 — excellent",
    4: "4 — good",
    3: "3 — fair",
    2: "2 — poor",
    1: "1 — very poor",
  },
  rating: (value) => `Rated ${value} out of 5`,
  count: (n) => `${n} ${reviewsWord(n)}`,
  cardLabel: (value, n) => `Rated ${value} out of 5, ${n} ${reviewsWord(n)}`,
  verifiedOrder: "verified order",
  deletedUser: "Deleted user",
  answerBy: (factory) => `Reply from ${factory}`,
  answerTitle: "The factory's reply",
  hidden: "Hidden by an administrator",
  hiddenReason: (reason) => `Reason: ${reason}`,
  form: {
    title: "Rate the factory",
    text: "Your review appears on the factory's page marked “verified order”. You can leave one review per order.",
    field: "Your review: what went well and what didn't",
    submit: "Publish review",
  },
  answer: {
    title: "Reply to the review",
    text: "Your reply is published under the review on your factory's page. You can reply once.",
    field: "Your reply",
    submit: "Publish reply",
  },
  hide: {
    title: "Hide the review",
    text: "A hidden review is not shown on the factory's page and does not count towards its rating. Both sides are notified.",
    field: "Reason",
    submit: "Hide review",
  },
  sending: "Sending…",
  order: {
    title: "Review",
    yours: "Your review",
    buyers: "The buyer's review",
    onFactoryPage: "Reviews on the factory's page",
  },
  factoryPage: {
    title: "Reviews",
    empty: "No reviews yet. Only a buyer whose order was delivered can leave one.",
    average: "Average rating",
    onTime: "Orders delivered on time",
    onTimeShare: (percent, onTime, delivered) => `${percent}% (${onTime} of ${delivered})`,
    onTimeNone: "No delivered orders yet",
    onTimeNote:
      "The share of delivered orders whose buyer confirmed delivery no later than the planned delivery date.",
    more: "Older reviews",
    previous: "Newer reviews",
    pageOf: (page, pages) => `Page ${page} of ${pages}`,
  },
  errors: {
    intent: "Unknown action",
    mark: "Choose a rating from 1 to 5",
    textRequired: "Write your review",
    answerRequired: "Write your reply",
    reasonRequired: "Give a reason",
    tooLong: (max) => `No longer than ${max} characters`,
  },
  problems: {
    "not-found": "Order not found",
    "not-buyer": "Only this order's buyer can review it",
    "not-factory": "Only this order's factory can reply",
    "not-admin": "Only an administrator can hide a review",
    "not-delivered": "You can review the order once its delivery is confirmed",
    "factory-gone": "The factory has deleted its account: the order can no longer be reviewed",
    "already-reviewed": "This order has already been reviewed",
    "no-review": "This order has no review",
    "already-answered": "The factory has already replied to this review",
    "review-hidden": "The review was hidden by an administrator",
  },
  done: {
    review: "Thank you! Your review is published",
    "answer-review": "Reply published",
    "hide-review": "Review hidden",
  },
};
