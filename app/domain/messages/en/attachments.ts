import type { attachments as ru } from "../attachments";
import type { Translation } from "../shape";
import { images } from "./images";
import { plural } from "./plural";

/** Files attached to quotes and conversation messages (app/domain/attachments.ts). */
export const attachments: Translation<typeof ru> = {
  label: "Files",
  hint: (max: number) =>
    `JPG, PNG or WebP up to 5 MB, PDF up to 10 MB; no more than ${max} ${plural(max, "file", "files")}`,
  /** The link to a PDF (a download) or a picture (opens in the browser). */
  download: (name: string) => `Download ${name}`,
  open: (name: string) => `Open ${name}`,
  pdf: "PDF",
  /** A file's size: '350 KB', '2.4 MB'. */
  kilobytes: (n: string) => `${n} KB`,
  megabytes: (n: string) => `${n} MB`,
  imageTooLarge: "The image is larger than 5 MB",
  pdfTooLarge: "The file is larger than 10 MB",
  typeNotSupported: "Only JPG, PNG, WebP or PDF files can be attached",
  tooMany: (max: number) => `You can attach no more than ${max} ${plural(max, "file", "files")}`,
  notPdf: "This isn’t a PDF file, or the file is damaged",
  empty: "The file is empty",
  /** A chosen file refused, named (several may be chosen at once). */
  fileRefused: images.fileRefused,
  storeFailed: "Couldn’t save the files. Please try again.",
  notFound: "File not found",
};
