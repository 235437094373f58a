import { Copy } from "lucide-react";
import { showToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { support } from "~/domain/catalogue";
import { useHtmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";

/**
 * Copies `value` to the clipboard and confirms with 'Скопировано': a toast in the app; on an
 * HTML-first page the constant copy script (lib/inline-scripts.ts) does it through `data-copy`.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const m = useMessages({ support });
  const scriptFree = useHtmlFirst();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ type: "success", title: m.support.copied, id: "support-copied" });
    } catch {
      showToast({ type: "error", title: m.support.copyFailed });
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      onClick={scriptFree ? undefined : copy}
      data-copy={scriptFree ? value : undefined}
      data-copied={scriptFree ? m.support.copied : undefined}
      aria-label={m.support.copyLabel(label)}
      className="shrink-0"
    >
      <Copy aria-hidden="true" />
      <span className="max-sm:sr-only">{m.support.copy}</span>
    </Button>
  );
}
