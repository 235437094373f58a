import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, inputClass } from "~/components/ui/field";
import { CURRENCIES, currencySymbol } from "~/domain/reference";
import { useLocale } from "~/lib/i18n";

/** An amount (step 0.01, not negative) with its currency, side by side: prices and budgets. */
export function MoneyFields({
  amount,
  currency,
  amountLabel,
  amountHint,
  currencyLabel,
}: {
  amount: FieldMetadata<unknown>;
  currency: FieldMetadata<unknown>;
  amountLabel: ReactNode;
  amountHint?: ReactNode;
  currencyLabel: ReactNode;
}) {
  const locale = useLocale();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,9rem)] gap-3">
      <Field id={amount.id} label={amountLabel} errors={amount.errors} hint={amountHint}>
        {(control) => (
          <input
            {...getInputProps(amount as FieldMetadata<string>, { type: "number" })}
            {...control}
            key={amount.key}
            step="0.01"
            min="0"
            inputMode="decimal"
            className={inputClass}
          />
        )}
      </Field>
      <Field id={currency.id} label={currencyLabel} errors={currency.errors}>
        {(control) => (
          <select
            {...getSelectProps(currency as FieldMetadata<string>)}
            {...control}
            key={currency.key}
            className={inputClass}
          >
            {CURRENCIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {currencySymbol(c.code, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
