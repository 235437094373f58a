import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { CHECKED_FORM } from "./browser-checks";
import { FormAlert } from "./field";

/**
 * A Conform form that posts files with its fields (multipart): the hidden `intent` and the hidden
 * fields naming the row it edits (e.g. `{ productId }`), then the form-level error, then the
 * fields. The product, tender and quote forms.
 */
export function UploadForm<Shape extends Record<string, unknown>>({
  form,
  action,
  intent,
  rowFields = {},
  className,
  checked = false,
  children,
}: {
  form: FormMetadata<Shape>;
  /** Where the form posts (in the page's language). */
  action: string;
  intent: string;
  rowFields?: Record<string, string>;
  className: string;
  /** Checked in the browser by the page script on a light page (browser-checks.ts). */
  checked?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className={className}
      {...getFormProps(form)}
      {...(checked && CHECKED_FORM)}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(rowFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormAlert message={form.errors?.[0]} />
      {children}
    </Form>
  );
}
