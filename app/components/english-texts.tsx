import type { ReactNode } from "react";
import { common } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/**
 * A form's optional English versions of a name and a description, which English pages show
 * instead of the original (docs/decisions/012-languages.md).
 */
export function EnglishTexts({
  hint,
  name,
  description,
}: {
  hint: string;
  name: ReactNode;
  description: ReactNode;
}) {
  const m = useMessages({ common });
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-medium text-slate-800 text-sm">{m.common.englishTexts}</legend>
      <p className="text-slate-500 text-sm">{hint}</p>
      {name}
      {description}
    </fieldset>
  );
}
