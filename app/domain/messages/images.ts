import { fileTooLarge, fileTypeNotSupported } from "./shared";

export const images = {
  uploaded: "Изображение загружено",
  uploadFailed: "Не удалось загрузить изображение",
  removed: "Изображение удалено",
  removeFailed: "Не удалось удалить изображение",
  fileTooLarge,
  fileTypeNotSupported,
  fileMissing: "Выберите файл изображения",
  fileUnreadable: "Не удалось прочитать изображение: файл повреждён или загружен не полностью",
  fileDimensionsTooLarge:
    "Слишком большое разрешение изображения: не более 50 мегапикселей и 16 000 пикселей по стороне",
  upload: "Загрузить изображение",
  uploading: "Загрузка...",
  replace: "Заменить",
  remove: "Удалить изображение",
  hint: "JPG, PNG или WebP, до 5 МБ",
  noImage: "Нет изображения",
  noLogo: "Нет логотипа",
} as const;
