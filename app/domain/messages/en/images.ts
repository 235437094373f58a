import type { images as ru } from "../images";
import type { Translation } from "../shape";
import { fileTooLarge, fileTypeNotSupported } from "./shared";

export const images: Translation<typeof ru> = {
  uploaded: "Image uploaded",
  uploadFailed: "Couldn’t upload the image",
  removed: "Image removed",
  removeFailed: "Couldn’t remove the image",
  /** Asked before a picture of a product or tender is removed (it cannot be brought back). */
  confirmRemove: {
    title: "Remove this photo?",
    text: "The photo will be removed straight away and for good. It can’t be restored.",
    cancel: "Cancel",
    confirm: "Remove photo",
  },
  fileTooLarge,
  fileTypeNotSupported,
  /** A chosen file refused, named (several may be chosen at once). */
  fileRefused: (file: string, reason: string) => `${file}: ${reason}`,
  fileMissing: "Choose an image file",
  fileUnreadable: "Couldn’t read the image: the file is damaged or wasn’t fully uploaded",
  fileDimensionsTooLarge:
    "The image resolution is too high: it must be no more than 50 megapixels and 16,000 pixels on any side",
  upload: "Upload image",
  uploading: "Uploading...",
  /** The bar shown while pictures are being sent (big uploads only). */
  progress: {
    label: "Sending files",
    sent: (percent: number, loaded: string, total: string) =>
      `${percent}% sent — ${loaded} of ${total} MB`,
    saving: "Files sent, saving...",
  },
  replace: "Replace",
  remove: "Remove image",
  hint: "JPG, PNG or WebP, up to 5 MB",
  noImage: "No image",
  noLogo: "No logo",
};
