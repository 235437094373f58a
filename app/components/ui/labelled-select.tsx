import type { ComponentProps, ReactNode } from "react";
import { Field, inputClass } from "./field";

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled select whose first choice is the empty one (`empty`: 'Все страны', 'Выберите
 * страну'), then `options` and any further `children` (option groups, following options). Other
 * attributes (name, value or defaultValue, disabled, onChange...) go to the select.
 */
export function LabelledSelect({
  id,
  label,
  errors,
  empty,
  emptyLabels,
  options = [],
  children,
  ...attributes
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  empty: string;
  /** The texts the empty choice takes on an HTML-first page (see `FollowingSelect`). */
  emptyLabels?: readonly string[];
  options?: readonly SelectOption[];
  children?: ReactNode;
} & Omit<ComponentProps<"select">, "id" | "className" | "children">) {
  return (
    <Field id={id} label={label} errors={errors}>
      {(control) => (
        <select {...control} {...attributes} className={inputClass}>
          <option value="" data-labels={emptyLabels ? JSON.stringify(emptyLabels) : undefined}>
            {empty}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </Field>
  );
}
