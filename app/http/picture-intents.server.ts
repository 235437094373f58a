/**
 * The picture intents of a workspace of one's own rows (the factory's products, the buyer's
 * tenders): "remove-photo" takes the picture at the form's `url` off the row, "add-photos" adds
 * the form's `photos` to it; each answers with a toast.
 */
import { data } from "react-router";
import type { ToastMessage } from "~/domain/toast";
import { addUploadedPictures, removeOwnedPicture } from "~/platform/owned-image-uploads.server";
import type { Storage } from "~/platform/storage.server";
import { actionToast } from "./intents.server";

type AddFlow = Parameters<typeof addUploadedPictures>[2];

/** What the intents answer: a toast (the page's own reply type can carry more). */
type PictureReply = { toast?: ToastMessage };

export function pictureIntents(
  storage: Storage,
  formData: FormData,
  flow: AddFlow & {
    /** The service's function that takes the picture `url` off the row (its URL, or null). */
    remove(url: string): Promise<string | null>;
    messages: AddFlow["messages"] & { removeFailed: string; removed: string; uploaded: string };
  },
) {
  const { messages } = flow;
  return {
    "remove-photo": async () => {
      const url = String(formData.get("url") ?? "");
      if (!(await removeOwnedPicture(storage, () => flow.remove(url)))) {
        return data<PictureReply>(
          { toast: actionToast("error", messages.removeFailed) },
          { status: 404 },
        );
      }
      return data<PictureReply>({ toast: actionToast("success", messages.removed) });
    },
    "add-photos": async () => {
      const added = await addUploadedPictures(storage, formData, flow);
      if (!added.ok) {
        return data<PictureReply>(
          { toast: actionToast("error", added.error, messages.failed) },
          { status: added.status },
        );
      }
      return data<PictureReply>({ toast: actionToast("success", messages.uploaded) });
    },
  };
}
