import { Pencil, Trash2 } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { ConfirmPost } from "~/components/ui/confirm-post";
import { Link } from "~/components/ui/link";
import { withUserText } from "~/components/user-content";

// The actions on the cards of a user's own things (a factory's products, a buyer's tenders):
// each names the thing it acts on, for screen readers, as the cards stand side by side.

/** 'Редактировать': a link to the thing's form. */
export function EditOwnLink({
  to,
  name,
  label,
  preventScrollReset,
}: {
  to: string;
  /** The thing's name, as its card shows it. */
  name: string;
  label: string;
  preventScrollReset?: boolean;
}) {
  return (
    <Link
      to={to}
      preventScrollReset={preventScrollReset}
      aria-label={`${label}: ${name}`}
      className={buttonVariants({ variant: "secondary", size: "sm" })}
    >
      <Pencil aria-hidden="true" />
      {label}
    </Link>
  );
}

/** What deleting a kind of thing says: the button, the dialog's title and text, its button. */
export interface DeleteTexts {
  delete: string;
  deleteTitle: string;
  deleteText: (name: string) => string;
  deleteAction: string;
}

/** 'Удалить', confirmed in a dialog: posts `intent=delete` with `fields` to `action`. */
export function DeleteOwnButton({
  name,
  texts,
  action,
  fields,
}: {
  name: string;
  texts: DeleteTexts;
  action: string;
  fields: Record<string, string>;
}) {
  return (
    <ConfirmPost
      icon={Trash2}
      label={texts.delete}
      accessibleName={`${texts.delete}: ${name}`}
      size="sm"
      title={texts.deleteTitle}
      description={withUserText(texts.deleteText, name)}
      confirmLabel={texts.deleteAction}
      action={action}
      intent="delete"
      fields={fields}
    />
  );
}
