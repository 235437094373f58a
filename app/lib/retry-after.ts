import type { HeadersFunction } from "react-router";

/**
 * A route's `headers`: keeps the `Retry-After` its loader answered with (or a thrown 503 that
 * reached this route's error boundary) on the page. React Router sends a loader's headers only
 * through a `headers` export, so a 503 without it would not say when to come back.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
