import { useState } from "react";
import { Field, inputClass } from "~/components/ui/field";
import { m } from "~/domain/messages";
import { COUNTRIES, citiesOf } from "~/domain/reference";

/**
 * Country and city selects: the city list follows the country, the city select is disabled
 * until a country is chosen, and changing the country clears the city.
 */
export function LocationSelect({
  idPrefix,
  countryName = "country",
  cityName = "city",
  defaultCountry,
  defaultCity,
  countryErrors,
  cityErrors,
  labels = { country: m.profile.factory.country, city: m.profile.factory.city },
}: {
  idPrefix: string;
  countryName?: string;
  cityName?: string;
  defaultCountry?: string | null;
  defaultCity?: string | null;
  countryErrors?: string[];
  cityErrors?: string[];
  labels?: { country: string; city: string };
}) {
  const [country, setCountry] = useState(defaultCountry ?? "");
  const [city, setCity] = useState(defaultCity ?? "");
  const cities = citiesOf(country);
  const cityDisabled = !country || cities.length === 0;
  const cityPlaceholder = !country
    ? m.profile.cityFirst
    : cities.length === 0
      ? m.tenders.noCities
      : m.profile.cityPlaceholder;

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id={`${idPrefix}-country`} label={labels.country} errors={countryErrors}>
        {(control) => (
          <select
            {...control}
            name={countryName}
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setCity("");
            }}
            className={inputClass}
          >
            <option value="">{m.profile.countryPlaceholder}</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.label}
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
            onChange={(event) => setCity(event.target.value)}
            className={inputClass}
          >
            <option value="">{cityPlaceholder}</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
