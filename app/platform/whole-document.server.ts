import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";

/**
 * A page without the app's JavaScript as one buffer, or null when it needs the streaming renderer
 * (app/entry.server.tsx). React's streaming renderer encodes each of a page's thousands of small
 * pieces (tags, attributes, texts) into bytes one at a time, which was a fifth of a directory
 * page's CPU; renderToString joins them as text, encoded once. Such a page has nothing to wait for
 * (no Suspense: nothing would fill in a streamed part), so the document is the same, byte for
 * byte, but for the doctype, which the streaming renderer writes before <html> and renderToString
 * does not. Should a part of the page suspend (renderToString writes its fallback, in a boundary
 * marked `<!--$!`) or the render fail, the answer is null and the page goes to the streaming
 * renderer, which waits or reports the error as before. The marker is looked for in the bytes:
 * searching React's string of thousands of pieces costs about as much as encoding it.
 */
export function wholeDocument(page: ReactNode): Buffer<ArrayBuffer> | null {
  let html: string;
  try {
    html = renderToString(page);
  } catch {
    return null;
  }
  const bytes = Buffer.from(html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html);
  return bytes.includes("<!--$!") ? null : bytes;
}
