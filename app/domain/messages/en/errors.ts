import type { errors as ru } from "../errors";
import type { Translation } from "../shape";

export const errors: Translation<typeof ru> = {
  title: "Something went wrong",
  home: "Go to home page",
  retry: "Try again",
  login: "Sign in",
  code: (status: number) => `Error ${status}`,
  crossSite:
    "The form was sent from another website, so nothing has been changed. Open the page on our website and try again.",
  badAddress:
    "The page address contains wrongly encoded characters. Check the link, or open the page from the home page.",
  400: {
    title: "Bad request",
    text: "There’s a problem with the request. Check what you entered and try again.",
  },
  401: {
    title: "Sign-in required",
    text: "Sign in to your account to open this page.",
  },
  403: {
    title: "Access denied",
    text: "You don’t have permission to view this page.",
  },
  404: {
    title: "Page not found",
    text: "This page doesn’t exist. It may have been removed, or the link may be wrong.",
  },
  413: {
    title: "Request too large",
    text: "You sent more data than this form accepts. Shorten the text or use fewer or smaller files, then try again.",
  },
  500: {
    title: "Server error",
    text: "Something went wrong on our server. We already know about it — try refreshing the page a little later.",
  },
  503: {
    title: "Service temporarily unavailable",
    text: "We’re carrying out maintenance. Please come back in a few minutes.",
  },
  /** Why a posted form was not read (app/platform/request-body.server.ts). */
  body: {
    "too-large":
      "The data you sent is too large for this form. Shorten the text or use fewer or smaller files, then try again.",
    "too-many-fields": "The form has too many fields. Refresh the page and send the form again.",
    "too-many-files": "Too many files in one submission.",
    malformed: "The form arrived in the wrong format. Refresh the page and send it again.",
  },
};
