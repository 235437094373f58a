import { Plus } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { FieldError } from "~/components/ui/field";
import { products } from "~/domain/catalogue";
import { FABRIC_TREE, fabricLabel } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";

/** A product's materials: the fabric tree as grouped checkboxes, folded away until needed. */
export function MaterialsPicker({
  name,
  defaultMaterials,
  errors,
}: {
  name: string;
  defaultMaterials: readonly string[];
  errors: string[];
}) {
  const t = useMessages({ products }).products.form;
  const locale = useLocale();
  const selected = useMemo(() => new Set(defaultMaterials), [defaultMaterials]);
  const [count, setCount] = useState(selected.size);
  const errorId = useId();
  const boxesId = useId();
  // On a light page (decision 036) the page script keeps the count (lib/picture-scripts.ts).
  const lightPage = useHtmlFirst();
  const total = FABRIC_TREE.reduce((sum, category) => sum + category.items.length, 0);
  return (
    <fieldset
      id={boxesId}
      aria-describedby={errors.length > 0 ? errorId : undefined}
      onChange={(event) =>
        setCount(event.currentTarget.querySelectorAll("input[type=checkbox]:checked").length)
      }
    >
      <legend className="font-medium text-slate-800 text-sm">{t.materials}</legend>
      <p className="mt-0.5 text-slate-500 text-xs">{t.materialsHint}</p>
      <details
        className="group mt-1.5 rounded-lg border border-slate-300 bg-white"
        open={selected.size > 0 || errors.length > 0}
      >
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-slate-800 text-sm hover:bg-slate-50">
          <span className="font-medium">{t.materialsChoose}</span>
          <span className="flex items-center gap-2">
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs",
                lightPage
                  ? "text-slate-500 data-some:bg-brand-50 data-some:font-semibold data-some:text-brand-800"
                  : count > 0
                    ? "bg-brand-50 font-semibold text-brand-800"
                    : "text-slate-500",
              )}
              data-some={lightPage && count > 0 ? "" : undefined}
              data-count-of={lightPage ? boxesId : undefined}
              data-labels={
                lightPage
                  ? JSON.stringify(
                      Array.from({ length: total + 1 }, (_, n) => t.materialsSelected(n)),
                    )
                  : undefined
              }
            >
              {t.materialsSelected(count)}
            </span>
            <Plus
              className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-45"
              aria-hidden="true"
            />
          </span>
        </summary>
        <div className="space-y-4 border-slate-100 border-t px-3 py-3">
          {FABRIC_TREE.map((category) => (
            <div key={category.slug}>
              <p className="font-semibold text-slate-500 text-xs uppercase tracking-wide">
                {fabricLabel(category.slug, locale)}
              </p>
              <div className="mt-1.5 flex flex-wrap gap-1.5">
                {category.items.map((item) => (
                  <label
                    key={item.slug}
                    className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-200 px-2.5 py-1 text-slate-700 text-sm hover:bg-slate-50 has-checked:border-brand-300 has-checked:bg-brand-50 has-checked:text-brand-900 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                  >
                    <input
                      type="checkbox"
                      name={name}
                      value={item.slug}
                      defaultChecked={selected.has(item.slug)}
                      className="size-3.5 accent-brand-700"
                    />
                    {fabricLabel(item.slug, locale)}
                  </label>
                ))}
              </div>
            </div>
          ))}
        </div>
      </details>
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}
