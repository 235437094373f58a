import { findCertificateFile } from "~/features/certificates/certificates.server";
import { requestOf } from "~/http/request-context.server";
import { routeFacts } from "~/lib/route-facts";
import { serveAttachment } from "~/platform/attachments.server";
import { storageFor } from "~/platform/storage.server";
import type { Route } from "./+types/certificate-files";

export const handle = routeFacts({ private: true });

// Serves a factory's certificate file to the factory's owner and to admins only; anyone else (a
// visitor included) gets the same 404 as for a file that does not exist. Never cached; a PDF
// always as a download. `?size=thumb` gives a picture's thumbnail, `?download` offers a picture
// as a download.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { locale, runtime, user } = requestOf(context);
  const file = await findCertificateFile(
    runtime.db,
    await user(),
    params.certificateId,
    params.file,
  );
  return serveAttachment(request, storageFor(runtime.env), file, locale);
}
