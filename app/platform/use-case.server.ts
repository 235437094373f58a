/**
 * What every use case of app/features/ is given (docs/architecture.md, "Use cases and the route
 * adapter"): the database, the file storage, who acts and in which language. A use case takes
 * `(context, input)`, checks the input with its form's schema, stores files, writes, tells the
 * people concerned and cleans up when a step fails, and answers one Outcome
 * (app/domain/outcome.ts). Routes only adapt it (app/http/reply.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { Locale } from "~/domain/locale";
import { type Failure, invalid } from "~/domain/outcome";
import { formErrorMap } from "~/domain/schemas/base";
import type { CurrentUser } from "./actor.server";
import type { Db } from "./db.server";
import type { Storage } from "./storage.server";

export interface UseCaseContext {
  db: Db;
  storage: Storage;
  /** Who acts: the signed-in account. */
  actor: CurrentUser;
  /** The request's language: the language of field errors and of what is stored as the actor's. */
  locale: Locale;
}

/**
 * A posted form read with its schema in the context's language, as the browser reads it (Conform's
 * coercion of FormData: empty fields absent, repeated names as lists, files as File).
 */
export function readFields<Schema extends z.ZodType>(
  context: Pick<UseCaseContext, "locale">,
  schemaIn: (locale: Locale) => Schema,
  form: FormData,
): { ok: true; value: z.output<Schema> } | Failure<"invalid"> {
  const submission = parseWithZod(form, {
    schema: schemaIn(context.locale),
    error: formErrorMap(context.locale),
  });
  if (submission.status === "success") return { ok: true, value: submission.value };
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages && messages.length > 0) errors[name] = messages;
  }
  return invalid(errors);
}
