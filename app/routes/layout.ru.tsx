import { Outlet } from "react-router";
import { registerMessages } from "~/domain/catalogue";
import { ru } from "~/domain/messages/pack";
import { routeFacts } from "~/lib/route-facts";

/**
 * The layout of every page in Russian: it brings the Russian texts of the message catalogue, so
 * that the browser loads only the language of the page (app/domain/catalogue.ts). It draws nothing
 * of its own, and works without JavaScript like the pages under it.
 */
registerMessages("ru", ru);

export const handle = routeFacts({ htmlFirst: true, htmlFirstSignedIn: true, visitorCache: true });

export default function RussianPages() {
  return <Outlet />;
}
