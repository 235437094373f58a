import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/** Events close together (a message and its notification) reload the page's data once. */
export const LIVE_DEBOUNCE_MS = 250;

/**
 * Live updates for a signed-in person: one EventSource on `/live` (app/routes/live.ts); each
 * event about the account reloads the data of the pages on screen (an open conversation, the
 * bell's count, a tender's quotes, the list of one's quotes), debounced. After the stream was
 * away (a reconnect, or the server's listener reconnected to the database) the data is reloaded
 * too, since events may have been missed meanwhile. Without JavaScript nothing of this runs: the
 * pages are as fresh as their last load.
 */
export function useLive(enabled: boolean): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/live");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void latest.current.revalidate();
      }, LIVE_DEBOUNCE_MS);
    };
    const onReady = () => {
      // The first `ready` is the page's own start: its data is fresh.
      if (connectedBefore) reload();
      connectedBefore = true;
    };
    source.addEventListener("live", reload);
    source.addEventListener("resync", reload);
    source.addEventListener("ready", onReady);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [enabled]);
}
