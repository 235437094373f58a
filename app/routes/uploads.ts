import { requestOf } from "~/http/request-context.server";
import { serveUpload, storageFor } from "~/platform/storage.server";
import type { Route } from "./+types/uploads";

// Serves stored images from disk or S3: only `{folder}/{uuid}(-thumb).webp`, always as WebP;
// names are random, so they can be cached forever. Anything else is 404.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { env } = requestOf(context).runtime;
  return serveUpload(storageFor(env), params["*"] ?? "");
}
