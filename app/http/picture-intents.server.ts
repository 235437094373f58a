/**
 * The picture intents of a workspace of one's own rows (the factory's products, the buyer's
 * tenders): "remove-photo" takes the picture at the form's `url` off the row, "add-photos" adds
 * the form's `photos` to it; each runs the page's use case and answers with a toast.
 */
import { data } from "react-router";
import type { Locale } from "~/domain/locale";
import type { Outcome } from "~/domain/outcome";
import {
  type ActionReply,
  type ProblemTexts,
  reply,
  STATUS_OF_KIND,
  toastOf,
} from "./reply.server";

/**
 * The picture intents (the buyer's tenders, the factory's products):
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
