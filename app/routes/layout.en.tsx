import { Outlet } from "react-router";
import { registerMessages } from "~/domain/catalogue";
import { en } from "~/domain/messages/en/pack";
import { routeFacts } from "~/lib/route-facts";

/**
 * The layout of every page in English: it brings the English texts of the message catalogue, so
 * that the browser loads only the language of the page (app/domain/catalogue.ts). It draws nothing
 * of its own, and works without JavaScript like the pages under it.
 */
registerMessages("en", en);

export const handle = routeFacts({ htmlFirst: true, htmlFirstSignedIn: true, visitorCache: true });

export default function EnglishPages() {
  return <Outlet />;
}
