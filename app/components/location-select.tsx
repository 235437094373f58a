import { useState } from "react";
import { Field, inputClass } from "~/components/ui/field";
import { FollowingOptions } from "~/components/ui/following-options";
import { profile, tenders } from "~/domain/catalogue";
import { COUNTRIES, citiesOf, cityLabel, countryLabel } from "~/domain/reference";
import { useHtmlFirst } from "~/lib/html-first";
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
 * On an HTML-first page the city select holds every country's cities and the constant
 * dependent-selects script (lib/inline-scripts.ts) does what the state does in the app.
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
  const prompts = [
    anyOption?.cityFirst ?? m.profile.cityFirst,
    anyOption?.city ?? m.profile.cityPlaceholder,
    m.tenders.noCities,
  ];
  const cityPlaceholder = !country ? prompts[0] : cities.length === 0 ? prompts[2] : prompts[1];
  const scriptFree = useHtmlFirst();

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
            data-follows={scriptFree ? `${idPrefix}-country` : undefined}
            onChange={(event) => change({ country, city: event.target.value })}
            className={inputClass}
          >
            <option value="" data-labels={scriptFree ? JSON.stringify(prompts) : undefined}>
              {cityPlaceholder}
            </option>
            <FollowingOptions
              all={scriptFree}
              current={country}
              groups={(scriptFree ? COUNTRIES : COUNTRIES.filter((c) => c.code === country)).map(
                (c) => ({
                  parent: c.code,
                  options: citiesOf(c.code).map((option) => ({
                    value: option.id,
                    label: cityLabel(option.id, locale),
                  })),
                }),
              )}
            />
          </select>
        )}
      </Field>
    </div>
  );
}
