import type { Translation } from "../shape";
import type { verification as ru } from "../verification";
import { plural } from "./plural";

export const verification: Translation<typeof ru> = {
  status: {
    none: "Not verified",
    pending: "Documents under review",
    verified: "Verified factory",
    refused: "Verification refused",
    revoked: "Verification withdrawn",
  },
  section: {
    title: "Factory verification",
    intro:
      "Send your factory's documents and an administrator will check them. Verified factories get the 'Verified factory' badge in the directory and on their page, and buyers can list only them.",
    pendingText: (date: string) =>
      `Request sent on ${date}. An administrator will review it and tell you the decision in your notifications and by email.`,
    verifiedText: (date: string) =>
      `Verified on ${date}. The directory and your factory's page show the 'Verified factory' badge.`,
    refusedText: (date: string) =>
      `Decided on ${date}. Address the remarks and send the request again.`,
    revokedText: "To get the badge back, send your documents for review again.",
    adminNote: "Administrator's note",
    sentDocuments: "Documents sent",
    yourMessage: "Your note",
  },
  form: {
    documents: "Documents",
    documentsHint: (max: number) =>
      `For example, a company registration extract, a tax certificate, photos of the workshop. PDF, JPG, PNG or WebP, up to ${max} files: PDFs up to 10 MB, photos up to 5 MB.`,
    chosen: "Chosen files",
    remove: (file: string) => `Remove ${file}`,
    message: "Note for the administrator",
    messageHint: "Optional. For example, what changed since the last request.",
    submit: "Send for review",
    submitAgain: "Send the request again",
    sending: "Sending...",
    sent: "Verification request sent",
    documentsRequired: "Attach at least one document",
  },
  problems: {
    "no-factory": "Fill in your factory profile first",
    "already-verified": "The factory is already verified",
    "already-pending":
      "A request is already under review. Please wait for the administrator's decision.",
    "not-found": "The request was not found or has already been decided",
    "too-many-documents": "Could not save. Please try again.",
    "note-required": "Tell the factory why the verification is refused",
    "note-invalid": "The note contains characters that are not allowed",
    failed: "Could not save. Please try again.",
  },
  admin: {
    title: "Verification requests",
    subtitle: "Factories asking to have their documents checked",
    link: (n: number) => (n > 0 ? `Verification requests: ${n}` : "Verification requests"),
    usersLink: "Users",
    openCount: (n: number) =>
      n === 0 ? "No open requests" : `${n} open ${plural(n, "request", "requests")}`,
    emptyTitle: "No open requests",
    emptyText:
      "When a factory sends its documents, the request appears here and the administrators are notified.",
    sentAt: (date: string) => `Sent on ${date}`,
    owner: "Owner",
    documents: "Documents",
    message: "Factory's note",
    openPortfolio: "Portfolio",
    userDetails: "User details",
    note: "Note for the factory",
    noteHint: "The factory sees it in the notification and the email. Required for a refusal.",
    verify: "Verify",
    refuse: "Refuse",
    verified: "The factory is marked as verified",
    refused: "Verification refused; the factory will be notified",
    history: "Decisions",
    historyEmpty: "No decisions yet",
    decided: (admin: string, date: string) => `${admin}, ${date}`,
    decisions: { verified: "Verified", refused: "Refused" },
    unknownAdmin: "Administrator",
  },
  notifications: {
    "verification-requested": (factory: string) =>
      `The factory "${factory}" asks to have its documents checked`,
    "factory-verified": () =>
      "Your factory passed verification and got the 'Verified factory' badge",
    "verification-refused": () => "Your factory did not pass verification",
    "verification-revoked": () => "Your factory's verification was withdrawn",
    note: (note: string) => `Administrator's note: ${note}`,
  },
  mail: {
    "verification-requested": {
      subject: (factory: string) => `Verification request: "${factory}"`,
      text: (factory: string) => `The factory "${factory}" sent its documents for review.`,
      button: "Open the requests",
    },
    "factory-verified": {
      subject: (_factory: string) => "Your factory is verified",
      text: (factory: string) =>
        `An administrator checked the documents of "${factory}". The directory and your factory's page now show the 'Verified factory' badge.`,
      button: "Open your dashboard",
    },
    "verification-refused": {
      subject: (_factory: string) => "Your factory did not pass verification",
      text: (factory: string) =>
        `An administrator did not confirm the verification of "${factory}". Address the remarks and send the request again.`,
      button: "Send the request again",
    },
    "verification-revoked": {
      subject: (_factory: string) => "Verification withdrawn",
      text: (factory: string) =>
        `An administrator withdrew the verification of "${factory}". To get the badge back, send your documents for review again.`,
      button: "Open your dashboard",
    },
    note: (note: string) => `Administrator's note: ${note}`,
  },
};
