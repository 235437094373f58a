import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import {
  type ComponentProps,
  cloneElement,
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
} from "react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { common } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/**
 * A confirmation dialog on the browser's own popover: the trigger opens it (`popovertarget`),
 * focus goes to 'Отмена' (`autofocus`), Escape, a click outside or 'Отмена' close it and focus
 * goes back to the trigger — all without JavaScript, so it works on the light pages as in the
 * app. It is rendered in place and drawn in the top layer over a dimmed page
 * (`.confirm-popover` in app.css). The confirm control is passed in, so it can be a submit button
 * of a form.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  cancel,
  confirm,
}: {
  trigger: ReactElement<{ popoverTarget?: string; type?: string; "aria-haspopup"?: "dialog" }>;
  title: string;
  description: ReactNode;
  cancel: string;
  confirm: ReactNode;
}) {
  const id = useId();
  return (
    <>
      {cloneElement(trigger, { popoverTarget: id, type: "button", "aria-haspopup": "dialog" })}
      <div
        id={id}
        popover="auto"
        role="alertdialog"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="confirm-popover w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-left shadow-xl"
      >
        <h2 id={`${id}-title`} className="font-bold text-lg text-slate-900">
          {title}
        </h2>
        <div id={`${id}-text`} className="mt-2 text-slate-600 text-sm leading-6">
          {description}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            popoverTarget={id}
            popoverTargetAction="hide"
            // The attribute itself (React would only focus it once, on mount): the browser
            // focuses it each time the popover opens.
            ref={(element) => element?.setAttribute("autofocus", "")}
            // biome-ignore lint/a11y/noAutofocus: a dialog's first control takes focus when it opens
            autoFocus
            className={buttonVariants({ variant: "secondary" })}
          >
            {cancel}
          </button>
          {confirm}
        </div>
      </div>
    </>
  );
}

/**
 * For a Radix Dialog opened by the page's address rather than by a `Dialog.Trigger` (a link that
 * sets `?tender=`, `?product=`, `?edit=`...): Radix would send focus back to its trigger, which
 * it has not got, so focus fell to the page's start on closing. This remembers the element that
 * had focus when the dialog opened and gives it back; pass the result to `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog moves focus into itself.
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return (event) => {
    const element = opener.current;
    opener.current = null;
    if (element?.isConnected) {
      event.preventDefault();
      element.focus({ preventScroll: true });
    }
  };
}

/**
 * The close control of a dialog opened by the page's address: a link to the page without the
 * parameter that opened it, which JavaScript turns into `onClose`.
 */
export function DialogCloseLink({ href, onClose }: { href: string; onClose: () => void }) {
  const m = useMessages({ common });
  return (
    <Link
      to={href}
      replace
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onClose();
      }}
      aria-label={m.common.close}
      // On an HTML-first page the constant dialog script follows this link on Escape.
      data-dialog-close=""
      className="grid size-10 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
    >
      <X className="size-5" aria-hidden="true" />
    </Link>
  );
}

const dialogFrames = {
  details:
    "fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto overscroll-contain rounded-t-2xl bg-white shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-3rem)] sm:max-w-4xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
  form: "fixed inset-x-0 bottom-0 z-50 max-h-[94dvh] overflow-y-auto overscroll-contain rounded-t-2xl bg-white shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-3rem)] sm:max-w-2xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
} as const;

/**
 * The frame of a dialog opened by the page's address (a product's or a tender's details, a
 * tender form): Radix Dialog, focus trapped, Escape closes it. It is rendered in place, not in a
 * portal, so a page opened with the dialog's parameter shows it in the server's HTML too; a
 * bottom sheet on phones, a centred panel from `sm` up. A form dialog is narrower and has no
 * description.
 */
export function AddressDialog({
  open,
  onClose,
  kind,
  children,
}: {
  open: boolean;
  onClose: () => void;
  kind: keyof typeof dialogFrames;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  const titleId = useId();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {open && (
        <>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[1px]" />
          <Dialog.Content
            {...(kind === "form" ? { "aria-describedby": undefined } : {})}
            // Radix names the dialog by its title only once scripts run; the server's HTML
            // (a page opened with the dialog's parameter, or without JavaScript) needs it too.
            aria-labelledby={titleId}
            // On an HTML-first page the constant dialog script keeps focus in it.
            data-address-dialog=""
            onCloseAutoFocus={returnFocus}
            className={dialogFrames[kind]}
          >
            <DialogTitleId.Provider value={titleId}>{children}</DialogTitleId.Provider>
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}

const DialogTitleId = createContext<string | undefined>(undefined);

/** The title of an address dialog, which names it. */
export function AddressDialogTitle(props: Omit<ComponentProps<typeof Dialog.Title>, "id">) {
  return <Dialog.Title {...props} id={useContext(DialogTitleId)} />;
}

/** The sticky header of an address dialog: its title block and the close link. */
export function AddressDialogHeader({
  closeHref,
  onClose,
  children,
}: {
  closeHref: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-10 flex items-start justify-between gap-3 border-slate-100 border-b bg-white/95 px-5 py-4 backdrop-blur sm:px-6">
      <div className="min-w-0">{children}</div>
      <DialogCloseLink href={closeHref} onClose={onClose} />
    </header>
  );
}

/**
 * A form in an address dialog (a tender form, a decision on a quote), opened by the page's
 * address (`?new=1`, `?edit=<id>`, `?decline=<id>`), so the form is in the server's HTML and
 * works without JavaScript. Closing is a link back to the page without that parameter.
 */
export function FormDialog({
  open,
  title,
  subtitle,
  closeHref,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  subtitle?: string;
  closeHref: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <AddressDialog open={open} onClose={onClose} kind="form">
      <AddressDialogHeader closeHref={closeHref} onClose={onClose}>
        <AddressDialogTitle className="font-extrabold text-slate-900 text-xl tracking-tight">
          {title}
        </AddressDialogTitle>
        {subtitle && (
          <p className="mt-0.5 truncate text-slate-600 text-sm" data-user-content>
            {subtitle}
          </p>
        )}
      </AddressDialogHeader>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </AddressDialog>
  );
}

/**
 * The buttons under a form in an address dialog: 'Отмена' (a link back to the page without the
 * dialog, so it works without JavaScript) and the form's own confirming button(s).
 */
export function DialogFormActions({
  cancelHref,
  children,
}: {
  cancelHref: string;
  children: ReactNode;
}) {
  const m = useMessages({ common });
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Link
        to={cancelHref}
        replace
        preventScrollReset
        className={buttonVariants({ variant: "secondary" })}
      >
        {m.common.cancel}
      </Link>
      {children}
    </div>
  );
}
