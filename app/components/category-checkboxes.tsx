import { type ReactNode, useState } from "react";
import { FieldError } from "~/components/ui/field";
import { CATEGORIES, categoryLabel } from "~/domain/reference";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The activity categories (CATEGORIES) as a group of checkboxes sharing one name, labelled by a
 * legend. With `max`, once that many are checked the others are disabled (in the browser; the
 * schema says the same on the server, so the group works without JavaScript too).
 */
export function CategoryCheckboxes({
  id,
  name,
  legend,
  hint,
  defaultValue = [],
  max,
  errors,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  defaultValue?: readonly string[];
  max?: number;
  errors?: string[];
}) {
  const locale = useLocale();
  const hydrated = useHydrated();
  const scriptFree = useHtmlFirst();
  const [checked, setChecked] = useState(() => new Set(defaultValue));
  const full = hydrated && max !== undefined && checked.size >= max;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, errors?.length ? errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      id={id}
      // On a light page (decision 036) the page script disables the other boxes at the limit.
      data-max-checked={scriptFree && max !== undefined ? max : undefined}
      aria-describedby={describedBy || undefined}
      aria-invalid={errors?.length ? true : undefined}
    >
      <legend className="font-medium text-slate-800 text-sm">{legend}</legend>
      {hint && (
        <p id={hintId} className="mt-0.5 text-slate-500 text-xs">
          {hint}
        </p>
      )}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {CATEGORIES.map((category) => {
          const disabled = full && !checked.has(category.slug);
          return (
            <label
              key={category.slug}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50 has-disabled:cursor-not-allowed has-disabled:opacity-55 has-disabled:hover:bg-transparent"
            >
              <input
                type="checkbox"
                name={name}
                value={category.slug}
                defaultChecked={checked.has(category.slug)}
                disabled={disabled}
                onChange={(event) => {
                  const { checked: on } = event.currentTarget;
                  setChecked((current) => {
                    const next = new Set(current);
                    if (on) next.add(category.slug);
                    else next.delete(category.slug);
                    return next;
                  });
                }}
                className="mt-0.5 size-4 accent-brand-700"
              />
              <span className="text-slate-800">{categoryLabel(category.slug, locale)}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
