/**
 * A toast: a short message after an action ('Успешно' / 'Ошибка' unless it has a title of its
 * own). The server hands one to the next page (app/http/toast.server.ts) or to the form's action
 * data; the page shows it (app/components/toasts.tsx).
 */
export interface ToastMessage {
  id: string;
  type: "success" | "error" | "info";
  title?: string;
  description?: string;
}
