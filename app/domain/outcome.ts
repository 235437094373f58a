/**
 * What a use case answers (docs/architecture.md, "Use cases and the route adapter"): its value, or
 * the problem that stopped it. A problem is a code, never a text: the route adapter
 * (app/http/reply.server.ts) says it in the request's language and gives it its HTTP status by
 * its kind. Field errors are the one exception: the form's own schema writes them in the
 * language of the use case's context, as the browser shows them.
 */

/** What kind of refusal a problem is; each kind has one HTTP status (app/http/reply.server.ts). */
export type ProblemKind =
  /** The input breaks a rule of its form (400, said by field). */
  | "invalid"
  /** The request is wrong in a way that is no one field's (400): too many files, an unknown row. */
  | "refused"
  /** Nobody is signed in (401). */
  | "unauthenticated"
  /** The actor may not do this (403). */
  | "forbidden"
  /** What the input names does not exist, or is not the actor's to see (404). */
  | "missing"
  /** The state of things stands in the way: already done, closed, decided (409). */
  | "conflict"
  /** More than a limit of size or storage allows (413). */
  | "too-large"
  /** Too many of something in too short a time (429). */
  | "too-many"
  /** A part of ours failed (storage, a letter); nothing was changed (500). */
  | "failed";

/** Messages by field name, as Conform shows them. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export type Failure<P extends string> = {
  readonly ok: false;
  readonly problem: P;
  readonly kind: ProblemKind;
  /** With "invalid": what is wrong with which field. */
  readonly fieldErrors?: FieldErrors;
};

export type Outcome<T, P extends string = never> =
  | { readonly ok: true; readonly value: T }
  | Failure<P>;

/** A subject's problems, each with its kind: `problems({ "not-found": "missing", ... })`. */
export function problems<const K extends Record<string, ProblemKind>>(kinds: K): K {
  return kinds;
}

/** The problem codes of a subject's `problems(…)` table. */
export type ProblemOf<K extends Record<string, ProblemKind>> = Extract<keyof K, string>;

export function ok<T>(value: T): { readonly ok: true; readonly value: T };
export function ok(): { readonly ok: true; readonly value: undefined };
export function ok<T>(value?: T) {
  return { ok: true, value } as const;
}

/**
 * The failure maker of one subject: `const fail = failures(QUOTE_PROBLEMS)` and then
 * `return fail("own-tender")`; the kind comes from the table.
 */
export function failures<const K extends Record<string, ProblemKind>>(kinds: K) {
  return <P extends ProblemOf<K>>(problem: P, fieldErrors?: FieldErrors): Failure<P> =>
    fieldErrors
      ? { ok: false, problem, kind: kinds[problem] as ProblemKind, fieldErrors }
      : { ok: false, problem, kind: kinds[problem] as ProblemKind };
}

/** Refused input: the form's messages by field. */
export function invalid(fieldErrors: FieldErrors): Failure<"invalid"> {
  return { ok: false, problem: "invalid", kind: "invalid", fieldErrors };
}
