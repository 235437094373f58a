import type { certificates as ru } from "../certificates";
import type { Translation } from "../shape";

export const certificates: Translation<typeof ru> = {
  meta: {
    title: "Factory certificates",
    adminTitle: "Certificates to review",
  },
  own: {
    title: "Certificates",
    subtitle:
      "Upload your factory's certificates. An administrator checks each one, and buyers see the verified ones on your factory's page.",
    back: "Factory dashboard",
    emptyTitle: "No certificates yet",
    emptyText:
      "Add your first certificate: choose the standard, attach the file and, if it has one, the expiry date.",
    dashboardTitle: "Certificates",
    dashboardText: (verified: number, pending: number, rejected: number) =>
      verified + pending + rejected === 0
        ? "Add your certificates (OEKO-TEX, GOTS, ISO 9001 and others): buyers see the verified ones."
        : `Verified: ${verified}, under review: ${pending}, rejected: ${rejected}.`,
    dashboardLink: "Open certificates",
    uploadedAt: (date: string) => `File uploaded on ${date}`,
    validUntil: (date: string) => `Valid until ${date}`,
    noValidUntil: "No expiry date given",
    expired: (date: string) => `Expired on ${date}`,
    pendingText:
      "An administrator will check the file and tell you the decision in your notifications and by email.",
    verifiedText: (date: string) => `Verified on ${date}. Buyers see it on your factory's page.`,
    rejectedText: (date: string) =>
      `Rejected on ${date}. Fix what the note says and upload the file again: the certificate goes back for review.`,
    adminNote: "Administrator's note",
    file: "Certificate file",
    history: "Decisions",
    replaceTitle: "Replace the file",
    replaceHint: "A new file sends the certificate for review again.",
    remove: "Remove certificate",
    removeConfirmTitle: "Remove this certificate?",
    removeConfirmText: (name: string) =>
      `The ${name} certificate and its file will be deleted, and buyers will no longer see it.`,
    cancel: "Cancel",
  },
  form: {
    addTitle: "Add a certificate",
    certification: "Standard",
    certificationPlaceholder: "Choose a standard",
    file: "Certificate file",
    fileHint:
      "A PDF up to 10 MB or a photo (JPEG, PNG, WebP). Only you and the administrators can see the file.",
    fileRequired: "Attach the certificate file",
    validUntil: "Valid until",
    validUntilHint: "Optional: the date on the certificate.",
    dateInvalid: "Enter a date as DD.MM.YYYY",
    datePast: "This date has already passed",
    dateTooFar: "This date is too far ahead",
    submit: "Send for review",
    replace: "Replace and send for review",
    sending: "Sending…",
    chosen: "Chosen file",
    removeFile: "Remove file",
  },
  toasts: {
    added: "Certificate sent for review",
    replaced: "File replaced: the certificate is under review again",
    removed: "Certificate removed",
    verified: "Certificate verified; the factory will be notified",
    rejected: "Certificate rejected; the factory will be notified",
  },
  problems: {
    "no-factory": "Certificates are added by a factory once its profile is filled in",
    "not-found": "Certificate not found",
    "already-added": "You have already added this certificate: replace its file on its card",
    "file-required": "Attach the certificate file",
    "not-admin": "Only an administrator decides about a certificate",
    "already-decided": "This certificate has already been decided",
    "note-required": "Say why the certificate is rejected: the factory will see your note",
    "save-failed": "The certificate could not be saved. Please try again",
  },
  admin: {
    title: "Factory certificates",
    subtitle:
      "Check each certificate's file, then verify it or reject it with a note for the factory.",
    pendingCount: (count: number) => `Under review: ${count}`,
    emptyTitle: "No new certificates",
    emptyText: "When a factory uploads a certificate, it appears here.",
    history: "Decisions",
    historyEmpty: "No decisions yet",
    factory: "Factory",
    owner: "Owner",
    uploadedAt: (date: string) => `File uploaded on ${date}`,
    openPage: "Factory page",
    userDetails: "User details",
    note: "Note for the factory",
    noteHint: "The factory sees it in its notification and email. Required when rejecting.",
    verify: "Verify",
    reject: "Reject",
    decided: (admin: string, date: string) => `${admin}, ${date}`,
    unknownAdmin: "Administrator",
    verificationsLink: "Factory verification",
    certificatesLink: (count: number) => (count > 0 ? `Certificates (${count})` : "Certificates"),
  },
  public: {
    title: "Certificates",
    hint: "Checked by an administrator against the certificate file",
    validUntil: (date: string) => `until ${date}`,
  },
  notifications: {
    "certificate-verified": (certification: string) =>
      `Your ${certification} certificate is verified; buyers see it on your factory's page`,
    "certificate-rejected": (certification: string) =>
      `Your ${certification} certificate was rejected`,
    note: (note: string) => `Administrator's note: ${note}`,
  },
  mail: {
    "certificate-verified": {
      subject: (certification: string) => `Your ${certification} certificate is verified`,
      text: (certification: string, factory: string) =>
        `An administrator has checked the ${certification} certificate of ${factory}. Buyers now see it on your factory's page and can find you with the directory's certification filter.`,
      button: "Open certificates",
    },
    "certificate-rejected": {
      subject: (certification: string) => `Your ${certification} certificate was rejected`,
      text: (certification: string, factory: string) =>
        `An administrator could not verify the ${certification} certificate of ${factory}. Fix what the note says and upload the file again.`,
      button: "Replace the file",
    },
    note: (note: string) => `Administrator's note: ${note}`,
  },
};
