import type { mail as ru } from "../mail";
import type { Translation } from "../shape";
import { plural } from "./plural";

export const mail: Translation<typeof ru> = {
  greeting: (name: string) => `Hello, ${name}!`,
  greetingAnonymous: "Hello!",
  verifySubject: (site: string) => `Confirm your email on ${site}`,
  verifyText: (site: string) =>
    `You’ve signed up on ${site}. To confirm your email address, follow this link:`,
  verifyButton: "Confirm email",
  resetSubject: (site: string) => `Reset your password on ${site}`,
  resetText: (site: string) =>
    `Someone asked to reset the password for your account on ${site}. To set a new password, follow this link:`,
  resetButton: "Set a new password",
  ignore: "If you didn’t make this request, you can safely ignore this email.",
  linkFallback: "If the button doesn’t work, copy this link into your browser’s address bar:",
  /** How long the link works; `minutes` from the token lifetime. */
  linkExpires: (minutes: number) => {
    const hours = minutes / 60;
    return Number.isInteger(hours)
      ? `The link is valid for ${hours} ${plural(hours, "hour", "hours")}.`
      : `The link is valid for ${minutes} ${plural(minutes, "minute", "minutes")}.`;
  },
  signature: (site: string) => `The ${site} team`,
};
