/**
 * The route adapter (docs/architecture.md, "Use cases and the route adapter"): the one way an
 * action turns a use case's Outcome into its reply. A problem becomes the HTTP status of its kind
 * and its text in the request's language, said in the form (Conform's reply, with the posted
 * values for the page without JavaScript) or in a toast; a success becomes whatever the route
 * names, mostly a redirect with a toast. Actions return `ActionReply` data or a redirect, nothing
 * else, so pages read `actionData` typed as it is, without a cast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { common, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import type { Failure, Outcome, ProblemKind } from "~/domain/outcome";
import type { ToastMessage } from "~/domain/toast";
import type { Refusal } from "~/platform/request-body.server";
import { refusalText } from "~/platform/request-body.server";
import { redirectWithToast } from "./toast.server";

/** What an action answers besides a redirect. */
export interface ActionReply {
  /** The form's state: its errors and the values it was sent with (Conform's lastResult). */
  result?: SubmissionResult<string[]>;
  /** A message for a toast (shown by the page with `useToast`). */
  toast?: ToastMessage;
  /** What a success made, to a page that posted through a fetcher: the new row's id. */
  created?: string;
}

/**
 * What an HTML-first page answering a form says in its message region (the app's toast): the
 * innermost action's toast, or the first form-level error of its form (`actionData` is React
 * Router's, by route id).
 */
export function actionMessageOf(
  actionData: Record<string, unknown> | null | undefined,
): ToastMessage | null {
  for (const reply of Object.values(actionData ?? {}).reverse()) {
    const { toast, result } = (reply ?? {}) as ActionReply;
    if (toast) return toast;
    const formError = result?.error?.[""]?.[0];
    if (formError) return { id: "form", type: "error", description: formError };
  }
  return null;
}

/** The one HTTP status of each kind of problem. */
export const STATUS_OF_KIND: Readonly<Record<ProblemKind, number>> = {
  invalid: 400,
  refused: 400,
  unauthenticated: 401,
  forbidden: 403,
  missing: 404,
  conflict: 409,
  "too-large": 413,
  "too-many": 429,
  failed: 500,
};

/** A toast for an action's reply. */
export function toastOf(
  type: ToastMessage["type"],
  description: string,
  title?: string,
): ToastMessage {
  return title === undefined
    ? { id: crypto.randomUUID(), type, description }
    : { id: crypto.randomUUID(), type, title, description };
}

/** The posted values, as Conform gives them back with errors (files left out). */
const anything = z.record(z.string(), z.unknown());
function formResult(
  form: FormData | undefined,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  hideFields?: readonly string[],
): SubmissionResult<string[]> {
  if (!form) {
    const error: Record<string, string[]> = { ...errors.fieldErrors };
    if (errors.formErrors?.length) error[""] = errors.formErrors;
    return { status: "error", error };
  }
  return parseWithZod(form, { schema: anything }).reply({
    ...errors,
    hideFields: hideFields && [...hideFields],
  });
}

/** The texts of a subject's problems in the request's language ("invalid" speaks by its fields). */
export type ProblemTexts<P extends string> = Readonly<Record<Exclude<P, "invalid">, string>>;

export interface Adaptation<T, P extends string, R extends ActionReply = ActionReply> {
  /** The request's language, for the words of a problem without a text of its own. */
  locale: Locale;
  /** What each problem says. */
  texts: ProblemTexts<P>;
  /** The posted form: its values come back with its errors. */
  form?: FormData;
  /** Fields whose values never come back (passwords). */
  hide?: readonly string[];
  /** Problems said at a field of the form (its name) rather than above it. */
  fields?: Readonly<Partial<Record<Exclude<P, "invalid">, string>>>;
  /** A problem is said in a toast instead of the form (rows and dialogs without a form state). */
  toast?: boolean;
  /**
   * Post/Redirect/Get for problems too (the admin's pages): a problem is said in a toast on the
   * page at this address, after a redirect, instead of the problem's status.
   */
  back?: string;
  /** The title of that toast, and of a problem said in a toast (by default the page's word for an error). */
  title?: string;
  /**
   * What a success becomes: a Response (a redirect) or the reply's data (status 200), which may
   * say more than ActionReply (a problem's reply has the same type, without the extras).
   */
  done: (value: T) => Response | R | Promise<Response | R>;
}

/** What a problem says: its text, or for refused input the first of its fields' messages. */
export function problemText<P extends string>(
  failure: Failure<P>,
  how: Pick<Adaptation<unknown, P>, "locale" | "texts">,
): string {
  return failure.problem === "invalid"
    ? (Object.values(failure.fieldErrors ?? {}).flat()[0] ??
        messagesFor(how.locale, { common }).common.invalidValue)
    : how.texts[failure.problem as Exclude<P, "invalid">];
}

/** The reply to a problem: its status, its text in the form or in a toast. */
export function problemReply<P extends string, R extends ActionReply = ActionReply>(
  failure: Failure<P>,
  how: Omit<Adaptation<unknown, P, R>, "done" | "back">,
) {
  const status = STATUS_OF_KIND[failure.kind];
  // Refused input speaks by its fields; in a toast, by the first of them.
  const text = problemText(failure, how);
  type Reply = ActionReply & Partial<R>;
  if (how.toast) {
    return data<Reply>({ toast: toastOf("error", text, how.title) } as Reply, { status });
  }
  const fieldErrors = failure.fieldErrors as Record<string, string[]> | undefined;
  const at =
    failure.problem === "invalid"
      ? undefined
      : how.fields?.[failure.problem as Exclude<P, "invalid">];
  const result = fieldErrors
    ? formResult(how.form, { fieldErrors }, how.hide)
    : at
      ? formResult(how.form, { fieldErrors: { [at]: [text] } }, how.hide)
      : formResult(how.form, { formErrors: [text] }, how.hide);
  return data<Reply>({ result } as Reply, { status });
}

/**
 * An action's reply to a use case's outcome. Errors that are not problems (the database away,
 * a bug) are not caught here: the root turns an outage into 503 and anything else into 500.
 */
export async function reply<T, P extends string, R extends ActionReply = ActionReply>(
  outcome: Outcome<T, P>,
  how: Adaptation<T, P, R>,
) {
  if (!outcome.ok && how.back !== undefined) {
    return redirectWithToast(how.back, { type: "error", description: problemText(outcome, how) });
  }
  if (!outcome.ok) return problemReply<P, R>(outcome, how);
  const done = await how.done(outcome.value);
  return done instanceof Response ? done : data<R>(done);
}

/**
 * The reply to a body refused before it was read (too large, too many fields, malformed): in the
 * form, in a toast (with `title`), or after a redirect to `back`; `text` says it in the page's own
 * words instead. `R` is the type of the action's other replies, so that all of them are one type.
 */
export function refusedBody<R extends ActionReply = ActionReply>(
  read: Refusal,
  {
    toast = false,
    back,
    title,
    text = refusalText(read),
  }: { toast?: boolean; back?: string; title?: string; text?: string } = {},
) {
  if (back !== undefined) return redirectWithToast(back, { type: "error", description: text });
  type Reply = ActionReply & Partial<R>;
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [text] } };
  return toast
    ? data<Reply>({ toast: toastOf("error", text, title) } as Reply, { status: read.status })
    : data<Reply>({ result } as Reply, { status: read.status });
}
