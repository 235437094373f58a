/**
 * The few constant inline scripts the pages render. The Content-Security-Policy allows each one
 * by its SHA-256 hash (app/server/security.server.ts), so no page needs 'unsafe-inline'.
 */

/** Below Tailwind's `lg` a filter panel starts collapsed. */
export const SMALL_SCREEN_QUERY = "(max-width: 1023.98px)";

/**
 * Runs while the page's HTML is parsed, before the first paint, right after a filter panel (a
 * `<details>` rendered open, which is right for wide screens and for browsers without
 * JavaScript): on a small screen it closes the panel before anyone sees it open.
 */
export const COLLAPSE_FILTERS_SCRIPT = `(function(){var s=document.currentScript,d=s&&s.previousElementSibling;if(d&&d.tagName==="DETAILS"&&window.matchMedia(${JSON.stringify(
  SMALL_SCREEN_QUERY,
)}).matches)d.open=false})()`;

export const INLINE_SCRIPTS = [COLLAPSE_FILTERS_SCRIPT] as const;
