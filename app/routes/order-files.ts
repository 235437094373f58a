import { findOrderFile } from "~/features/orders/orders.server";
import { requestOf } from "~/http/request-context.server";
import { routeFacts } from "~/lib/route-facts";
import { serveAttachment } from "~/platform/attachments.server";
import { storageFor } from "~/platform/storage.server";
import type { Route } from "./+types/order-files";

export const handle = routeFacts({ private: true });

// Serves a file of an order's step (photos, the inspection report, shipping documents) to the
// order's two parties and an admin only; anyone else gets the same 404 as for a file that does
// not exist. `?size=thumb` gives a picture's thumbnail.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale, runtime, user } = requestOf(context);
  const viewer = await user();
  const file = viewer ? await findOrderFile(runtime.db, viewer, params.orderId, params.file) : null;
  return serveAttachment(request, storageFor(runtime.env), file, locale);
}
