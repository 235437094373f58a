import { useEffect } from "react";
import { toast as show } from "sonner";
import { common } from "~/domain/messages/common";

const m = { common } as const;

export interface ToastMessage {
  id: string;
  type: "success" | "error" | "info";
  title?: string;
  description?: string;
}

const defaultTitle = { success: m.common.success, error: m.common.error, info: m.common.info };

/**
 * Shows a toast: title 'Успешно' / 'Ошибка' (SPEC.md section 8) unless one is given. A success
 * dismisses the error toasts still on screen.
 */
export function showToast(message: Omit<ToastMessage, "id"> & { id?: string }) {
  const title = message.title ?? defaultTitle[message.type];
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
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
