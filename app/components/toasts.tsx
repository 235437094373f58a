import { X } from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { common, messagesFor } from "~/domain/catalogue";
import { DEFAULT_LOCALE, type Locale, localeOfPath } from "~/domain/locale";
import type { ToastMessage } from "~/domain/toast";
import { useLocale } from "~/lib/i18n";

export type { ToastMessage };

function defaultTitle(type: ToastMessage["type"], locale: Locale): string {
  const m = messagesFor(locale, { common });
  return { success: m.common.success, error: m.common.error, info: m.common.info }[type];
}

/** The language of the page on screen (toasts are shown in the browser only). */
function pageLocale(): Locale {
  return typeof window === "undefined" ? DEFAULT_LOCALE : localeOfPath(window.location.pathname);
}

/** A toast on screen: its title worked out, a key of its own. */
interface ShownToast extends ToastMessage {
  key: number;
  title: string;
}

/** How long a toast stays (while the pointer or focus is not on the toasts). */
const TOAST_MS = 4000;
/** At most this many at once: a new one pushes out the oldest. */
const MOST_TOASTS = 3;

// The toasts on screen, shared by `showToast` (any code in the browser) and the one `Toaster`.
let shownToasts: readonly ShownToast[] = [];
let nextKey = 1;
const NO_TOASTS: readonly ShownToast[] = [];
const watchers = new Set<() => void>();

function setToasts(next: readonly ShownToast[]) {
  shownToasts = next;
  for (const watcher of watchers) watcher();
}

function dismissToast(key: number) {
  setToasts(shownToasts.filter((toast) => toast.key !== key));
}

/**
 * Shows a toast: title 'Успешно' / 'Ошибка' (docs/product.md) unless one is given. A success
 * dismisses the error toasts still on screen; a toast with the `id` of one on screen replaces it.
 * The default title is in `locale`, by default the language of the page on screen.
 */
export function showToast(
  message: Omit<ToastMessage, "id"> & { id?: string },
  locale: Locale = pageLocale(),
) {
  const toast: ShownToast = {
    ...message,
    id: message.id ?? "",
    key: nextKey++,
    title: message.title ?? defaultTitle(message.type, locale),
  };
  const kept = shownToasts.filter(
    (shown) =>
      !(toast.id && shown.id === toast.id) &&
      // What went wrong before is settled by what just went right: older errors leave.
      !(toast.type === "success" && shown.type === "error"),
  );
  setToasts([...kept, toast].slice(-MOST_TOASTS));
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

const pageMessageClass = (type: ToastMessage["type"]) =>
  `page-message pointer-events-auto max-w-sm rounded-xl border px-4 py-3 text-sm shadow-lg ${pageMessageStyles[type]}`;

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
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] flex justify-center px-4 sm:justify-end"
    >
      <p
        id="page-message"
        role="status"
        hidden={!message}
        className={pageMessageClass(type)}
        // What the light pages' scripts (lib/picture-scripts.ts) need to say a message of a type.
        data-class-error={pageMessageClass("error")}
        data-class-success={pageMessageClass("success")}
        data-title-error={defaultTitle("error", locale)}
        data-title-success={defaultTitle("success", locale)}
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

/**
 * The toasts of the app (signed-in pages): a live region of the page,
 * at the bottom: centred on a phone (dialogs there are sheets whose close button is at the top), in
 * the right corner elsewhere, away from the header's links and a page's own heading actions. Each leaves after four seconds, not while the pointer or focus is on them or the
 * page is in the background; each has a close button.
 */
export function Toaster() {
  const m = messagesFor(useLocale(), { common });
  const toasts = useSyncExternalStore(
    (watcher) => {
      watchers.add(watcher);
      return () => watchers.delete(watcher);
    },
    () => shownToasts,
    () => NO_TOASTS,
  );
  const [held, setHeld] = useState(false);
  const [background, setBackground] = useState(false);
  useEffect(() => {
    const follow = () => setBackground(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", follow);
    return () => document.removeEventListener("visibilitychange", follow);
  }, []);
  return (
    <section
      aria-label={m.common.messagesRegion}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[70] px-4"
    >
      <ol
        className="flex flex-col-reverse items-center gap-2 sm:items-end"
        onPointerEnter={() => setHeld(true)}
        onPointerLeave={() => setHeld(false)}
        onFocus={() => setHeld(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
        }}
      >
        {toasts.map((toast) => (
          <Toast
            key={toast.key}
            toast={toast}
            paused={held || background}
            closeLabel={m.common.close}
          />
        ))}
      </ol>
    </section>
  );
}

function Toast({
  toast,
  paused,
  closeLabel,
}: {
  toast: ShownToast;
  paused: boolean;
  closeLabel: string;
}) {
  const left = useRef(TOAST_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.key), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, toast.key]);
  return (
    <li
      data-toast={toast.type}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${pageMessageStyles[toast.type]}`}
    >
      <p className="min-w-0 flex-1">
        <span className="block font-semibold">{toast.title}</span>
        {toast.description && <span className="mt-0.5 block">{toast.description}</span>}
      </p>
      <button
        type="button"
        onClick={() => dismissToast(toast.key)}
        aria-label={closeLabel}
        className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
