import type { DefaultValue, FieldMetadata, SubmissionResult } from "@conform-to/react";
import { useForm, useInputControl } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/toasts";
import { pathWithoutLocale } from "~/domain/locale";
import { formErrorMap, textMaxLengths } from "~/domain/schemas/base";
import { useLocale } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

const constraints = new WeakMap<object, Record<string, { maxLength: number }>>();

/** The schema's text limits in Conform's constraint shape, worked out once per schema. */
function maxLengthConstraint(schema: z.ZodType): Record<string, { maxLength: number }> {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = Object.fromEntries(
      Object.entries(textMaxLengths(schema)).map(([name, maxLength]) => [name, { maxLength }]),
    );
    constraints.set(schema, constraint);
  }
  return constraint;
}

/** What a form's last submission answered (its values and errors), as a route returns it. */
export type LastResult = SubmissionResult<string[]> | null | undefined;

/**
 * Conform with one Zod schema on both sides: validates in the browser, shows the server's
 * answer on the fields, and the server's form-level error also as an 'Ошибка' toast. `schema` is
 * the one of the page's language (`registerSchema(locale)`); the rules without a message of their
 * own speak that language too (`formErrorMap`). The fields are typed by what the schema produces,
 * and `defaultValue` takes such values or their text (a form's fields hold text).
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  lastResult: LastResult,
  options: { id?: string; defaultValue?: DefaultValue<z.output<Schema>> } = {},
) {
  const locale = useLocale();
  const [form, fields] = useForm<z.output<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema, error: formErrorMap(locale) }),
    // Every text input stops where the server's rule does (rendered on the server too).
    constraint: maxLengthConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formError = form.errors?.[0];
  useEffect(() => {
    if (lastResult && formError) showToast({ type: "error", description: formError }, locale);
  }, [lastResult, formError, locale]);
  return [form, fields] as const;
}

/**
 * true while this page's form is being submitted (busy label, disabled button). `action` is the
 * address in any language ('/login' also matches a submission to '/en/login').
 */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  const formPath = navigation.formAction?.split("?")[0];
  return (
    navigation.state === "submitting" &&
    (action === undefined ||
      (formPath !== undefined && pathWithoutLocale(formPath) === pathWithoutLocale(action)))
  );
}

/**
 * A required text field that the submit button waits for: pass `change` the input's new value;
 * `blank` is true while it holds nothing but spaces. Without JavaScript it is never blank, so the
 * button stays enabled and the server says what is missing.
 */
export function useRequiredText(field: FieldMetadata<string>) {
  const control = useInputControl(field);
  const hydrated = useHydrated();
  return { change: control.change, blank: hydrated && !String(control.value ?? "").trim() };
}

/** A checkbox group's values as Conform keeps them (the submitted ones after a refusal): one
 * text, a list, or nothing. */
export const valuesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter(
    (item): item is string => typeof item === "string",
  );

/** A field's value as Conform keeps it (the submitted one after a refusal), when it is one text. */
export const textOf = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;
