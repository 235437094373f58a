import type { FieldMetadata } from "@conform-to/react";
import type { CheckAttributes } from "~/components/ui/browser-checks";
import { TextField } from "~/components/ui/form-fields";
import { profile } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/** The ways to reach someone a form may ask for, in this order, with their inputs' attributes. */
const CONTACTS = [
  ["phone", { type: "tel", autoComplete: "tel" }],
  ["whatsapp", { type: "tel" }],
  ["telegram", {}],
  ["instagram", {}],
] as const;

type Contact = (typeof CONTACTS)[number][0];

/**
 * The contact fields of a form (the profiles, a tender): those of `fields` it has, each with the
 * profile's example as its placeholder.
 */
export function ContactFields({
  fields,
  labels,
  checks = {},
}: {
  fields: Partial<Record<Contact, FieldMetadata<unknown>>>;
  labels: Partial<Record<Contact, string>>;
  /** The fields' browser checks on a light page, by field name (components/ui/browser-checks.ts). */
  checks?: Readonly<Record<string, CheckAttributes>>;
}) {
  const t = useMessages({ profile }).profile;
  return CONTACTS.map(([contact, attributes]) => {
    const field = fields[contact];
    return (
      field && (
        <TextField
          key={contact}
          field={field}
          label={labels[contact]}
          placeholder={t.placeholders[contact]}
          {...attributes}
          {...checks[field.name]}
        />
      )
    );
  });
}
