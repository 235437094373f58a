/**
 * The few constant inline scripts the pages render. The Content-Security-Policy allows each one
 * by its SHA-256 hash (app/server/security.server.ts), so no page needs 'unsafe-inline'.
 */

/** Id of the directory's filter panel (a `<details>` element). */
export const FILTER_PANEL_ID = "factory-filters-panel";
/** Below Tailwind's `lg` the panel starts collapsed. */
export const SMALL_SCREEN_QUERY = "(max-width: 1023.98px)";

/**
 * Runs while the page's HTML is parsed, before the first paint: on a small screen the filter
 * panel (rendered open, which is right for wide screens and for browsers without JavaScript) is
 * closed before anyone sees it open.
 */
export const COLLAPSE_FILTERS_SCRIPT = `(function(){var d=document.getElementById(${JSON.stringify(
  FILTER_PANEL_ID,
)});if(d&&window.matchMedia(${JSON.stringify(SMALL_SCREEN_QUERY)}).matches)d.open=false})()`;

export const INLINE_SCRIPTS = [COLLAPSE_FILTERS_SCRIPT] as const;
