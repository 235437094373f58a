import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import type { CheckAttributes } from "~/components/ui/browser-checks";
import { NumberField, SelectField } from "~/components/ui/form-fields";
import { CURRENCIES, currencySymbol } from "~/domain/reference";
import { useLocale } from "~/lib/i18n";

/** An amount (step 0.01, not negative) with its currency, side by side: prices and budgets. */
export function MoneyFields({
  amount,
  currency,
  amountLabel,
  amountHint,
  currencyLabel,
  amountChecks,
}: {
  amount: FieldMetadata<unknown>;
  currency: FieldMetadata<unknown>;
  amountLabel: ReactNode;
  amountHint?: ReactNode;
  currencyLabel: ReactNode;
  /** The amount's browser checks on a light page (components/ui/browser-checks.ts). */
  amountChecks?: CheckAttributes;
}) {
  const locale = useLocale();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,9rem)] gap-3">
      <NumberField field={amount} label={amountLabel} hint={amountHint} decimal {...amountChecks} />
      <SelectField field={currency} label={currencyLabel}>
        {CURRENCIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} · {currencySymbol(c.code, locale)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
