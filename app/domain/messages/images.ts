import { fileTooLarge, fileTypeNotSupported } from "./shared";

export const images = {
  uploaded: "Изображение загружено",
  uploadFailed: "Не удалось загрузить изображение",
  removed: "Изображение удалено",
  removeFailed: "Не удалось удалить изображение",
  /** Asked before a picture of a product or tender is removed (it cannot be brought back). */
  confirmRemove: {
    title: "Удалить фото?",
    text: "Фото будет удалено сразу и навсегда, восстановить его нельзя.",
    cancel: "Отмена",
    confirm: "Удалить фото",
  },
  fileTooLarge,
  fileTypeNotSupported,
  /** A chosen file refused, named (several may be chosen at once). */
  fileRefused: (file: string, reason: string) => `${file}: ${reason}`,
  fileMissing: "Выберите файл изображения",
  fileUnreadable: "Не удалось прочитать изображение: файл поврежден или загружен не полностью",
  fileDimensionsTooLarge:
    "Слишком большое разрешение изображения: не более 50 мегапикселей и 16 000 пикселей по стороне",
  upload: "Загрузить изображение",
  uploading: "Загрузка...",
  /** The bar shown while pictures are being sent (big uploads only). */
  progress: {
    label: "Отправка файлов",
    sent: (percent: number, loaded: string, total: string) =>
      `Отправлено ${percent}% — ${loaded} из ${total} МБ`,
    saving: "Файлы отправлены, сохраняем...",
  },
  replace: "Заменить",
  remove: "Удалить изображение",
  hint: "JPG, PNG или WebP, до 5 МБ",
  noImage: "Нет изображения",
  noLogo: "Нет логотипа",
} as const;
