import { invitations } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/** The place/edit form's 'Закрытый тендер': only the invited factories see the tender. */
export function PrivateTenderCheckbox({
  name,
  defaultChecked,
}: {
  name: string;
  defaultChecked: boolean;
}) {
  const t = useMessages({ invitations }).invitations.private;
  return (
    <label className="flex items-start gap-3 rounded-xl border border-slate-200 p-4">
      <input
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="mt-1 size-4"
        aria-describedby="private-tender-hint"
      />
      <span>
        <span className="block font-semibold text-slate-900 text-sm">{t.label}</span>
        <span id="private-tender-hint" className="block text-slate-600 text-sm">
          {t.hint}
        </span>
      </span>
    </label>
  );
}
