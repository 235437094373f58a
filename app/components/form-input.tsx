import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { Field, inputClass } from "~/components/ui/field";
import { auth, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";

type InputType = "text" | "password" | "tel";

/** A labelled text input bound to a Conform field, with its hint and its error. */
export function FormInput({
  field,
  label,
  hint,
  type = "text",
  ...attributes
}: {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  hint?: ReactNode;
  type?: InputType;
} & Omit<ComponentProps<"input">, "type" | "name" | "id" | "form" | "defaultValue">) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <input
          {...getInputProps(field as FieldMetadata<string>, {
            type: type === "password" ? "password" : "text",
          })}
          {...control}
          key={field.key}
          type={type}
          {...attributes}
          className={inputClass}
        />
      )}
    </Field>
  );
}

/**
 * Attributes of an email input (a text input, so any address reaches the validation), its
 * placeholder in `locale`.
 */
export function emailInputAttributes(locale: Locale) {
  return {
    inputMode: "email",
    autoComplete: "email",
    autoCapitalize: "none",
    spellCheck: false,
    placeholder: messagesFor(locale, { auth }).auth.emailPlaceholder,
  } as const;
}
