import { useState } from "react";
import { Field, inputClass } from "~/components/ui/field";
import { profile, tenders } from "~/domain/catalogue";
import { COUNTRIES, citiesOf, cityLabel, countryLabel } from "~/domain/reference";
import { useLocale, useMessages } from "~/lib/i18n";

export interface LocationValue {
  country: string;
  city: string;
}

/**
 * Country and city selects: the city list follows the country, the city select is disabled
 * until a country is chosen, and changing the country clears the city.
 *
 * With `anyOption` the empty choice reads as "any" ('Все страны', 'Все города'), as a filter
 * needs; without it, as a prompt to choose (a form field). The selects keep their own state
 * from the defaults, or follow `value` and report each change through `onChange` (controlled).
 */
export function LocationSelect({
  idPrefix,
  countryName = "country",
  cityName = "city",
  defaultCountry,
  defaultCity,
  countryErrors,
  cityErrors,
  labels: labelsProp,
  anyOption,
  className = "grid gap-5 sm:grid-cols-2",
  value,
  onChange,
}: {
  idPrefix: string;
  countryName?: string;
  cityName?: string;
  defaultCountry?: string | null;
  defaultCity?: string | null;
  countryErrors?: string[];
  cityErrors?: string[];
  labels?: { country: string; city: string };
  /** Labels of the empty choice in a filter ('Все страны', 'Все города'). */
  anyOption?: { country: string; city: string; cityFirst: string };
  className?: string;
  /** Controlled values ('' for none); the defaults are then unused. */
  value?: LocationValue;
  onChange?: (next: LocationValue) => void;
}) {
  const locale = useLocale();
  const m = useMessages({ profile, tenders });
  const labels = labelsProp ?? { country: m.profile.factory.country, city: m.profile.factory.city };
  const [own, setOwn] = useState<LocationValue>({
    country: defaultCountry ?? "",
    city: defaultCity ?? "",
  });
  const { country, city } = value ?? own;
  const change = (next: LocationValue) => {
    if (!value) setOwn(next);
    onChange?.(next);
  };
  const cities = citiesOf(country);
  const cityDisabled = !country || cities.length === 0;
  const cityPlaceholder = !country
    ? (anyOption?.cityFirst ?? m.profile.cityFirst)
    : cities.length === 0
      ? m.tenders.noCities
      : (anyOption?.city ?? m.profile.cityPlaceholder);

  return (
    <div className={className}>
      <Field id={`${idPrefix}-country`} label={labels.country} errors={countryErrors}>
        {(control) => (
          <select
            {...control}
            name={countryName}
            value={country}
            onChange={(event) => change({ country: event.target.value, city: "" })}
            className={inputClass}
          >
            <option value="">{anyOption?.country ?? m.profile.countryPlaceholder}</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {countryLabel(c.code, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${idPrefix}-city`} label={labels.city} errors={cityErrors}>
        {(control) => (
          <select
            {...control}
            name={cityName}
            value={city}
            disabled={cityDisabled}
            onChange={(event) => change({ country, city: event.target.value })}
            className={inputClass}
          >
            <option value="">{cityPlaceholder}</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {cityLabel(c.id, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
