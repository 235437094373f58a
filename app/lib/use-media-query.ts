import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the browser's viewport matches a media query, following changes (rotation, resizing).
 * The server's HTML and the hydration render answer `false`; the browser's answer follows.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
