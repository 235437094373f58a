import { createContext, useContext } from "react";
import type { ToastMessage } from "~/domain/toast";

import { type MatchedRoute, pageFactsOf } from "./route-facts";

/**
 * HTML-first pages (docs/decisions/016-html-first-pages.md): a public page says in its route
 * facts (`routeFacts({ htmlFirst: true })`, route-facts.ts) that a visitor gets it as HTML and
 * CSS alone — no framework JavaScript, only the few constant inline scripts of
 * `inline-scripts.ts`. A signed-in person gets the full app, except on the workspace pages that
 * say `htmlFirstSignedIn` (decision 036). The server's document
 * entry decides with `isHtmlFirst` and hands the answer to the root layout (`HtmlFirstContext`).
 */

/**
 * True when this page goes out without framework JavaScript: every matched route (the root aside)
 * is HTML-first — for a visitor, or, when someone is signed in, for a signed-in person too
 * (a light workspace page, decision 036).
 */
export function isHtmlFirst(matches: readonly MatchedRoute[], signedIn: boolean): boolean {
  const facts = pageFactsOf(matches);
  return signedIn ? facts.htmlFirstSignedIn : facts.htmlFirst;
}

/**
 * Whether the page being rendered is HTML-first (set by the server's document entry; the root
 * layout and widgets choose their script-free form). Always false in the browser.
 */
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

/**
 * On an HTML-first page that answers a form (a refused sign-in), the action's message for the
 * page's message region, as the app shows it in a toast: set by the server's document entry.
 */
export const ActionMessageContext = createContext<ToastMessage | null>(null);

export function useActionMessage(): ToastMessage | null {
  return useContext(ActionMessageContext);
}
