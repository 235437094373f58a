import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500 sm:text-sm";

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("block font-medium text-slate-800 text-sm", className)} {...props} />;
}

/**
 * The message under a field, announced to screen readers. On an HTML-first page it is there
 * while empty too (hidden), for the page script's checks to fill in (browser-checks.ts).
 */
export function FieldError({ id, errors }: { id: string; errors?: string[] | null }) {
  const scriptFree = useHtmlFirst();
  if (!errors?.length && !scriptFree) return null;
  return (
    <p id={id} hidden={!errors?.length} className="mt-1.5 text-red-600 text-sm">
      {errors?.[0]}
    </p>
  );
}

/**
 * A labelled control with its hint and error; the control gets the ids it needs
 * (aria-describedby, aria-invalid) through the render function.
 */
export function Field({
  id,
  label,
  hint,
  errors,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  className?: string;
  children: (control: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  // The message takes the hint's place (on an HTML-first page the hint stays, hidden, for the
  // page script to bring back when the field is right again).
  const scriptFree = useHtmlFirst();
  const describedBy = invalid ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <div className="mt-1.5">
        {children({
          id,
          "aria-invalid": invalid || undefined,
          "aria-describedby": describedBy,
        })}
      </div>
      {hint && (!invalid || scriptFree) && (
        <p id={hintId} hidden={invalid} className="mt-1.5 text-slate-500 text-xs">
          {hint}
        </p>
      )}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}

/** A form-level message (server answers), also shown as a toast when JavaScript runs. */
export function FormAlert({
  message,
  tone = "error",
}: {
  message?: string | null;
  tone?: "error" | "success" | "info";
}) {
  if (!message) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border px-4 py-3 text-sm",
        tone === "error" && "border-red-200 bg-red-50 text-red-800",
        tone === "success" && "border-brand-200 bg-brand-50 text-brand-900",
        tone === "info" && "border-slate-200 bg-slate-50 text-slate-800",
      )}
    >
      {message}
    </div>
  );
}
