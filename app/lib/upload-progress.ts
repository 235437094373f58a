import { useSyncExternalStore } from "react";

/**
 * Upload progress for the forms that send pictures. React Router sends a form's action with
 * `fetch`, and `fetch` reports nothing about the bytes of a request body while they go out. So,
 * in the browser, a POST whose body is a `FormData` (the only multipart requests the app makes:
 * the forms with files) is sent through `XMLHttpRequest` instead, which counts them; everything
 * else goes to `fetch` untouched. The answer is handed back as the `Response` that `fetch` would
 * have given, so the router decodes it as usual.
 */

export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
}

let current: UploadProgress | null = null;
const listeners = new Set<() => void>();

function publish(next: UploadProgress | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** The upload in flight, or null when none is. */
export function useUploadProgress(): UploadProgress | null {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    () => current,
    () => null,
  );
}

/** Statuses whose response has no body (the `Response` constructor refuses one for them). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `fetch(url, init)` for a FormData POST, through XMLHttpRequest, reporting the bytes sent. */
export function sendWithProgress(url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? "POST", url);
    request.responseType = "arraybuffer";
    for (const [name, value] of new Headers(init.headers)) request.setRequestHeader(name, value);
    const aborted = () => request.abort();
    init.signal?.addEventListener("abort", aborted);
    const done = () => {
      init.signal?.removeEventListener("abort", aborted);
      publish(null);
    };
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) publish({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      done();
      resolve(
        new Response(NO_BODY.has(request.status) ? null : request.response, {
          status: request.status,
          statusText: request.statusText,
          headers: headersOf(request.getAllResponseHeaders()),
        }),
      );
    };
    request.onerror = () => {
      done();
      reject(new TypeError("Failed to fetch"));
    };
    request.onabort = () => {
      done();
      reject(init.signal?.reason ?? new DOMException("The upload was aborted.", "AbortError"));
    };
    request.send(init.body as FormData);
  });
}

/**
 * Sends the browser's FormData POSTs through `sendWithProgress` from now on (called once, by
 * entry.client.tsx, before the router starts).
 */
export function reportUploadProgress(): void {
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    if (method === "POST" && init?.body instanceof FormData && !(input instanceof Request)) {
      return sendWithProgress(input instanceof URL ? input.href : String(input), init);
    }
    return original(input, init);
  };
}
