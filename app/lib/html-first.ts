import { createContext, useContext } from "react";

/**
 * HTML-first pages (docs/decisions/016-html-first-pages.md): a public page declares in its route
 * handle that a visitor gets it as HTML and CSS alone — no framework JavaScript, only the few
 * constant inline scripts of `inline-scripts.ts`. A signed-in person gets the full app on every
 * page. The root layout and the server's document entry both decide with `isHtmlFirst`.
 */
export interface PageHandle {
  htmlFirst?: boolean;
}

/** The handle of a route whose page works for a visitor without JavaScript. */
export const htmlFirst: PageHandle = { htmlFirst: true };

/** What `isHtmlFirst` needs of a matched route (React Router's match or the server's). */
export interface MatchedRoute {
  id: string;
  handle?: unknown;
}

/**
 * True when this page goes out without framework JavaScript: nobody is signed in and every
 * matched route (the root aside) is HTML-first.
 */
export function isHtmlFirst(matches: readonly MatchedRoute[], signedIn: boolean): boolean {
  if (signedIn) return false;
  const pages = matches.filter((match) => match.id !== "root");
  return (
    pages.length > 0 && pages.every((match) => (match.handle as PageHandle)?.htmlFirst === true)
  );
}

/** Whether the page being rendered is HTML-first (widgets choose their script-free form). */
export const HtmlFirstContext = createContext(false);

export function useHtmlFirst(): boolean {
  return useContext(HtmlFirstContext);
}

/**
 * The constant inline scripts of an HTML-first page (`PAGE_SCRIPTS`), handed to the root layout by
 * the server's document entry so that the app's JavaScript does not carry them.
 */
export const PageScriptsContext = createContext("");

export function usePageScripts(): string {
  return useContext(PageScriptsContext);
}
