import { useEffect } from "react";
import { toast as show } from "sonner";
import { common, messagesFor } from "~/domain/catalogue";
import { DEFAULT_LOCALE, type Locale, localeOfPath } from "~/domain/locale";
import { useLocale } from "~/lib/i18n";

export interface ToastMessage {
  id: string;
  type: "success" | "error" | "info";
  title?: string;
  description?: string;
}

function defaultTitle(type: ToastMessage["type"], locale: Locale): string {
  const m = messagesFor(locale, { common });
  return { success: m.common.success, error: m.common.error, info: m.common.info }[type];
}

/** The language of the page on screen (toasts are shown in the browser only). */
function pageLocale(): Locale {
  return typeof window === "undefined" ? DEFAULT_LOCALE : localeOfPath(window.location.pathname);
}

/**
 * Shows a toast: title 'Успешно' / 'Ошибка' (docs/product.md) unless one is given. A success
 * dismisses the error toasts still on screen. The default title is in `locale`, by default the
 * language of the page on screen.
 */
export function showToast(
  message: Omit<ToastMessage, "id"> & { id?: string },
  locale: Locale = pageLocale(),
) {
  const title = message.title ?? defaultTitle(message.type, locale);
  const options = { id: message.id, description: message.description };
  if (message.type === "success") {
    // What went wrong before is settled by what just went right: older errors leave.
    for (const shown of show.getToasts()) {
      if ("type" in shown && shown.type === "error") show.dismiss(shown.id);
    }
    show.success(title, options);
  } else if (message.type === "error") show.error(title, options);
  else show.info(title, options);
}

/** Shows a toast that arrived with a page (flash cookie or action data), once per id. */
export function useToast(message: ToastMessage | null | undefined) {
  const locale = useLocale();
  useEffect(() => {
    if (message) showToast(message, locale);
  }, [message, locale]);
}

const pageMessageStyles: Record<ToastMessage["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

/**
 * The toast of an HTML-first page (no JavaScript to run the toast library): the message that
 * came with the page, drawn by the server in a status region that fades after a few seconds
 * (app.css `page-message`). The copy buttons' script (inline-scripts.ts) writes into it too.
 */
export function PageMessage({ message }: { message: ToastMessage | null | undefined }) {
  const locale = useLocale();
  const m = messagesFor(locale, { common });
  const type = message?.type ?? "success";
  return (
    <section
      aria-label={m.common.messagesRegion}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 sm:top-4 sm:bottom-auto"
    >
      <p
        id="page-message"
        role="status"
        hidden={!message}
        className={`page-message pointer-events-auto max-w-sm rounded-xl border px-4 py-3 text-sm shadow-lg ${pageMessageStyles[type]}`}
      >
        {message && (
          <>
            <span className="block font-semibold">
              {message.title ?? defaultTitle(message.type, locale)}
            </span>
            {message.description && <span className="mt-0.5 block">{message.description}</span>}
          </>
        )}
      </p>
    </section>
  );
}
