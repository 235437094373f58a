import { AlertDialog } from "radix-ui";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { buttonVariants } from "~/components/ui/button";

/**
 * A confirmation dialog (Radix AlertDialog): focus is trapped, Escape and 'Отмена' close it.
 * The confirm control is passed in, so it can be a submit button of a form.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  cancel,
  confirm,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  cancel: string;
  confirm: ReactNode;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-bold text-lg text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-600 text-sm leading-6">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "secondary" })}>
              {cancel}
            </AlertDialog.Cancel>
            {confirm}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
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
