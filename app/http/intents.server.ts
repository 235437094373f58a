/**
 * Intent dispatch for actions (workspace pattern, docs/decisions/014-workspace-pattern.md): a
 * form names what it does in its `intent` field; the action gives one named handler per intent,
 * and an unknown or missing intent is a 400 in the request's language; no action falls through to
 * a default handler.
 */

import { data } from "react-router";
import { common, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import { type ActionReply, toastOf } from "./reply.server";

/** The reply to an intent the action does not know: 400 with an error toast. */
function unknownIntentReply(text: string) {
  return data<ActionReply>({ toast: toastOf("error", text) }, { status: 400 });
}

export type UnknownIntentReply = ReturnType<typeof unknownIntentReply>;

export type IntentHandlers<R> = Readonly<Record<string, () => R | Promise<R>>>;

export interface UnknownIntent<U> {
  /** The request's language, for the default text. */
  locale: Locale;
  /** The text of the refusal; by default common.unknownIntent in `locale`. */
  text?: string;
  /** The refusal's reply, for pages whose replies are not toasts; by default a toast. */
  reply?: (text: string) => U;
}

/**
 * Runs the handler named by `intent` and returns its reply. An intent that names no handler
 * (missing, not a string, or not one of `handlers`' own keys, so never "constructor" or
 * "__proto__") gets the 400 reply of `unknown`.
 */
export async function dispatchIntent<R, U = UnknownIntentReply>(
  intent: FormDataEntryValue | null | undefined,
  handlers: IntentHandlers<R>,
  unknown: UnknownIntent<U>,
): Promise<R | U> {
  if (typeof intent === "string" && Object.hasOwn(handlers, intent)) {
    const handler = handlers[intent];
    if (handler) return handler();
  }
  const text = unknown.text ?? messagesFor(unknown.locale, { common }).common.unknownIntent;
  return unknown.reply ? unknown.reply(text) : (unknownIntentReply(text) as U);
}
