import { auth, messagesFor } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";

/** The account pages' name for the labelled text input of app/components/ui/form-fields.tsx. */
export { TextField as FormInput } from "~/components/ui/form-fields";

/**
 * Attributes of an email input (a text input, so any address reaches the validation), its
 * placeholder in `locale`.
 */
export function emailInputAttributes(locale: Locale) {
  return {
    inputMode: "email",
    autoComplete: "email",
    autoCapitalize: "none",
    spellCheck: false,
    placeholder: messagesFor(locale, { auth }).auth.emailPlaceholder,
  } as const;
}
