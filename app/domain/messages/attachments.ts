import { images } from "./images";
import { plural } from "./plural";

/** Files attached to quotes and conversation messages (app/domain/attachments.ts). */
export const attachments = {
  label: "Файлы",
  hint: (max: number) =>
    `JPG, PNG или WebP до 5 МБ, PDF до 10 МБ; не более ${max} ${plural(max, "файла", "файлов", "файлов")}`,
  /** The link to a PDF (a download) or a picture (opens in the browser). */
  download: (name: string) => `Скачать ${name}`,
  open: (name: string) => `Открыть ${name}`,
  pdf: "PDF",
  /** A file's size: '350 КБ', '2,4 МБ'. */
  kilobytes: (n: string) => `${n} КБ`,
  megabytes: (n: string) => `${n} МБ`,
  imageTooLarge: "Изображение больше 5 МБ",
  pdfTooLarge: "Файл больше 10 МБ",
  typeNotSupported: "Можно прикрепить только JPG, PNG, WebP или PDF",
  tooMany: (max: number) =>
    `Можно прикрепить не более ${max} ${plural(max, "файла", "файлов", "файлов")}`,
  notPdf: "Это не PDF-файл, или файл поврежден",
  empty: "Файл пустой",
  /** A chosen file refused, named (several may be chosen at once). */
  fileRefused: images.fileRefused,
  storeFailed: "Не удалось сохранить файлы. Попробуйте еще раз.",
  notFound: "Файл не найден",
} as const;
