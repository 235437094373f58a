import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * false in the server's HTML and during hydration, true once the browser runs the page. A
 * control may be disabled for the browser's conveniences (a submit button while a required field
 * is blank) only when this is true: without JavaScript nothing would ever enable it again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
