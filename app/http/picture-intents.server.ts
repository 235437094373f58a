/**
 * The picture intents of a workspace of one's own rows (the factory's products, the buyer's
 * tenders): "remove-photo" takes the picture at the form's `url` off the row, "add-photos" adds
 * the form's `photos` to it; each answers with a toast. `pictureIntents` serves a page whose
 * services answer in words (the factory's products, until they answer Outcomes);
 * `pictureReplies` one whose use cases answer Outcomes.
 */
import { data } from "react-router";
import type { Locale } from "~/domain/locale";
import type { Outcome } from "~/domain/outcome";
import type { ToastMessage } from "~/domain/toast";
import { addUploadedPictures, removeOwnedPicture } from "~/platform/owned-image-uploads.server";
import { type Refusal, refusalText } from "~/platform/request-body.server";
import type { Storage } from "~/platform/storage.server";
import { actionToast } from "./intents.server";
import {
  type ActionReply,
  type ProblemTexts,
  reply,
  STATUS_OF_KIND,
  toastOf,
} from "./reply.server";

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

/**
 * The picture intents of a page whose use cases answer Outcomes (the buyer's tenders):
 * "add-photos" and "remove-photo" run the given use cases and answer with a toast. A refusal of
 * "add-photos" is titled `failed` and names every refused file; its status is its problem's kind.
 */
export function pictureReplies<P extends string>(how: {
  locale: Locale;
  texts: ProblemTexts<P>;
  add: () => Promise<Outcome<unknown, P>>;
  remove: () => Promise<Outcome<unknown, P>>;
  messages: { failed: string; removed: string; uploaded: string };
}) {
  const { messages } = how;
  return {
    "remove-photo": async () =>
      reply(await how.remove(), {
        locale: how.locale,
        texts: how.texts,
        toast: true,
        done: () => ({ toast: toastOf("success", messages.removed) }),
      }),
    "add-photos": async () => {
      const added = await how.add();
      if (added.ok) return data<ActionReply>({ toast: toastOf("success", messages.uploaded) });
      const text =
        added.problem === "invalid"
          ? Object.values(added.fieldErrors ?? {})
              .flat()
              .join("; ")
          : how.texts[added.problem as Exclude<P, "invalid">];
      return data<ActionReply>(
        { toast: toastOf("error", text, messages.failed) },
        { status: STATUS_OF_KIND[added.kind] },
      );
    },
  };
}

/**
 * The reply to a body with photos refused before it was read: a toast titled `title`, saying
 * `tooLarge` for a body over the limit (the photos are what makes it large) and the refusal's own
 * words otherwise.
 */
export function refusedPhotoBody(
  read: Refusal,
  { tooLarge, title }: { tooLarge: string; title: string },
) {
  const text = read.problem === "too-large" ? tooLarge : refusalText(read);
  return data<ActionReply>({ toast: toastOf("error", text, title) }, { status: read.status });
}
