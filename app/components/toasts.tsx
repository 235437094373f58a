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

/** Shows a toast: title 'Успешно' / 'Ошибка' (SPEC.md section 8) unless one is given. */
export function showToast(message: Omit<ToastMessage, "id"> & { id?: string }) {
  const title = message.title ?? defaultTitle[message.type];
  const options = { id: message.id, description: message.description };
  if (message.type === "success") show.success(title, options);
  else if (message.type === "error") show.error(title, options);
  else show.info(title, options);
}

/** Shows a toast that arrived with a page (flash cookie or action data), once per id. */
export function useToast(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}
