import { findTechPackFile } from "~/features/tenders/tech-pack.server";
import { requestOf } from "~/http/request-context.server";
import { routeFacts } from "~/lib/route-facts";
import { attachmentNotFound, attachmentResponse } from "~/platform/attachments.server";
import { storageFor } from "~/platform/storage.server";
import type { Route } from "./+types/tender-tech-pack";

export const handle = routeFacts({ private: true });

// Serves a file of a tender's tech pack (docs/decisions/031) to the tender's owner and to a
// signed-in factory with a profile that may see the tender; anyone else (a visitor included) gets
// the same 404 as for a file that does not exist. Never cached; always a download, under the
// name it was sent with (a picture is kept as WebP, so its name ends in .webp).
export async function loader({ params, context }: Route.LoaderArgs) {
  const { locale, runtime, user } = requestOf(context);
  const viewer = await user();
  const file = viewer ? await findTechPackFile(runtime.db, viewer, params.id, params.file) : null;
  if (!file) return attachmentNotFound(locale);
  return attachmentResponse(storageFor(runtime.env), file, { download: true, locale });
}
