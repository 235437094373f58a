import { type ChangeEvent, useRef, useState } from "react";
import { showToast } from "~/components/toasts";
import { useLocale } from "~/lib/i18n";

/** What tells two chosen files apart (the same file chosen twice has the same key). */
export const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * Files chosen in a file input that sends them with its form (the pictures of a new row, a
 * quote's attachments). Each choice is checked by `problem` and added to the earlier ones (a file
 * chosen again is kept once), at most `max` in all; what is refused is named in toasts and kept in
 * `refused` until the next choice. `inputProps` go on the file input: the input holds the files
 * the form sends.
 */
export function useChosenFiles({
  name,
  max,
  problem,
  tooMany,
}: {
  /** The form field the files are sent under. */
  name: string;
  max: number;
  /** Why a file cannot be taken (the message to show), or null when it can. */
  problem: (file: File) => string | null;
  /** The message when the choice passes `max`. */
  tooMany: string;
}) {
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);

  /** Puts `next` into the file input (what the form sends) and shows it. */
  const keep = (next: File[]) => {
    const transfer = new DataTransfer();
    for (const file of next) transfer.items.add(file);
    if (input.current) input.current.files = transfer.files;
    setFiles(next);
  };
  const refuse = (messages: string[]) => {
    setRefused(messages);
    for (const message of messages) showToast({ type: "error", description: message }, locale);
  };

  const choose = (chosen: File[]) => {
    const problems: string[] = [];
    const accepted = chosen.filter((file) => {
      const found = problem(file);
      if (found) problems.push(found);
      return !found;
    });
    const known = new Set(files.map(fileKey));
    const next = [...files, ...accepted.filter((file) => !known.has(fileKey(file)))];
    if (next.length > max) problems.push(tooMany);
    keep(next.slice(0, max));
    refuse([...new Set(problems)]);
  };
  const remove = (file: File) => keep(files.filter((other) => other !== file));

  return {
    files,
    refused,
    /** Takes `file` off the chosen ones. */
    remove,
    /** Takes `file` off and says why (a file found unfit after it was chosen). */
    drop: (file: File, message: string) => {
      remove(file);
      refuse([message]);
    },
    /** Forgets the refusals shown. */
    clearRefused: () => setRefused([]),
    inputProps: {
      ref: input,
      type: "file" as const,
      name,
      multiple: true,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        choose(Array.from(event.currentTarget.files ?? [])),
    },
  };
}
