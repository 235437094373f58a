import { findAttachment } from "~/features/quotes/quote-attachments.server";
import { requestOf } from "~/http/request-context.server";
import { routeFacts } from "~/lib/route-facts";
import { serveAttachment } from "~/platform/attachments.server";
import { storageFor } from "~/platform/storage.server";
import type { Route } from "./+types/attachments";

export const handle = routeFacts({ private: true });

// Serves a file attached to a quote or to one of its messages, to the quote's two parties and an
// admin only; anyone else (a visitor included) gets the same 404 as for a file that does not
// exist. `?size=thumb` gives a picture's thumbnail, `?download` offers a picture as a download.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale, runtime, user } = requestOf(context);
  const viewer = await user();
  const attachment = viewer
    ? await findAttachment(runtime.db, viewer, params.quoteId, params.file)
    : null;
  return serveAttachment(request, storageFor(runtime.env), attachment, locale);
}
