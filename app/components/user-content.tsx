import { Fragment, type ReactNode } from "react";
import type { Locale } from "~/domain/locale";
import { cityLabel, formatLocation, isCityId } from "~/domain/reference";

// What people wrote is shown as they wrote it, in any language; `data-user-content` marks it, so
// an English page's check for Russian interface texts leaves it out (tests/e2e/english.spec.ts).

/**
 * An interface text with a person's words in it (`format` puts `text` into the sentence), the
 * words marked as theirs: 'Причина блокировки: <span data-user-content>…</span>'.
 */
export function withUserText(format: (text: string) => string, text: string): ReactNode {
  const slot = "\u0000";
  const [before = "", ...after] = format(slot).split(slot);
  return (
    <>
      {before}
      {after.map((rest, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
        <Fragment key={index}>
          <span data-user-content>{text}</span>
          {rest}
        </Fragment>
      ))}
    </>
  );
}

/**
 * `formatLocation`'s 'City, Country', with a city name a person typed (not a reference city)
 * marked as theirs; '' when there is neither, so `|| fallback` still works.
 */
export function locationText(
  country: string | null | undefined,
  city: string | null | undefined,
  locale: Locale,
): ReactNode {
  const location = formatLocation(country, city, locale);
  const typed = isCityId(city) ? "" : cityLabel(city?.trim(), locale);
  if (!typed || !location.startsWith(typed)) return location;
  return (
    <>
      <span data-user-content>{typed}</span>
      {location.slice(typed.length)}
    </>
  );
}
