import type { quoteForm as ru } from "../quote-form";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const quoteForm: Translation<typeof ru> = {
  meta: {
    newTitle: "Quote on a tender",
    editTitle: "Your quote on a tender",
    myQuotes: "My quotes",
  },
  page: {
    back: "All tenders",
    newTitle: "Quote on this tender",
    editTitle: "Your quote",
    newIntro:
      "Name your price, quantity and lead time. The buyer compares the factories' offers and replies to you in a conversation.",
    editIntro: "You can edit or withdraw your quote until the buyer decides.",
    resendTitle: "Send the quote again",
    resendIntro:
      "You withdrew this quote. While the tender is open, you can send it again: check the terms, and the buyer will be notified.",
    tenderLabel: "Tender",
    quantity: "Quantity",
    budget: "Budget",
    location: "Place of production",
    sentOn: (date: string) => `Sent on ${date}`,
    conversation: "Conversation with the buyer",
    toMyQuotes: "My quotes",
  },
  notices: {
    ownTender: {
      title: "This is your tender",
      text: "You cannot quote on your own tender. Factories' quotes come to you, to compare and answer.",
      action: "Open the tender",
    },
    notAFactory: {
      title: "Quotes are sent by factories",
      text: "Only garment factory accounts can quote on tenders. To find a manufacturer for your order, place a tender or browse the factory directory.",
      action: "Factory directory",
    },
    noFactory: {
      title: "Create your factory profile first",
      text: "Buyers need to know who is quoting: fill in your factory profile (name, country and city), then come back to the tender.",
      action: "Create a factory profile",
    },
    notActive: {
      title: "This tender no longer takes quotes",
      text: "The buyer has closed this tender or already chosen a factory.",
      action: "Other tenders",
    },
    accepted: {
      title: "The buyer accepted your quote",
      text: "The quote can no longer be changed. Talk the order through with the buyer in the conversation.",
      action: "Open the conversation",
    },
    declined: {
      title: "The buyer declined your quote",
      text: "You can no longer edit it or quote on this tender again.",
      action: "My quotes",
    },
    withdrawn: {
      title: "You withdrew this quote",
      text: "The tender no longer takes quotes, so the quote cannot be sent again.",
      action: "My quotes",
    },
  },
  form: {
    offer: "Price and quantity",
    terms: "Timing",
    sample: "Sample",
    details: "Message and files",
    quantityHint: (quantity: string) => `The tender asks for ${quantity}`,
    minOrderHint: "Optional",
    validUntilHint: "From today up to one year ahead",
    messagePlaceholder:
      "For example: we sew from our own fabric, already have patterns for this style, and ship in batches of 500.",
    samplePriceHint: "Optional",
    currentFiles: "Attached files",
    noFiles: "No files yet",
    removeFile: (name: string) => `Remove the file ${name}`,
    removeChosen: (name: string) => `Don't attach ${name}`,
    chosen: "To be attached",
    filesLeft: (n: number) =>
      n === 0
        ? "No more files can be attached: remove one of the attached files first"
        : `You can add ${n} more ${plural(n, "file", "files")}`,
    submitNew: "Send quote",
    submitEdit: "Save changes",
    submitAgain: "Send the quote again",
    sending: "Sending...",
    saving: "Saving...",
    withdraw: "Withdraw quote",
    withdrawTitle: "Withdraw this quote?",
    withdrawText: (title: string) =>
      `Your quote on the tender “${title}” will be withdrawn and the buyer notified. While the tender is open, you can send it again.`,
    withdrawConfirm: "Withdraw",
  },
  toasts: {
    sent: "Quote sent",
    updated: "Quote updated",
    withdrawn: "Quote withdrawn",
    resent: "Quote sent again",
    fileRemoved: "File removed",
    withdrawFailed: "The quote could not be withdrawn",
    removeFailed: "The file could not be removed",
    unknownIntent: "Unknown action",
  },
  my: {
    title: "My quotes",
    subtitle: "Your offers on buyers' tenders",
    loginTitle: "Sign in to see your quotes",
    loginText:
      "This is where a factory sees its quotes on tenders, their status and the conversations with buyers.",
    restrictedText:
      "Quotes on tenders are sent by garment factories. The quotes on your own tenders are under “My tenders”.",
    empty: "You haven't quoted on any tenders yet",
    emptyText:
      "Find a tender that suits you and offer your price and lead time — the buyer replies in a conversation.",
    emptyAction: "Browse tenders",
    loadFailed: "Your quotes could not be loaded. Please refresh the page.",
    price: "Price × quantity",
    leadTime: "Lead time",
    sent: "Sent",
    validUntil: "Valid until",
    priceTimesQuantity: (price: string, quantity: string) => `${price} × ${quantity}`,
    declineReason: "Reason given:",
    unread: (n: number) => `${n} new ${plural(n, "message", "messages")}`,
    conversation: "Conversation",
    edit: "Edit",
    withdraw: "Withdraw",
    tenderClosed: "This tender no longer takes quotes",
    sendAgain: "Send again",
  },
};
