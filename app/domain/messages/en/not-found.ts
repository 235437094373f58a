import type { notFound as ru } from "../not-found";
import type { Translation } from "../shape";

export const notFound: Translation<typeof ru> = {
  title: "Page not found",
  text: (path: string) =>
    `There’s no page at ${path}. It may have been removed, or the link may be wrong.`,
  home: "Go to the home page",
};
