import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Field, inputClass } from "./field";

// Form fields bound to a Conform field: a label, the control (with the schema's constraints, the
// field's value, its ids and aria-invalid/aria-describedby), a hint and the field's error. The
// product, tender, quote and account forms use these instead of spelling out `Field` and the
// control each time. Other attributes (placeholder, autoComplete, lang, onChange, disabled...)
// go to the control.

interface Bound {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  /** Shown under the control while the field has no error. */
  hint?: ReactNode;
}

/** What a caller may add to a control: not what the field itself decides. */
type Attributes<Tag extends "input" | "textarea" | "select"> = Omit<
  ComponentProps<Tag>,
  "id" | "name" | "form" | "type" | "defaultValue" | "value" | "className" | "children"
>;

const asText = (field: FieldMetadata<unknown>) => field as FieldMetadata<string>;

/** A one-line text input (also a phone number, a password or a date). */
export function TextField({
  field,
  label,
  hint,
  type = "text",
  ...attributes
}: Bound & { type?: "text" | "password" | "tel" | "date" } & Attributes<"input">) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <input
          {...getInputProps(asText(field), { type })}
          {...control}
          key={field.key}
          {...attributes}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/**
 * A number input: whole numbers (step 1, from 1 unless `min` says otherwise) or, with `decimal`,
 * amounts (step 0.01, from 0), with the matching on-screen keyboard.
 */
export function NumberField({
  field,
  label,
  hint,
  decimal = false,
  min = decimal ? "0" : "1",
  ...attributes
}: Bound & { decimal?: boolean; min?: string } & Attributes<"input">) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <input
          {...getInputProps(asText(field), { type: "number" })}
          {...control}
          key={field.key}
          min={min}
          step={decimal ? "0.01" : "1"}
          inputMode={decimal ? "decimal" : "numeric"}
          {...attributes}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** A multi-line text. */
export function TextareaField({
  field,
  label,
  hint,
  ...attributes
}: Bound & Attributes<"textarea">) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <textarea
          {...getTextareaProps(asText(field))}
          {...control}
          key={field.key}
          {...attributes}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/** A select of the given options, with an empty first choice when `placeholder` is given. */
export function SelectField({
  field,
  label,
  hint,
  placeholder,
  children,
  ...attributes
}: Bound & { placeholder?: string; children: ReactNode } & Attributes<"select">) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <select
          {...getSelectProps(asText(field))}
          {...control}
          key={field.key}
          {...attributes}
          className={inputClass}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {children}
        </select>
      )}
    </Field>
  );
}

/** Every error of a field and of its items (a list of checkboxes, files or colours). */
export const allErrorsOf = (field: FieldMetadata<unknown>): string[] =>
  Object.values(field.allErrors ?? {}).flat();
