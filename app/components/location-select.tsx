import { useState } from "react";
import { FollowingSelect } from "~/components/ui/following-options";
import { LabelledSelect } from "~/components/ui/labelled-select";
import { profile, tenders } from "~/domain/catalogue";
import { COUNTRIES, citiesOf, cityLabel, countryLabel } from "~/domain/reference";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

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
 * dependent-selects script (lib/inline-scripts.ts) does what the state does in the app. In a form
 * that is sent as soon as the country changes (`reloads`: the directory's filters, which the
 * auto-submit script sends), it holds only the chosen country's cities: the next page brings the
 * new country's, and without scripts the city is chosen after 'Показать' (some 160 options
 * fewer on every directory page).
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
  reloads = false,
  inForm = false,
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
  /** The form is sent when the country changes (an auto-submitting filter form). */
  reloads?: boolean;
  /**
   * A form of a light workspace page (not a filter): without JavaScript the city lists every
   * country's cities in groups (FollowingSelect `groupedUntilScripts`).
   */
  inForm?: boolean;
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
  const prompts = [
    anyOption?.cityFirst ?? m.profile.cityFirst,
    anyOption?.city ?? m.profile.cityPlaceholder,
    m.tenders.noCities,
  ] as const;
  const scriptFree = useHtmlFirst();
  // Every country's cities: for the script of an HTML-first page, and on an app page until the
  // app runs (grouped by country, so the form works with JavaScript off).
  const hydrated = useHydrated();
  const everyCountry = scriptFree ? !reloads : !hydrated;

  return (
    <div className={className}>
      <LabelledSelect
        id={`${idPrefix}-country`}
        label={labels.country}
        errors={countryErrors}
        empty={anyOption?.country ?? m.profile.countryPlaceholder}
        options={COUNTRIES.map((c) => ({ value: c.code, label: countryLabel(c.code, locale) }))}
        name={countryName}
        value={country}
        onChange={(event) => change({ country: event.target.value, city: "" })}
      />
      <FollowingSelect
        id={`${idPrefix}-city`}
        label={labels.city}
        errors={cityErrors}
        name={cityName}
        value={city}
        onChange={(event) => change({ country, city: event.target.value })}
        follows={`${idPrefix}-country`}
        parent={country}
        groups={(everyCountry ? COUNTRIES : COUNTRIES.filter((c) => c.code === country)).map(
          (c) => ({
            parent: c.code,
            label: countryLabel(c.code, locale),
            options: citiesOf(c.code).map((option) => ({
              value: option.id,
              label: cityLabel(option.id, locale),
            })),
          }),
        )}
        prompts={prompts}
        all={scriptFree}
        groupedUntilScripts={inForm}
        // A country code in other letter case ('KG') still counts its cities.
        count={citiesOf(country).length}
      />
    </div>
  );
}
