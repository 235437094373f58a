import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { common } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import { Button } from "./button";
import { ConfirmDialog } from "./dialog";

/**
 * A red button that asks first (delete, withdraw): the dialog says what will happen, and its
 * confirm button posts `intent` with the hidden `fields` to `action`.
 */
export function ConfirmPost({
  icon: Icon,
  label,
  accessibleName,
  size,
  title,
  description,
  confirmLabel,
  action,
  intent,
  fields,
}: {
  icon: LucideIcon;
  label: string;
  /** The button's name when its words alone do not say which row it acts on. */
  accessibleName?: string;
  size?: "sm";
  title: string;
  description: ReactNode;
  confirmLabel: string;
  action: string;
  intent: string;
  /** The hidden fields naming the row (e.g. `{ productId }`). */
  fields: Record<string, string>;
}) {
  const m = useMessages({ common });
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size={size}
          aria-label={accessibleName}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      }
      title={title}
      description={description}
      cancel={m.common.cancel}
      confirm={
        <Form method="post" action={action}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button
            type="submit"
            name="intent"
            value={intent}
            variant="destructive"
            className="w-full"
          >
            {confirmLabel}
          </Button>
        </Form>
      }
    />
  );
}
