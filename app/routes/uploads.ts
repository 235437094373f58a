import { readFile } from "node:fs/promises";
import { data } from "react-router";
import { getRuntime } from "~/server/runtime.server";
import { uploadPath } from "~/server/storage.server";
import type { Route } from "./+types/uploads";

// Serves stored images with their real type; names are random, so they can be cached forever.
export async function loader({ params }: Route.LoaderArgs) {
  const { env } = await getRuntime();
  const file = uploadPath(env.dataDir, `/uploads/${params["*"] ?? ""}`);
  if (!file) throw data(null, { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(new Uint8Array(body), {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(body.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      },
    });
  } catch {
    throw data(null, { status: 404 });
  }
}
